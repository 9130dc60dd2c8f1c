/**
 * The standard GraphQL fields of a resource type, each on the shared REST operation with the scope
 * of its REST endpoint: `<one>(id, key)` and `<many>(where, sort, limit, offset)` (view or manage
 * scope), `create<Type>(draft)`, `update<Type>(version, actions, id, key)` and
 * `delete<Type>(version, id, key)` (manage scope).
 */
import type { EmulatorContext } from '../context.js';
import { createResource, deleteResource, updateResource, type Caller } from '../resources/kit/operations.js';
import { registeredType } from '../resources/kit/resource-module.js';
import type { AnyResourceType } from '../resources/kit/resource-type.js';
import type { StoredResource } from '../store/collection.js';
import { addressOf, lookup, need, type GraphqlContext, type IdOrKey } from './context.js';
import { convertActions, type ActionConverters } from './inputs.js';
import { pageOfCollection, type PageArgs } from './paging.js';
import type { ResolverMap } from './resolver-types.js';

export interface StandardFields<D, W extends object> {
  typeId: string;
  /** The GraphQL object type, e.g. `CustomerGroup` (`createCustomerGroup`, ...). */
  typeName: string;
  /** The lookup and list fields, e.g. `customerGroup` and `customerGroups`. */
  one: string;
  many: string;
  /** The GraphQL draft input → the REST draft. */
  draft(input: D): object;
  /** The GraphQL update action inputs → the REST actions' members, by action name. */
  actions: ActionConverters<W>;
  /** How a draft is created, when the REST create does more than `createResource` (default: it). */
  create?(context: EmulatorContext, draft: object, caller: Caller): StoredResource | Promise<StoredResource>;
}

/** The scopes of the REST reads of a type: its view and its manage scopes. */
export const readScopes = (type: AnyResourceType): string[] => [...type.scopes.view, ...type.scopes.manage];

/**
 * Query and Mutation fields of one resource type.
 *
 * @example
 * standardFields({ typeId: 'zone', typeName: 'Zone', one: 'zone', many: 'zones', draft: withoutNulls, actions });
 * // Query { zone, zones }, Mutation { createZone, updateZone, deleteZone }
 */
export function standardFields<D, W extends object>(spec: StandardFields<D, W>): ResolverMap {
  const typeOf = (ctx: GraphqlContext) => registeredType(ctx.emulator, spec.typeId);
  const manage = (ctx: GraphqlContext) => {
    const type = typeOf(ctx);
    need(ctx, type.scopes.manage);
    return type;
  };
  return {
    Query: {
      [spec.one]: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
        need(ctx, readScopes(typeOf(ctx)));
        return lookup(ctx.emulator.state, spec.typeId, addressOf(args, spec.one));
      },
      [spec.many]: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
        const type = typeOf(ctx);
        need(ctx, readScopes(type));
        return pageOfCollection(ctx.emulator.state.collection(spec.typeId), args, type.schemas.resource);
      },
    },
    Mutation: {
      [`create${spec.typeName}`]: (_: unknown, args: { draft: D }, ctx: GraphqlContext) => {
        const type = manage(ctx);
        const draft = spec.draft(args.draft);
        return spec.create ? spec.create(ctx.emulator, draft, ctx.caller) : createResource(ctx.emulator, type, draft, ctx.caller);
      },
      [`update${spec.typeName}`]: (_: unknown, args: IdOrKey & { version: number; actions: W[] }, ctx: GraphqlContext) => {
        const type = manage(ctx);
        const address = addressOf(args, `update${spec.typeName}`);
        const body = { version: args.version, actions: convertActions(args.actions, spec.actions) };
        return updateResource(ctx.emulator, type, address, body, ctx.caller);
      },
      [`delete${spec.typeName}`]: (_: unknown, args: IdOrKey & { version: number }, ctx: GraphqlContext) => {
        const type = manage(ctx);
        return deleteResource(ctx.emulator, type, addressOf(args, `delete${spec.typeName}`), args.version, ctx.caller);
      },
    },
  };
}

/** Resolver maps joined type by type (a field given twice is a start-up error, not a silent override). */
export function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const out: ResolverMap = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const into = (out[typeName] ??= {});
      for (const [name, resolver] of Object.entries(fields)) {
        if (Object.hasOwn(into, name)) throw new Error(`two resolvers for ${typeName}.${name}`);
        into[name] = resolver;
      }
    }
  }
  return out;
}
