import { beforeEach, describe, expect, it } from 'vitest';
import { cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { createStore, ok, type Json } from './helpers.js';

// The project's Cart Discounts applied to Carts (https://docs.commercetools.com/api/pricing-and-discounts-overview):
// which apply (active, valid, predicate, code, Store), in which order, and with Product Discounts.
// Expected cents are worked out by hand beside each assertion.

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
  await c.product('tee', [{ value: eur(1000) }]);
});

const HOUR_MS = 3600 * 1000;
const lines = (cart: Json) => cart['lineItems'] as Json[];
const allLines = { type: 'lineItems', predicate: '1 = 1' };
const relative = (permyriad: number) => ({ type: 'relative', permyriad });

/** Creates a Cart Discount on every line, 10 % off, at sortOrder 0.5 unless `extra` says otherwise. */
async function discount(extra: Json = {}): Promise<Json> {
  const draft = { name: { en: 'Sale' }, value: relative(1000), cartPredicate: '1 = 1', target: allLines, sortOrder: '0.5', ...extra };
  return ok(await c.api.call('POST', '/cart-discounts', draft), 201);
}
const portion = (cartDiscount: Json, cents: number) => ({
  discount: { typeId: 'cart-discount', id: cartDiscount['id'] },
  discountedAmount: money(cents),
});
/** The unit price of the first line and the discounts in it, as the first entry of discountedPricePerQuantity says. */
const firstEntry = (cart: Json) => lines(cart)[0]!['discountedPricePerQuantity'][0];

describe('which Cart Discounts apply', () => {
  it('apply in descending sortOrder, each on what the higher one left', async () => {
    const absolute = await discount({ value: { type: 'absolute', money: [eur(100)] }, sortOrder: '0.9' });
    const half = await discount({ value: relative(5000), sortOrder: '0.5' });
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    // 10.00 − 1.00 (0.9 first) = 9.00, then 50 %: 4.50 (the other order would give 4.00)
    expect(firstEntry(cart)).toEqual({
      quantity: 1,
      discountedPrice: { value: money(450), includedDiscounts: [portion(absolute, 100), portion(half, 450)] },
    });
    expect(cart['totalPrice']).toEqual(money(450));
  });

  it('stop the lower ones after one with StopAfterThisDiscount applied, and not when it did not', async () => {
    const stopper = await discount({ sortOrder: '0.9', stackingMode: 'StopAfterThisDiscount', cartPredicate: 'lineItemCount(1 = 1) >= 2' });
    const lower = await discount({ sortOrder: '0.4', value: { type: 'absolute', money: [eur(100)] } });
    const one = await c.cart({ lineItems: [{ sku: 'tee' }] });
    // The stopper does not match one unit: the lower one applies, 10.00 − 1.00
    expect(firstEntry(one)['discountedPrice']['includedDiscounts']).toEqual([portion(lower, 100)]);
    const two = await c.updated(one, { action: 'changeLineItemQuantity', lineItemId: lines(one)[0]!['id'], quantity: 2 });
    // Two units: 10 % off each (9.00) and nothing after it
    expect(firstEntry(two)).toEqual({ quantity: 2, discountedPrice: { value: money(900), includedDiscounts: [portion(stopper, 100)] } });
    expect(two['totalPrice']).toEqual(money(1800));
  });

  it('match the cart predicate on the Cart as priced without them', async () => {
    const over = await discount({ cartPredicate: 'totalPrice >= "30.00 EUR"', value: { type: 'absolute', money: [eur(500)] } });
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2 }] });
    // 20.00 is below 30.00: nothing
    expect(lines(cart)[0]!['discountedPricePerQuantity']).toEqual([]);
    const three = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId: lines(cart)[0]!['id'], quantity: 3 });
    // 30.00 reaches it; 5.00 over 3 units: 166 each, 2 cents left to the first two: 8.33 twice, 8.34 once = 25.00
    // (still applied although 25.00 is below 30.00: the predicate saw the Cart without it)
    expect(lines(three)[0]!['discountedPricePerQuantity']).toEqual([
      { quantity: 2, discountedPrice: { value: money(833), includedDiscounts: [portion(over, 167)] } },
      { quantity: 1, discountedPrice: { value: money(834), includedDiscounts: [portion(over, 166)] } },
    ]);
    expect(three['totalPrice']).toEqual(money(2500));
  });

  it('leave out inactive ones, those requiring a code, and those outside their validity on the emulator clock', async () => {
    await discount({ isActive: false });
    await discount({ requiresDiscountCode: true, sortOrder: '0.6' });
    const later = new Date(c.api.clock.now() + HOUR_MS).toISOString();
    const timed = await discount({ validFrom: later, sortOrder: '0.7' });
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    expect(cart['totalPrice']).toEqual(money(1000));
    c.api.clock.set(c.api.clock.now() + 2 * HOUR_MS);
    // Once valid, the next change of the Cart applies it: 10 % off 10.00
    const recalculated = await c.updated(cart, { action: 'recalculate' });
    expect(firstEntry(recalculated)['discountedPrice']['includedDiscounts']).toEqual([portion(timed, 100)]);
    expect(recalculated['totalPrice']).toEqual(money(900));
  });

  it("apply a Store's discount to that Store's Carts only", async () => {
    await createStore(c.api, 'berlin');
    await createStore(c.api, 'munich');
    await discount({ stores: [{ typeId: 'store', key: 'berlin' }] });
    const berlin = await c.cart({ store: { typeId: 'store', key: 'berlin' }, lineItems: [{ sku: 'tee' }] });
    const munich = await c.cart({ store: { typeId: 'store', key: 'munich' }, lineItems: [{ sku: 'tee' }] });
    const none = await c.cart({ lineItems: [{ sku: 'tee' }] });
    expect([berlin, munich, none].map((cart) => cart['totalPrice'])).toEqual([money(900), money(1000), money(1000)]);
  });

  it('follow a change of the discount at the next change of the Cart', async () => {
    const sale = await discount();
    const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
    expect(cart['totalPrice']).toEqual(money(900));
    ok(
      await c.api.call('POST', `/cart-discounts/${sale['id']}`, {
        version: sale['version'],
        actions: [{ action: 'changeIsActive', isActive: false }],
      }),
    );
    const after = await c.updated(cart, { action: 'recalculate' });
    expect(after['totalPrice']).toEqual(money(1000));
    expect(lines(after)[0]!['discountedPricePerQuantity']).toEqual([]);
  });
});

describe('gift line items', () => {
  it('come free while their discount matches, go when it stops, and stay away once removed', async () => {
    const cap = await c.product('cap', [{ value: eur(500) }]);
    const value = { type: 'giftLineItem', product: { typeId: 'product', id: cap['id'] }, variantId: 1 };
    const gift = await discount({ value, target: undefined, cartPredicate: 'lineItemCount(sku = "tee") >= 2' });
    const one = await c.cart({ lineItems: [{ sku: 'tee' }] });
    expect(lines(one)).toHaveLength(1);
    const two = await c.updated(one, { action: 'changeLineItemQuantity', lineItemId: lines(one)[0]!['id'], quantity: 2 });
    // The cap (5.00) comes as a gift line at 0.00: total 2 × 10.00
    expect(lines(two)[1]).toMatchObject({
      productId: cap['id'],
      lineItemMode: 'GiftLineItem',
      quantity: 1,
      discountedPricePerQuantity: [{ quantity: 1, discountedPrice: { value: money(0), includedDiscounts: [portion(gift, 500)] } }],
      totalPrice: money(0),
    });
    expect(two['totalPrice']).toEqual(money(2000));
    const back = await c.updated(two, { action: 'changeLineItemQuantity', lineItemId: lines(two)[0]!['id'], quantity: 1 });
    expect(lines(back)).toHaveLength(1);
    const again = await c.updated(back, { action: 'changeLineItemQuantity', lineItemId: lines(back)[0]!['id'], quantity: 2 });
    const refused = await c.updated(again, { action: 'removeLineItem', lineItemId: lines(again)[1]!['id'] });
    expect(refused['refusedGifts']).toEqual([{ typeId: 'cart-discount', id: gift['id'] }]);
    expect(lines(await c.updated(refused, { action: 'recalculate' }))).toHaveLength(1);
  });
});

describe('Product and Cart Discounts together', () => {
  /** A Product Discount of `permyriad` on every Price. */
  const productDiscount = async (permyriad: number) =>
    ok(
      await c.api.call('POST', '/product-discounts', {
        name: { en: 'Product sale' },
        value: relative(permyriad),
        predicate: '1 = 1',
        sortOrder: '0.5',
        isActive: true,
      }),
      201,
    );
  const setMode = async (discountCombinationMode: string) => {
    const project = ok(await c.api.call('GET', ''));
    ok(
      await c.api.call('POST', '', {
        version: project['version'],
        actions: [{ action: 'setDiscountsConfiguration', discountsConfiguration: { discountCombinationMode } }],
      }),
    );
  };

  it('stack: the Cart Discount on the Product-discounted price', async () => {
    await productDiscount(1000);
    const sale = await discount();
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2 }] });
    // 10.00 less 10 % (product) = 9.00, less 10 % (cart) = 8.10 a unit
    expect(lines(cart)[0]!['price']['discounted']['value']).toEqual(money(900));
    expect(firstEntry(cart)).toEqual({ quantity: 2, discountedPrice: { value: money(810), includedDiscounts: [portion(sale, 90)] } });
    expect(cart['totalPrice']).toEqual(money(1620));
    expect(cart['discountTypeCombination']).toEqual({ type: 'Stacking' });
    expect(ok(await c.api.call('GET', ''))['discounts']).toEqual({ discountCombinationMode: 'Stacking' });
  });

  it('BestDeal: the lower total of Product Discounts only and Cart Discounts only', async () => {
    await productDiscount(2000);
    const sale = await discount();
    await setMode('BestDeal');
    expect(ok(await c.api.call('GET', ''))['discounts']).toEqual({ discountCombinationMode: 'BestDeal' });
    const cart = await c.cart({ lineItems: [{ sku: 'tee', quantity: 2 }] });
    // Product only: 8.00 × 2 = 16.00; Cart only: 9.00 × 2 = 18.00 → the Product Discount
    expect(cart['totalPrice']).toEqual(money(1600));
    expect(lines(cart)[0]!['discountedPricePerQuantity']).toEqual([]);
    expect(cart['discountTypeCombination']).toEqual({ type: 'BestDeal', chosenDiscountType: 'ProductDiscount' });
    ok(
      await c.api.call('POST', `/cart-discounts/${sale['id']}`, {
        version: sale['version'],
        actions: [{ action: 'changeValue', value: relative(3000) }],
      }),
    );
    const better = await c.updated(cart, { action: 'recalculate' });
    // Cart only now 7.00 × 2 = 14.00, below 16.00: the Cart Discount, on price.value
    expect(firstEntry(better)).toEqual({ quantity: 2, discountedPrice: { value: money(700), includedDiscounts: [portion(sale, 300)] } });
    expect(better['totalPrice']).toEqual(money(1400));
    expect(better['discountTypeCombination']).toEqual({ type: 'BestDeal', chosenDiscountType: 'CartDiscount' });
  });
});
