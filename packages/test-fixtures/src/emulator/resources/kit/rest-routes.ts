import type { Context, Hono } from 'hono';
import { requireScope, type Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { expandPaths, parseQueryParams, runOnArray, runQuery, type PagedQueryResult, type QuerySchema } from '../../query/index.js';
import type { StoredResource } from '../../store/collection.js';
import { commerceContract } from '../../validation/contract.js';
import type { Store } from '../stores/index.js';
import { findInStore, storeOfPath } from './in-store-path.js';
import { createResource, deleteResource, findResource, parseAddress, updateResource, type Address, type Caller } from './operations.js';
import type { AnyResourceType } from './resource-type.js';

/** The caller of a request, for the shared write operations. */
export function callerOf(c: Context<AppEnv>): Caller {
  const externalUserId = c.get('externalUserId');
  return externalUserId === undefined ? { principal: c.get('principal') } : { principal: c.get('principal'), externalUserId };
}

/** Expand parameters of a request (repeatable). */
export function expandParams(c: Context<AppEnv>): string[] {
  return new URL(c.req.url).searchParams.getAll('expand');
}

/** Presents a resource: public fields only, references expanded as asked. */
export function present<T extends StoredResource>(
  context: EmulatorContext,
  type: AnyResourceType<T>,
  resource: T,
  expand: readonly string[],
): Record<string, unknown> {
  const shown = type.present ? type.present(resource) : (resource as Record<string, unknown>);
  if (expand.length === 0) return shown;
  return expandPaths(shown, [...expand], (typeId, id) => presentReferenced(context, typeId, id)) as Record<string, unknown>;
}

/** A referenced resource as expansion shows it (through its type's presenter). */
export function presentReferenced(context: EmulatorContext, typeId: string, id: string): Record<string, unknown> | undefined {
  const resource = context.state.resolve(typeId, id);
  if (!resource) return undefined;
  const presenter = context.resourceTypes.get(typeId)?.present;
  return presenter ? presenter(resource) : (resource as Record<string, unknown>);
}

/** The `version` query parameter of a delete: required, a non-negative integer (400 otherwise). */
export function versionParam(c: Context<AppEnv>): number {
  const raw = c.req.query('version');
  if (raw === undefined) throw errors.requiredField('version');
  return parsedVersion(raw);
}

/** A `version` query parameter's value: a non-negative integer (400 otherwise). */
export function parsedVersion(raw: string): number {
  const version = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(version))
    throw errors.invalidInput(`Malformed parameter: version: '${raw}' is not an integer.`);
  return version;
}

/** The in-store routes of a type (`/in-store/key={storeKey}/<path>...`), where only the Store's resources exist. */
export interface InStoreOptions {
  /** Whether the resource belongs to the Store. */
  belongsTo(resource: StoredResource, storeKey: string): boolean;
  /** The draft of an in-store create: the body with the Store of the path set. */
  draftIn(body: unknown, store: Store): unknown;
  /**
   * Throws (403) when the caller may not update (`body`) or delete (no body) this resource of the
   * Store: a Cart Discount of several Stores needs the scope of each of them.
   */
  assertWritable?(principal: Principal, projectKey: string, resource: StoredResource, body?: unknown): void;
  /** Only the reads (query, get, HEAD) are served in a Store, as for Discount Codes. */
  readOnly?: boolean;
}

/** Adjusts a presented resource to the request (see {@link RestOptions.answerShape}). */
export type Shape = (shown: Record<string, unknown>) => Record<string, unknown>;

const asIs: Shape = (shown) => shown;

/** How a type's REST routes differ from the standard ones. */
export interface RestOptions {
  /** Creates from the request body (default: createResource); may wait (for credentials to be stored). */
  create?(context: EmulatorContext, body: unknown, caller: Caller): StoredResource | Promise<StoredResource>;
  /** The body of the 201 of a create (default: the resource, expanded as asked). */
  created?(context: EmulatorContext, resource: StoredResource): unknown;
  /**
   * How a path segment addresses a resource for every method, in the Store of an in-store path
   * when given (default: {@link parseAddress}): Orders have no key, but an `order-number=…`.
   */
  address?(context: EmulatorContext, segment: string, store: Store | undefined): Address;
  /** A resource by a path segment that is not `{id}` or `key={key}` (a customer's `password-token=…`), read only. */
  bySegment?(context: EmulatorContext, segment: string, store: Store | undefined): StoredResource | undefined;
  /** The same routes within a Store. */
  inStore?: InStoreOptions;
  /**
   * How the standard routes' answers are adjusted to parameters of the type's own (Products: the
   * selected `price` of each variant), read before anything is written, so that a bad parameter
   * changes nothing.
   */
  answerShape?(c: Context<AppEnv>, context: EmulatorContext): Shape;
  /** Routes besides the standard ones, registered first so that their literal paths win over `/:address`. */
  extra?(api: Hono<AppEnv>, context: EmulatorContext, type: AnyResourceType): void;
}

/**
 * Registers create, query, get, update and delete of one resource type under `/:projectKey/<path>`,
 * by id and by `key=<key>`; with `rest.inStore`, the same under
 * `/:projectKey/in-store/key={storeKey}/<path>`, where a token must be valid for the Store.
 */
export function registerResourceRoutes<T extends StoredResource>(
  api: Hono<AppEnv>,
  context: EmulatorContext,
  type: AnyResourceType<T>,
  rest: RestOptions = {},
): void {
  const { projectKey } = context.options;
  const view = [...type.scopes.view, ...type.scopes.manage];
  const create = rest.create ?? ((ctx: EmulatorContext, body: unknown, caller: Caller) => createResource(ctx, type, body, caller));
  const shapeOf = (c: Context<AppEnv>): Shape => rest.answerShape?.(c, context) ?? asIs;
  const addressOf = (c: Context<AppEnv>, store?: Store): Address => {
    const segment = c.req.param('address') ?? '';
    return rest.address ? rest.address(context, segment, store) : parseAddress(segment);
  };
  const answerCreated = (c: Context<AppEnv>, resource: StoredResource, shape: Shape = asIs) =>
    json(rest.created ? rest.created(context, resource) : shape(present(context, type, resource as T, expandParams(c))), 201);
  const answer = (c: Context<AppEnv>, resource: StoredResource, shape: Shape = asIs) =>
    json(shape(present(context, type, resource as T, expandParams(c))));
  const querySchema = () => commerceContract().schema(type.schemas.resource) as QuerySchema;
  const presentPage = (page: PagedQueryResult<StoredResource>, expand: readonly string[], shape: Shape = asIs) =>
    json({ ...page, results: page.results.map((r) => shape(present(context, type, r as T, expand))) });

  rest.extra?.(api, context, type);

  const base = `/:projectKey/${type.path}`;
  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const shape = shapeOf(c);
    return answerCreated(c, await create(context, await readJsonBody(c), callerOf(c)), shape);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const shape = shapeOf(c);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    return presentPage(runQuery(context.state.collection<T>(type.typeId), params, { schema: querySchema() }), params.expand, shape);
  });

  api.get(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const shape = shapeOf(c);
    const segment = c.req.param('address');
    return answer(c, rest.bySegment?.(context, segment, undefined) ?? findResource<T>(context, type, addressOf(c)), shape);
  });

  if (type.actions) {
    api.post(`${base}/:address`, async (c) => {
      requireScope(c.get('principal'), projectKey, type.scopes.manage);
      const shape = shapeOf(c);
      return answer(c, updateResource(context, type, addressOf(c), await readJsonBody(c), callerOf(c)), shape);
    });
  }

  api.delete(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const shape = shapeOf(c);
    return answer(c, deleteResource(context, type, addressOf(c), versionParam(c), callerOf(c)), shape);
  });

  const { inStore } = rest;
  if (!inStore) return;
  const inStoreBase = `/:projectKey/in-store/:storeSegment/${type.path}`;
  const [viewScope = '', manageScope = ''] = [type.scopes.view[0], type.scopes.manage[0]];
  /** The Store of the path, for a caller allowed `scopes` in it (403 naming `scope` otherwise). */
  const storeFor = (c: Context<AppEnv>, scope: string, scopes: readonly string[]) => {
    const store = storeOfPath(c, context, scope);
    requireScope(c.get('principal'), projectKey, scopes, store.key);
    return store;
  };
  const member = (c: Context<AppEnv>, store: Store) => findInStore(context, type.typeId, inStore.belongsTo, store, addressOf(c, store));

  api.get(inStoreBase, (c) => {
    const store = storeFor(c, viewScope, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const members = [...context.state.collection<T>(type.typeId).values()]
      .filter((resource) => inStore.belongsTo(resource, store.key))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return presentPage(runOnArray(members, params, { schema: querySchema() }), params.expand);
  });

  api.get(`${inStoreBase}/:address`, (c) => {
    const store = storeFor(c, viewScope, view);
    const segment = c.req.param('address');
    return answer(c, rest.bySegment?.(context, segment, store) ?? member(c, store));
  });

  if (inStore.readOnly) return;
  api.post(inStoreBase, async (c) => {
    const store = storeFor(c, manageScope, type.scopes.manage);
    return answerCreated(c, await create(context, inStore.draftIn(await readJsonBody(c), store), callerOf(c)));
  });

  if (type.actions) {
    api.post(`${inStoreBase}/:address`, async (c) => {
      const store = storeFor(c, manageScope, type.scopes.manage);
      const body = await readJsonBody(c);
      const found = member(c, store);
      inStore.assertWritable?.(c.get('principal'), projectKey, found, body);
      return answer(c, updateResource(context, type, { id: found.id }, body, callerOf(c)));
    });
  }

  api.delete(`${inStoreBase}/:address`, (c) => {
    const store = storeFor(c, manageScope, type.scopes.manage);
    const found = member(c, store);
    inStore.assertWritable?.(c.get('principal'), projectKey, found);
    return answer(c, deleteResource(context, type, { id: found.id }, versionParam(c), callerOf(c)));
  });
}
