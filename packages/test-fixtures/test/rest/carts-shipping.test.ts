import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, money, NEW_YORK, type CartApi } from './cart-fixtures.js';
import { createStore, expectError, ok, type Json } from './helpers.js';

let c: CartApi;
let standard: Json;
let express: Json;
beforeEach(async () => {
  c = await cartApi();
  ok(await c.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
  ok(await c.api.call('POST', '/zones', { key: 'ny', name: 'New York', locations: [{ country: 'US', state: 'NY' }] }), 201);
  standard = ok(
    await c.api.call('POST', '/shipping-methods', {
      key: 'standard',
      name: 'standard',
      isDefault: true,
      taxCategory: { key: 'standard' },
      zoneRates: [
        { zone: { key: 'de' }, shippingRates: [{ price: eur(495), freeAbove: eur(10000) }] },
        { zone: { key: 'ny' }, shippingRates: [{ price: { currencyCode: 'USD', centAmount: 800 } }] },
      ],
    }),
    201,
  );
  express = ok(
    await c.api.call('POST', '/shipping-methods', {
      key: 'express',
      name: 'express',
      isDefault: false,
      taxCategory: { key: 'standard' },
      zoneRates: [
        {
          zone: { key: 'de' },
          shippingRates: [
            {
              price: eur(1500),
              tiers: [
                { type: 'CartValue', minimumCentAmount: 5000, price: eur(1000) },
                { type: 'CartValue', minimumCentAmount: 20000, price: eur(500) },
              ],
            },
          ],
        },
      ],
    }),
    201,
  );
  await c.product('tee', [{ value: eur(2000) }, { value: { currencyCode: 'USD', centAmount: 2000 } }]);
});

const line = (cart: Json) => (cart['lineItems'] as Json[])[0]!['id'] as string;
const quantity = (cart: Json, n: number) => c.updated(cart, { action: 'changeLineItemQuantity', lineItemId: line(cart), quantity: n });

describe('cart shipping', () => {
  it('sets the Shipping Method for the address, its price in the total and its tax in the taxed prices', async () => {
    let cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2 }] });
    expectError(await c.update(cart, { action: 'setShippingMethod', shippingMethod: { key: 'standard' } }), 400, 'InvalidOperation');
    cart = await c.updated(
      cart,
      { action: 'setShippingAddress', address: BERLIN },
      { action: 'setShippingMethod', shippingMethod: { key: 'standard' } },
    );
    // 4.95 gross at 19 % included: net 495 / 1.19 = 415.97 → 416, tax 79
    const shippingTax = {
      totalNet: money(416),
      totalGross: money(495),
      totalTax: money(79),
      taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(79) }],
    };
    expect(cart['shippingInfo']).toEqual({
      shippingMethodName: 'standard',
      price: money(495),
      shippingRate: { price: money(495), freeAbove: money(10000), tiers: [] },
      taxCategory: { typeId: 'tax-category', id: c.taxCategoryId },
      taxRate: expect.objectContaining({ name: 'DE VAT', amount: 0.19, includedInPrice: true, country: 'DE' }),
      taxedPrice: shippingTax,
      shippingMethod: { typeId: 'shipping-method', id: standard['id'] },
      deliveries: [],
      shippingMethodState: 'MatchesCart',
    });
    expect(cart['taxedShippingPrice']).toEqual(shippingTax);
    // lines 20.00 × 2 = 40.00 (net 4000 / 1.19 = 3361.34 → 3361, tax 639) and shipping 4.95 (net 416, tax 79)
    expect(cart['totalPrice']).toEqual(money(4495));
    expect(cart['taxedPrice']).toEqual({
      totalNet: money(3777),
      totalGross: money(4495),
      totalTax: money(718),
      taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(718) }],
    });
    cart = await c.updated(cart, { action: 'setShippingMethod' });
    expect(cart['shippingInfo']).toBeUndefined();
    expect(cart['taxedShippingPrice']).toBeUndefined();
    expect(cart['totalPrice']).toEqual(money(4000));
  });

  it('ships for free once the items reach freeAbove', async () => {
    let cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 4 }], shippingMethod: { key: 'standard' } });
    // 80.00 of items, below 100.00: 80.00 + 4.95
    expect(cart['totalPrice']).toEqual(money(8495));
    cart = await quantity(cart, 5);
    // 100.00 reaches freeAbove 100.00: shipping 0
    expect(cart['shippingInfo']).toMatchObject({ price: money(0), taxedPrice: { totalGross: money(0) } });
    expect(cart['totalPrice']).toEqual(money(10000));
    cart = await quantity(cart, 4);
    expect(cart['totalPrice']).toEqual(money(8495));
  });

  it('prices by the CartValue tier the items reach, with the project shippingRateInputType CartValue', async () => {
    let cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 3 }], shippingMethod: { key: 'express' } });
    // no input type: the rate's price, 60.00 + 15.00
    expect(cart['totalPrice']).toEqual(money(7500));
    const project = ok(await c.api.call('GET', ''));
    ok(
      await c.api.call('POST', '', {
        version: project['version'],
        actions: [{ action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } }],
      }),
    );
    cart = await quantity(cart, 2);
    // 40.00 is below the first tier (50.00): 40.00 + 15.00
    expect(cart['totalPrice']).toEqual(money(5500));
    cart = await quantity(cart, 3);
    // 60.00 reaches the 50.00 tier: 60.00 + 10.00
    expect(cart['totalPrice']).toEqual(money(7000));
    cart = await quantity(cart, 10);
    // 200.00 reaches the 200.00 tier: 200.00 + 5.00
    expect(cart['shippingInfo']['price']).toEqual(money(500));
    expect(cart['totalPrice']).toEqual(money(20500));
  });

  it('says DoesNotMatchCart once the address or the method no longer fits, evaluated on every update', async () => {
    let cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee' }], shippingMethod: { key: 'standard' } });
    cart = await c.updated(cart, { action: 'setShippingAddress', address: NEW_YORK });
    // New York has only a USD rate for this EUR cart: the last rate stays, 20.00 + 4.95
    expect(cart['shippingInfo']).toMatchObject({ shippingMethodState: 'DoesNotMatchCart', price: money(495) });
    expect(cart['totalPrice']).toEqual(money(2495));
    cart = await c.updated(cart, { action: 'setShippingAddress', address: BERLIN });
    expect(cart['shippingInfo']['shippingMethodState']).toBe('MatchesCart');
    ok(
      await c.api.call('POST', '/shipping-methods/key=standard', {
        version: standard['version'],
        actions: [{ action: 'changeActive', active: false }],
      }),
    );
    cart = await c.updated(cart, { action: 'setCustomerEmail', email: 'a@example.com' });
    expect(cart['shippingInfo']['shippingMethodState']).toBe('DoesNotMatchCart');
  });

  it('refuses a method without a rate for the zone and currency, an inactive or unknown one, changing nothing', async () => {
    const usd = await c.cart({ currency: 'USD', shippingAddress: BERLIN, lineItems: [{ sku: 'tee' }] });
    const noRate = expectError(
      await c.update(usd, { action: 'setShippingMethod', shippingMethod: { key: 'standard' } }),
      400,
      'InvalidOperation',
    );
    const zone = ok(await c.api.call('GET', '/zones/key=de'));
    expect(noRate.message).toBe(
      `Shipping method '${standard['id']}' does not contain a shipping rate for zone '${zone['id']}' and currency 'USD'.`,
    );
    const paris = await c.cart({ shippingAddress: { country: 'FR' } });
    const noZone = expectError(
      await c.update(paris, { action: 'setShippingMethod', shippingMethod: { key: 'standard' } }),
      400,
      'InvalidOperation',
    );
    expect(noZone.message).toBe(`Shipping method '${standard['id']}' has no zone for the shipping address (FR).`);
    expectError(
      await c.update(paris, { action: 'setShippingMethod', shippingMethod: { id: '00000000-0000-4000-8000-000000000000' } }),
      400,
      'ReferencedResourceNotFound',
    );
    ok(
      await c.api.call('POST', '/shipping-methods/key=express', {
        version: express['version'],
        actions: [{ action: 'changeActive', active: false }],
      }),
    );
    expect(
      expectError(await c.update(paris, { action: 'setShippingMethod', shippingMethod: { key: 'express' } }), 400, 'InvalidOperation')
        .message,
    ).toBe(`Shipping method '${express['id']}' is not active.`);
    expect(ok(await c.api.call('GET', `/carts/${usd['id']}`))).toEqual(usd);
    expect(ok(await c.api.call('GET', `/carts/${paris['id']}`))).toEqual(paris);
  });

  it('taxes the shipping by its External rate, the Cart taxedPrice waiting for it', async () => {
    const rate = { name: 'ext', amount: 0.2, country: 'DE', includedInPrice: true };
    let cart = await c.cart({
      taxMode: 'External',
      shippingAddress: BERLIN,
      lineItems: [{ sku: 'tee', externalTaxRate: rate }],
      shippingMethod: { key: 'standard' },
    });
    expect(cart['taxedPrice']).toBeUndefined();
    cart = await c.updated(cart, { action: 'setShippingMethodTaxRate', externalTaxRate: rate });
    // line 20.00 gross at 20 % included: net 2000 / 1.2 = 1666.67 → 1667, tax 333; shipping 4.95: net 495 / 1.2 = 412.5 → 412 (HalfEven), tax 83
    expect(cart['taxedPrice']).toEqual({
      totalNet: money(2079),
      totalGross: money(2495),
      totalTax: money(416),
      taxPortions: [{ name: 'ext', rate: 0.2, amount: money(416) }],
    });
    const withDraftRate = await c.cart({
      taxMode: 'External',
      shippingAddress: BERLIN,
      lineItems: [{ sku: 'tee', externalTaxRate: rate }],
      shippingMethod: { key: 'standard' },
      externalTaxRateForShippingMethod: rate,
    });
    expect(withDraftRate['taxedPrice']).toEqual(cart['taxedPrice']);
  });
});

describe('shipping methods matching a cart', () => {
  it('are the active methods for its address and currency, the default first, the reached tier flagged', async () => {
    const project = ok(await c.api.call('GET', ''));
    ok(
      await c.api.call('POST', '', {
        version: project['version'],
        actions: [{ action: 'setShippingRateInputType', shippingRateInputType: { type: 'CartValue' } }],
      }),
    );
    const cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 3 }] });
    const page = ok(await c.api.call('GET', `/shipping-methods/matching-cart?cartId=${cart['id']}`));
    expect(page.results.map((m: Json) => m['key'])).toEqual(['standard', 'express']);
    const [, fast] = page.results as Json[];
    // 60.00 of items reaches the 50.00 tier, not the 200.00 one
    expect(fast!['zoneRates'][0]['shippingRates'][0]).toMatchObject({
      isMatching: true,
      tiers: [{ isMatching: true }, { isMatching: false }],
    });
    const usd = await c.cart({ currency: 'USD', shippingAddress: BERLIN });
    expect(ok(await c.api.call('GET', `/shipping-methods/matching-cart?cartId=${usd['id']}`)).results).toEqual([]);
    const located = ok(await c.api.call('GET', `/shipping-methods/matching-cart-location?cartId=${usd['id']}&country=US&state=NY`));
    expect(located.results.map((m: Json) => m['key'])).toEqual(['standard']);
    const bare = await c.cart();
    expectError(await c.api.call('GET', `/shipping-methods/matching-cart?cartId=${bare['id']}`), 400, 'InvalidInput');
    expectError(await c.api.call('GET', '/shipping-methods/matching-cart?cartId=nope'), 400, 'InvalidInput');
  });

  it("in a Store, are answered for the Store's Carts only", async () => {
    await createStore(c.api, 'berlin');
    await createStore(c.api, 'hamburg');
    const cart = ok(await c.api.call('POST', '/in-store/key=berlin/carts', { currency: 'EUR', shippingAddress: BERLIN }), 201);
    const page = ok(await c.api.call('GET', `/in-store/key=berlin/shipping-methods/matching-cart?cartId=${cart['id']}`));
    expect(page.results.map((m: Json) => m['key'])).toEqual(['standard', 'express']);
    expectError(await c.api.call('GET', `/in-store/key=hamburg/shipping-methods/matching-cart?cartId=${cart['id']}`), 400, 'InvalidInput');
  });
});
