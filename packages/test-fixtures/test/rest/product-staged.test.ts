import { beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectUnchanged, ok, snapshot } from './helpers.js';
import { productApi, type ProductApi } from './product-fixtures.js';

let p: ProductApi;

beforeEach(async () => {
  p = await productApi();
});

const eur = (centAmount: number) => ({ value: { currencyCode: 'EUR', centAmount } });

describe('staged and current data', () => {
  it('changes the staged data by default and both with staged false; hasStagedChanges follows the difference', async () => {
    const product = await p.create(1, { publish: true });
    expect(product.masterData.hasStagedChanges).toBe(false);
    const staged = await p.updated(product, [{ action: 'changeName', name: { en: 'Staged' } }]);
    expect(staged.masterData).toMatchObject({
      hasStagedChanges: true,
      staged: { name: { en: 'Staged' } },
      current: { name: { en: 'Shirt 1' } },
    });
    const back = await p.updated(staged, [{ action: 'changeName', name: { en: 'Shirt 1' } }]);
    expect(back.masterData.hasStagedChanges).toBe(false);
    const both = await p.updated(back, [{ action: 'setDescription', description: { en: 'Both' }, staged: false }]);
    expect(both.masterData.hasStagedChanges).toBe(false);
    expect(both.masterData.current['description']).toEqual({ en: 'Both' });
  });

  it('projections show the staged data with staged=true and the current data otherwise', async () => {
    const product = await p.create(1, { key: 'tee', publish: true });
    await p.updated(product, [{ action: 'changeName', name: { en: 'Staged' } }]);
    const current = ok(await p.api.call('GET', `/product-projections/${product.id}`));
    const staged = ok(await p.api.call('GET', '/product-projections/key=tee?staged=true'));
    expect(current).toMatchObject({ name: { en: 'Shirt 1' }, hasStagedChanges: true });
    expect(staged).toMatchObject({ name: { en: 'Staged' }, hasStagedChanges: true });
    const query = ok(await p.api.call('GET', '/product-projections?staged=true&where=' + encodeURIComponent('name(en = "Staged")')));
    expect(query.results.map((r: { id: string }) => r.id)).toEqual([product.id]);
  });
});

describe('publish', () => {
  it('with scope All (the default) copies every staged change to the current data', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100)] } });
    const edited = await p.updated(product, [
      { action: 'changeName', name: { en: 'New' } },
      { action: 'setPrices', variantId: 1, prices: [eur(200)] },
    ]);
    const published = await p.updated(edited, [{ action: 'publish', scope: 'All' }]);
    expect(published.masterData.published).toBe(true);
    expect(published.masterData.hasStagedChanges).toBe(false);
    expect(published.masterData.current).toEqual(published.masterData.staged);
    expect(await p.lastChanges(product.id)).toEqual([{ change: 'publish', type: 'PublishChange' }]);
  });

  it('with scope Prices copies only the staged Prices; other staged changes stay staged', async () => {
    const product = await p.create(1, { masterVariant: { sku: 'one', prices: [eur(100)] }, publish: true });
    const edited = await p.updated(product, [
      { action: 'changeName', name: { en: 'New' } },
      { action: 'setPrices', variantId: 1, prices: [eur(200)] },
    ]);
    const published = await p.updated(edited, [{ action: 'publish', scope: 'Prices' }]);
    const { current, staged, hasStagedChanges } = published.masterData;
    expect(current['masterVariant'].prices).toEqual(staged['masterVariant'].prices);
    expect(current['masterVariant'].prices[0].value.centAmount).toBe(200);
    expect(current['name']).toEqual({ en: 'Shirt 1' });
    expect(hasStagedChanges).toBe(true);
  });

  it('refuses an unknown scope and changes nothing', async () => {
    const product = await p.create(1);
    const before = await snapshot(p.api);
    expectError(await p.update(product, [{ action: 'publish', scope: 'Everything' }]), 400, 'InvalidJsonInput');
    await expectUnchanged(p.api, before);
  });
});

describe('revertStagedChanges', () => {
  it('copies the current data over the staged data', async () => {
    const product = await p.create(1, { variants: [{ sku: 'two' }], publish: true });
    const edited = await p.updated(product, [
      { action: 'changeName', name: { en: 'Draft' } },
      { action: 'removeVariant', sku: 'two' },
      { action: 'setAttribute', variantId: 1, name: 'weight', value: 3 },
    ]);
    expect(edited.masterData.hasStagedChanges).toBe(true);
    const reverted = await p.updated(edited, [{ action: 'revertStagedChanges' }]);
    expect(reverted.masterData.staged).toEqual(product.masterData.current);
    expect(reverted.masterData.hasStagedChanges).toBe(false);
    const changes = await p.lastChanges(product.id);
    expect(changes.map((c) => c['change']).sort()).toEqual(['addVariant', 'changeName', 'setAttribute']);
    expect(changes.every((c) => c['catalogData'] === 'staged')).toBe(true);
  });

  it('without staged changes leaves the Product as it is (same version)', async () => {
    const product = await p.create(1, { publish: true });
    const same = await p.updated(product, [{ action: 'revertStagedChanges' }]);
    expect(same.version).toBe(product.version);
  });
});
