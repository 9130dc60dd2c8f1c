import { beforeEach, describe, expect, it } from 'vitest';
import {
  ISO_MS,
  PROJECT,
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  messagesOf,
  ok,
  tokenWithScope,
  update,
  type Api,
  type Selection,
} from './helpers.js';

const productRef = (id: string) => ({ typeId: 'product', id });
const selectionRef = (id: string) => ({ typeId: 'product-selection', id });

/**
 * The membership queries: products of a selection, selections of a product, and
 * the in-store assignments of a Store's active selections.
 */
describe('membership queries', () => {
  let api: Api;
  let p1: { id: string };
  let p2: { id: string };
  let p3: { id: string };
  let summer: Selection;
  let winter: Selection;
  let spring: Selection;
  beforeEach(async () => {
    api = await createApi();
    p1 = await createProduct(api, 'p1');
    p2 = await createProduct(api, 'p2');
    p3 = await createProduct(api, 'p3');
    summer = await createSelection(api, 'summer');
    winter = await createSelection(api, 'winter');
    spring = await createSelection(api, 'spring');
    await addProducts(api, 'summer', [p1.id, p2.id]);
    await addProducts(api, 'winter', [p2.id, p3.id]);
    await addProducts(api, 'spring', [p3.id]);
  });

  describe('GET /product-selections/{ID|key=}/products', () => {
    it('lists the products in the order they were added; total only on request', async () => {
      const byId = ok(await api.call('GET', `/product-selections/${summer.id}/products`));
      expect(byId).toEqual({
        limit: 20,
        offset: 0,
        count: 2,
        results: [{ product: productRef(p1.id) }, { product: productRef(p2.id) }],
      });
      expect(ok(await api.call('GET', '/product-selections/key=summer/products'))).toEqual(byId);
      expect(ok(await api.call('GET', '/product-selections/key=summer/products?withTotal=true')).total).toBe(2);
    });

    it('pages with limit and offset and expands the product', async () => {
      const page = ok(await api.call('GET', '/product-selections/key=summer/products?limit=1&offset=1&withTotal=true&expand=product'));
      expect(page).toMatchObject({ limit: 1, offset: 1, count: 1, total: 2 });
      expect(page.results[0].product).toMatchObject({ typeId: 'product', id: p2.id, obj: { id: p2.id, key: 'p2' } });
    });

    it('filters and sorts with the query engine', async () => {
      const where = encodeURIComponent(`product(id = "${p2.id}")`);
      expect(ok(await api.call('GET', `/product-selections/key=summer/products?where=${where}`)).results).toEqual([
        { product: productRef(p2.id) },
      ]);
      const sorted = ok(await api.call('GET', `/product-selections/key=summer/products?sort=${encodeURIComponent('product.id desc')}`));
      expect(sorted.results.map((r: { product: { id: string } }) => r.product.id)).toEqual([p1.id, p2.id].sort().reverse());
    });

    it('is empty for an empty selection, and 404 for an unknown one', async () => {
      const empty = await createSelection(api, 'empty');
      expect(ok(await api.call('GET', `/product-selections/${empty.id}/products`))).toEqual({
        limit: 20,
        offset: 0,
        count: 0,
        results: [],
      });
      expectError(await api.call('GET', '/product-selections/nope/products'), 404, 'ResourceNotFound');
      expectError(await api.call('GET', '/product-selections/key=nope/products'), 404, 'ResourceNotFound');
    });

    it('drops a deleted product, and the selection counts one fewer', async () => {
      const product = ok(await api.call('GET', `/products/${p1.id}`));
      ok(await api.call('DELETE', `/products/${p1.id}?version=${product.version as number}`));
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([{ product: productRef(p2.id) }]);
      expect(ok(await api.call('GET', '/product-selections/key=summer')).productCount).toBe(1);
    });

    it('a deleted product leaves its selections as a background change: new version and lastModifiedAt, lastModifiedBy as it was, no message', async () => {
      const deleter = api.as(await tokenWithScope(api, `manage_products:${PROJECT}`));
      const before = ok(await api.call('GET', '/product-selections/key=summer'));
      const untouched = ok(await api.call('GET', '/product-selections/key=spring'));
      const messagesBefore = await messagesOf(api, summer.id);
      const product = ok(await api.call('GET', `/products/${p1.id}`));
      api.clock.advance(60_000);
      ok(await deleter('DELETE', `/products/${p1.id}?version=${product.version as number}`));
      const after = ok(await api.call('GET', '/product-selections/key=summer'));
      expect(before.lastModifiedBy).toEqual({ clientId: api.emulator.credentials.clientId });
      expect(after).toEqual({
        ...before,
        version: before.version + 1,
        productCount: before.productCount - 1,
        lastModifiedAt: expect.stringMatching(ISO_MS),
      });
      expect(Date.parse(after.lastModifiedAt)).toBeGreaterThanOrEqual(Date.parse(before.lastModifiedAt) + 60_000);
      expect(after.lastModifiedBy).toEqual(before.lastModifiedBy);
      expect(await messagesOf(api, summer.id)).toEqual(messagesBefore);
      expect(ok(await api.call('GET', '/product-selections/key=spring'))).toEqual(untouched);
    });

    it('follows removals', async () => {
      ok(await update(api, '/product-selections/key=summer', [{ action: 'removeProduct', product: { id: p1.id } }]));
      expect(ok(await api.call('GET', '/product-selections/key=summer/products')).results).toEqual([{ product: productRef(p2.id) }]);
    });
  });

  describe('GET /products/{ID|key=}/product-selections', () => {
    it('lists the selections holding the product with the time it was added; total only on request', async () => {
      const byId = ok(await api.call('GET', `/products/${p2.id}/product-selections`));
      expect(byId).not.toHaveProperty('total');
      expect(byId.count).toBe(2);
      const ids = byId.results.map((r: { productSelection: { id: string } }) => r.productSelection.id);
      expect(ids.sort()).toEqual([summer.id, winter.id].sort());
      for (const result of byId.results) {
        expect(result.createdAt).toMatch(ISO_MS);
        expect(result.productSelection.typeId).toBe('product-selection');
      }
      expect(ok(await api.call('GET', '/products/key=p2/product-selections'))).toEqual(byId);
      expect(ok(await api.call('GET', '/products/key=p2/product-selections?withTotal=true')).total).toBe(2);
    });

    it('createdAt is when the product joined the selection, not when the selection was created', async () => {
      api.clock.advance(60_000);
      const late = await createSelection(api, 'late');
      api.clock.advance(60_000);
      const joined = await addProducts(api, 'late', [p1.id]);
      const result = ok(
        await api.call('GET', `/products/${p1.id}/product-selections?where=${encodeURIComponent(`productSelection(id = "${late.id}")`)}`),
      );
      expect(result.results).toEqual([{ productSelection: selectionRef(late.id), createdAt: joined.lastModifiedAt }]);
      expect(result.results[0].createdAt).not.toBe(late.createdAt);
    });

    it('expands the selection', async () => {
      const page = ok(await api.call('GET', `/products/${p1.id}/product-selections?expand=productSelection`));
      expect(page.results).toHaveLength(1);
      expect(page.results[0].productSelection.obj).toMatchObject({ id: summer.id, key: 'summer', productCount: 2 });
    });

    it('is empty for a product in no selection, and 404 for an unknown product', async () => {
      const lonely = await createProduct(api, 'lonely');
      expect(ok(await api.call('GET', `/products/${lonely.id}/product-selections`)).results).toEqual([]);
      expectError(await api.call('GET', '/products/nope/product-selections'), 404, 'ResourceNotFound');
      expectError(await api.call('GET', '/products/key=nope/product-selections'), 404, 'ResourceNotFound');
    });

    it('drops a deleted selection', async () => {
      ok(await api.call('DELETE', `/product-selections/${spring.id}?version=2`));
      expect(
        ok(await api.call('GET', `/products/${p3.id}/product-selections`)).results.map(
          (r: { productSelection: { id: string } }) => r.productSelection.id,
        ),
      ).toEqual([winter.id]);
    });
  });

  describe('GET /in-store/key={storeKey}/product-selection-assignments', () => {
    it('lists only the active selections, one result per selection holding the product; total only on request', async () => {
      await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'summer' }, active: true },
          { productSelection: { key: 'winter' }, active: true },
          { productSelection: { key: 'spring' }, active: false },
        ],
      });
      const page = ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments'));
      expect(page).not.toHaveProperty('total');
      expect(page.count).toBe(4);
      const pairs = page.results.map(
        (r: { product: { id: string }; productSelection: { id: string } }) => `${r.product.id}@${r.productSelection.id}`,
      );
      expect(pairs.sort()).toEqual(
        [`${p1.id}@${summer.id}`, `${p2.id}@${summer.id}`, `${p2.id}@${winter.id}`, `${p3.id}@${winter.id}`].sort(),
      );
      // p2 is in two active selections: it appears once per selection.
      expect(pairs.filter((pair: string) => pair.startsWith(p2.id))).toHaveLength(2);
      // spring is inactive: its only product p3 appears through winter alone.
      expect(pairs.filter((pair: string) => pair.endsWith(spring.id))).toEqual([]);
      expect(ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments?withTotal=true')).total).toBe(4);
    });

    it('follows activation, deactivation and removal of the Store settings', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'spring' }, active: false }] });
      expect(ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments')).results).toEqual([]);
      ok(
        await update(api, '/stores/key=berlin', [
          { action: 'changeProductSelectionActive', productSelection: { key: 'spring' }, active: true },
        ]),
      );
      expect(ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments')).results).toEqual([
        { product: productRef(p3.id), productSelection: selectionRef(spring.id) },
      ]);
      ok(await update(api, '/stores/key=berlin', [{ action: 'removeProductSelection', productSelection: { key: 'spring' } }]));
      expect(ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments')).results).toEqual([]);
    });

    it('is empty for a Store without selections (availability of everything is not an assignment)', async () => {
      await createStore(api, 'berlin');
      expect(ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments'))).toEqual({
        limit: 20,
        offset: 0,
        count: 0,
        results: [],
      });
    });

    it('pages, filters and expands', async () => {
      await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'summer' }, active: true },
          { productSelection: { key: 'winter' }, active: true },
        ],
      });
      const page = ok(await api.call('GET', '/in-store/key=berlin/product-selection-assignments?limit=2&offset=1&withTotal=true'));
      expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 4 });
      const where = encodeURIComponent(`product(id = "${p2.id}")`);
      const filtered = ok(
        await api.call('GET', `/in-store/key=berlin/product-selection-assignments?where=${where}&expand=productSelection&expand=product`),
      );
      expect(filtered.count).toBe(2);
      for (const result of filtered.results) {
        expect(result.product.obj).toMatchObject({ id: p2.id });
        expect(['summer', 'winter']).toContain(result.productSelection.obj.key);
      }
    });

    it('404s for an unknown Store', async () => {
      expectError(await api.call('GET', '/in-store/key=nowhere/product-selection-assignments'), 404, 'ResourceNotFound');
    });

    it(`accepts view_product_selections:${PROJECT}:<store> on that Store only`, async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'spring' }, active: true }] });
      await createStore(api, 'paris');
      const asBerlin = api.as(await tokenWithScope(api, `view_product_selections:${PROJECT}:berlin`));
      expect(ok(await asBerlin('GET', '/in-store/key=berlin/product-selection-assignments')).count).toBe(1);
      const refused = expectError(await asBerlin('GET', '/in-store/key=paris/product-selection-assignments'), 403, 'insufficient_scope');
      expect(refused.message).toMatch(/^Insufficient scope\. One of the following scopes is missing: view_product_selections:test-project/);
      expectError(await asBerlin('GET', '/product-selections'), 403, 'insufficient_scope');
      expectError(await asBerlin('GET', `/products/${p1.id}/product-selections`), 403, 'insufficient_scope');
    });
  });
});

describe('totals of the membership queries', () => {
  let api: Api;
  let product: { id: string };
  beforeEach(async () => {
    api = await createApi();
    product = await createProduct(api, 'p1');
    await createSelection(api, 'summer');
    await addProducts(api, 'summer', [product.id]);
  });

  it('total is returned only with withTotal=true on every membership query: the default there is false', async () => {
    await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    const paths = [
      '/product-selections/key=summer/products',
      `/products/${product.id}/product-selections`,
      '/in-store/key=berlin/product-selection-assignments',
    ];
    for (const path of paths) {
      expect(ok(await api.call('GET', path)), path).not.toHaveProperty('total');
      expect(ok(await api.call('GET', `${path}?withTotal=true`)), path).toMatchObject({ count: 1, total: 1 });
      expect(ok(await api.call('GET', `${path}?withTotal=false`)), path).not.toHaveProperty('total');
    }
  });
});
