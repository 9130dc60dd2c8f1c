import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectUnchanged, snapshot } from './helpers.js';
import { productApi, variantsOf, type ProductApi } from './product-fixtures.js';

let p: ProductApi;

beforeEach(async () => {
  p = await productApi();
});

const ids = (data: Record<string, unknown>) => variantsOf(data).map((v) => v['id']);

describe('removeVariant', () => {
  it('removes a variant by id or by sku, from the staged data only unless staged is false', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }, { sku: 'three' }, { sku: 'four' }], publish: true });
    const byId = await p.updated(product, [{ action: 'removeVariant', id: 2 }]);
    expect(ids(byId.masterData.staged)).toEqual([1, 3, 4]);
    expect(ids(byId.masterData.current)).toEqual([1, 2, 3, 4]);
    expect(byId.masterData.hasStagedChanges).toBe(true);
    const bySku = await p.updated(byId, [{ action: 'removeVariant', sku: 'three', staged: false }]);
    expect(ids(bySku.masterData.staged)).toEqual([1, 4]);
    expect(ids(bySku.masterData.current)).toEqual([1, 2, 4]);
    expect(await p.lastChanges(product.id)).toEqual([
      expect.objectContaining({
        change: 'removeVariant',
        type: 'RemoveVariantChange',
        catalogData: 'staged',
        previousValue: expect.objectContaining({ id: 3 }),
      }),
      expect.objectContaining({
        change: 'removeVariant',
        type: 'RemoveVariantChange',
        catalogData: 'current',
        previousValue: expect.objectContaining({ id: 3 }),
      }),
    ]);
  });

  it('refuses the master variant and an unknown variant, and changes nothing', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'removeVariant', id: 1 }]), 400, 'InvalidOperation');
    expectError(await p.update(product, [{ action: 'removeVariant', sku: 'nope' }]), 400, 'InvalidOperation');
    expectError(await p.update(product, [{ action: 'removeVariant' }]), 400, 'InvalidInput');
    await expectUnchanged(p.api, before);
  });
});

describe('changeMasterVariant', () => {
  it('makes the named variant master and appends the former master to the variants', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }, { sku: 'three' }] });
    const changed = await p.updated(product, [{ action: 'changeMasterVariant', sku: 'two' }]);
    expect(ids(changed.masterData.staged)).toEqual([2, 3, 1]);
    expect(ids(changed.masterData.current)).toEqual([1, 2, 3]);
    expect(await p.lastChanges(product.id)).toEqual([
      expect.objectContaining({
        change: 'changeMasterVariant',
        type: 'ChangeMasterVariantChange',
        catalogData: 'staged',
        previousValue: expect.objectContaining({ id: 1 }),
        nextValue: expect.objectContaining({ id: 2 }),
      }),
    ]);
    const both = await p.updated(changed, [{ action: 'changeMasterVariant', variantId: 3, staged: false }]);
    expect(both.masterData.staged['masterVariant'].id).toBe(3);
    expect(both.masterData.current['masterVariant'].id).toBe(3);
  });

  it('refuses an unknown variant and changes nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'changeMasterVariant', variantId: 9 }]), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);
  });
});

describe('setSku', () => {
  it('sets and removes the SKU of a variant, recorded as SetSkuChange', async () => {
    const product = await p.create(1, { variants: [{ key: 'second' }] });
    const set = await p.updated(product, [{ action: 'setSku', variantId: 2, sku: 'new-sku', staged: false }]);
    expect(set.masterData.staged['variants'][0].sku).toBe('new-sku');
    expect(set.masterData.current['variants'][0].sku).toBe('new-sku');
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setSku', type: 'SetSkuChange', nextValue: 'new-sku', catalogData: 'staged', variant: 'new-sku' },
      { change: 'setSku', type: 'SetSkuChange', nextValue: 'new-sku', catalogData: 'current', variant: 'new-sku' },
    ]);
    const removed = await p.updated(set, [{ action: 'setSku', variantId: 2 }]);
    expect(removed.masterData.staged['variants'][0]).not.toHaveProperty('sku');
    expect(removed.masterData.current['variants'][0].sku).toBe('new-sku');
  });

  it('refuses a SKU another variant or Product has (DuplicateField), and changes nothing', async () => {
    await p.create(2);
    const product = await p.create(1, { variants: [{ sku: 'own' }] });
    const before = await snapshot(p.api);
    const elsewhere = expectError(await p.update(product, [{ action: 'setSku', variantId: 1, sku: 'sku-2-1' }]), 400, 'DuplicateField');
    expect(elsewhere).toMatchObject({ field: 'sku', duplicateValue: 'sku-2-1' });
    expectError(await p.update(product, [{ action: 'setSku', variantId: 1, sku: 'own' }]), 400, 'DuplicateField');
    expectError(await p.update(product, [{ action: 'setSku', variantId: 7, sku: 'x' }]), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);
  });
});

describe('setProductVariantKey', () => {
  it('sets and removes a variant key by variantId or sku, recorded as SetProductVariantKeyChange', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const set = await p.updated(product, [{ action: 'setProductVariantKey', sku: 'two', key: 'second' }]);
    expect(set.masterData.staged['variants'][0].key).toBe('second');
    expect(set.masterData.current['variants'][0]).not.toHaveProperty('key');
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setProductVariantKey', type: 'SetProductVariantKeyChange', nextValue: 'second', catalogData: 'staged', variant: 'two' },
    ]);
    const removed = await p.updated(set, [{ action: 'setProductVariantKey', variantId: 2 }]);
    expect(removed.masterData.staged['variants'][0]).not.toHaveProperty('key');
  });

  it('refuses a key another variant of the Product has, and changes nothing', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', key: 'first' }, variants: [{ sku: 'two' }] });
    const before = await snapshot(p.api);
    const clash = expectError(
      await p.update(product, [{ action: 'setProductVariantKey', variantId: 2, key: 'first' }]),
      400,
      'DuplicateField',
    );
    expect(clash).toMatchObject({ field: 'key', duplicateValue: 'first' });
    await expectUnchanged(p.api, before);
  });
});

describe('addVariant', () => {
  it('adds a variant with its prices, images and checked attributes, recorded as AddVariantChange', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', attributes: [{ name: 'ean', value: '1' }] } });
    const added = await p.updated(product, [
      {
        action: 'addVariant',
        sku: 'two',
        key: 'second',
        attributes: [
          { name: 'color', value: 'red' },
          { name: 'ean', value: '2' },
        ],
        prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }],
        images: [{ url: 'https://img.example/2.png', dimensions: { w: 10, h: 10 } }],
      },
    ]);
    const variant = added.masterData.staged['variants'][0];
    expect(variant).toMatchObject({
      id: 2,
      sku: 'two',
      key: 'second',
      attributes: [
        { name: 'color', value: { key: 'red', label: 'Red' } },
        { name: 'ean', value: '2' },
      ],
      prices: [{ value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1000, fractionDigits: 2 } }],
      images: [{ url: 'https://img.example/2.png', dimensions: { w: 10, h: 10 } }],
    });
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'addVariant', type: 'AddVariantChange', nextValue: variant, catalogData: 'staged' },
    ]);
  });

  it('refuses attributes the type forbids and duplicate price scopes, and changes nothing', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', attributes: [{ name: 'ean', value: '1' }] } });
    const before = await snapshot(p.api);
    expectError(
      await p.update(product, [{ action: 'addVariant', attributes: [{ name: 'ean', value: '1' }] }]),
      400,
      'DuplicateAttributeValue',
    );
    expectError(
      await p.update(product, [{ action: 'addVariant', attributes: [{ name: 'nope', value: '1' }] }]),
      400,
      'AttributeNameDoesNotExist',
    );
    const price = { value: { currencyCode: 'EUR', centAmount: 1 } };
    expectError(await p.update(product, [{ action: 'addVariant', prices: [price, price] }]), 400, 'DuplicatePriceScope');
    await expectUnchanged(p.api, before);
  });
});
