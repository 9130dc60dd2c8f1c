/**
 * The standard GraphQL fields of a resource type, each on the shared REST operation with the scope
 * of its REST endpoint: `<one>(id, key)` and `<many>(where, sort, limit, offset)` (view or manage
 * scope), `create<Type>(draft)`, `update<Type>(version, actions, id, key)` and
 * `delete<Type>(version, id, key)` (manage scope). A type with in-store REST paths also gets
 * `storeKey` on its writes and `InStore { <one>, <many> }`, with the rules of those paths.
 */
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/errors.js';
import { createResource, deleteResource, updateResource, type Address, type Caller } from '../resources/kit/operations.js';
import { registeredType } from '../resources/kit/resource-module.js';
import type { AnyResourceType } from '../resources/kit/resource-type.js';
import { allowMe } from '../resources/me/session.js';
import type { Store } from '../resources/stores/index.js';
import type { StoredResource } from '../store/collection.js';
import { addressOf, lookup, need, type GraphqlContext, type IdOrKey } from './context.js';
import { convertActions, type ActionConverters } from './inputs.js';
import { pageOfArray, pageOfCollection, type PageArgs } from './paging.js';
import type { ResolverMap } from './resolver-types.js';

/** Which resources belong to a Store, and how a draft is made one of the Store's (as the type's in-store REST paths). */
export interface InStoreMembership<T extends StoredResource = StoredResource> {
  belongsTo(resource: T, storeKey: string): boolean;
  draftIn(draft: object, storeKey: string): object;
}

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
  /** The create field, when not `create<Type>` (Orders: `createOrderFromCart`). */
  createField?: string;
  /** How a draft is created, when the REST create does more than `createResource` (default: it). */
  create?(context: EmulatorContext, draft: object, caller: Caller): StoredResource | Promise<StoredResource>;
  /** The type's in-store paths: `storeKey` on the writes and the InStore fields. */
  inStore?: InStoreMembership<never>;
  /**
   * How the arguments name the resource, for a type addressed otherwise than by `id` or `key`
   * (an Order by `orderNumber`): its address, or null when none matches (a write must throw the
   * REST 404 instead). Default: {@link addressOf}.
   */
  address?(ctx: GraphqlContext, args: Record<string, unknown>, field: string, forWrite: boolean): Address | null;
}

/** The scopes of the REST reads of a type: its view and its manage scopes. */
export const readScopes = (type: AnyResourceType): string[] => [...type.scopes.view, ...type.scopes.manage];

/**
 * The Store of a `storeKey` argument, as of an in-store path: a token restricted to another Store
 * is refused naming `scope` for this Store; an unknown key is ResourceNotFound.
 */
export function storeOfKey(ctx: GraphqlContext, key: string, scope: string): Store {
  if (ctx.principal.storeKey !== undefined && ctx.principal.storeKey !== key) {
    throw errors.insufficientScope(`${scope}:${ctx.projectKey}:${key}`);
  }
  const store = ctx.emulator.state.collection<Store>('store').getByKey(key);
  if (!store) throw errors.notFoundByKey(key);
  return store;
}

/**
 * The Store of `storeKey` (none without), for a customer's or anonymous session's token holding
 * `scope`, as the `/me` paths check them (allowMe).
 */
export function mySession(ctx: GraphqlContext, storeKey: string | null | undefined, scope = 'manage_my_orders'): Store | undefined {
  const store = storeKey == null ? undefined : storeOfKey(ctx, storeKey, scope);
  allowMe(ctx.principal, ctx.projectKey, store?.key, [scope], true);
  return store;
}

type WriteArgs = IdOrKey & { version: number; storeKey?: string | null };

/**
 * Query and Mutation fields of one resource type (and InStore fields with `inStore`).
 *
 * @example
 * standardFields({ typeId: 'zone', typeName: 'Zone', one: 'zone', many: 'zones', draft: withoutNulls, actions });
 * // Query { zone, zones }, Mutation { createZone, updateZone, deleteZone }
 */
export function standardFields<D, W extends object>(spec: StandardFields<D, W>): ResolverMap {
  const typeOf = (ctx: GraphqlContext) => registeredType(ctx.emulator, spec.typeId);
  const locate = (ctx: GraphqlContext, args: IdOrKey, field: string, forWrite: boolean): Address | null =>
    spec.address ? spec.address(ctx, args, field, forWrite) : addressOf(args, field);
  const find = (ctx: GraphqlContext, args: IdOrKey, field: string): StoredResource | null => {
    const address = locate(ctx, args, field, false);
    return address && lookup<StoredResource>(ctx.emulator.state, spec.typeId, address);
  };
  const membership = spec.inStore as InStoreMembership | undefined;
  const belongs = (resource: StoredResource | null, store: Store) => resource !== null && membership!.belongsTo(resource, store.key);
  /** The type, once the caller holds its manage scope (for the Store of `storeKey` when given). */
  const manage = (ctx: GraphqlContext, storeKey: string | null | undefined) => {
    const type = typeOf(ctx);
    const store = storeKey == null ? undefined : storeOfKey(ctx, storeKey, type.scopes.manage[0] ?? '');
    need(ctx, type.scopes.manage, store?.key);
    return { type, store };
  };
  /** The address to write at: with a Store, the id of the Store's resource there (ResourceNotFound otherwise). */
  const target = (ctx: GraphqlContext, args: IdOrKey, field: string, store: Store | undefined): Address => {
    const address = locate(ctx, args, field, true)!;
    if (!store) return address;
    const found = lookup<StoredResource>(ctx.emulator.state, spec.typeId, address);
    if (!belongs(found, store)) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
    return { id: found!.id };
  };
  const fields: ResolverMap = {
    Query: {
      [spec.one]: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
        need(ctx, readScopes(typeOf(ctx)));
        return find(ctx, args, spec.one);
      },
      [spec.many]: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
        const type = typeOf(ctx);
        need(ctx, readScopes(type));
        return pageOfCollection(ctx.emulator.state.collection(spec.typeId), args, type.schemas.resource);
      },
    },
    Mutation: {
      [spec.createField ?? `create${spec.typeName}`]: (_: unknown, args: { draft: D; storeKey?: string | null }, ctx: GraphqlContext) => {
        const { type, store } = manage(ctx, args.storeKey);
        const draft = store ? membership!.draftIn(spec.draft(args.draft), store.key) : spec.draft(args.draft);
        return spec.create ? spec.create(ctx.emulator, draft, ctx.caller) : createResource(ctx.emulator, type, draft, ctx.caller);
      },
      [`update${spec.typeName}`]: (_: unknown, args: WriteArgs & { actions: W[] }, ctx: GraphqlContext) => {
        const { type, store } = manage(ctx, args.storeKey);
        const address = target(ctx, args, `update${spec.typeName}`, store);
        const body = { version: args.version, actions: convertActions(args.actions, spec.actions) };
        return updateResource(ctx.emulator, type, address, body, ctx.caller);
      },
      [`delete${spec.typeName}`]: (_: unknown, args: WriteArgs, ctx: GraphqlContext) => {
        const { type, store } = manage(ctx, args.storeKey);
        return deleteResource(ctx.emulator, type, target(ctx, args, `delete${spec.typeName}`, store), args.version, ctx.caller);
      },
    },
  };
  if (!membership) return fields;
  return mergeResolvers(fields, {
    InStore: {
      [spec.one]: ({ store }: { store: Store }, args: IdOrKey, ctx: GraphqlContext) => {
        need(ctx, readScopes(typeOf(ctx)), store.key);
        const found = find(ctx, args, spec.one);
        return belongs(found, store) ? found : null;
      },
      [spec.many]: ({ store }: { store: Store }, args: PageArgs, ctx: GraphqlContext) => {
        const type = typeOf(ctx);
        need(ctx, readScopes(type), store.key);
        const members = [...ctx.emulator.state.collection(spec.typeId).values()]
          .filter((resource) => membership.belongsTo(resource, store.key))
          .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        return pageOfArray(members, args, type.schemas.resource);
      },
    },
  });
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
