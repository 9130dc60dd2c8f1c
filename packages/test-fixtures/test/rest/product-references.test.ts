import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, expectUnchanged, snapshot, type Api, type Json } from './helpers.js';

/**
 * A Product's Categories (`categories`, `categoryOrderHints`) and Tax Category (`taxCategory`):
 * set on the draft, resolved by id or key, in the current and staged data and in projections,
 * expandable, usable in where-predicates over HTTP.
 */
let api: Api;
let shoes: Json;
let sale: Json;
let vat: Json;

beforeEach(async () => {
  api = await createApi();
  expect((await api.call('POST', '/product-types', { key: 'pt', name: 'PT', description: 'pt' })).status).toBe(201);
  shoes = (await api.call('POST', '/categories', { key: 'shoes', name: { en: 'Shoes' }, slug: { en: 'shoes' } })).body as Json;
  sale = (await api.call('POST', '/categories', { key: 'sale', name: { en: 'Sale' }, slug: { en: 'sale' } })).body as Json;
  vat = (await api.call('POST', '/tax-categories', { key: 'vat', name: 'VAT' })).body as Json;
});

const ref = (typeId: string, resource: Json) => ({ typeId, id: resource['id'] });

function draft(key: string, extra: Json = {}): Json {
  return { key, productType: { key: 'pt' }, name: { en: key }, slug: { en: key }, publish: true, ...extra };
}

async function createProduct(key: string, extra: Json = {}): Promise<Json> {
  const answer = await api.call('POST', '/products', draft(key, extra));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Json;
}

const where = (path: string, predicate: string) => `${path}?where=${encodeURIComponent(predicate)}&sort=key asc`;
const keys = (page: { results: Json[] }) => page.results.map((r) => r['key']);

describe('product references to Categories and a Tax Category', () => {
  it('a draft names Categories (each once) with order hints and a Tax Category; current and staged data and projections show them', async () => {
    const product = await createProduct('boot', {
      categories: [{ key: 'shoes' }, { typeId: 'category', id: sale['id'] }, { key: 'shoes' }],
      categoryOrderHints: { [shoes['id'] as string]: '0.3' },
      taxCategory: { typeId: 'tax-category', key: 'vat' },
    });
    const masterData = product['masterData'] as Record<'current' | 'staged', Json>;
    for (const data of [masterData.current, masterData.staged]) {
      expect(data['categories']).toEqual([ref('category', shoes), ref('category', sale)]);
      expect(data['categoryOrderHints']).toEqual({ [shoes['id'] as string]: '0.3' });
    }
    expect(product['taxCategory']).toEqual(ref('tax-category', vat));
    const projection = (await api.call('GET', '/product-projections/key=boot')).body as Json;
    expect(projection).toMatchObject({
      categories: [ref('category', shoes), ref('category', sale)],
      categoryOrderHints: { [shoes['id'] as string]: '0.3' },
      taxCategory: ref('tax-category', vat),
    });
  });

  it('expand masterData.current.categories[*] and taxCategory on products, categories[*] on projections', async () => {
    await createProduct('boot', { categories: [{ key: 'shoes' }, { key: 'sale' }], taxCategory: { key: 'vat' } });
    const product = await api.call('GET', '/products/key=boot?expand=masterData.current.categories[*]&expand=taxCategory');
    expect(product.body.masterData.current.categories.map((c: Json) => (c['obj'] as Json)['key'])).toEqual(['shoes', 'sale']);
    expect(product.body.masterData.staged.categories[0].obj).toBeUndefined();
    expect(product.body.taxCategory.obj).toMatchObject({ key: 'vat', name: 'VAT' });
    const projection = await api.call('GET', '/product-projections/key=boot?expand=categories[*]');
    expect(projection.body.categories[1].obj).toMatchObject({ key: 'sale', slug: { en: 'sale' } });
  });

  it('where-predicates over HTTP find Products by Category and by Tax Category', async () => {
    await createProduct('boot', { categories: [{ key: 'shoes' }], taxCategory: { key: 'vat' } });
    await createProduct('sandal', { categories: [{ key: 'shoes' }, { key: 'sale' }] });
    await createProduct('hat');
    const byCategory = await api.call('GET', where('/products', `masterData(current(categories(id="${shoes['id'] as string}")))`));
    expect(keys(byCategory.body)).toEqual(['boot', 'sandal']);
    const bySale = await api.call('GET', where('/product-projections', `categories(id="${sale['id'] as string}")`));
    expect(keys(bySale.body)).toEqual(['sandal']);
    const byTax = await api.call('GET', where('/products', `taxCategory(id="${vat['id'] as string}")`));
    expect(keys(byTax.body)).toEqual(['boot']);
    const none = await api.call('GET', where('/product-projections', 'categories is empty'));
    expect(keys(none.body)).toEqual(['hat']);
  });

  it('a missing Category or Tax Category is 400 ReferencedResourceNotFound, and nothing is stored', async () => {
    const before = await snapshot(api);
    const category = await api.call('POST', '/products', draft('boot', { categories: [{ key: 'shoes' }, { key: 'nope' }] }));
    expect(expectError(category, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'category', key: 'nope' });
    const tax = await api.call('POST', '/products', draft('boot', { taxCategory: { id: 'missing' } }));
    expect(expectError(tax, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'tax-category', id: 'missing' });
    const wrongType = await api.call('POST', '/products', draft('boot', { categories: [{ typeId: 'channel', key: 'shoes' }] }));
    expect(wrongType.status).toBe(400);
    const badHint = await api.call('POST', '/products', draft('boot', { categoryOrderHints: { [shoes['id'] as string]: 'first' } }));
    expectError(badHint, 400, 'InvalidJsonInput');
    await expectUnchanged(api, before);
  });
});
