import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, money, NEW_YORK, type CartApi } from './cart-fixtures.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * External line prices (https://docs.commercetools.com/api/projects/carts#lineitempricemode) and
 * custom shipping (https://docs.commercetools.com/api/projects/carts#set-customshippingmethod).
 */

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
  await c.product('tee', [{ value: eur(1999) }]);
});

const lineOf = (cart: Json, index = 0): Json => cart['lineItems'][index];

describe('setLineItemPrice', () => {
  it('sets an ExternalPrice the total follows, kept on quantity changes, until unset', async () => {
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2 }] });
    const id = lineOf(cart)['id'] as string;
    const external = await c.updated(cart, { action: 'setLineItemPrice', lineItemId: id, externalPrice: eur(1234) });
    // 2 × 12.34 = 24.68 EUR.
    expect(lineOf(external)).toMatchObject({ priceMode: 'ExternalPrice', price: { value: money(1234) }, totalPrice: money(2468) });
    expect(external['totalPrice']).toEqual(money(2468));
    // 3 × 12.34 = 37.02 EUR: the external price stays.
    const three = await c.updated(external, { action: 'changeLineItemQuantity', lineItemId: id, quantity: 3 });
    expect(lineOf(three)).toMatchObject({ priceMode: 'ExternalPrice', totalPrice: money(3702) });
    // Unset: the selected 19.99 again, 3 × 19.99 = 59.97 EUR.
    const platform = await c.updated(three, { action: 'setLineItemPrice', lineItemId: id });
    expect(lineOf(platform)).toMatchObject({ priceMode: 'Platform', price: { value: money(1999) }, totalPrice: money(5997) });
  });

  it('is taxed like any price: 12.34 × 2 at DE 19 % included', async () => {
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2, externalPrice: eur(1234) }], shippingAddress: BERLIN });
    // Gross 2468; net 2468 / 1.19 = 2073.949… → 2074; tax 2468 − 2074 = 394 cents.
    expect(cart['taxedPrice']).toMatchObject({ totalNet: money(2074), totalGross: money(2468), totalTax: money(394) });
    expect(lineOf(cart)['priceMode']).toBe('ExternalPrice');
  });

  it('refuses another currency, both external prices at once, and an unknown line; nothing changes', async () => {
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const id = lineOf(cart)['id'] as string;
    const usd = { currencyCode: 'USD', centAmount: 100 };
    expectError(await c.update(cart, { action: 'setLineItemPrice', lineItemId: id, externalPrice: usd }), 400, 'InvalidOperation');
    expectError(await c.update(cart, { action: 'setLineItemPrice', lineItemId: 'nope', externalPrice: eur(1) }), 400, 'InvalidOperation');
    const both = { sku: 'tee', externalPrice: eur(1), externalTotalPrice: { price: eur(1), totalPrice: eur(1) } };
    expectError(await c.update(cart, { action: 'addLineItem', ...both }), 400, 'InvalidOperation');
    expect(ok(await c.api.call('GET', `/carts/${cart['id'] as string}`))).toEqual(cart);
  });
});

describe('setLineItemTotalPrice', () => {
  it('sets price and total as given (ExternalTotal), whatever the quantity, until unset', async () => {
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 3 }] });
    const id = lineOf(cart)['id'] as string;
    // 3 tees for 50.00 EUR in all, 19.99 shown as the unit price: the total is not 3 × 19.99.
    const total = { price: eur(1999), totalPrice: eur(5000) };
    const external = await c.updated(cart, { action: 'setLineItemTotalPrice', lineItemId: id, externalTotalPrice: total });
    expect(lineOf(external)).toMatchObject({ priceMode: 'ExternalTotal', price: { value: money(1999) }, totalPrice: money(5000) });
    expect(external['totalPrice']).toEqual(money(5000));
    // A quantity change with a new total keeps ExternalTotal; without one the line goes back to Platform.
    const four = { price: eur(1999), totalPrice: eur(6000) };
    const kept = await c.updated(external, { action: 'changeLineItemQuantity', lineItemId: id, quantity: 4, externalTotalPrice: four });
    expect(lineOf(kept)).toMatchObject({ priceMode: 'ExternalTotal', quantity: 4, totalPrice: money(6000) });
    const back = await c.updated(kept, { action: 'changeLineItemQuantity', lineItemId: id, quantity: 2 });
    // 2 × 19.99 = 39.98 EUR.
    expect(lineOf(back)).toMatchObject({ priceMode: 'Platform', totalPrice: money(3998) });
    const again = await c.updated(back, { action: 'setLineItemTotalPrice', lineItemId: id, externalTotalPrice: total });
    const unset = await c.updated(again, { action: 'setLineItemTotalPrice', lineItemId: id });
    expect(lineOf(unset)).toMatchObject({ priceMode: 'Platform', totalPrice: money(3998) });
  });

  it('is a line of its own in a draft, never merged, and taxed on its total', async () => {
    const cart = await c.cart({
      shippingAddress: BERLIN,
      lineItems: [{ sku: 'tee' }, { sku: 'tee', quantity: 2, externalTotalPrice: { price: eur(1000), totalPrice: eur(1500) } }],
    });
    expect(cart['lineItems']).toHaveLength(2);
    expect(lineOf(cart, 1)).toMatchObject({ priceMode: 'ExternalTotal', quantity: 2, totalPrice: money(1500) });
    // 1999 + 1500 = 3499 gross; nets 1999 / 1.19 = 1679.83… → 1680 and 1500 / 1.19 = 1260.50… → 1261
    // (HalfEven: 1260.504 is above the half); taxes 319 + 239 = 558; net 2941.
    expect(cart['taxedPrice']).toMatchObject({ totalNet: money(2941), totalGross: money(3499), totalTax: money(558) });
    const merged = await c.updated(cart, { action: 'addLineItem', sku: 'tee' });
    expect(merged['lineItems'].map((line: Json) => [line['quantity'], line['priceMode']])).toEqual([
      [2, 'Platform'],
      [2, 'ExternalTotal'],
    ]);
  });
});

describe('setCustomShippingMethod', () => {
  it('sets a shipping of its own: no Shipping Method reference, always MatchesCart, taxed by its Tax Category', async () => {
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }], shippingAddress: BERLIN });
    const shipped = await c.updated(cart, {
      action: 'setCustomShippingMethod',
      shippingMethodName: 'Courier',
      shippingRate: { price: eur(800), freeAbove: eur(5000) },
      taxCategory: { key: 'standard' },
    });
    expect(shipped['shippingInfo']).toEqual({
      shippingMethodName: 'Courier',
      price: money(800),
      shippingRate: { price: money(800), freeAbove: money(5000), tiers: [] },
      taxCategory: { typeId: 'tax-category', id: c.taxCategoryId },
      taxRate: expect.objectContaining({ name: 'DE VAT', amount: 0.19, includedInPrice: true }),
      // 800 gross at 19 % included: net 672.27 → 672, tax 128.
      taxedPrice: expect.objectContaining({ totalNet: money(672), totalGross: money(800), totalTax: money(128) }),
      deliveries: [],
      shippingMethodState: 'MatchesCart',
    });
    // 19.99 + 8.00 = 27.99 EUR.
    expect(shipped['totalPrice']).toEqual(money(2799));
    // Three tees make 59.97 EUR, above freeAbove 50.00: free shipping; the total is the lines'.
    const free = await c.updated(shipped, { action: 'changeLineItemQuantity', lineItemId: lineOf(shipped)['id'], quantity: 3 });
    expect(free['shippingInfo']).toMatchObject({ price: money(0), shippingMethodState: 'MatchesCart' });
    expect(free['totalPrice']).toEqual(money(5997));
    // Moving the address elsewhere keeps it matching (no zones to leave); setShippingMethod without one removes it.
    const moved = await c.updated(free, { action: 'setShippingAddress', address: NEW_YORK });
    expect(moved['shippingInfo']['shippingMethodState']).toBe('MatchesCart');
    expect(await c.updated(moved, { action: 'setShippingMethod' })).not.toHaveProperty('shippingInfo');
  });

  it('takes an external tax rate in External mode', async () => {
    const cart = await c.cart({ taxMode: 'External', lineItems: [{ sku: 'tee' }], shippingAddress: BERLIN });
    const shipped = await c.updated(cart, {
      action: 'setCustomShippingMethod',
      shippingMethodName: 'Courier',
      shippingRate: { price: eur(1000) },
      externalTaxRate: { name: 'ext', amount: 0.1, country: 'DE' },
    });
    // 10.00 net at 10 % not included: tax 1.00, gross 11.00.
    expect(shipped['shippingInfo']['taxedPrice']).toMatchObject({ totalNet: money(1000), totalGross: money(1100), totalTax: money(100) });
  });

  it('needs a shipping address, the Cart’s currency and an existing Tax Category; nothing changes', async () => {
    const bare = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const action = { action: 'setCustomShippingMethod', shippingMethodName: 'Courier', shippingRate: { price: eur(800) } };
    expectError(await c.update(bare, action), 400, 'InvalidOperation');
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }], shippingAddress: BERLIN });
    const usd = { ...action, shippingRate: { price: { currencyCode: 'USD', centAmount: 800 } } };
    expectError(await c.update(cart, usd), 400, 'InvalidOperation');
    expectError(await c.update(cart, { ...action, taxCategory: { key: 'nope' } }), 400, 'ReferencedResourceNotFound');
    expect(ok(await c.api.call('GET', `/carts/${cart['id'] as string}`))).toEqual(cart);
    expect(ok(await c.api.call('GET', `/carts/${bare['id'] as string}`))).toEqual(bare);
  });
});
