import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { expectError, ok, type Json } from './helpers.js';

// The discount engine driven by Direct Discounts (setDirectDiscounts): the values, targets and
// distribution modes in integer cents, each worked out by hand below.

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
});

const lines = (cart: Json) => cart['lineItems'] as Json[];
const relative = (permyriad: number) => ({ type: 'relative', permyriad });
const absolute = (centAmount: number, applicationMode?: string) => ({
  type: 'absolute',
  money: [eur(centAmount)],
  ...(applicationMode ? { applicationMode } : {}),
});
const allLines = { type: 'lineItems', predicate: '1 = 1' };
/** Sets the Direct Discounts of a Cart and expects 200. */
const direct = (cart: Json, ...discounts: Json[]) => c.updated(cart, { action: 'setDirectDiscounts', discounts });
/** A portion of a Direct Discount of a Cart, by its place in the list. */
const portion = (cart: Json, index: number, cents: number) => ({
  discount: { typeId: 'direct-discount', id: (cart['directDiscounts'] as Json[])[index]!['id'] },
  discountedAmount: money(cents),
});

describe('direct discounts on line items', () => {
  it('take a relative share off each unit, rounded, and tax the discounted amount', async () => {
    await c.product('tee', [{ value: eur(1999) }]);
    const cart = await direct(await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 3 }] }), {
      value: relative(1000),
      target: allLines,
    });
    // 10 % of 19.99 = 1.999 → 2.00 (HalfEven): 17.99 a unit, 53.97 the line
    const discounted = { value: money(1799), includedDiscounts: [portion(cart, 0, 200)] };
    expect(lines(cart)[0]).toMatchObject({
      discountedPricePerQuantity: [{ quantity: 3, discountedPrice: discounted }],
      discountedPrice: discounted,
      totalPrice: money(5397),
      // 19 % included: net 5397 / 1.19 = 4535.29 → 4535, tax 862
      taxedPrice: { totalNet: money(4535), totalGross: money(5397), totalTax: money(862) },
    });
    expect(cart['totalPrice']).toEqual(money(5397));
    expect(cart['discountTypeCombination']).toEqual({ type: 'Stacking' });
    const removed = await direct(cart);
    expect(lines(removed)[0]!['discountedPricePerQuantity']).toEqual([]);
    expect(lines(removed)[0]!['discountedPrice']).toBeUndefined();
    expect(removed['totalPrice']).toEqual(money(5997));
  });

  it('round after each step: 50 % twice of 1.05 is 0.27 (HalfEven) or 0.26 (HalfUp), not 0.26 once', async () => {
    await c.product('gum', [{ value: eur(105) }]);
    const even = await direct(
      await c.cart({ lineItems: [{ sku: 'gum' }] }),
      { value: relative(5000), target: allLines },
      { value: relative(5000), target: allLines },
    );
    // 105 × 50 % = 52.5 → 52 (HalfEven), 53 left; 53 × 50 % = 26.5 → 26, 27 left
    expect(lines(even)[0]!['discountedPricePerQuantity']).toEqual([
      { quantity: 1, discountedPrice: { value: money(27), includedDiscounts: [portion(even, 0, 52), portion(even, 1, 26)] } },
    ]);
    const up = await c.updated(even, { action: 'changePriceRoundingMode', priceRoundingMode: 'HalfUp' });
    // 52.5 → 53, 52 left; 26 → 26, 26 left
    expect(lines(up)[0]!['totalPrice']).toEqual(money(26));
  });

  it('split an absolute amount over units in proportion to their prices, units of different prices apart', async () => {
    await c.product('sku-a', [{ value: eur(1000) }]);
    await c.product('sku-b', [{ value: eur(2000) }]);
    const cart = await direct(await c.cart({ lineItems: [{ sku: 'sku-a', quantity: 3 }, { sku: 'sku-b' }] }), {
      value: absolute(1000),
      target: allLines,
    });
    // 10.00 over 50.00: a unit of a takes 1000 × 1000 / 5000 = 200, b 400; exact
    expect(lines(cart)[0]!['discountedPricePerQuantity']).toEqual([
      { quantity: 3, discountedPrice: { value: money(800), includedDiscounts: [portion(cart, 0, 200)] } },
    ]);
    expect(lines(cart)[1]!['totalPrice']).toEqual(money(1600));
    expect(cart['totalPrice']).toEqual(money(4000));
    const uneven = await direct(await c.cart({ lineItems: [{ sku: 'sku-a', quantity: 3 }] }), { value: absolute(1000), target: allLines });
    // 10.00 over 3 units of 10.00: 333 each and 1 cent left, to the first unit: 6.66 once, 6.67 twice
    expect(lines(uneven)[0]!['discountedPricePerQuantity']).toEqual([
      { quantity: 1, discountedPrice: { value: money(666), includedDiscounts: [portion(uneven, 0, 334)] } },
      { quantity: 2, discountedPrice: { value: money(667), includedDiscounts: [portion(uneven, 0, 333)] } },
    ]);
    expect(lines(uneven)[0]!['discountedPrice']).toBeUndefined();
    expect(lines(uneven)[0]!['totalPrice']).toEqual(money(2000));
  });

  it('tax units of different discounted prices each at UnitPriceLevel', async () => {
    ok(
      await c.api.call('POST', '/tax-categories', {
        key: 'net',
        name: 'Net',
        rates: [{ name: 'DE net', amount: 0.19, includedInPrice: false, country: 'DE' }],
      }),
      201,
    );
    await c.product('sku-a', [{ value: eur(1000) }], { taxCategory: { key: 'net' } });
    const draft = { shippingAddress: BERLIN, taxCalculationMode: 'UnitPriceLevel', lineItems: [{ sku: 'sku-a', quantity: 3 }] };
    const cart = await direct(await c.cart(draft), { value: absolute(1000), target: allLines });
    // 6.66 × 1.19 = 7.9254 → 7.93 once, 6.67 × 1.19 = 7.9373 → 7.94 twice: 23.81 gross on 20.00 net
    expect(cart['taxedPrice']).toMatchObject({ totalNet: money(2000), totalGross: money(2381), totalTax: money(381) });
  });

  it('distribute evenly over the lines, or take the amount off each unit', async () => {
    await c.product('sku-a', [{ value: eur(1000) }]);
    await c.product('sku-b', [{ value: eur(3000) }]);
    await c.product('sku-c', [{ value: eur(300) }]);
    const draft = { lineItems: [{ sku: 'sku-a' }, { sku: 'sku-b' }] };
    const even = await direct(await c.cart(draft), { value: absolute(1000, 'EvenDistribution'), target: allLines });
    // 10.00 in two equal shares: 5.00 off each line
    expect(lines(even).map((line) => line['totalPrice'])).toEqual([money(500), money(2500)]);
    const proportionate = await direct(await c.cart(draft), { value: absolute(1000), target: allLines });
    // in proportion: 10.00 × 10 / 40 = 2.50 and 10.00 × 30 / 40 = 7.50
    expect(lines(proportionate).map((line) => line['totalPrice'])).toEqual([money(750), money(2250)]);
    const each = await direct(await c.cart({ lineItems: [{ sku: 'sku-a', quantity: 2 }, { sku: 'sku-c' }] }), {
      value: absolute(500, 'IndividualApplication'),
      target: allLines,
    });
    // 5.00 off each unit: 10.00 → 5.00 twice; 3.00 → 0.00 (never below zero)
    expect(lines(each).map((line) => line['totalPrice'])).toEqual([money(1000), money(0)]);
    expect(lines(each)[1]!['discountedPricePerQuantity']).toEqual([
      { quantity: 1, discountedPrice: { value: money(0), includedDiscounts: [portion(each, 0, 300)] } },
    ]);
  });

  it('set a fixed unit price only where it is lower, on the lines the predicate selects', async () => {
    await c.product('sku-a', [{ value: eur(1000) }]);
    await c.product('sku-b', [{ value: eur(500) }]);
    const cart = await direct(await c.cart({ lineItems: [{ sku: 'sku-a', quantity: 2 }, { sku: 'sku-b' }] }), {
      value: { type: 'fixed', money: [eur(700)] },
      target: allLines,
    });
    // a: 10.00 → 7.00 (3.00 off each unit); b at 5.00 is already below 7.00: untouched
    expect(lines(cart)[0]!['discountedPricePerQuantity']).toEqual([
      { quantity: 2, discountedPrice: { value: money(700), includedDiscounts: [portion(cart, 0, 300)] } },
    ]);
    expect(lines(cart)[1]!['discountedPricePerQuantity']).toEqual([]);
    expect(cart['totalPrice']).toEqual(money(1900));
    const onlyB = await direct(cart, { value: relative(5000), target: { type: 'lineItems', predicate: 'sku = "sku-b"' } });
    expect(lines(onlyB).map((line) => line['totalPrice'])).toEqual([money(2000), money(250)]);
  });

  it('never discount a line in ExternalTotal price mode', async () => {
    await c.product('sku-a', [{ value: eur(1000) }]);
    await c.product('sku-b', [{ value: eur(1000) }]);
    const cart = await c.cart({ lineItems: [{ sku: 'sku-a', quantity: 3 }, { sku: 'sku-b' }] });
    const external = await c.updated(cart, {
      action: 'setLineItemTotalPrice',
      lineItemId: lines(cart)[0]!['id'],
      externalTotalPrice: { price: eur(1000), totalPrice: eur(2500) },
    });
    const discounted = await direct(external, { value: relative(1000), target: allLines });
    // a keeps its external 25.00; b 10.00 less 10 %: 9.00
    expect(lines(discounted)[0]).toMatchObject({ priceMode: 'ExternalTotal', totalPrice: money(2500), discountedPricePerQuantity: [] });
    expect(lines(discounted)[1]!['totalPrice']).toEqual(money(900));
    expect(discounted['totalPrice']).toEqual(money(3400));
  });

  it('give the cheapest of every three units free, the multi-buy way', async () => {
    await c.product('sku-a', [{ value: eur(1000) }]);
    await c.product('sku-b', [{ value: eur(400) }]);
    const multiBuy = {
      type: 'multiBuyLineItems',
      predicate: '1 = 1',
      triggerQuantity: 3,
      discountedQuantity: 1,
      selectionMode: 'Cheapest',
    };
    const cart = await direct(
      await c.cart({
        lineItems: [
          { sku: 'sku-a', quantity: 2 },
          { sku: 'sku-b', quantity: 2 },
        ],
      }),
      {
        value: relative(10000),
        target: multiBuy,
      },
    );
    // 4 units, one occurrence of 3: the cheapest unit (a 4.00 of b) is free; the other b stays 4.00
    expect(lines(cart)[0]!['discountedPricePerQuantity']).toEqual([]);
    expect(lines(cart)[1]!['discountedPricePerQuantity']).toEqual([
      { quantity: 1, discountedPrice: { value: money(0), includedDiscounts: [portion(cart, 0, 400)] } },
      { quantity: 1, discountedPrice: { value: money(400), includedDiscounts: [] } },
    ]);
    expect(cart['totalPrice']).toEqual(money(2400));
    const expensive = await direct(cart, { value: relative(5000), target: { ...multiBuy, selectionMode: 'MostExpensive' } });
    // the most expensive unit (an a at 10.00) at half price: 5.00 + 10.00 + 8.00
    expect(expensive['totalPrice']).toEqual(money(2300));
  });
});

describe('direct discounts on the shipping and the total', () => {
  beforeEach(async () => {
    ok(await c.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
    ok(
      await c.api.call('POST', '/shipping-methods', {
        key: 'standard',
        name: 'standard',
        isDefault: true,
        taxCategory: { key: 'standard' },
        zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(500), freeAbove: eur(5000) }] }],
      }),
      201,
    );
    await c.product('tee', [{ value: eur(1000) }]);
  });

  const shippedCart = (quantity: number) =>
    c.cart({ shippingAddress: BERLIN, shippingMethod: { key: 'standard' }, lineItems: [{ sku: 'tee', quantity }] });

  it('discount the shipping price into shippingInfo.discountedPrice, counted in the total', async () => {
    const cart = await direct(await shippedCart(2), { value: relative(5000), target: { type: 'shipping' } });
    // 5.00 shipping at 50 %: 2.50; total 20.00 + 2.50
    expect(cart['shippingInfo']).toMatchObject({
      price: money(500),
      discountedPrice: { value: money(250), includedDiscounts: [portion(cart, 0, 250)] },
      // 19 % included: net 250 / 1.19 = 210.08 → 210
      taxedPrice: { totalNet: money(210), totalGross: money(250) },
    });
    expect(cart['totalPrice']).toEqual(money(2250));
  });

  it('price freeAbove on the items value after the discounts', async () => {
    const free = await shippedCart(5);
    // 50.00 of items reaches freeAbove 50.00
    expect(free['shippingInfo']['price']).toEqual(money(0));
    const cart = await direct(free, { value: absolute(100), target: allLines });
    // 1.00 off the 50.00: 49.00 is below freeAbove, so the shipping costs 5.00 again
    expect(cart['shippingInfo']['price']).toEqual(money(500));
    expect(cart['totalPrice']).toEqual(money(5400));
  });

  it('discount the total, and the same share of its net and gross', async () => {
    const cart = await direct(await shippedCart(2), { value: relative(1000), target: { type: 'totalPrice' } });
    // total 20.00 + 5.00 = 25.00, 10 % off: 2.50, total 22.50.
    // Taxed before (19 % included): items net 2000 / 1.19 = 1680.67 → 1681, shipping 500 / 1.19 = 420.17 → 420;
    // net 2101, gross 2500. The share 250 / 2500: net 2101 × 0.1 = 210.1 → 210 off, gross 250 off.
    expect(cart['totalPrice']).toEqual(money(2250));
    expect(cart['discountOnTotalPrice']).toEqual({
      discountedAmount: money(250),
      includedDiscounts: [portion(cart, 0, 250)],
      discountedNetAmount: money(210),
      discountedGrossAmount: money(250),
    });
    // tax 399 → 2250 − 1891 = 359; the portion 399 − 39.9 (→ 40) = 359
    expect(cart['taxedPrice']).toEqual({
      totalNet: money(1891),
      totalGross: money(2250),
      totalTax: money(359),
      taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(359) }],
    });
    // shipping net 420 → 420 − 42 = 378, gross 500 → 450, tax 72
    expect(cart['taxedShippingPrice']).toMatchObject({ totalNet: money(378), totalGross: money(450), totalTax: money(72) });
    // The Order keeps what the Cart had.
    const order = ok(await c.api.call('POST', '/orders', { cart: { typeId: 'cart', id: cart['id'] }, version: cart['version'] }), 201);
    expect(order['discountOnTotalPrice']).toEqual(cart['discountOnTotalPrice']);
    expect(order['directDiscounts']).toEqual(cart['directDiscounts']);
    expect(order['taxedPrice']).toEqual(cart['taxedPrice']);
  });
});

describe('setDirectDiscounts refusals', () => {
  it('refuse a bad predicate or money list with the error, changing nothing', async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const bad = expectError(
      await c.update(cart, {
        action: 'setDirectDiscounts',
        discounts: [{ value: relative(1000), target: { type: 'lineItems', predicate: 'sku = ' } }],
      }),
      400,
      'SyntaxError',
    );
    expect(bad.message).toMatch(/position/);
    expectError(
      await c.update(cart, { action: 'setDirectDiscounts', discounts: [{ value: { type: 'absolute', money: [] }, target: allLines }] }),
      400,
      'InvalidOperation',
    );
    expectError(
      await c.update(cart, {
        action: 'setDirectDiscounts',
        discounts: [{ value: { type: 'absolute', money: [eur(100), eur(200)] }, target: allLines }],
      }),
      400,
      'InvalidOperation',
    );
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(cart);
  });
});
