import { beforeEach, describe, expect, it } from 'vitest';
import { excludeProduct, includeProduct, removeProductFromSelection, unwrap } from '../src/index.js';
import { setup, type Setup } from './helpers.js';

/**
 * includeProduct, excludeProduct and removeProductFromSelection: end-state updates of one Product's
 * assignment in a Product Selection of either mode, against the emulator.
 */
describe('Product Selection assignment conveniences', () => {
  let s: Setup;
  let tee: string;
  const writes = () => s.rec.api().filter((r) => r.method === 'POST' && r.path.includes('/product-selections/')).length;
  const productsOf = async (key: string) =>
    unwrap(await s.client.GET('/product-selections/key={key}/products', { params: { path: { key } } })).results;

  beforeEach(async () => {
    s = setup();
    unwrap(await s.client.POST('/product-types', { body: { key: 'shirt', name: 'Shirt', description: 'A shirt' } }));
    const product = unwrap(
      await s.client.POST('/products', {
        body: {
          key: 'tee',
          productType: { typeId: 'product-type', key: 'shirt' },
          name: { en: 'Tee' },
          slug: { en: 'tee' },
          masterVariant: { sku: 'tee-s' },
          variants: [{ sku: 'tee-m' }, { sku: 'tee-l' }],
          publish: true,
        },
      }),
    );
    tee = product.id;
    unwrap(await s.client.POST('/product-selections', { body: { key: 'summer', name: { en: 'Summer' } } }));
    unwrap(await s.client.POST('/product-selections', { body: { key: 'recall', name: { en: 'Recall' }, mode: 'IndividualExclusion' } }));
  });

  it('includeProduct adds, then changes the variant selection, then writes nothing when it already holds', async () => {
    const only = { type: 'includeOnly' as const, skus: ['tee-s'] };
    const added = unwrap(
      await includeProduct(s.client, { productSelection: { key: 'summer' }, product: { key: 'tee' }, variantSelection: only }),
    );
    expect(added.productCount).toBe(1);
    expect(await productsOf('summer')).toEqual([{ product: { typeId: 'product', id: tee }, variantSelection: only }]);
    const widened = unwrap(await includeProduct(s.client, { productSelection: { key: 'summer' }, product: { id: tee } }));
    expect(widened.version).toBe(added.version + 1);
    expect(await productsOf('summer')).toEqual([{ product: { typeId: 'product', id: tee } }]);
    const before = writes();
    expect(await includeProduct(s.client, { productSelection: { key: 'summer' }, product: { key: 'tee' } })).toMatchObject({
      attempts: 0,
      data: { version: widened.version },
    });
    expect(writes()).toBe(before);
  });

  it('excludeProduct excludes, then changes the variant exclusion; removeProductFromSelection ends it, once', async () => {
    unwrap(await excludeProduct(s.client, { productSelection: { key: 'recall' }, product: { key: 'tee' } }));
    unwrap(
      await excludeProduct(s.client, {
        productSelection: { key: 'recall' },
        product: { key: 'tee' },
        variantExclusion: { skus: ['tee-l'] },
      }),
    );
    expect(await productsOf('recall')).toEqual([{ product: { typeId: 'product', id: tee }, variantExclusion: { skus: ['tee-l'] } }]);
    const removed = unwrap(await removeProductFromSelection(s.client, { productSelection: { key: 'recall' }, product: { id: tee } }));
    expect(removed.productCount).toBe(0);
    expect(await removeProductFromSelection(s.client, { productSelection: { key: 'recall' }, product: { id: tee } })).toMatchObject({
      attempts: 0,
    });
  });

  it('returns the service error for the other mode, and a lookup error for an unknown product key', async () => {
    const wrongMode = await includeProduct(s.client, { productSelection: { key: 'recall' }, product: { key: 'tee' } });
    expect(wrongMode.error?.code).toBe('InvalidOperation');
    const unknown = await includeProduct(s.client, { productSelection: { key: 'summer' }, product: { key: 'nope' } });
    expect(unknown).toMatchObject({ attempts: 0, error: { code: 'ResourceNotFound' } });
    expect(await productsOf('summer')).toEqual([]);
  });
});
