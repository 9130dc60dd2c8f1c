import { expect } from 'vitest';
import { createApi, type Api, type ApiAnswer } from '../helpers/api.js';

/**
 * Shared set-up for the REST behaviour tests: an in-process emulator on a manual clock, data
 * builders that go through the HTTP API (so every answer is checked against the schema), tokens
 * of API clients with chosen scopes, and a snapshot of the data to show a refused request
 * changed nothing.
 */

export const PROJECT = 'test-project';
export const DAY_MS = 24 * 3600 * 1000;

export { createApi, type Api, type ApiAnswer };

/** A JSON answer body; its shape is already checked against the schema by the contract kit. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read schema-checked JSON freely
export type Json = Record<string, any>;

/** A Reference or identifier as the API writes it. */
export interface Ref {
  typeId: string;
  id: string;
  obj?: Record<string, unknown>;
}

/** An error body. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
  error?: string;
  error_description?: string;
}

/** Expects an error answer with this status and first error code; returns the first error. */
export function expectError(answer: ApiAnswer, status: number, code: string): ErrorBody['errors'][number] {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const body = answer.body as ErrorBody;
  expect(body.statusCode).toBe(status);
  expect(body.errors[0]!.code).toBe(code);
  expect(body.message).toBe(body.errors[0]!.message);
  return body.errors[0]!;
}

/** Expects a 2xx answer and returns its body. */
export function ok<T>(answer: ApiAnswer<T>, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

const productTypeCreated = new WeakSet<Api>();

/** Creates a published Product (and the Product Type it needs, once per emulator). */
export async function createProduct(api: Api, key: string): Promise<{ id: string; key: string }> {
  if (!productTypeCreated.has(api)) {
    ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
    productTypeCreated.add(api);
  }
  const body = ok(
    await api.call('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: `Shirt ${key}` },
      slug: { en: `shirt-${key}` },
      masterVariant: { sku: `sku-${key}` },
      publish: true,
    }),
    201,
  );
  return { id: body.id as string, key };
}

export interface Selection {
  id: string;
  key?: string;
  version: number;
  name: Record<string, string>;
  productCount: number;
  [field: string]: unknown;
}

/** Creates a Product Selection through the API. */
export async function createSelection(
  api: Api,
  key: string | undefined,
  name: Record<string, string> = { en: key ?? 'unnamed' },
): Promise<Selection> {
  return ok(await api.call('POST', '/product-selections', { ...(key !== undefined ? { key } : {}), name }), 201) as Selection;
}

export interface StoreBody {
  id: string;
  key: string;
  version: number;
  productSelections: { productSelection: Ref; active: boolean }[];
  [field: string]: unknown;
}

/** Creates a Store through the API. */
export async function createStore(api: Api, key: string, extra: Record<string, unknown> = {}): Promise<StoreBody> {
  return ok(await api.call('POST', '/stores', { key, ...extra }), 201) as StoreBody;
}

/** Reads the current version of a resource and applies actions to it; returns the answer. */
export async function update(
  api: Api,
  path: string,
  actions: Record<string, unknown>[],
  headers?: Record<string, string>,
): Promise<ApiAnswer> {
  const current = ok(await api.call('GET', path));
  return api.call('POST', path, { version: current.version, actions }, headers);
}

/** Adds products to a selection (by key), one request. */
export async function addProducts(api: Api, selectionKey: string, productIds: string[]): Promise<Selection> {
  return ok(
    await update(
      api,
      `/product-selections/key=${selectionKey}`,
      productIds.map((id) => ({ action: 'addProduct', product: { typeId: 'product', id } })),
    ),
  );
}

/** Every message, oldest first (sequence numbers break ties within one request). */
export async function messages(api: Api, where?: string): Promise<Json[]> {
  const query = new URLSearchParams({ limit: '500', withTotal: 'false' });
  query.append('sort', 'createdAt asc');
  query.append('sort', 'sequenceNumber asc');
  if (where !== undefined) query.set('where', where);
  return ok(await api.call('GET', `/messages?${query.toString()}`)).results;
}

/** The messages of one resource, oldest first. */
export function messagesOf(api: Api, resourceId: string): Promise<Json[]> {
  return messages(api, `resource(id = "${resourceId}")`);
}

/** The messages of one resource's updates, oldest first: all but those its creation emitted. */
export function updateMessagesOf(api: Api, resourceId: string): Promise<Json[]> {
  return messages(api, `resource(id = "${resourceId}") and resourceVersion > 1`);
}

/** Everything a refused request could have touched: selections, stores, products, memberships, categories, tax categories and messages. */
export async function snapshot(api: Api): Promise<unknown> {
  const all = async (path: string, sorted = true) =>
    ok(await api.call('GET', `${path}?limit=500${sorted ? '&sort=id%20asc' : ''}`)).results as Json[];
  const selections = await all('/product-selections');
  const products = await all('/products');
  const memberships: Record<string, unknown> = {};
  for (const selection of selections)
    memberships[selection['id'] as string] = await all(`/product-selections/${selection['id'] as string}/products`, false);
  for (const product of products)
    memberships[product['id'] as string] = await all(`/products/${product['id'] as string}/product-selections`, false);
  return {
    selections,
    stores: await all('/stores'),
    channels: await all('/channels'),
    types: await all('/types'),
    products,
    memberships,
    categories: await all('/categories'),
    taxCategories: await all('/tax-categories'),
    messages: await all('/messages'),
  };
}

/** Asserts that nothing changed since `before` (a {@link snapshot}). */
export async function expectUnchanged(api: Api, before: unknown): Promise<void> {
  expect(await snapshot(api)).toEqual(before);
}

/** A client-credentials token of a new API client holding exactly `scope` (created through the API). */
export async function tokenWithScope(api: Api, scope: string): Promise<string> {
  const client = ok(await api.call('POST', '/api-clients', { name: `client ${scope}`.slice(0, 100), scope }), 201);
  return clientCredentialsToken(api, client.id as string, client.secret as string);
}

/**
 * A token whose scope belongs to another project. The API refuses to create such a client, so it is
 * registered directly with the authorization service, as an admin console of a shared
 * authorization server would; the token itself comes from the HTTP token endpoint.
 */
export async function foreignProjectToken(api: Api, scope: string): Promise<string> {
  const { client, secret } = api.emulator.context.auth.createClient({ name: 'foreign', scope });
  return clientCredentialsToken(api, client.id, secret);
}

async function clientCredentialsToken(api: Api, clientId: string, secret: string): Promise<string> {
  const res = await api.emulator.fetch(`${api.emulator.urls().auth}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${clientId}:${secret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const body = (await res.json()) as { access_token: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.access_token;
}

/** A raw in-process request (for what `api.call` cannot send); the answer is checked against the schema when it has a documented status. */
export async function raw(
  api: Api,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string; token?: string | null; check?: boolean } = {},
): Promise<ApiAnswer> {
  const url = `${api.emulator.urls().api}/${api.project}${path}`;
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== null) headers['authorization'] = `Bearer ${init.token ?? (await adminToken(api))}`;
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await api.emulator.fetch(url, { method, headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  api.clock.advance(1);
  const text = await res.text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  if (init.check !== false) api.contract.check(method, url, res.status, body);
  return { status: res.status, body, headers: res.headers };
}

const adminTokens = new WeakMap<Api, Promise<string>>();

/** The bootstrap client's `manage_project` token (one per emulator). */
export function adminToken(api: Api): Promise<string> {
  let token = adminTokens.get(api);
  if (!token) adminTokens.set(api, (token = api.token()));
  return token;
}

/** Changes the project's messages configuration through `POST /{projectKey}`. */
export async function configureMessages(
  api: Api,
  messagesConfiguration: { enabled: boolean; deleteDaysAfterCreation?: number },
): Promise<void> {
  const project = ok(await api.call('GET', ''));
  const updated = ok(
    await api.call('POST', '', { version: project.version, actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration }] }),
  );
  expect(updated.messages).toEqual({ deleteDaysAfterCreation: 15, ...messagesConfiguration });
}

/** ISO 8601 UTC with milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
