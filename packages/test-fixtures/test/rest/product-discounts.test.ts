import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryApi, summary, type HistoryApi } from '../history/helpers.js';
import { cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { expectError, messagesOf, ok, type Json } from './helpers.js';

/**
 * Product Discounts over REST: the resource's rules (sortOrder, predicate, limit), and what they do
 * to Prices: `discounted` on Products, projections and price selection, `/matching`, the clock.
 */
let c: CartApi;
let api: HistoryApi;
beforeEach(async () => {
  api = await createHistoryApi();
  c = await cartApi(api);
});

const HOUR_MS = 3600 * 1000;

/** A Product Discount draft: active, `relative 10 %` on every Price, at sortOrder 0.5 unless `extra` says otherwise. */
const draft = (extra: Json = {}) => ({
  name: { en: 'Sale' },
  value: { type: 'relative', permyriad: 1000 },
  predicate: '1 = 1',
  sortOrder: '0.5',
  isActive: true,
  ...extra,
});

const create = async (extra: Json = {}) => ok(await api.call('POST', '/product-discounts', draft(extra)), 201);
const update = (discount: Json, ...actions: Json[]) =>
  api.call('POST', `/product-discounts/${discount['id'] as string}`, { version: discount['version'], actions });
const product = async (id: string) => ok(await api.call('GET', `/products/${id}`));
/** The `discounted` of the first Price of the master variant, in the current data (or the staged). */
const discountedOf = async (id: string, data: 'current' | 'staged' = 'current') =>
  (await product(id))['masterData'][data]['masterVariant']['prices'][0]['discounted'] as Json | undefined;

describe('Product Discounts: the resource', () => {
  it('creates one by draft and reads it by id and key, with the ids its predicate names as references', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const created = await create({ key: 'tee-sale', predicate: `product.id = "${tee['id'] as string}" and sku = "tee"` });
    expect(created).toMatchObject({
      version: 1,
      key: 'tee-sale',
      name: { en: 'Sale' },
      value: { type: 'relative', permyriad: 1000 },
      sortOrder: '0.5',
      isActive: true,
      references: [{ typeId: 'product', id: tee['id'] }],
    });
    expect(ok(await api.call('GET', '/product-discounts/key=tee-sale'))).toEqual(created);
    expect(ok(await api.call('GET', `/product-discounts/${created['id'] as string}`))).toEqual(created);
    const page = ok(await api.call('GET', '/product-discounts?where=key%3D%22tee-sale%22'));
    expect(page['results']).toEqual([created]);
  });

  it('applies every action, and deletes by key', async () => {
    let discount = await create({ key: 'd1' });
    discount = ok(
      await update(
        discount,
        { action: 'changeValue', value: { type: 'absolute', money: [eur(150)] } },
        { action: 'changePredicate', predicate: 'sku = "tee"' },
        { action: 'changeIsActive', isActive: false },
        { action: 'changeSortOrder', sortOrder: '0.7' },
        { action: 'changeName', name: { en: 'Autumn' } },
        { action: 'setDescription', description: { en: 'Off' } },
        { action: 'setKey', key: 'd2' },
        { action: 'setValidFrom', validFrom: '2026-04-01T00:00:00.000Z' },
        { action: 'setValidUntil', validUntil: '2026-05-01T00:00:00.000Z' },
        { action: 'setValidFromAndUntil', validFrom: '2026-04-02T00:00:00.000Z' },
      ),
    );
    expect(discount).toMatchObject({
      version: 2,
      key: 'd2',
      value: { type: 'absolute', money: [money(150)] },
      predicate: 'sku = "tee"',
      isActive: false,
      sortOrder: '0.7',
      name: { en: 'Autumn' },
      description: { en: 'Off' },
      validFrom: '2026-04-02T00:00:00.000Z',
    });
    // setValidFromAndUntil without validUntil unsets it.
    expect(discount['validUntil']).toBeUndefined();
    ok(await api.call('DELETE', `/product-discounts/key=d2?version=2`));
    expectError(await api.call('GET', '/product-discounts/key=d2'), 404, 'ResourceNotFound');
  });

  it('keeps sortOrder unique as a number (DuplicateField) and between 0 and 1 (InvalidField)', async () => {
    const first = await create({ sortOrder: '0.5' });
    expect(expectError(await api.call('POST', '/product-discounts', draft({ sortOrder: '0.50' })), 400, 'DuplicateField')).toMatchObject({
      field: 'sortOrder',
      duplicateValue: '0.50',
    });
    for (const sortOrder of ['1', '0', '0.0', '1.5', 'abc', '-0.5'])
      expectError(await api.call('POST', '/product-discounts', draft({ sortOrder })), 400, 'InvalidField');
    const second = await create({ sortOrder: '0.6' });
    expectError(await update(second, { action: 'changeSortOrder', sortOrder: '0.5' }), 400, 'DuplicateField');
    expect(ok(await api.call('GET', `/product-discounts/${second['id'] as string}`))).toEqual(second);
    expect(ok(await api.call('GET', '/product-discounts'))['total']).toBe(2);
    expect(first['sortOrder']).toBe('0.5');
  });

  it('refuses a predicate that does not parse with 400 SyntaxError naming the position, and changes nothing', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const refused = expectError(await api.call('POST', '/product-discounts', draft({ predicate: 'sku = "tee" and' })), 400, 'SyntaxError');
    expect(refused.message).toMatch(/position 16/);
    expect(ok(await api.call('GET', '/product-discounts'))['total']).toBe(0);
    expectError(await api.call('POST', '/product-discounts', draft({ predicate: 'colour = "red"' })), 400, 'SemanticError');
    const discount = await create({ predicate: 'sku = "tee"' });
    const before = await product(tee['id'] as string);
    expectError(await update(discount, { action: 'changePredicate', predicate: 'sku = = "x"' }), 400, 'SyntaxError');
    expect(ok(await api.call('GET', `/product-discounts/${discount['id'] as string}`))).toEqual(discount);
    expect(await product(tee['id'] as string)).toEqual(before);
  });

  it('refuses an absolute value without money or with a currency twice (InvalidOperation)', async () => {
    expectError(await api.call('POST', '/product-discounts', draft({ value: { type: 'absolute', money: [] } })), 400, 'InvalidOperation');
    const twice = { type: 'absolute', money: [eur(100), eur(200)] };
    expectError(await api.call('POST', '/product-discounts', draft({ value: twice })), 400, 'InvalidOperation');
  });

  it('allows 500 active Product Discounts: a 501st, created or activated, is 400 MaxResourceLimitExceeded', async () => {
    for (let n = 1; n <= 500; n++) await create({ sortOrder: `0.${String(n).padStart(3, '0')}1`, predicate: 'sku = "none"' });
    const over = expectError(await api.call('POST', '/product-discounts', draft({ sortOrder: '0.9' })), 400, 'MaxResourceLimitExceeded');
    expect(over).toMatchObject({ exceededResource: 'product-discount' });
    const inactive = await create({ sortOrder: '0.9', isActive: false });
    expectError(await update(inactive, { action: 'changeIsActive', isActive: true }), 400, 'MaxResourceLimitExceeded');
    expect(ok(await api.call('GET', `/product-discounts/${inactive['id'] as string}`))['isActive']).toBe(false);
  });

  it('records Change History with the live Change names', async () => {
    const discount = await create({ key: 'hist' });
    ok(
      await update(
        discount,
        { action: 'changeIsActive', isActive: false },
        { action: 'changeSortOrder', sortOrder: '0.25' },
        { action: 'changePredicate', predicate: 'sku = "tee"' },
      ),
    );
    const records = (await api.history(`/product-discount/${discount['id'] as string}`)).body;
    expect(summary(records)).toEqual([
      'product-discount v1->v2 ResourceUpdated [changeIsActive,changeSortOrder,changePredicate]',
      'product-discount v0->v1 ResourceCreated []',
    ]);
    expect(records.results[0]!.changes).toContainEqual({
      change: 'changePredicate',
      type: 'ChangePredicateChange',
      previousValue: '1 = 1',
      nextValue: 'sku = "tee"',
    });
    expect(records.results[0]!.label).toMatchObject({ type: 'LocalizedLabel', value: { en: 'Sale' } });
  });
});

describe('Product Discounts on Prices', () => {
  it('sets price.discounted on current and staged data: relative rounds a half cent down, absolute never goes below 0', async () => {
    // 101 cents at 50 %: 50.5 cents, the half rounded down to 50 (the reference's example).
    const odd = await c.product('odd', [{ value: eur(101) }]);
    // 20.00 EUR minus 25.00 EUR: 0, never negative.
    const cheap = await c.product('cheap', [{ value: eur(2000) }]);
    const half = await create({ value: { type: 'relative', permyriad: 5000 }, predicate: 'sku = "odd"' });
    await create({ value: { type: 'absolute', money: [eur(2500)] }, predicate: 'sku = "cheap"', sortOrder: '0.6' });
    const reference = { typeId: 'product-discount', id: half['id'] };
    expect(await discountedOf(odd['id'] as string)).toEqual({ value: money(50), discount: reference });
    expect(await discountedOf(odd['id'] as string, 'staged')).toEqual({ value: money(50), discount: reference });
    expect((await discountedOf(cheap['id'] as string))?.['value']).toEqual(money(0));
  });

  it('applies only the highest-ranked matching discount to a Price', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    // 10 % at 0.5 and 30 % at 0.8: 0.8 wins, 20.00 × 0.7 = 14.00 EUR (though 10 % matches too).
    await create({ sortOrder: '0.5' });
    const high = await create({ sortOrder: '0.8', value: { type: 'relative', permyriad: 3000 }, predicate: 'price >= "15.00 EUR"' });
    expect(await discountedOf(tee['id'] as string)).toEqual({
      value: money(1400),
      discount: { typeId: 'product-discount', id: high['id'] },
    });
    // Its predicate no longer matches (20.00 < 25.00): the 10 % one, 18.00 EUR.
    ok(await update(high, { action: 'changePredicate', predicate: 'price >= "25.00 EUR"' }));
    expect((await discountedOf(tee['id'] as string))?.['value']).toEqual(money(1800));
  });

  it('follows the clock: in force from validFrom, no longer at validUntil', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const from = new Date(api.clock.now() + HOUR_MS).toISOString();
    const until = new Date(api.clock.now() + 2 * HOUR_MS).toISOString();
    await create({ validFrom: from, validUntil: until });
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
    api.clock.advance(HOUR_MS);
    // 20.00 × 0.9 = 18.00 EUR from validFrom on.
    expect((await discountedOf(tee['id'] as string))?.['value']).toEqual(money(1800));
    api.clock.advance(HOUR_MS);
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
  });

  it('follows the clock after a snapshot restore too', async () => {
    const source = await c.product('tee', [{ value: eur(2000) }]);
    const discount = await create({ validFrom: new Date(api.clock.now() + HOUR_MS).toISOString() });
    const snapshot = api.emulator.snapshot();
    // A project that had no Product Discount gets it back from the snapshot, its bound still ahead.
    ok(await api.call('DELETE', `/product-discounts/${discount['id'] as string}?version=1`));
    expect(await discountedOf(source['id'] as string)).toBeUndefined();
    api.emulator.restore(snapshot);
    expect(await discountedOf(source['id'] as string)).toBeUndefined();
    api.clock.advance(HOUR_MS);
    // 20.00 × 0.9 = 18.00 EUR once the restored discount comes into force.
    expect((await discountedOf(source['id'] as string))?.['value']).toEqual(money(1800));
  });

  it('sends ProductPriceDiscountsSet and records the background change when a discount changes the Product', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const discount = await create();
    const after = await product(tee['id'] as string);
    expect(after['version']).toBe((tee['version'] as number) + 1);
    const sent = (await messagesOf(api, tee['id'] as string)).filter((message) => message['type'] === 'ProductPriceDiscountsSet');
    const priceId = after['masterData']['current']['masterVariant']['prices'][0]['id'];
    const discounted = { value: money(1800), discount: { typeId: 'product-discount', id: discount['id'] } };
    expect(sent.map((message) => message['updatedPrices'])).toEqual([
      [
        { variantId: 1, sku: 'tee', priceId, discounted, staged: false },
        { variantId: 1, sku: 'tee', priceId, discounted, staged: true },
      ],
    ]);
    const records = (await api.history(`/product/${tee['id'] as string}`)).body;
    expect(records.results[0]!.changes.map((change) => change['change'])).toEqual(['setDiscountedPrice', 'setDiscountedPrice']);
    // Deleting the discount takes `discounted` away again.
    ok(await api.call('DELETE', `/product-discounts/${discount['id'] as string}?version=1`));
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
  });

  it('keeps a Product written after the discount in step within its own write', async () => {
    await create({ predicate: 'price.currency = "EUR" and variant.id = 2' });
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
    const added = ok(
      await api.call('POST', `/products/${tee['id'] as string}`, {
        version: tee['version'],
        actions: [{ action: 'addVariant', sku: 'tee-2', prices: [{ value: eur(3000) }], staged: false }],
      }),
    );
    // 30.00 × 0.9 = 27.00 EUR on the new variant 2, in the answer of the write itself.
    expect(added['masterData']['current']['variants'][0]['prices'][0]['discounted']['value']).toEqual(money(2700));
  });

  it('matches by categories, attributes, product type and price fields', async () => {
    ok(await api.call('POST', '/categories', { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' } }), 201);
    const tee = await c.product('tee', [{ value: eur(2000), country: 'DE' }], { categories: [{ key: 'shirts' }] });
    const mug = await c.product('mug', [{ value: eur(900) }]);
    await create({ predicate: 'categories.key contains "shirts" and price.country = "DE" and productType.key = "thing"' });
    expect((await discountedOf(tee['id'] as string))?.['value']).toEqual(money(1800));
    expect(await discountedOf(mug['id'] as string)).toBeUndefined();
  });

  it('shows discounted on projections and on the selected price', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }, { value: { currencyCode: 'USD', centAmount: 3000 } }]);
    await create({ value: { type: 'absolute', money: [eur(500)] } });
    const projection = ok(await api.call('GET', `/product-projections/${tee['id'] as string}?priceCurrency=EUR`));
    // 20.00 − 5.00 = 15.00 EUR; the USD Price has no money of its currency in the discount: none.
    expect(projection['masterVariant']['price']['discounted']['value']).toEqual(money(1500));
    expect(projection['masterVariant']['prices'][1]['discounted']).toBeUndefined();
    const selected = ok(await api.call('GET', `/products/${tee['id'] as string}?priceCurrency=EUR`));
    expect(selected['masterData']['current']['masterVariant']['price']['discounted']['value']).toEqual(money(1500));
  });
});

describe('Product Discounts on Cart lines', () => {
  it("price a line at the Price's discounted value, and follow a discount added after the line", async () => {
    await c.product('tee', [{ value: eur(1999) }]);
    // 19.99 EUR at 15 % off: 1999 × 0.85 = 1699.15 cents, rounded to 1699; three tees: 3 × 16.99 = 50.97 EUR.
    const discount = await create({ value: { type: 'relative', permyriad: 1500 }, predicate: 'sku = "tee"' });
    let cart = await c.cart({ country: 'DE', lineItems: [{ sku: 'tee', quantity: 3 }] });
    expect(cart['lineItems'][0]['price']['discounted']).toEqual({
      value: money(1699),
      discount: { typeId: 'product-discount', id: discount['id'] },
    });
    expect(cart['lineItems'][0]['totalPrice']).toEqual(money(5097));
    expect(cart['totalPrice']).toEqual(money(5097));
    // 2.50 EUR off instead: 19.99 − 2.50 = 17.49 EUR, three: 52.47 EUR once the Cart is recalculated.
    ok(await update(discount, { action: 'changeValue', value: { type: 'absolute', money: [eur(250)] } }));
    cart = await c.updated(cart, { action: 'recalculate' });
    expect(cart['lineItems'][0]['totalPrice']).toEqual(money(5247));
    expect(cart['totalPrice']).toEqual(money(5247));
  });
});

describe('Product Discounts and price tiers', () => {
  it('leave a line at a tier undiscounted (decision), and discount the Price itself below the tier', async () => {
    await c.product('cup', [{ value: eur(1000), tiers: [{ minimumQuantity: 3, value: eur(800) }] }]);
    await create();
    // One cup: 10.00 × 0.9 = 9.00 EUR.
    const one = await c.cart({ country: 'DE', lineItems: [{ sku: 'cup', quantity: 1 }] });
    expect(one['lineItems'][0]['totalPrice']).toEqual(money(900));
    // Three cups: the tier's 8.00 EUR, undiscounted: 3 × 8.00 = 24.00 EUR.
    const three = await c.cart({ country: 'DE', lineItems: [{ sku: 'cup', quantity: 3 }] });
    expect(three['lineItems'][0]['price']['discounted']).toBeUndefined();
    expect(three['lineItems'][0]['totalPrice']).toEqual(money(2400));
  });
});

describe('POST /product-discounts/matching', () => {
  it('answers the discount that would apply to a given Price, or 404 NoMatchingProductDiscountFound', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const discount = await create({ predicate: 'price > "30.00 EUR"' });
    const query = (centAmount: number) => ({ productId: tee['id'], variantId: 1, staged: false, price: { value: eur(centAmount) } });
    expect(ok(await api.call('POST', '/product-discounts/matching', query(5000)))).toEqual(discount);
    expectError(await api.call('POST', '/product-discounts/matching', query(2000)), 404, 'NoMatchingProductDiscountFound');
    expectError(await api.call('POST', '/product-discounts/matching', { ...query(5000), variantId: 9 }), 400, 'InvalidInput');
  });
});

describe('External Product Discounts', () => {
  it('apply only through setDiscountedPrice, whose value a higher-ranked discount still overrides', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const external = await create({ value: { type: 'external' }, predicate: 'sku = "tee"', sortOrder: '0.4' });
    // An external discount alone sets nothing.
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
    let current = await product(tee['id'] as string);
    const priceId = current['masterData']['staged']['masterVariant']['prices'][0]['id'] as string;
    const set = (discounted: Json | undefined, version: number) =>
      api.call('POST', `/products/${tee['id'] as string}`, {
        version,
        actions: [{ action: 'setDiscountedPrice', priceId, staged: false, ...(discounted ? { discounted } : {}) }],
      });
    const reference = { typeId: 'product-discount', id: external['id'] };
    // 20.00 EUR set to 12.34 EUR by the external service.
    current = ok(await set({ value: eur(1234), discount: reference }, current['version'] as number));
    expect(current['masterData']['current']['masterVariant']['prices'][0]['discounted']).toEqual({
      value: money(1234),
      discount: reference,
    });
    const sent = (await messagesOf(api, tee['id'] as string)).filter((message) => message['type'] === 'ProductPriceExternalDiscountSet');
    expect(sent).toHaveLength(1);
    // A relative discount ranked higher (0.6 > 0.4) takes over: 20.00 × 0.9 = 18.00 EUR.
    const relative = await create({ sortOrder: '0.6' });
    expect((await discountedOf(tee['id'] as string))?.['value']).toEqual(money(1800));
    ok(await api.call('DELETE', `/product-discounts/${relative['id'] as string}?version=1`));
    // Back to none: the external value was replaced, and only setDiscountedPrice sets it again.
    expect(await discountedOf(tee['id'] as string)).toBeUndefined();
  });

  it('refuse a discount that is not external, or a value in another currency, with 400 InvalidOperation', async () => {
    const tee = await c.product('tee', [{ value: eur(2000) }]);
    const relative = await create();
    const external = await create({ value: { type: 'external' }, sortOrder: '0.3' });
    const current = await product(tee['id'] as string);
    const priceId = current['masterData']['staged']['masterVariant']['prices'][0]['id'] as string;
    const set = (discounted: Json) =>
      api.call('POST', `/products/${tee['id'] as string}`, {
        version: current['version'],
        actions: [{ action: 'setDiscountedPrice', priceId, discounted }],
      });
    expectError(await set({ value: eur(100), discount: { typeId: 'product-discount', id: relative['id'] } }), 400, 'InvalidOperation');
    const usd = { currencyCode: 'USD', centAmount: 100 };
    expectError(await set({ value: usd, discount: { typeId: 'product-discount', id: external['id'] } }), 400, 'InvalidOperation');
    expect(await product(tee['id'] as string)).toEqual(current);
  });
});
