import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, money, NEW_YORK, type CartApi } from './cart-fixtures.js';
import { expectError, ok, type Json } from './helpers.js';

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
});

/** A Tax Category with one German rate of 19 % not included in the price. */
async function net19(): Promise<Json> {
  return ok(
    await c.api.call('POST', '/tax-categories', {
      key: 'net',
      name: 'Net',
      rates: [{ name: 'DE net', amount: 0.19, includedInPrice: false, country: 'DE' }],
    }),
    201,
  );
}

const lines = (cart: Json) => cart['lineItems'] as Json[];

describe('cart taxes', () => {
  it('appear with the shipping address in Platform mode, and go with it', async () => {
    await c.product('tee', [{ value: eur(1999) }]);
    let cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 3 }] });
    expect(cart['taxedPrice']).toBeUndefined();
    cart = await c.updated(cart, { action: 'setShippingAddress', address: BERLIN });
    // 19.99 × 3 = 59.97 gross, the rate included: net 5997 / 1.19 = 5039.4958 → 5039, tax 5997 − 5039 = 958
    expect(lines(cart)[0]).toMatchObject({
      taxRate: { name: 'DE VAT', amount: 0.19, includedInPrice: true, country: 'DE' },
      taxedPrice: {
        totalNet: money(5039),
        totalGross: money(5997),
        totalTax: money(958),
        taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(958) }],
      },
    });
    expect(cart['taxedPrice']).toEqual({
      totalNet: money(5039),
      totalGross: money(5997),
      totalTax: money(958),
      taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(958) }],
    });
    expect(cart['totalPrice']).toEqual(money(5997));
    cart = await c.updated(cart, { action: 'setShippingAddress' });
    expect(cart['taxedPrice']).toBeUndefined();
    expect(lines(cart)[0]!['taxRate']).toBeUndefined();
    expect(lines(cart)[0]!['taxedPrice']).toBeUndefined();
  });

  it('tax 3 × 1.08 at 19 % as 3.86 per line and 3.87 per unit price', async () => {
    await net19();
    await c.product('gum', [{ value: eur(108) }], { taxCategory: { key: 'net' } });
    const draft = { shippingAddress: BERLIN, lineItems: [{ sku: 'gum', quantity: 3 }] };
    const perLine = await c.cart(draft);
    // (1.08 × 3 = 3.24) × 1.19 = 3.8556 → 3.86
    expect(perLine['taxedPrice']).toMatchObject({ totalNet: money(324), totalGross: money(386), totalTax: money(62) });
    const perUnit = await c.cart({ ...draft, taxCalculationMode: 'UnitPriceLevel' });
    // (1.08 × 1.19 = 1.2852 → 1.29) × 3 = 3.87
    expect(perUnit['taxedPrice']).toMatchObject({ totalNet: money(324), totalGross: money(387), totalTax: money(63) });
    const changed = await c.updated(perLine, { action: 'changeTaxCalculationMode', taxCalculationMode: 'UnitPriceLevel' });
    expect(changed['taxedPrice']).toEqual(perUnit['taxedPrice']);
  });

  it('round a half cent of tax by the Cart taxRoundingMode: HalfEven, HalfUp, HalfDown', async () => {
    await net19();
    await c.product('half', [{ value: eur(150) }], { taxCategory: { key: 'net' } });
    const draft = { shippingAddress: BERLIN, lineItems: [{ sku: 'half' }] };
    // 1.50 × 0.19 = 0.285: HalfEven 0.28, HalfUp 0.29, HalfDown 0.28
    expect((await c.cart(draft))['taxedPrice']['totalTax']).toEqual(money(28));
    const up = await c.cart({ ...draft, taxRoundingMode: 'HalfUp' });
    expect(up['taxedPrice']).toMatchObject({ totalTax: money(29), totalGross: money(179) });
    const down = await c.updated(up, { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfDown' });
    expect(down['taxedPrice']).toMatchObject({ totalTax: money(28), totalGross: money(178) });
  });

  it('split a rate with sub-rates into portions, and add up the portions of several lines', async () => {
    await c.product('tee', [{ value: eur(1000) }, { value: { currencyCode: 'USD', centAmount: 1000 } }]);
    await c.product('cap', [{ value: eur(1000) }]);
    const us = await c.cart({ currency: 'USD', shippingAddress: NEW_YORK, lineItems: [{ sku: 'tee' }] });
    // 10.00 net at 4 % + 4 % not included: 0.40 each, gross 10.80
    expect(us['taxedPrice']).toEqual({
      totalNet: money(1000, 'USD'),
      totalGross: money(1080, 'USD'),
      totalTax: money(80, 'USD'),
      taxPortions: [
        { name: 'state', rate: 0.04, amount: money(40, 'USD') },
        { name: 'city', rate: 0.04, amount: money(40, 'USD') },
      ],
    });
    // 1000 / 1.19 = 840.336 → 840 net, tax 160, twice: one portion of 320
    const de = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee' }, { sku: 'cap' }] });
    expect(de['taxedPrice']).toEqual({
      totalNet: money(1680),
      totalGross: money(2000),
      totalTax: money(320),
      taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: money(320) }],
    });
  });

  it('answer MissingTaxRateForCountry for an address the Tax Category has no rate for, changing nothing', async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const france = expectError(
      await c.update(cart, { action: 'setShippingAddress', address: { country: 'FR' } }),
      400,
      'MissingTaxRateForCountry',
    );
    expect(france).toEqual({
      code: 'MissingTaxRateForCountry',
      message: `Tax category ${c.taxCategoryId} is missing a tax rate for country FR.`,
      taxCategoryId: c.taxCategoryId,
      country: 'FR',
    });
    // A state without a rate of its own: the country's rate only with the project's fallback.
    const bavaria = { country: 'DE', state: 'BY' };
    const missing = expectError(await c.update(cart, { action: 'setShippingAddress', address: bavaria }), 400, 'MissingTaxRateForCountry');
    expect(missing).toMatchObject({
      country: 'DE',
      state: 'BY',
      message: `Tax category ${c.taxCategoryId} is missing a tax rate for country DE, BY.`,
    });
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(cart);
    const project = ok(await c.api.call('GET', ''));
    ok(
      await c.api.call('POST', '', {
        version: project['version'],
        actions: [{ action: 'changeCountryTaxRateFallbackEnabled', countryTaxRateFallbackEnabled: true }],
      }),
    );
    const fallback = await c.updated(cart, { action: 'setShippingAddress', address: bavaria });
    // 10.00 gross at 19 % included: net 840, tax 160
    expect(fallback['taxedPrice']).toMatchObject({ totalNet: money(840), totalTax: money(160) });
  });

  it('take External rates from the lines, with a taxedPrice once every line has one', async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    await c.product('cap', [{ value: eur(500) }]);
    const rate = { name: 'ext', amount: 0.2, country: 'DE' };
    let cart = await c.cart({
      taxMode: 'External',
      shippingAddress: BERLIN,
      lineItems: [{ sku: 'tee', externalTaxRate: rate }, { sku: 'cap' }],
    });
    // 10.00 net at 20 % not included: tax 2.00
    expect(lines(cart)[0]).toMatchObject({ taxRate: { ...rate, includedInPrice: false }, taxedPrice: { totalGross: money(1200) } });
    expect(cart['taxedPrice']).toBeUndefined();
    cart = await c.updated(cart, {
      action: 'setLineItemTaxRate',
      lineItemId: lines(cart)[1]!['id'],
      externalTaxRate: { name: 'ext', amount: 0.2, includedInPrice: true, country: 'DE' },
    });
    // 5.00 gross at 20 % included: net 500 / 1.2 = 416.67 → 417, tax 83; with the first line 1000 + 417 net, 1200 + 500 gross
    expect(cart['taxedPrice']).toEqual({
      totalNet: money(1417),
      totalGross: money(1700),
      totalTax: money(283),
      taxPortions: [{ name: 'ext', rate: 0.2, amount: money(283) }],
    });
    expectError(await c.update(cart, { action: 'changeTaxMode', taxMode: 'ExternalAmount' }), 501, 'NotEmulated');
    cart = await c.updated(cart, { action: 'changeTaxMode', taxMode: 'Platform' });
    // Back to the Tax Category: 19 % included of 10.00 and 5.00: nets 840 and 420 (500 / 1.19 = 420.17)
    expect(cart['taxedPrice']).toMatchObject({ totalNet: money(1260), totalGross: money(1500) });
  });

  it('refuse an external rate outside External mode, and set none in Disabled mode', async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    const cart = await c.cart({ shippingAddress: BERLIN });
    const rate = { name: 'ext', amount: 0.2, country: 'DE' };
    expectError(await c.update(cart, { action: 'addLineItem', sku: 'tee', externalTaxRate: rate }), 400, 'InvalidOperation');
    const disabled = await c.updated(cart, { action: 'changeTaxMode', taxMode: 'Disabled' }, { action: 'addLineItem', sku: 'tee' });
    expect(disabled['taxedPrice']).toBeUndefined();
    expect(lines(disabled)[0]!['taxRate']).toBeUndefined();
    expect(disabled['totalPrice']).toEqual(money(1000));
  });

  it('tax Custom Line Items by their Tax Category and count them in the totals', async () => {
    let cart = await c.cart({ shippingAddress: BERLIN });
    expectError(
      await c.update(cart, { action: 'addCustomLineItem', name: { en: 'Fee' }, money: eur(500), slug: 'fee' }),
      400,
      'InvalidOperation',
    );
    cart = await c.updated(cart, {
      action: 'addCustomLineItem',
      name: { en: 'Fee' },
      money: eur(500),
      slug: 'fee',
      quantity: 2,
      taxCategory: { key: 'standard' },
    });
    const [fee] = cart['customLineItems'] as Json[];
    // 5.00 × 2 = 10.00 gross, 19 % included: net 840, tax 160
    expect(fee).toMatchObject({ totalPrice: money(1000), taxedPrice: { totalNet: money(840), totalTax: money(160) } });
    expect(cart).toMatchObject({ totalPrice: money(1000), taxedPrice: { totalGross: money(1000) } });
    cart = await c.updated(cart, { action: 'changeCustomLineItemMoney', customLineItemId: fee!['id'], money: eur(-300) });
    // a voucher: −3.00 × 2 = −6.00 gross; net −600 / 1.19 = −504.2 → −504, tax −96
    expect(cart).toMatchObject({ totalPrice: money(-600), taxedPrice: { totalNet: money(-504), totalTax: money(-96) } });
    expectError(
      await c.update(cart, {
        action: 'changeCustomLineItemMoney',
        customLineItemId: fee!['id'],
        money: { currencyCode: 'USD', centAmount: 1 },
      }),
      400,
      'InvalidOperation',
    );
    cart = await c.updated(cart, { action: 'changeCustomLineItemQuantity', customLineItemId: fee!['id'], quantity: 0 });
    expect(cart).toMatchObject({ customLineItems: [], totalPrice: money(0), taxedPrice: { totalGross: money(0), taxPortions: [] } });
  });
});
