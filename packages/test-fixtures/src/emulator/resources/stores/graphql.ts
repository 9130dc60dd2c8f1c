import { STORE_VIEW } from '../../graphql/objects.js';
import { addressOf, lookup, need, type GraphqlContext, type IdOrKey } from '../../graphql/context.js';
import { storeDraft, storeUpdateActions, type StoreDraftInput, type StoreUpdateActionInput } from '../../graphql/inputs.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { errors } from '../../http/errors.js';
import { createResource, updateResource } from '../kit/operations.js';
import { storeType, type Store } from './index.js';

/** Stores in GraphQL: a Store, the `inStore` entry of in-store fields, and writes through the REST operations. */
export const storeResolvers: ResolverMap = {
  Query: {
    inStore: (_: unknown, args: { key: string }, ctx: GraphqlContext) => {
      // As REST's /in-store/key={storeKey}/...: an in-store customer token is valid for its own Store only.
      if (ctx.principal.storeKey !== undefined && ctx.principal.storeKey !== args.key) {
        throw errors.insufficientScope(`view_products:${ctx.projectKey}:${args.key}`);
      }
      const store = ctx.emulator.state.collection<Store>('store').getByKey(args.key);
      if (!store) throw errors.notFoundByKey(args.key);
      return { store };
    },
    store: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
      need(ctx, STORE_VIEW);
      return lookup<Store>(ctx.emulator.state, 'store', addressOf(args, 'store'));
    },
  },
  Mutation: {
    createStore: (_: unknown, args: { draft: StoreDraftInput }, ctx: GraphqlContext) => {
      need(ctx, storeType.scopes.manage);
      return createResource(ctx.emulator, storeType, storeDraft(args.draft), ctx.caller);
    },
    updateStore: (_: unknown, args: IdOrKey & { version: number; actions: StoreUpdateActionInput[] }, ctx: GraphqlContext) => {
      need(ctx, storeType.scopes.manage);
      const address = addressOf(args, 'updateStore');
      return updateResource(
        ctx.emulator,
        storeType,
        address,
        { version: args.version, actions: storeUpdateActions(args.actions) },
        ctx.caller,
      );
    },
  },
};
