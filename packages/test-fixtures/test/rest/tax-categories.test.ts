import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, expectUnchanged, snapshot, UUID, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const standard = { name: 'Standard', amount: 0.19, includedInPrice: true, country: 'DE', key: 'de' };

async function createTaxCategory(key: string, extra: Json = {}): Promise<Json> {
  const answer = await api.call('POST', '/tax-categories', { key, name: key, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Json;
}

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/tax-categories/key=${key}`, { version, actions });

describe('tax categories', () => {
  it('are created with rates that get ids, read by id and key, queried', async () => {
    const vat = await createTaxCategory('vat', {
      description: 'VAT',
      rates: [
        standard,
        {
          name: 'Texas',
          includedInPrice: false,
          country: 'US',
          state: 'TX',
          subRates: [
            { name: 'state', amount: 0.0625 },
            { name: 'city', amount: 0.02 },
          ],
        },
        { name: 'Austria', amount: 0.2, includedInPrice: true, country: 'AT', state: '' },
      ],
    });
    const rates = vat['rates'] as Json[];
    expect(rates.map((r) => r['id'])).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(rates[0]).toEqual({ ...standard, id: rates[0]!['id'] });
    expect(rates[1]).toMatchObject({ country: 'US', state: 'TX', subRates: [{ name: 'state' }, { name: 'city' }] });
    expect(rates[1]!['amount']).toBeCloseTo(0.0825, 10);
    expect(rates[2]!['state']).toBeUndefined();
    expect((await api.call('GET', `/tax-categories/${vat['id'] as string}`)).body).toEqual(vat);
    expect((await api.call('GET', '/tax-categories/key=vat')).body).toEqual(vat);
    const empty = await createTaxCategory('none');
    expect(empty['rates']).toEqual([]);
    const page = await api.call('GET', '/tax-categories?where=rates(country="DE")&withTotal=true');
    expect(page.body).toMatchObject({ total: 1, results: [{ key: 'vat' }] });
  });

  it('refuse a rate without amount or subRates, an amount that is not their sum, or out of 0..1; nothing changes', async () => {
    await createTaxCategory('vat');
    const before = await snapshot(api);
    const bad = (rate: Json) => api.call('POST', '/tax-categories', { name: 'x', rates: [rate] });
    expectError(await bad({ name: 'r', includedInPrice: true, country: 'DE' }), 400, 'InvalidOperation');
    expectError(await bad({ ...standard, amount: 0.1, subRates: [{ name: 's', amount: 0.2 }] }), 400, 'InvalidOperation');
    expectError(await bad({ ...standard, amount: 1.5 }), 400, 'InvalidJsonInput');
    expectError(await bad({ ...standard, country: 'germany' }), 400, 'InvalidJsonInput');
    const added = await update('vat', 1, [{ action: 'addTaxRate', taxRate: { name: 'r', includedInPrice: true, country: 'DE' } }]);
    expectError(added, 400, 'InvalidOperation');
    await expectUnchanged(api, before);
  });

  it('refuse a repeated country and state, a repeated rate key, a taken name or key; nothing changes', async () => {
    await createTaxCategory('vat', { rates: [standard, { ...standard, key: 'by', state: 'BY' }] });
    const before = await snapshot(api);
    const twice = await api.call('POST', '/tax-categories', { name: 'x', rates: [standard, { ...standard, key: 'other' }] });
    expect(expectError(twice, 400, 'DuplicateField')).toMatchObject({ field: 'rates[1].country', duplicateValue: 'DE' });
    const state = await update('vat', 1, [{ action: 'addTaxRate', taxRate: { ...standard, key: 'by2', state: 'BY' } }]);
    expect(expectError(state, 400, 'DuplicateField')).toMatchObject({ field: 'taxRate.state', duplicateValue: 'BY' });
    const key = await update('vat', 1, [{ action: 'addTaxRate', taxRate: { ...standard, state: 'HH' } }]);
    expect(expectError(key, 400, 'DuplicateField')).toMatchObject({ field: 'taxRate.key', duplicateValue: 'de' });
    expectError(await api.call('POST', '/tax-categories', { name: 'vat' }), 400, 'InvalidOperation');
    expectError(await api.call('POST', '/tax-categories', { name: 'other', key: 'vat' }), 400, 'DuplicateField');
    await createTaxCategory('reduced');
    const before2 = await snapshot(api);
    expectError(await update('reduced', 1, [{ action: 'changeName', name: 'vat' }]), 400, 'InvalidOperation');
    expectError(await update('reduced', 1, [{ action: 'setKey', key: 'vat' }]), 400, 'DuplicateField');
    await expectUnchanged(api, before2);
    expect(before2).not.toEqual(before);
  });

  it('update actions change the name, description and key, and add, replace and remove rates by id or key', async () => {
    const vat = await createTaxCategory('vat', { rates: [standard] });
    const firstId = (vat['rates'] as Json[])[0]!['id'];
    const changed = await update('vat', 1, [
      { action: 'changeName', name: 'Value added tax' },
      { action: 'setDescription', description: 'VAT' },
      { action: 'addTaxRate', taxRate: { name: 'France', amount: 0.2, includedInPrice: true, country: 'FR', key: 'fr' } },
      { action: 'replaceTaxRate', taxRateKey: 'de', taxRate: { ...standard, amount: 0.16 } },
      { action: 'setKey', key: 'vat-2' },
    ]);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ version: 2, key: 'vat-2', name: 'Value added tax', description: 'VAT' });
    const rates = changed.body.rates as Json[];
    expect(rates.map((r) => [r['key'], r['amount']])).toEqual([
      ['de', 0.16],
      ['fr', 0.2],
    ]);
    expect(rates[0]!['id']).not.toBe(firstId);
    const removed = await update('vat-2', 2, [{ action: 'removeTaxRate', taxRateId: rates[1]!['id'] }, { action: 'setDescription' }]);
    expect(removed.body.rates.map((r: Json) => r['key'])).toEqual(['de']);
    expect(removed.body.description).toBeUndefined();
  });

  it('replaceTaxRate and removeTaxRate of a rate that is not there are 400 InvalidOperation; nothing changes', async () => {
    await createTaxCategory('vat', { rates: [standard] });
    const before = await snapshot(api);
    expectError(await update('vat', 1, [{ action: 'removeTaxRate', taxRateId: 'nope' }]), 400, 'InvalidOperation');
    expectError(await update('vat', 1, [{ action: 'removeTaxRate' }]), 400, 'InvalidOperation');
    expectError(await update('vat', 1, [{ action: 'replaceTaxRate', taxRateKey: 'nope', taxRate: standard }]), 400, 'InvalidOperation');
    await expectUnchanged(api, before);
  });

  it('a Tax Category a Product references cannot be deleted (400 ReferenceExists) until the Product is gone', async () => {
    const vat = await createTaxCategory('vat', { rates: [standard] });
    await api.call('POST', '/product-types', { key: 'pt', name: 'PT', description: 'pt' });
    const product = await api.call('POST', '/products?expand=taxCategory', {
      productType: { key: 'pt' },
      name: { en: 'P' },
      slug: { en: 'p' },
      taxCategory: { key: 'vat' },
    });
    expect(product.status).toBe(201);
    expect(product.body.taxCategory).toMatchObject({ typeId: 'tax-category', id: vat['id'], obj: { key: 'vat' } });
    const before = await snapshot(api);
    const refused = await api.call('DELETE', '/tax-categories/key=vat?version=1');
    expect(expectError(refused, 400, 'ReferenceExists')['referencedBy']).toBe('product');
    await expectUnchanged(api, before);
    await api.call('DELETE', `/products/${product.body.id as string}?version=1`);
    expect((await api.call('DELETE', '/tax-categories/key=vat?version=1')).status).toBe(200);
    expect((await api.call('GET', '/tax-categories/key=vat')).status).toBe(404);
  });

  it('need view_tax_categories (or view_products) to read and manage_tax_categories (or manage_products) to write', async () => {
    await createTaxCategory('vat');
    const viewer = await api.token(`view_tax_categories:${api.project}`);
    expect((await api.as(viewer)('GET', '/tax-categories/key=vat')).status).toBe(200);
    expectError(await api.as(viewer)('POST', '/tax-categories', { name: 'x' }), 403, 'insufficient_scope');
    const manager = await api.token(`manage_products:${api.project}`);
    expect((await api.as(manager)('POST', '/tax-categories', { name: 'x' })).status).toBe(201);
    const other = await api.token(`view_categories:${api.project}`);
    expectError(await api.as(other)('GET', '/tax-categories'), 403, 'insufficient_scope');
  });
});
