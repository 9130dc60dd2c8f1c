import { SELECTION_VIEW } from '../../graphql/objects.js';
import { addressOf, lookup, need, type GraphqlContext, type IdOrKey } from '../../graphql/context.js';
import {
  productSelectionDraft,
  productSelectionUpdateActions,
  type ProductSelectionDraftInput,
  type ProductSelectionUpdateActionInput,
} from '../../graphql/inputs.js';
import { pageOfArray, pageOfCollection, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import type { EmulatorState } from '../../state.js';
import { createResource, deleteResource, updateResource } from '../kit/operations.js';
import type { Store } from '../stores/index.js';
import { inStoreAssignments } from './availability.js';
import { productSelectionType, type ProductSelection } from './index.js';
import { membershipOf, variantsOfAssignment } from './membership.js';

/** Every (Product, Product Selection) pair of the project, selections in id order. */
function allAssignments(state: EmulatorState) {
  const membership = membershipOf(state);
  return [...state.collection<ProductSelection>('product-selection').values()].flatMap((selection) =>
    [...membership.productsOf(selection.id)].map(([productId, assignment]) => ({
      product: { typeId: 'product', id: productId },
      productSelection: { typeId: 'product-selection', id: selection.id },
      ...variantsOfAssignment(assignment),
    })),
  );
}

/** Product Selections in GraphQL: reads, assignments (also in a Store) and writes through the REST operations. */
export const productSelectionResolvers: ResolverMap = {
  Query: {
    productSelection: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return lookup<ProductSelection>(ctx.emulator.state, 'product-selection', addressOf(args, 'productSelection'));
    },
    productSelections: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return pageOfCollection(ctx.emulator.state.collection<ProductSelection>('product-selection'), args, 'ProductSelection');
    },
    productSelectionAssignments: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return pageOfArray(allAssignments(ctx.emulator.state), args, 'ProductSelectionAssignment');
    },
  },
  InStore: {
    productSelectionAssignments: ({ store }: { store: Store }, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW, store.key);
      return pageOfArray(inStoreAssignments(ctx.emulator.state, store), args, 'ProductSelectionAssignment');
    },
  },
  Mutation: {
    createProductSelection: (_: unknown, args: { draft: ProductSelectionDraftInput }, ctx: GraphqlContext) => {
      need(ctx, productSelectionType.scopes.manage);
      return createResource(ctx.emulator, productSelectionType, productSelectionDraft(args.draft), ctx.caller);
    },
    updateProductSelection: (
      _: unknown,
      args: IdOrKey & { version: number; actions: ProductSelectionUpdateActionInput[] },
      ctx: GraphqlContext,
    ) => {
      need(ctx, productSelectionType.scopes.manage);
      const address = addressOf(args, 'updateProductSelection');
      const body = { version: args.version, actions: productSelectionUpdateActions(args.actions) };
      return updateResource(ctx.emulator, productSelectionType, address, body, ctx.caller);
    },
    deleteProductSelection: (_: unknown, args: IdOrKey & { version: number }, ctx: GraphqlContext) => {
      need(ctx, productSelectionType.scopes.manage);
      return deleteResource(ctx.emulator, productSelectionType, addressOf(args, 'deleteProductSelection'), args.version, ctx.caller);
    },
  },
};
