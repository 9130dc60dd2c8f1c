import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, eur, money } from '../rest/cart-fixtures.js';
import { orderApi, type OrderApi } from '../rest/order-fixtures.js';
import { data, failure, gql } from './helpers.js';

/**
 * The Cart actions of inventory, freezing, external prices and custom shipping over GraphQL:
 * the REST actions through `updateCart`, with the same results and the same errors.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
});

const MONEY = 'type currencyCode centAmount fractionDigits';
const CART = `id version cartState freezeStrategy inventoryMode totalPrice { ${MONEY} }
  lineItems { id quantity priceMode inventoryMode price { value { ${MONEY} } } totalPrice { ${MONEY} } }
  shippingInfo { shippingMethodName price { ${MONEY} } shippingMethodState shippingMethodRef { id } }`;
const createCart = (draft: Json) =>
  gql<{ createCart: Json | null }>(o.api, `mutation ($draft: CartDraft!) { createCart(draft: $draft) { ${CART} } }`, { draft });
const updateCart = (cart: Json, actions: unknown[]) =>
  gql<{ updateCart: Json | null }>(
    o.api,
    `mutation ($id: String, $version: Long!, $actions: [CartUpdateAction!]!) {
      updateCart(id: $id, version: $version, actions: $actions) { ${CART} } }`,
    { id: cart['id'], version: cart['version'], actions },
  );
const cents = (centAmount: number) => ({ centPrecision: { currencyCode: 'EUR', centAmount } });

describe('updateCart', () => {
  it('sets external prices and line inventory modes, in drafts and actions', async () => {
    const { createCart: cart } = await data(
      createCart({
        currency: 'EUR',
        inventoryMode: 'TrackOnly',
        lineItems: [{ sku: 'shirt', quantity: 2, externalPrice: cents(1000), inventoryMode: 'None' }],
      }),
    );
    // 2 × 10.00 = 20.00 EUR.
    expect(cart!['lineItems'][0]).toMatchObject({ priceMode: 'ExternalPrice', inventoryMode: 'None', totalPrice: money(2000) });
    const line = cart!['lineItems'][0].id as string;
    const { updateCart: total } = await data(
      updateCart(cart!, [
        { setLineItemTotalPrice: { lineItemId: line, externalTotalPrice: { price: cents(1000), totalPrice: eur(1500) } } },
        { setLineItemInventoryMode: { lineItemId: line, inventoryMode: 'TrackOnly' } },
      ]),
    );
    expect(total!['lineItems'][0]).toMatchObject({ priceMode: 'ExternalTotal', inventoryMode: null, totalPrice: money(1500) });
    const { updateCart: platform } = await data(updateCart(total!, [{ setLineItemPrice: { lineItemId: line } }]));
    // setLineItemPrice without a price leaves an ExternalTotal line as it is.
    expect(platform!['lineItems'][0]).toMatchObject({ priceMode: 'ExternalTotal' });
    const { updateCart: changed } = await data(
      updateCart(platform!, [{ changeLineItemQuantity: { lineItemId: line, quantity: 3, externalPrice: cents(700) } }]),
    );
    // 3 × 7.00 = 21.00 EUR.
    expect(changed!['lineItems'][0]).toMatchObject({ priceMode: 'ExternalPrice', totalPrice: money(2100) });
  });

  it('freezes and unfreezes; a frozen Cart refuses line changes with the REST error, changing nothing', async () => {
    const cart = await o.orderable();
    const { updateCart: frozen } = await data(updateCart(cart, [{ freezeCart: { strategy: 'SoftFreeze' } }]));
    expect(frozen).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
    const refused = await failure(updateCart(frozen!, [{ addLineItem: { sku: 'shirt' } }]));
    expect(refused.error.extensions).toEqual({ code: 'InvalidOperation' });
    const hard = await failure(updateCart(frozen!, [{ unfreezeCart: {} }, { freezeCart: { strategy: 'HardFreeze' } }]));
    expect(hard.error.extensions).toMatchObject({ code: 'NotEmulated' });
    expect((await o.cartNow(cart))['version']).toBe(frozen!['version']);
    const { updateCart: active } = await data(updateCart(frozen!, [{ unfreezeCart: {} }]));
    expect(active).toMatchObject({ cartState: 'Active', freezeStrategy: null });
  });

  it('sets a custom shipping method, without a Shipping Method reference', async () => {
    const cart = await o.orderable({ shippingAddress: BERLIN });
    const { updateCart: shipped } = await data(
      updateCart(cart, [
        {
          setCustomShippingMethod: {
            shippingMethodName: 'Courier',
            shippingRate: { price: eur(800) },
            taxCategory: { key: 'standard' },
          },
        },
      ]),
    );
    // 2 × 11.90 + 8.00 = 31.80 EUR.
    expect(shipped).toMatchObject({
      totalPrice: money(3180),
      shippingInfo: { shippingMethodName: 'Courier', price: money(800), shippingMethodState: 'MatchesCart', shippingMethodRef: null },
    });
  });
});
