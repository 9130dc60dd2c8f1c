import { beforeEach, describe, expect, it } from 'vitest';
import {
  PROJECT,
  UUID,
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  ok,
  raw,
  snapshot,
  tokenWithScope,
  update,
  type Api,
} from './helpers.js';

/** Product Selections over REST. */
describe('Product Selections', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  describe('create, get, query, delete', () => {
    it('creates a selection (201) with the REST representation of the live service', async () => {
      const created = await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer', de: 'Sommer' } });
      const body = ok(created, 201);
      expect(body).toMatchObject({ key: 'summer', version: 1, name: { en: 'Summer', de: 'Sommer' }, productCount: 0, mode: 'Individual' });
      expect(body.id).toMatch(UUID);
    });

    it('creates a selection without a key', async () => {
      const body = ok(await api.call('POST', '/product-selections', { name: { en: 'Keyless' } }), 201);
      expect(body).not.toHaveProperty('key');
      expect(ok(await api.call('GET', `/product-selections/${body.id}`))).toEqual(body);
    });

    it('gets a selection by id and by key, and 404s with the documented messages', async () => {
      const created = await createSelection(api, 'summer');
      expect(ok(await api.call('GET', `/product-selections/${created.id}`))).toEqual(created);
      expect(ok(await api.call('GET', '/product-selections/key=summer'))).toEqual(created);
      const byId = expectError(await api.call('GET', '/product-selections/no-such-id'), 404, 'ResourceNotFound');
      expect(byId.message).toBe("The Resource with ID 'no-such-id' was not found.");
      const byKey = expectError(await api.call('GET', '/product-selections/key=nope'), 404, 'ResourceNotFound');
      expect(byKey.message).toBe("The Resource with key 'nope' was not found.");
    });

    it('queries selections as a paged result with total by default', async () => {
      await createSelection(api, 'aa');
      await createSelection(api, 'bb');
      const page = ok(await api.call('GET', '/product-selections'));
      expect(page).toMatchObject({ limit: 20, offset: 0, count: 2, total: 2 });
      expect(page.results.map((s: { key: string }) => s.key).sort()).toEqual(['aa', 'bb']);
    });

    it('deletes by id and by key with the version; answers the deleted selection', async () => {
      const a = await createSelection(api, 'aa');
      const b = await createSelection(api, 'bb');
      expect(ok(await api.call('DELETE', `/product-selections/${a.id}?version=1`))).toEqual(a);
      expect(ok(await api.call('DELETE', '/product-selections/key=bb?version=1'))).toEqual(b);
      expectError(await api.call('GET', `/product-selections/${a.id}`), 404, 'ResourceNotFound');
      expectError(await api.call('GET', '/product-selections/key=bb'), 404, 'ResourceNotFound');
      expect(ok(await api.call('GET', '/product-selections')).total).toBe(0);
    });

    it('refuses a delete without version (400 RequiredField), with a wrong one (409) and of an unknown selection (404)', async () => {
      await createSelection(api, 'aa');
      const before = await snapshot(api);
      const missing = expectError(await api.call('DELETE', '/product-selections/key=aa'), 400, 'RequiredField');
      expect(missing['field']).toBe('version');
      expectError(await api.call('DELETE', '/product-selections/key=aa?version=abc'), 400, 'InvalidInput');
      const conflict = expectError(await api.call('DELETE', '/product-selections/key=aa?version=7'), 409, 'ConcurrentModification');
      expect(conflict['currentVersion']).toBe(1);
      expectError(await api.call('DELETE', '/product-selections/key=nope?version=1'), 404, 'ResourceNotFound');
      await expectUnchanged(api, before);
    });

    it('deleting a selection still referenced by a Store is 400 ReferenceExists; once removed it can go', async () => {
      const selection = await createSelection(api, 'summer');
      await createStore(api, 'berlin', {
        productSelections: [{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: false }],
      });
      const before = await snapshot(api);
      const refused = expectError(await api.call('DELETE', `/product-selections/${selection.id}?version=1`), 400, 'ReferenceExists');
      expect(refused['referencedBy']).toBe('store');
      await expectUnchanged(api, before);

      ok(
        await update(api, '/stores/key=berlin', [
          { action: 'removeProductSelection', productSelection: { typeId: 'product-selection', id: selection.id } },
        ]),
      );
      ok(await api.call('DELETE', `/product-selections/${selection.id}?version=1`));
    });
  });

  describe('update actions', () => {
    it('addProduct and removeProduct keep productCount in step with the assignments', async () => {
      const p1 = await createProduct(api, 'p1');
      const p2 = await createProduct(api, 'p2');
      await createSelection(api, 'summer');
      const added = await addProducts(api, 'summer', [p1.id, p2.id]);
      expect(added).toMatchObject({ version: 2, productCount: 2 });
      const removed = ok(
        await update(api, '/product-selections/key=summer', [{ action: 'removeProduct', product: { typeId: 'product', key: 'p1' } }]),
      );
      expect(removed).toMatchObject({ version: 3, productCount: 1 });
      const products = ok(await api.call('GET', '/product-selections/key=summer/products'));
      expect(products.results).toEqual([{ product: { typeId: 'product', id: p2.id } }]);
    });

    it('adding a product already there, or removing an absent one, is 400 InvalidOperation and changes nothing', async () => {
      const p1 = await createProduct(api, 'p1');
      const p2 = await createProduct(api, 'p2');
      await createSelection(api, 'summer');
      await addProducts(api, 'summer', [p1.id]);
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=summer', [{ action: 'addProduct', product: { id: p1.id } }]),
        400,
        'InvalidOperation',
      );
      expectError(
        await update(api, '/product-selections/key=summer', [{ action: 'removeProduct', product: { id: p2.id } }]),
        400,
        'InvalidOperation',
      );
      await expectUnchanged(api, before);
    });

    it('changeName replaces the localized name', async () => {
      await createSelection(api, 'summer', { en: 'Summer', de: 'Sommer' });
      const changed = ok(await update(api, '/product-selections/key=summer', [{ action: 'changeName', name: { en: 'Summer 2026' } }]));
      expect(changed).toMatchObject({ version: 2, name: { en: 'Summer 2026' } });
    });

    it('setKey sets a new key (the old one stops resolving) and, without key, unsets it', async () => {
      const selection = await createSelection(api, 'summer');
      ok(await update(api, '/product-selections/key=summer', [{ action: 'setKey', key: 'winter' }]));
      expectError(await api.call('GET', '/product-selections/key=summer'), 404, 'ResourceNotFound');
      expect(ok(await api.call('GET', '/product-selections/key=winter')).id).toBe(selection.id);
      const unset = ok(await update(api, `/product-selections/${selection.id}`, [{ action: 'setKey' }]));
      expect(unset).not.toHaveProperty('key');
      expectError(await api.call('GET', '/product-selections/key=winter'), 404, 'ResourceNotFound');
      // The freed key can be used again.
      await createSelection(api, 'winter');
    });

    it('updates by id and by key answer the same resource', async () => {
      const selection = await createSelection(api, 'summer');
      const byId = ok(
        await api.call('POST', `/product-selections/${selection.id}`, {
          version: 1,
          actions: [{ action: 'changeName', name: { en: 'A' } }],
        }),
      );
      const byKey = ok(
        await api.call('POST', '/product-selections/key=summer', { version: 2, actions: [{ action: 'changeName', name: { en: 'B' } }] }),
      );
      expect(byId).toMatchObject({ id: selection.id, version: 2 });
      expect(byKey).toMatchObject({ id: selection.id, version: 3, name: { en: 'B' } });
      expectError(
        await api.call('POST', '/product-selections/key=nope', { version: 1, actions: [{ action: 'changeName', name: { en: 'A' } }] }),
        404,
        'ResourceNotFound',
      );
    });
  });

  describe('in-store product projections: 404 cases and store-scoped scopes', () => {
    async function setUp() {
      const inside = await createProduct(api, 'inside');
      const outside = await createProduct(api, 'outside');
      await createSelection(api, 'summer');
      await addProducts(api, 'summer', [inside.id]);
      await createStore(api, 'berlin', {
        productSelections: [{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }],
      });
      await createStore(api, 'paris', {
        productSelections: [{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }],
      });
      return { inside, outside };
    }

    it('404s for an unknown Store, an unknown Product, and a Product outside the active selections', async () => {
      const { inside, outside } = await setUp();
      expect(ok(await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}`)).id).toBe(inside.id);
      const noStore = expectError(await api.call('GET', `/in-store/key=nowhere/product-projections/${inside.id}`), 404, 'ResourceNotFound');
      expect(noStore.message).toBe("The Resource with key 'nowhere' was not found.");
      const noProduct = expectError(
        await api.call('GET', '/in-store/key=berlin/product-projections/no-such-product'),
        404,
        'ResourceNotFound',
      );
      expect(noProduct.message).toBe("The Resource with ID 'no-such-product' was not found.");
      const noKey = expectError(await api.call('GET', '/in-store/key=berlin/product-projections/key=no-such-key'), 404, 'ResourceNotFound');
      expect(noKey.message).toBe("The Resource with key 'no-such-key' was not found.");
      const notAvailable = expectError(
        await api.call('GET', `/in-store/key=berlin/product-projections/${outside.id}`),
        404,
        'ResourceNotFound',
      );
      expect(notAvailable.message).toBe(`The Resource with ID '${outside.id}' was not found.`);
      expectError(await api.call('GET', '/in-store/key=berlin/product-projections/key=outside'), 404, 'ResourceNotFound');
      // A Store segment without `key=` is no endpoint at all (the schema has no such path, so no contract check).
      const noKeyPrefix = await raw(api, 'GET', `/in-store/berlin/product-projections/${inside.id}`, { check: false });
      expect(noKeyPrefix.status).toBe(404);
      expect(noKeyPrefix.body.errors[0].code).toBe('ResourceNotFound');
    });

    it('answers the current (published) projection; an unpublished Product is 404 there, its staged data only with staged=true and view_products', async () => {
      const { inside } = await setUp();
      // A staged change: the current projection keeps the published name, the staged one shows the change.
      ok(await update(api, `/products/${inside.id}`, [{ action: 'changeName', name: { en: 'Renamed' }, staged: true }]));
      expect(ok(await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}`)).name).toEqual({ en: 'Shirt inside' });
      expect(ok(await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}?staged=true`)).name).toEqual({
        en: 'Renamed',
      });

      const draft = ok(
        await api.call('POST', '/products', {
          key: 'draft',
          productType: { typeId: 'product-type', key: 'shirt' },
          name: { en: 'Draft' },
          slug: { en: 'draft' },
        }),
        201,
      );
      await addProducts(api, 'summer', [draft.id]);
      expectError(await api.call('GET', `/in-store/key=berlin/product-projections/${draft.id}`), 404, 'ResourceNotFound');
      expectError(await api.call('GET', '/in-store/key=berlin/product-projections/key=draft'), 404, 'ResourceNotFound');
      expect(ok(await api.call('GET', `/in-store/key=berlin/product-projections/${draft.id}?staged=true`)).name).toEqual({ en: 'Draft' });
      // Staged data needs view_products (or manage_products): view_published_products is refused it.
      const published = api.as(await tokenWithScope(api, `view_published_products:${PROJECT}:berlin`));
      expectError(await published('GET', `/in-store/key=berlin/product-projections/${draft.id}?staged=true`), 403, 'insufficient_scope');
      expectError(await published('GET', `/in-store/key=berlin/product-projections/${draft.id}`), 404, 'ResourceNotFound');
    });

    it('404s once the selection is deactivated, and every product is available in a Store without selections', async () => {
      const { inside, outside } = await setUp();
      ok(
        await update(api, '/stores/key=berlin', [
          { action: 'changeProductSelectionActive', productSelection: { key: 'summer' }, active: false },
        ]),
      );
      expectError(await api.call('GET', `/in-store/key=berlin/product-projections/${inside.id}`), 404, 'ResourceNotFound');
      ok(await update(api, '/stores/key=berlin', [{ action: 'setProductSelections', productSelections: [] }]));
      expect(ok(await api.call('GET', `/in-store/key=berlin/product-projections/${outside.id}`)).id).toBe(outside.id);
    });

    it(`view_products:${PROJECT}:<store> works on that Store and is 403 on another`, async () => {
      const { inside } = await setUp();
      const token = await tokenWithScope(api, `view_products:${PROJECT}:berlin`);
      const asBerlin = api.as(token);
      expect(ok(await asBerlin('GET', `/in-store/key=berlin/product-projections/${inside.id}`)).id).toBe(inside.id);
      expect(ok(await asBerlin('GET', '/in-store/key=berlin/product-projections/key=inside')).id).toBe(inside.id);
      const elsewhere = expectError(
        await asBerlin('GET', `/in-store/key=paris/product-projections/${inside.id}`),
        403,
        'insufficient_scope',
      );
      expect((await asBerlin('GET', `/in-store/key=paris/product-projections/${inside.id}`)).body.error).toBe('insufficient_scope');
      expect(elsewhere.message).toMatch(/^Insufficient scope\. One of the following scopes is missing: /);
      // Nor does the store-restricted scope open the global endpoints.
      expectError(await asBerlin('GET', `/product-projections/${inside.id}`), 403, 'insufficient_scope');
    });

    it(`view_published_products:${PROJECT}:<store> reads the current projection in its Store`, async () => {
      const { inside } = await setUp();
      const asBerlin = api.as(await tokenWithScope(api, `view_published_products:${PROJECT}:berlin`));
      expect(ok(await asBerlin('GET', `/in-store/key=berlin/product-projections/${inside.id}`)).id).toBe(inside.id);
      expectError(await asBerlin('GET', `/in-store/key=paris/product-projections/${inside.id}`), 403, 'insufficient_scope');
    });
  });
});
