import { beforeEach, describe, expect, it } from 'vitest';
import { addProducts, createApi, createProduct, createSelection, createStore, ok, type Api, type Json } from '../rest/helpers.js';

const q = (value: string) => encodeURIComponent(value);

/**
 * Spec 4.2 where the existing tests stop: a path that continues into an already expanded object
 * over REST (the engine's unit tests cover it on plain objects), withTotal=true on the endpoints
 * whose default is false (contract-notes 2), and the offset bound on GraphQL.
 */
describe('spec 4.2: common query parameters', () => {
  let api: Api;
  let product: { id: string };
  beforeEach(async () => {
    api = await createApi();
    product = await createProduct(api, 'p1');
    await createSelection(api, 'summer');
    await addProducts(api, 'summer', [product.id]);
  });

  const added = async (expand: string[]) => {
    const query = [`where=${q('type = "ProductSelectionProductAdded"')}`, ...expand.map((path) => `expand=${q(path)}`)].join('&');
    const page = ok(await api.call('GET', `/messages?${query}`));
    expect(page.count).toBe(1);
    return page.results[0] as Json;
  };

  it('a path continues into an expanded reference without writing obj (product.productType on a message), as with obj written', async () => {
    const productType = ok(await api.call('GET', '/product-types/key=shirt'));
    const plain = ok(await api.call('GET', `/products/${product.id}`));
    const message = await added(['product.productType']);
    expect(message['product'].obj.productType).toEqual({ typeId: 'product-type', id: productType.id, obj: productType });
    expect({ ...message['product'].obj, productType: plain.productType }).toEqual(plain);
    expect(await added(['product.obj.productType'])).toEqual(message);
    // Expanding only the first step leaves the inner reference alone: as much as requested and no more.
    expect((await added(['product']))['product'].obj.productType).toEqual({ typeId: 'product-type', id: productType.id });
  });

  it('a path going on past what exists, or into an index beyond the array, expands what it can and never fails', async () => {
    const message = await added(['product.productType.nothing.here', 'product.masterData.current.variants[5].x']);
    expect(message['product'].obj.productType.obj.key).toBe('shirt');
    await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    const store = ok(await api.call('GET', `/stores/key=berlin?expand=${q('productSelections[3].productSelection')}`));
    expect(store.productSelections[0].productSelection).not.toHaveProperty('obj');
  });

  it('total is returned by default on the membership queries too (spec 2.3, over contract-notes 2); withTotal=false omits it', async () => {
    await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    const paths = [
      '/product-selections/key=summer/products',
      `/products/${product.id}/product-selections`,
      '/in-store/key=berlin/product-selection-assignments',
    ];
    for (const path of paths) {
      expect(ok(await api.call('GET', path)), path).toMatchObject({ count: 1, total: 1 });
      expect(ok(await api.call('GET', `${path}?withTotal=true`)), path).toMatchObject({ count: 1, total: 1 });
      expect(ok(await api.call('GET', `${path}?withTotal=false`)), path).not.toHaveProperty('total');
    }
  });

  it('GraphQL queries take the same bounds: offset 10 000 is accepted, 10 001 and a negative limit are refused', async () => {
    const gql = async (args: string) => api.call('POST', '/graphql', { query: `{ productSelections(${args}) { offset count } }` });
    const accepted = await gql('offset: 10000, limit: 500');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ data: { productSelections: { offset: 10000, count: 0 } } });
    for (const args of ['offset: 10001', 'limit: -1', 'offset: -1']) {
      const refused = await gql(args);
      expect((refused.body as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code, args).toBe('InvalidInput');
      expect((refused.body as { data?: unknown }).data ?? null, args).toBeNull();
    }
  });
});
