import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseContract } from '../src/contract/response-contract.js';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.js';
import { createApi, type Api } from './helpers/api.js';

/**
 * The Product Selection story: create a selection, fill it with products, add it to a Store,
 * activate it per Store, read the projection in the Store; with the Product Selection messages
 * and the Store's StoreCreated.
 */
async function runStory(api: Api) {
  const type = await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
  expect(type.status).toBe(201);
  const product = async (key: string) => {
    const res = await api.call('POST', '/products', {
      key,
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: `Shirt ${key}` },
      slug: { en: `shirt-${key}` },
      masterVariant: { sku: `sku-${key}` },
      publish: true,
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  };
  const inside = await product('inside');
  const outside = await product('outside');

  const created = await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer', de: 'Sommer' } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ key: 'summer', version: 1, productCount: 0, mode: 'Individual' });

  const filled = await api.call('POST', '/product-selections/key=summer', {
    version: 1,
    actions: [{ action: 'addProduct', product: { typeId: 'product', id: inside.id } }],
  });
  expect(filled.status).toBe(200);
  expect(filled.body).toMatchObject({ version: 2, productCount: 1 });

  const store = await api.call('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' } });
  expect(store.status).toBe(201);
  const assigned = await api.call('POST', '/stores/key=berlin', {
    version: 1,
    actions: [{ action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 'summer' } }],
  });
  expect(assigned.body.productSelections).toEqual([
    { productSelection: { typeId: 'product-selection', id: created.body.id }, active: false },
  ]);

  // Assigned but inactive: nothing is available in the Store.
  expect((await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}`)).status).toBe(404);

  const activated = await api.call('POST', '/stores/key=berlin', {
    version: 2,
    actions: [{ action: 'changeProductSelectionActive', productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }],
  });
  expect(activated.body.version).toBe(3);

  const projection = await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}`);
  expect(projection.status).toBe(200);
  expect(projection.body).toMatchObject({ id: inside.id, name: { en: 'Shirt inside' } });
  const byKey = await api.call('GET', '/in-store/key=berlin/product-projections/key=inside');
  expect(byKey.status).toBe(200);
  const refused = await api.call('GET', `/in-store/key=berlin/product-projections/${outside.id}`);
  expect(refused.status).toBe(404);
  expect(refused.body.errors[0].code).toBe('ResourceNotFound');

  const assignments = await api.call('GET', '/in-store/key=berlin/product-selection-assignments');
  expect(assignments.body.results).toEqual([
    { product: { typeId: 'product', id: inside.id }, productSelection: { typeId: 'product-selection', id: created.body.id } },
  ]);

  const messages = await api.call('GET', '/messages?sort=createdAt asc&sort=sequenceNumber asc&limit=50');
  const types = (messages.body.results as { type: string }[]).map((m) => m.type);
  expect(types).toEqual([
    'ProductCreated',
    'ProductCreated',
    'ProductSelectionCreated',
    'ProductSelectionProductAdded',
    'StoreCreated',
    'StoreProductSelectionsChanged',
    'StoreProductSelectionsChanged',
  ]);
  const storeCreated = (messages.body.results as Record<string, unknown>[]).find((m) => m['type'] === 'StoreCreated');
  expect(storeCreated).toMatchObject({
    resource: { typeId: 'store', id: store.body.id },
    sequenceNumber: 1,
    resourceVersion: 1,
    name: { en: 'Berlin' },
    languages: [],
    productSelections: [],
  });
  const changed = (messages.body.results as Record<string, unknown>[]).filter((m) => m['type'] === 'StoreProductSelectionsChanged');
  expect(changed[0]).toMatchObject({ sequenceNumber: 2, resourceVersion: 2, addedProductSelections: [{ active: false }] });
  expect(changed[1]).toMatchObject({ sequenceNumber: 3, resourceVersion: 3, updatedProductSelections: [{ active: true }] });
  return { inside, outside, selectionId: created.body.id as string };
}

describe('the Product Selection story: create, fill, assign, activate, read in the Store', () => {
  it('runs in-process, every answer checked against the schema', async () => {
    await runStory(await createApi());
  });

  describe('over a loopback port', () => {
    let server: RunningEmulator;
    beforeAll(async () => {
      server = await startEmulator({ projectKey: 'loopback-project' });
    });
    afterAll(() => server.close());

    it('serves tokens and the story over plain HTTP on 127.0.0.1', async () => {
      expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const { clientId, clientSecret } = server.emulator.credentials;
      const tokenRes = await fetch(`${server.urls.auth}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(tokenRes.status).toBe(200);
      const { access_token, scope } = (await tokenRes.json()) as { access_token: string; scope: string };
      expect(scope).toBe('manage_project:loopback-project');
      const contract = createResponseContract('commerce', `${server.urls.api}/loopback-project`);
      const url = `${server.urls.api}/loopback-project/product-selections`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', 'x-correlation-id': 'loopback-test-1' },
        body: JSON.stringify({ key: 'over-http', name: { en: 'Over HTTP' } }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-correlation-id')).toBe('loopback-test-1');
      contract.check('POST', url, res.status, await res.json());
    });
  });
});
