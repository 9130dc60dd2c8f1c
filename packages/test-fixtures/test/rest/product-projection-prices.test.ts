import { beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, createStore, expectError, ok } from './helpers.js';
import { productApi, type ProductApi } from './product-fixtures.js';

let p: ProductApi;
let web: string;
let shop: string;

beforeEach(async () => {
  p = await productApi();
  web = ok(await p.api.call('POST', '/channels', { key: 'web', roles: ['ProductDistribution'] }), 201).id;
  shop = ok(await p.api.call('POST', '/channels', { key: 'shop', roles: ['ProductDistribution'] }), 201).id;
});

const day = (n: number) => new Date(Date.parse('2026-03-01T00:00:00.000Z') + n * DAY_MS).toISOString();
const price = (key: string, currencyCode: string, extra: Record<string, unknown> = {}) => ({
  key,
  value: { currencyCode, centAmount: 100 },
  ...extra,
});

/** A published Product whose master variant has Prices of every kind of scope. */
async function pricedProduct(): Promise<string> {
  const product = await p.create(1, {
    key: 'priced',
    masterVariant: {
      sku: 'one',
      prices: [
        price('any-eur', 'EUR'),
        price('usd', 'USD'),
        price('de', 'EUR', { country: 'DE' }),
        price('web', 'EUR', { channel: { key: 'web' } }),
        price('web-de', 'EUR', { channel: { key: 'web' }, country: 'DE' }),
        price('eur-sale', 'EUR', { country: 'AT', validFrom: day(-1), validUntil: day(1) }),
        price('at', 'EUR', { country: 'AT' }),
        price('expired', 'EUR', { country: 'FR', validUntil: day(-1) }),
      ],
    },
    variants: [{ sku: 'two', prices: [price('gbp', 'GBP')] }],
    publish: true,
  });
  return product.id;
}

async function selectedKey(query: string, path = '/product-projections/key=priced'): Promise<string | undefined> {
  const projection = ok(await p.api.call('GET', `${path}?${query}`));
  return projection.masterVariant.price?.key;
}

describe('price selection on Product Projections', () => {
  it('gives no price without priceCurrency, and the most specific valid Price with it', async () => {
    await pricedProduct();
    const plain = ok(await p.api.call('GET', '/product-projections/key=priced'));
    expect(plain.masterVariant).not.toHaveProperty('price');
    expect(await selectedKey('priceCurrency=EUR')).toBe('any-eur');
    expect(await selectedKey('priceCurrency=USD')).toBe('usd');
    expect(await selectedKey('priceCurrency=EUR&priceCountry=DE')).toBe('de');
    expect(await selectedKey(`priceCurrency=EUR&priceChannel=${web}`)).toBe('web');
    // Channel weighs more than country; both together win.
    expect(await selectedKey(`priceCurrency=EUR&priceCountry=DE&priceChannel=${web}`)).toBe('web-de');
    expect(await selectedKey(`priceCurrency=EUR&priceCountry=AT&priceChannel=${web}`)).toBe('web');
    // A channel without own Prices falls back to Prices without a channel.
    expect(await selectedKey(`priceCurrency=EUR&priceCountry=DE&priceChannel=${shop}`)).toBe('de');
    // No Customer Group Prices exist: the group falls back like a channel does.
    expect(await selectedKey('priceCurrency=EUR&priceCountry=DE&priceCustomerGroup=some-group')).toBe('de');
    expect(await selectedKey('priceCurrency=JPY')).toBeUndefined();
  });

  it('prefers a Price valid now over one without dates, and ignores Prices outside their validity', async () => {
    await pricedProduct();
    expect(await selectedKey('priceCurrency=EUR&priceCountry=AT')).toBe('eur-sale');
    expect(await selectedKey('priceCurrency=EUR&priceCountry=FR')).toBe('any-eur');
    p.api.clock.advance(16 * 3600 * 1000); // from 09:00 to past the sale's end at midnight
    expect(await selectedKey('priceCurrency=EUR&priceCountry=AT')).toBe('at');
  });

  it('selects per variant, on query, get by id and key, staged or current', async () => {
    const id = await pricedProduct();
    const byId = ok(await p.api.call('GET', `/product-projections/${id}?priceCurrency=GBP&staged=true`));
    expect(byId.masterVariant).not.toHaveProperty('price');
    expect(byId.variants[0].price.key).toBe('gbp');
    const page = ok(await p.api.call('GET', '/product-projections?priceCurrency=EUR&priceCountry=DE'));
    expect(page.results[0].masterVariant.price.key).toBe('de');
    expect(page.results[0].variants[0]).not.toHaveProperty('price');
  });

  it('refuses a price parameter without priceCurrency', async () => {
    await pricedProduct();
    for (const query of ['priceCountry=DE', `priceChannel=${web}`, 'priceCustomerGroup=x']) {
      expectError(await p.api.call('GET', `/product-projections/key=priced?${query}`), 400, 'InvalidInput');
      expectError(await p.api.call('GET', `/product-projections?${query}`), 400, 'InvalidInput');
    }
  });
});

describe('price selection on GET /products/{ID}', () => {
  it('adds the selected price to the variants of the current and the staged data, by id and by key', async () => {
    const id = await pricedProduct();
    const plain = ok(await p.api.call('GET', `/products/${id}`));
    expect(plain.masterData.current.masterVariant).not.toHaveProperty('price');
    for (const path of [`/products/${id}`, '/products/key=priced']) {
      const product = ok(await p.api.call('GET', `${path}?priceCurrency=EUR&priceCountry=DE`));
      for (const data of [product.masterData.current, product.masterData.staged]) {
        expect(data.masterVariant.price.key).toBe('de');
        expect(data.variants[0]).not.toHaveProperty('price');
      }
    }
    expect(ok(await p.api.call('GET', `/products/${id}?priceCurrency=GBP`)).masterData.staged.variants[0].price.key).toBe('gbp');
    expectError(await p.api.call('GET', `/products/${id}?priceCountry=DE`), 400, 'InvalidInput');
    // Updates select too; a bad price parameter refuses the update before it changes anything.
    const setKey = (query: string) =>
      p.api.call('POST', `/products/${id}?${query}`, { version: plain.version, actions: [{ action: 'setKey', key: 'k2' }] });
    expectError(await setKey('priceCountry=DE'), 400, 'InvalidInput');
    expect(ok(await setKey('priceCurrency=USD')).masterData.current.masterVariant.price.key).toBe('usd');
  });
});

describe('in-store Product Projections', () => {
  it("keep only the Prices without a channel or with one of the Store's distribution channels, and select among them", async () => {
    await pricedProduct();
    await createStore(p.api, 'berlin', { distributionChannels: [{ key: 'shop' }] });
    const inStore = '/in-store/key=berlin/product-projections/key=priced';
    const projection = ok(await p.api.call('GET', inStore));
    expect(projection.masterVariant.prices.map((pr: { key: string }) => pr.key)).toEqual([
      'any-eur',
      'usd',
      'de',
      'eur-sale',
      'at',
      'expired',
    ]);
    expect(await selectedKey(`priceCurrency=EUR&priceCountry=DE&priceChannel=${web}`, inStore)).toBe('de');

    await createStore(p.api, 'online', { distributionChannels: [{ key: 'web' }] });
    expect(
      await selectedKey(`priceCurrency=EUR&priceCountry=DE&priceChannel=${web}`, '/in-store/key=online/product-projections/key=priced'),
    ).toBe('web-de');

    await createStore(p.api, 'everywhere');
    const all = ok(await p.api.call('GET', '/in-store/key=everywhere/product-projections/key=priced'));
    expect(all.masterVariant.prices).toHaveLength(8);
  });

  it("keep only the Prices without a country or with one of the Store's countries, and select among them", async () => {
    await pricedProduct();
    await createStore(p.api, 'vienna', { countries: [{ code: 'AT' }] });
    const inStore = '/in-store/key=vienna/product-projections/key=priced';
    const projection = ok(await p.api.call('GET', inStore));
    expect(projection.masterVariant.prices.map((pr: { key: string }) => pr.key)).toEqual(['any-eur', 'usd', 'web', 'eur-sale', 'at']);
    expect(await selectedKey('priceCurrency=EUR&priceCountry=DE', inStore)).toBe('any-eur');
    expect(await selectedKey('priceCurrency=EUR&priceCountry=AT', inStore)).toBe('eur-sale');
    await createStore(p.api, 'vienna-web', { countries: [{ code: 'AT' }], distributionChannels: [{ key: 'web' }] });
    const both = ok(await p.api.call('GET', '/in-store/key=vienna-web/product-projections/key=priced'));
    expect(both.masterVariant.prices.map((pr: { key: string }) => pr.key)).toEqual(['any-eur', 'usd', 'web', 'eur-sale', 'at']);
  });
});
