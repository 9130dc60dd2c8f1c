import { beforeEach, describe, expect, it } from 'vitest';
import { configureMessages, expectError, expectUnchanged, ok, snapshot, updateMessagesOf } from './helpers.js';
import { productApi, type Product, type ProductApi } from './product-fixtures.js';

let p: ProductApi;
let shirts: string;
let sale: string;

beforeEach(async () => {
  p = await productApi();
  await configureMessages(p.api, { enabled: true });
  shirts = ok(await p.api.call('POST', '/categories', { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' } }), 201).id;
  sale = ok(await p.api.call('POST', '/categories', { key: 'sale', name: { en: 'Sale' }, slug: { en: 'sale' } }), 201).id;
});

const ref = (id: string) => ({ typeId: 'category', id });
const categoriesOf = (product: Product, data: 'staged' | 'current' = 'staged') => product.masterData[data]['categories'];
const hintsOf = (product: Product, data: 'staged' | 'current' = 'staged') => product.masterData[data]['categoryOrderHints'];

describe('addToCategory', () => {
  it('adds the Category with its order hint to the staged data only by default', async () => {
    const product = await p.create(1, { publish: true });
    const added = await p.updated(product, [{ action: 'addToCategory', category: { key: 'shirts' }, orderHint: '0.5' }]);
    expect(categoriesOf(added)).toEqual([ref(shirts)]);
    expect(hintsOf(added)).toEqual({ [shirts]: '0.5' });
    expect(categoriesOf(added, 'current')).toEqual([]);
    expect(hintsOf(added, 'current')).toBeUndefined();
    expect(added.masterData.hasStagedChanges).toBe(true);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'addToCategory',
        type: 'AddToCategoryChange',
        previousValue: [],
        nextValue: [ref(shirts)],
        catalogData: 'staged',
        category: ref(shirts),
      },
      {
        change: 'setCategoryOrderHint',
        type: 'SetCategoryOrderHintChange',
        previousValue: {},
        nextValue: { [shirts]: '0.5' },
        catalogData: 'staged',
      },
    ]);
    const [message] = await updateMessagesOf(p.api, product.id);
    expect(message).toMatchObject({ type: 'ProductAddedToCategory', category: ref(shirts), staged: true, resourceVersion: added.version });
  });

  it('with staged false adds to both data sets, so nothing is left staged', async () => {
    const product = await p.create(1, { publish: true });
    const added = await p.updated(product, [{ action: 'addToCategory', category: { typeId: 'category', id: sale }, staged: false }]);
    expect(categoriesOf(added)).toEqual([ref(sale)]);
    expect(categoriesOf(added, 'current')).toEqual([ref(sale)]);
    expect(added.masterData.hasStagedChanges).toBe(false);
    expect((await p.lastChanges(product.id)).map((c) => [c['change'], c['catalogData']])).toEqual([
      ['addToCategory', 'staged'],
      ['addToCategory', 'current'],
    ]);
    const [message] = await updateMessagesOf(p.api, product.id);
    expect(message).toMatchObject({ type: 'ProductAddedToCategory', staged: false });
  });

  it('refuses a missing Category (ReferencedResourceNotFound) or one the Product has (InvalidOperation), changing nothing', async () => {
    const created = await p.create(1, { categories: [{ key: 'shirts' }, { key: 'sale' }], publish: true });
    const product = await p.updated(created, [{ action: 'removeFromCategory', category: { key: 'sale' } }]);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'addToCategory', category: { key: 'none' } }]), 400, 'ReferencedResourceNotFound');
    expectError(await p.update(product, [{ action: 'addToCategory', category: { key: 'shirts' } }]), 400, 'InvalidOperation');
    // With staged false both data sets are changed: the current one still holds `sale`.
    expectError(await p.update(product, [{ action: 'addToCategory', category: { key: 'sale' }, staged: false }]), 400, 'InvalidOperation');
    expectError(
      await p.update(product, [{ action: 'addToCategory', category: { key: 'sale' }, orderHint: '1.5' }]),
      400,
      'InvalidJsonInput',
    );
    await expectUnchanged(p.api, before);
  });

  it('refuses an order hint the pattern of the reference refuses: a decimal in (0, 1) that ends in 0, or is not `0.` and digits', async () => {
    const product = await p.create(1, { categories: [{ key: 'shirts' }] });
    const before = await snapshot(p.api);
    for (const orderHint of ['0.50', '0.0', '0.', '1', '0.5e1']) {
      const addTo = await p.update(product, [{ action: 'addToCategory', category: { key: 'sale' }, orderHint }]);
      expectError(addTo, 400, 'InvalidJsonInput');
      const set = await p.update(product, [{ action: 'setCategoryOrderHint', categoryId: shirts, orderHint }]);
      expectError(set, 400, 'InvalidJsonInput');
    }
    const draft = {
      productType: { key: 'shirt' },
      name: { en: 'Shirt 2' },
      slug: { en: 'shirt-2' },
      categoryOrderHints: { [shirts]: '0.10' },
    };
    expectError(await p.api.call('POST', '/products', draft), 400, 'InvalidJsonInput');
    await expectUnchanged(p.api, before);
    const added = await p.updated(product, [{ action: 'addToCategory', category: { key: 'sale' }, orderHint: '0.05' }]);
    expect(added.masterData.staged['categoryOrderHints']).toEqual({ [sale]: '0.05' });
  });
});

describe('removeFromCategory', () => {
  it('removes the Category and its order hint from the staged data, then from both with staged false', async () => {
    const product = await p.create(1, {
      categories: [{ key: 'shirts' }, { key: 'sale' }],
      categoryOrderHints: { [shirts]: '0.1' },
      publish: true,
    });
    const removed = await p.updated(product, [{ action: 'removeFromCategory', category: { key: 'shirts' } }]);
    expect(categoriesOf(removed)).toEqual([ref(sale)]);
    expect(hintsOf(removed)).toBeUndefined();
    expect(categoriesOf(removed, 'current')).toEqual([ref(shirts), ref(sale)]);
    expect(removed.masterData.hasStagedChanges).toBe(true);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'removeFromCategory',
        type: 'RemoveFromCategoryChange',
        previousValue: [ref(shirts), ref(sale)],
        nextValue: [ref(sale)],
        catalogData: 'staged',
        category: ref(shirts),
      },
      {
        change: 'setCategoryOrderHint',
        type: 'SetCategoryOrderHintChange',
        previousValue: { [shirts]: '0.1' },
        nextValue: {},
        catalogData: 'staged',
      },
    ]);
    const both = await p.updated(removed, [{ action: 'removeFromCategory', category: { key: 'sale' }, staged: false }]);
    expect(categoriesOf(both)).toEqual([]);
    expect(categoriesOf(both, 'current')).toEqual([ref(shirts)]);
    const messages = await updateMessagesOf(p.api, product.id);
    expect(messages.map((m) => [m['type'], m['category'], m['staged']])).toEqual([
      ['ProductRemovedFromCategory', ref(shirts), true],
      ['ProductRemovedFromCategory', ref(sale), false],
    ]);
  });

  it('refuses a missing Category or one the Product is not in, changing nothing', async () => {
    const product = await p.create(1, { categories: [{ key: 'shirts' }] });
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'removeFromCategory', category: { key: 'none' } }]), 400, 'ReferencedResourceNotFound');
    expectError(await p.update(product, [{ action: 'removeFromCategory', category: { key: 'sale' } }]), 400, 'InvalidOperation');
    await expectUnchanged(p.api, before);
  });
});

describe('setCategoryOrderHint', () => {
  it('sets, then removes when orderHint is absent, the order hint of a Category the Product is in', async () => {
    const product = await p.create(1, { categories: [{ key: 'shirts' }], publish: true });
    const set = await p.updated(product, [{ action: 'setCategoryOrderHint', categoryId: shirts, orderHint: '0.25', staged: false }]);
    expect(hintsOf(set)).toEqual({ [shirts]: '0.25' });
    expect(hintsOf(set, 'current')).toEqual({ [shirts]: '0.25' });
    expect(set.masterData.hasStagedChanges).toBe(false);
    expect(await p.lastChanges(product.id)).toEqual([
      {
        change: 'setCategoryOrderHint',
        type: 'SetCategoryOrderHintChange',
        previousValue: {},
        nextValue: { [shirts]: '0.25' },
        catalogData: 'staged',
      },
      {
        change: 'setCategoryOrderHint',
        type: 'SetCategoryOrderHintChange',
        previousValue: {},
        nextValue: { [shirts]: '0.25' },
        catalogData: 'current',
      },
    ]);
    const removed = await p.updated(set, [{ action: 'setCategoryOrderHint', categoryId: shirts }]);
    expect(hintsOf(removed)).toBeUndefined();
    expect(hintsOf(removed, 'current')).toEqual({ [shirts]: '0.25' });
    expect(removed.masterData.hasStagedChanges).toBe(true);
    expect(await updateMessagesOf(p.api, product.id)).toEqual([]);
  });

  it('refuses a Category the Product is not in (InvalidOperation), changing nothing', async () => {
    const product = await p.create(1, { categories: [{ key: 'shirts' }] });
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'setCategoryOrderHint', categoryId: sale, orderHint: '0.5' }]), 400, 'InvalidOperation');
    expectError(
      await p.update(product, [{ action: 'setCategoryOrderHint', categoryId: 'no-such-id', orderHint: '0.5' }]),
      400,
      'InvalidOperation',
    );
    await expectUnchanged(p.api, before);
  });
});

describe('setTaxCategory', () => {
  const taxCategory = (key: string) => p.api.call('POST', '/tax-categories', { key, name: key, rates: [] });

  it('sets and removes the Tax Category on the Product itself, not staged; removing it lets the Tax Category be deleted', async () => {
    const vat = ok(await taxCategory('vat'), 201);
    const product = await p.create(1, { publish: true });
    const set = await p.updated(product, [{ action: 'setTaxCategory', taxCategory: { key: 'vat' } }]);
    expect(set['taxCategory']).toEqual({ typeId: 'tax-category', id: vat.id });
    expect(set.masterData.hasStagedChanges).toBe(false);
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setTaxCategory', type: 'SetTaxCategoryChange', nextValue: { typeId: 'tax-category', id: vat.id } },
    ]);
    expectError(await p.api.call('DELETE', `/tax-categories/${vat.id as string}?version=${vat.version as number}`), 400, 'ReferenceExists');
    const removed = await p.updated(set, [{ action: 'setTaxCategory' }]);
    expect(removed).not.toHaveProperty('taxCategory');
    expect(await p.lastChanges(product.id)).toEqual([
      { change: 'setTaxCategory', type: 'SetTaxCategoryChange', previousValue: { typeId: 'tax-category', id: vat.id } },
    ]);
    expect(await updateMessagesOf(p.api, product.id)).toEqual([]);
    ok(await p.api.call('DELETE', `/tax-categories/${vat.id as string}?version=${vat.version as number}`));
  });

  it('refuses a missing Tax Category (ReferencedResourceNotFound), changing nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'setTaxCategory', taxCategory: { key: 'none' } }]), 400, 'ReferencedResourceNotFound');
    await expectUnchanged(p.api, before);
  });
});
