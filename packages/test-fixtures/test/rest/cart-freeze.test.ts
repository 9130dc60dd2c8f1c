import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, eur, money } from './cart-fixtures.js';
import { expectError, messagesOf, ok, type Json } from './helpers.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';

/**
 * Frozen Carts (https://docs.commercetools.com/api/carts-orders-overview#freeze-a-cart): the
 * actions a freeze refuses, prices kept as frozen, and PriceChanged once tax or shipping rates move.
 */

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
});

const shirtPrice = async (centAmount: number) => {
  const product = ok(await o.api.call('GET', '/products/key=shirt'));
  const price = product['masterData'].current.masterVariant.prices[0];
  ok(
    await o.api.call('POST', '/products/key=shirt', {
      version: product['version'],
      actions: [{ action: 'changePrice', priceId: price.id, price: { value: eur(centAmount) }, staged: false }],
    }),
  );
};
const frozen = async (cart: Json) => o.updated(cart, { action: 'freezeCart' });

describe('freezeCart and unfreezeCart', () => {
  it('freeze an Active Cart (CartFrozen) and make it Active again (CartUnfrozen)', async () => {
    const cart = await frozen(await o.orderable());
    expect(cart).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
    const active = await o.updated(cart, { action: 'unfreezeCart' });
    expect(active['cartState']).toBe('Active');
    expect(active).not.toHaveProperty('freezeStrategy');
    expect((await messagesOf(o.api, cart['id'])).map((m) => [m['type'], m['resourceVersion']])).toEqual([
      ['CartFrozen', 2],
      ['CartUnfrozen', 3],
    ]);
  });

  it('refuse an empty Cart, a second freeze, an unfreeze of an Active Cart and HardFreeze (501); nothing changes', async () => {
    const empty = await o.cart();
    expectError(await o.update(empty, { action: 'freezeCart' }), 400, 'InvalidOperation');
    const cart = await o.orderable();
    expectError(await o.update(cart, { action: 'unfreezeCart' }), 400, 'InvalidOperation');
    expectError(await o.update(cart, { action: 'freezeCart', strategy: 'HardFreeze' }), 501, 'NotEmulated');
    expectError(await o.update(cart, { action: 'freezeCart' }, { action: 'freezeCart' }), 400, 'InvalidOperation');
    expect(await o.cartNow(cart)).toEqual(cart);
    expect(await o.cartNow(empty)).toEqual(empty);
  });
});

describe('a Frozen Cart', () => {
  it('refuses the actions that change its lines or tax mode, with nothing changed, and allows the others', async () => {
    const cart = await frozen(await o.orderable());
    const line = cart['lineItems'][0].id as string;
    const refused: Json[] = [
      { action: 'addLineItem', sku: 'shirt' },
      { action: 'changeLineItemQuantity', lineItemId: line, quantity: 5 },
      { action: 'removeLineItem', lineItemId: line },
      { action: 'addCustomLineItem', name: { en: 'Fee' }, money: eur(100), slug: 'fee', taxCategory: { key: 'standard' } },
      { action: 'changeTaxMode', taxMode: 'Disabled' },
      { action: 'setLineItemPrice', lineItemId: line, externalPrice: eur(100) },
      { action: 'setLineItemTotalPrice', lineItemId: line, externalTotalPrice: { price: eur(100), totalPrice: eur(200) } },
    ];
    const before = await o.everything();
    for (const action of refused) {
      const error = expectError(
        await o.update(cart, { action: 'setCustomerEmail', email: 'a@example.com' }, action),
        400,
        'InvalidOperation',
      );
      expect(error.message).toBe(`${action['action'] as string} is not allowed on the Frozen Cart '${cart['id'] as string}'.`);
    }
    await expectNothingChanged(o, before);
    const changed = await o.updated(cart, { action: 'setCustomerEmail', email: 'a@example.com' });
    expect(changed).toMatchObject({ cartState: 'Frozen', customerEmail: 'a@example.com' });
  });

  it('keeps the prices it was frozen with; unfreezing selects them again', async () => {
    const cart = await frozen(await o.orderable());
    await shirtPrice(1500);
    // Frozen: still 2 × 11.90 = 23.80 EUR, even on recalculate.
    const recalculated = await o.updated(cart, { action: 'recalculate' });
    expect(recalculated['lineItems'][0].price.value).toEqual(money(1190));
    expect(recalculated['totalPrice']).toEqual(money(2380));
    // Unfrozen: 2 × 15.00 = 30.00 EUR.
    const active = await o.updated(recalculated, { action: 'unfreezeCart' });
    expect(active['lineItems'][0].price.value).toEqual(money(1500));
    expect(active['totalPrice']).toEqual(money(3000));
  });

  it('is ordered at its frozen prices when only the Product prices moved', async () => {
    const cart = await frozen(await o.orderable());
    await shirtPrice(1500);
    const order = await o.ordered(cart);
    // 2 × 11.90 = 23.80 EUR gross, DE VAT 19 % included: net 2000, tax 380 cents.
    expect(order).toMatchObject({
      totalPrice: money(2380),
      taxedPrice: { totalNet: money(2000), totalGross: money(2380), totalTax: money(380) },
    });
    expect((await o.cartNow(cart))['cartState']).toBe('Ordered');
  });

  it('answers PriceChanged to updates and to ordering once a tax rate moved; unfreezing takes the new rate', async () => {
    const cart = await frozen(await o.orderable());
    const category = ok(await o.api.call('GET', '/tax-categories/key=standard'));
    const de = (category['rates'] as Json[]).find((rate) => rate['country'] === 'DE')!;
    ok(
      await o.api.call('POST', '/tax-categories/key=standard', {
        version: category['version'],
        actions: [
          {
            action: 'replaceTaxRate',
            taxRateId: de['id'],
            taxRate: { name: 'DE VAT', amount: 0.07, includedInPrice: true, country: 'DE' },
          },
        ],
      }),
    );
    const before = await o.everything();
    const line = cart['lineItems'][0].id as string;
    const changed = expectError(await o.update(cart, { action: 'setCustomerEmail', email: 'a@example.com' }), 400, 'PriceChanged');
    expect(changed).toEqual({
      code: 'PriceChanged',
      message: `The price or tax of some line items changed at the time of placing the order: ${line}.`,
      lineItems: [line],
      shipping: false,
    });
    expect(expectError(await o.order(cart), 400, 'PriceChanged')).toEqual(changed);
    await expectNothingChanged(o, before);
    const active = await o.updated(cart, { action: 'unfreezeCart' });
    // 2380 gross at 7 % included: net 2380 / 1.07 = 2224.299… → 2224, tax 156 cents.
    expect(active['taxedPrice']).toMatchObject({ totalNet: money(2224), totalGross: money(2380), totalTax: money(156) });
  });

  it('answers PriceChanged with shipping true once its Shipping Method’s rate moved', async () => {
    ok(await o.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
    const zoneRates = [{ zone: { key: 'de' }, shippingRates: [{ price: eur(595) }] }];
    const method = ok(
      await o.api.call('POST', '/shipping-methods', {
        key: 'std',
        name: 'std',
        isDefault: true,
        taxCategory: { key: 'standard' },
        zoneRates,
      }),
      201,
    );
    const cart = await frozen(await o.updated(await o.orderable(), { action: 'setShippingMethod', shippingMethod: { key: 'std' } }));
    ok(
      await o.api.call('POST', '/shipping-methods/key=std', {
        version: method['version'],
        actions: [
          { action: 'removeShippingRate', zone: { key: 'de' }, shippingRate: { price: eur(595) } },
          { action: 'addShippingRate', zone: { key: 'de' }, shippingRate: { price: eur(795) } },
        ],
      }),
    );
    expect(expectError(await o.order(cart), 400, 'PriceChanged')).toMatchObject({ lineItems: [], shipping: true });
  });
});

describe('an Active Cart', () => {
  it('is not concerned: Product prices move it as before', async () => {
    const cart = await o.orderable({ shippingAddress: BERLIN });
    await shirtPrice(1500);
    const recalculated = await o.updated(cart, { action: 'recalculate' });
    expect(recalculated['totalPrice']).toEqual(money(3000));
  });
});
