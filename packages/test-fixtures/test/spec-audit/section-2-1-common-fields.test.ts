import { beforeEach, describe, expect, it } from 'vitest';
import { clientToken, apiClient } from '../helpers/tokens.js';
import {
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  messages,
  ok,
  update,
  type Api,
  type Json,
} from '../rest/helpers.js';

/**
 * Spec 2.1, the key identifies a resource: every key the API accepts can be used in a `key=` path,
 * URL-encoded once, as a client encodes it (a `%` in the key was decoded twice and answered 404 or 500).
 */
describe('spec 2.1: a key addresses its resource', () => {
  it('finds a Product Selection, a Store, a Product and the in-store endpoints by keys with %, +, /, # and non-ASCII characters', async () => {
    const api = await createApi();
    for (const key of ['a%25b', '50%', 'a%b', 'a+b', 'a/b', 'a#b', 'ü-key']) {
      const selection = await createSelection(api, key);
      await createStore(api, key);
      const product = await createProduct(api, `p-${key}`);
      const path = `key=${encodeURIComponent(key)}`;
      expect(ok(await api.call('GET', `/product-selections/${path}`)).id, key).toBe(selection.id);
      expect(ok(await api.call('GET', `/product-selections/${path}/products`)).count, key).toBe(0);
      expect(ok(await api.call('GET', `/stores/${path}`)).key, key).toBe(key);
      expect(ok(await api.call('GET', `/products/key=${encodeURIComponent(`p-${key}`)}`)).id, key).toBe(product.id);
      expect(ok(await api.call('GET', `/in-store/${path}/product-selection-assignments`)).count, key).toBe(0);
      expect(ok(await api.call('GET', `/in-store/${path}/product-projections/key=${encodeURIComponent(`p-${key}`)}`)).id, key).toBe(
        product.id,
      );
      const updated = ok(await update(api, `/product-selections/${path}`, [{ action: 'changeName', name: { en: 'renamed' } }]));
      expect(updated.version, key).toBe(2);
      expect(ok(await api.call('DELETE', `/product-selections/${path}?version=2`)).id, key).toBe(selection.id);
    }
  });
});

/**
 * Spec 2.1, rules for createdBy and lastModifiedBy, where the existing tests stop: GraphQL writes
 * (rule 4 names "HTTP or GraphQL"), the X-External-User-ID header on GraphQL (rule 2), and an
 * update whose actions cancel out (rule 4: it does not differ from the current resource).
 */
describe('spec 2.1: createdBy and lastModifiedBy', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  const gql = (query: string, headers?: Record<string, string>, token?: string) =>
    (token === undefined ? api.call : api.as(token))('POST', '/graphql', { query }, headers);

  const FIELDS = 'version createdAt lastModifiedAt createdBy { clientId externalUserId } lastModifiedBy { clientId externalUserId }';

  it('rule 4: a GraphQL update by another API client moves lastModifiedBy and lastModifiedAt, and keeps createdBy and createdAt', async () => {
    const created = await createSelection(api, 'summer');
    const other = await apiClient(api, `manage_product_selections:${api.project}`);
    const answer = await gql(
      `mutation { updateProductSelection(key: "summer", version: 1, actions: [{ changeName: { name: [{ locale: "en", value: "Summer" }] } }]) { ${FIELDS} } }`,
      undefined,
      await clientToken(api, other),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const updated = (answer.body as { data: { updateProductSelection: Json } }).data.updateProductSelection;
    expect(updated).toMatchObject({
      version: 2,
      createdAt: created['createdAt'],
      createdBy: { clientId: api.emulator.credentials.clientId, externalUserId: null },
      lastModifiedBy: { clientId: other.clientId, externalUserId: null },
    });
    expect(Date.parse(updated['lastModifiedAt'] as string)).toBeGreaterThan(Date.parse(created['lastModifiedAt'] as string));
    // REST shows the same resource.
    const rest = ok(await api.call('GET', '/product-selections/key=summer'));
    expect(rest.createdBy).toEqual(created['createdBy']);
    expect(rest.lastModifiedBy).toEqual({ clientId: other.clientId });
    expect(rest.lastModifiedAt).toBe(updated['lastModifiedAt']);
  });

  it('rule 2: GraphQL writes carry externalUserId from X-External-User-ID; one with an e-mail address is refused and creates nothing', async () => {
    const created = await gql(
      `mutation { createProductSelection(draft: { key: "a", name: [{ locale: "en", value: "A" }] }) { ${FIELDS} } }`,
      {
        'X-External-User-ID': 'user-123',
      },
    );
    const selection = (created.body as { data: { createProductSelection: Json } }).data.createProductSelection;
    expect(selection['createdBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: 'user-123' });
    expect(selection['lastModifiedBy']).toEqual(selection['createdBy']);

    const updated = await gql(
      `mutation { updateProductSelection(key: "a", version: 1, actions: [{ setKey: { key: "b" } }]) { ${FIELDS} } }`,
      { 'X-External-User-ID': 'user-456' },
    );
    const after = (updated.body as { data: { updateProductSelection: Json } }).data.updateProductSelection;
    expect(after['createdBy']).toEqual(selection['createdBy']);
    expect(after['lastModifiedBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: 'user-456' });

    const refused = await gql(`mutation { createProductSelection(draft: { key: "c", name: [{ locale: "en", value: "C" }] }) { key } }`, {
      'X-External-User-ID': 'jane@example.com',
    });
    expectError(refused, 400, 'InvalidInput');
    expect((await api.call('GET', '/product-selections/key=c')).status).toBe(404);
  });

  it('rule 4: actions that cancel each other out leave version, lastModifiedAt and lastModifiedBy unchanged, and emit nothing', async () => {
    const created = await createSelection(api, 'summer', { en: 'Summer' });
    const before = await messages(api);
    const other = await apiClient(api, `manage_product_selections:${api.project}`);
    const answer = await api.as(await clientToken(api, other))('POST', '/product-selections/key=summer', {
      version: 1,
      actions: [
        { action: 'changeName', name: { en: 'Winter' } },
        { action: 'setKey', key: 'winter' },
        { action: 'setKey', key: 'summer' },
        { action: 'changeName', name: { en: 'Summer' } },
      ],
    });
    expect(ok(answer)).toEqual(created);
    expect(ok(await api.call('GET', '/product-selections/key=summer'))).toEqual(created);
    expect(await messages(api)).toEqual(before);
  });

  it('rule 3: on creation createdAt equals lastModifiedAt and createdBy equals lastModifiedBy, over GraphQL as over REST', async () => {
    const answer = await gql(`mutation { createProductSelection(draft: { name: [{ locale: "en", value: "A" }] }) { ${FIELDS} } }`);
    const created = (answer.body as { data: { createProductSelection: Json } }).data.createProductSelection;
    expect(created['version']).toBe(1);
    expect(created['lastModifiedAt']).toBe(created['createdAt']);
    expect(created['lastModifiedBy']).toEqual(created['createdBy']);
    expect(created['createdBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: null });
  });
});
