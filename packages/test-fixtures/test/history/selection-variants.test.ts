import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/**
 * The Changes the live service records for the per-variant actions of both Product Selection modes
 * (AddProductChange with its variantSelection, SetVariantSelectionChange, ExcludeProductChange,
 * SetVariantExclusionChange), which the selection's own fields cannot show.
 */
describe('Change History of variant selections and exclusions', () => {
  it('records addProduct, setVariantSelection, excludeProduct and setVariantExclusion with the live change names', async () => {
    const api = await createHistoryApi();
    expect((await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' })).status).toBe(201);
    const product = (
      await api.call('POST', '/products', {
        key: 'tee',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Tee' },
        slug: { en: 'tee' },
        masterVariant: { sku: 'tee-s' },
        variants: [{ sku: 'tee-m' }],
      })
    ).body;
    const ref = { typeId: 'product', id: product.id };
    const summer = (await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).body;
    const recall = (await api.call('POST', '/product-selections', { key: 'recall', name: { en: 'Recall' }, mode: 'IndividualExclusion' }))
      .body;
    const only = { type: 'includeOnly', skus: ['tee-s'] };
    const post = async (key: string, version: number, action: Record<string, unknown>) =>
      expect((await api.call('POST', `/product-selections/key=${key}`, { version, actions: [action] })).status).toBe(200);
    await post('summer', 1, { action: 'addProduct', product: ref, variantSelection: only });
    await post('summer', 2, { action: 'setVariantSelection', product: ref });
    await post('recall', 1, { action: 'excludeProduct', product: ref });
    await post('recall', 2, { action: 'setVariantExclusion', product: ref, variantExclusion: { skus: ['tee-m'] } });

    const summerRecords = (await api.history(`/product-selection/${summer.id}`)).body;
    expect(summary(summerRecords)).toEqual([
      'product-selection v2->v3 ResourceUpdated [setVariantSelection]',
      'product-selection v1->v2 ResourceUpdated [addProduct,setProductCount]',
      'product-selection v0->v1 ResourceCreated []',
    ]);
    expect(summerRecords.results[0]!.changes).toEqual([
      { change: 'setVariantSelection', type: 'SetVariantSelectionChange', previousValue: only, product: ref },
    ]);
    expect(summerRecords.results[1]!.changes[0]).toEqual({
      change: 'addProduct',
      type: 'AddProductChange',
      nextValue: ref,
      variantSelection: only,
    });

    const recallRecords = (await api.history(`/product-selection/${recall.id}`)).body;
    expect(summary(recallRecords)).toEqual([
      'product-selection v2->v3 ResourceUpdated [setVariantExclusion]',
      'product-selection v1->v2 ResourceUpdated [excludeProduct,setProductCount]',
      'product-selection v0->v1 ResourceCreated []',
    ]);
    expect(recallRecords.results[0]!.changes).toEqual([
      { change: 'setVariantExclusion', type: 'SetVariantExclusionChange', nextValue: { skus: ['tee-m'] }, product: ref },
    ]);
    expect(recallRecords.results[1]!.changes[0]).toEqual({ change: 'excludeProduct', type: 'ExcludeProductChange', nextValue: ref });
  });
});
