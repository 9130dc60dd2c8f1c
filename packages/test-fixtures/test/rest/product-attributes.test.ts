import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectUnchanged, ok, snapshot } from './helpers.js';
import { productApi, variantsOf, type ProductApi } from './product-fixtures.js';

let p: ProductApi;

beforeEach(async () => {
  p = await productApi();
});

const attributesOf = (data: Record<string, unknown>) => variantsOf(data).map((v) => v['attributes']);

describe('setAttribute', () => {
  it('sets, replaces and removes one attribute of a variant in the answered form, recorded as SetAttributeChange', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const set = await p.updated(product, [
      { action: 'setAttribute', variantId: 1, name: 'color', value: 'red' },
      { action: 'setAttribute', sku: 'two', name: 'color', value: { key: 'blue', label: 'anything' } },
      { action: 'setAttribute', variantId: 1, name: 'msrp', value: { currencyCode: 'EUR', centAmount: 1999 } },
      { action: 'setAttribute', variantId: 1, name: 'tags', value: ['a', 'b'] },
      { action: 'setAttribute', variantId: 1, name: 'weight', value: 1 },
    ]);
    expect(attributesOf(set.masterData.staged)).toEqual([
      [
        { name: 'color', value: { key: 'red', label: 'Red' } },
        { name: 'msrp', value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1999, fractionDigits: 2 } },
        { name: 'tags', value: ['a', 'b'] },
        { name: 'weight', value: 1 },
      ],
      [{ name: 'color', value: { key: 'blue', label: 'Blue' } }],
    ]);
    expect(attributesOf(set.masterData.current)).toEqual([[], []]);
    expect(set.masterData.hasStagedChanges).toBe(true);
    const replaced = await p.updated(set, [{ action: 'setAttribute', variantId: 1, name: 'weight', value: 2, staged: false }]);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'setAttribute',
        type: 'SetAttributeChange',
        previousValue: { name: 'weight', value: 1 },
        nextValue: { name: 'weight', value: 2 },
        catalogData: 'staged',
        variant: 'sku-1-1',
      },
      {
        change: 'setAttribute',
        type: 'SetAttributeChange',
        nextValue: { name: 'weight', value: 2 },
        catalogData: 'current',
        variant: 'sku-1-1',
      },
    ]);
    const removed = await p.updated(replaced, [{ action: 'setAttribute', variantId: 1, name: 'tags' }]);
    expect(removed.masterData.staged['masterVariant'].attributes.map((a: { name: string }) => a.name)).toEqual(['color', 'msrp', 'weight']);
  });

  it('refuses an undefined name, a value of the wrong type and an unknown enum key, and changes nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    const unknown = expectError(
      await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'nope', value: 'x' }]),
      400,
      'AttributeNameDoesNotExist',
    );
    expect(unknown).toMatchObject({ invalidAttributeName: 'nope', message: 'Attribute definition for nope does not exist on type Shirt.' });
    const wrong = expectError(
      await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'weight', value: 'heavy' }]),
      400,
      'InvalidField',
    );
    expect(wrong).toMatchObject({ field: 'weight', invalidValue: 'heavy' });
    expectError(await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'color', value: 'green' }]), 400, 'InvalidField');
    expectError(await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'care', value: 'wash' }]), 400, 'InvalidField');
    expectError(await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'tags', value: [1] }]), 400, 'InvalidField');
    await expectUnchanged(p.api, before);
  });

  it('keeps Unique values distinct between variants (DuplicateAttributeValue)', async () => {
    const product = await p.create(1, {
      masterVariant: { sku: 'one', attributes: [{ name: 'ean', value: '111' }] },
      variants: [{ sku: 'two' }],
    });
    const before = await snapshot(p.api);
    const error = expectError(
      await p.update(product, [{ action: 'setAttribute', sku: 'two', name: 'ean', value: '111' }]),
      400,
      'DuplicateAttributeValue',
    );
    expect(error).toMatchObject({
      attribute: { name: 'ean', value: '111' },
      message: "Attribute can't have the same value in a different variant.",
    });
    await expectUnchanged(p.api, before);
    await p.updated(product, [{ action: 'setAttribute', sku: 'two', name: 'ean', value: '222' }]);
  });

  it('keeps CombinationUnique combinations distinct between variants (DuplicateAttributeValues)', async () => {
    const product = await p.create(1, {
      masterVariant: {
        sku: 'one',
        attributes: [
          { name: 'color', value: 'red' },
          { name: 'size', value: 'M' },
        ],
      },
      variants: [
        {
          sku: 'two',
          attributes: [
            { name: 'color', value: 'red' },
            { name: 'size', value: 'L' },
          ],
        },
      ],
    });
    const before = await snapshot(p.api);
    const error = expectError(
      await p.update(product, [{ action: 'setAttribute', sku: 'two', name: 'size', value: 'M' }]),
      400,
      'DuplicateAttributeValues',
    );
    expect(error['attributes']).toEqual([
      { name: 'color', value: { key: 'red', label: 'Red' } },
      { name: 'size', value: 'M' },
    ]);
    await expectUnchanged(p.api, before);
  });

  it('keeps SameForAll values equal in every variant: one variant alone is refused', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'setAttribute', variantId: 1, name: 'brand', value: 'Acme' }]), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);
  });
});

describe('setAttributeInAllVariants', () => {
  it('sets and removes an attribute in every variant, so SameForAll holds', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }, { sku: 'three' }] });
    const set = await p.updated(product, [{ action: 'setAttributeInAllVariants', name: 'brand', value: 'Acme', staged: false }]);
    for (const data of [set.masterData.staged, set.masterData.current])
      expect(attributesOf(data)).toEqual([1, 2, 3].map(() => [{ name: 'brand', value: 'Acme' }]));
    const changes = await p.lastChanges(product.id);
    expect(changes.map((c) => [c['change'], c['catalogData'], c['variant']])).toEqual([
      ['setAttribute', 'staged', 'sku-1-1'],
      ['setAttribute', 'staged', 'two'],
      ['setAttribute', 'staged', 'three'],
      ['setAttribute', 'current', 'sku-1-1'],
      ['setAttribute', 'current', 'two'],
      ['setAttribute', 'current', 'three'],
    ]);
    const removed = await p.updated(set, [{ action: 'setAttributeInAllVariants', name: 'brand' }]);
    expect(attributesOf(removed.masterData.staged)).toEqual([[], [], []]);
  });

  it('refuses a Unique attribute set to one value in every variant, and changes nothing', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }] });
    const before = await snapshot(p.api);
    expectError(
      await p.update(product, [{ action: 'setAttributeInAllVariants', name: 'ean', value: '1' }]),
      400,
      'DuplicateAttributeValue',
    );
    expectError(await p.update(product, [{ action: 'setAttributeInAllVariants', name: 'nope' }]), 400, 'AttributeNameDoesNotExist');
    await expectUnchanged(p.api, before);
  });
});

describe('variant attributes of a ProductDraft', () => {
  it('are checked against the type: unknown names, wrong types, constraints and required attributes are refused', async () => {
    const before = await snapshot(p.api);
    const draft = (masterVariant: unknown, variants: unknown[] = []) => ({
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'S' },
      slug: { en: 's' },
      masterVariant,
      variants,
    });
    const attrs = (...list: [string, unknown][]) => ({ attributes: list.map(([name, value]) => ({ name, value })) });
    expectError(await p.api.call('POST', '/products', draft(attrs(['nope', 1]))), 400, 'AttributeNameDoesNotExist');
    expectError(await p.api.call('POST', '/products', draft(attrs(['weight', '1']))), 400, 'InvalidField');
    expectError(await p.api.call('POST', '/products', draft(attrs(['ean', 'x']), [attrs(['ean', 'x'])])), 400, 'DuplicateAttributeValue');
    expectError(await p.api.call('POST', '/products', draft(attrs(['brand', 'A']), [attrs(['brand', 'B'])])), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);

    ok(
      await p.api.call('POST', '/product-types', {
        key: 'strict',
        name: 'Strict',
        description: 'strict',
        attributes: [{ name: 'fit', label: { en: 'Fit' }, type: { name: 'text' }, isRequired: true }],
      }),
      201,
    );
    const strict = { ...draft({ sku: 'a' }), productType: { typeId: 'product-type', key: 'strict' } };
    expect(expectError(await p.api.call('POST', '/products', strict), 400, 'RequiredField')['field']).toBe('fit');
    const fitted = ok(
      await p.api.call('POST', '/products', { ...strict, masterVariant: { sku: 'a', attributes: [{ name: 'fit', value: 'slim' }] } }),
      201,
    );
    expect(
      expectError(await p.update(fitted, [{ action: 'setAttribute', variantId: 1, name: 'fit' }]), 400, 'RequiredField')['field'],
    ).toBe('fit');
  });
});
