import { beforeEach, describe, expect, it } from 'vitest';
import { apiClient, passwordToken, type ClientCredentials } from '../helpers/tokens.js';
import { BERLIN, money } from '../rest/cart-fixtures.js';
import { signUp } from '../rest/customer-helpers.js';
import { orderApi, type OrderApi } from '../rest/order-fixtures.js';
import { data, failure, gql } from './helpers.js';

/**
 * Shipping on a Cart and Orders over GraphQL, on the REST engine: matching methods, the shipping
 * price and tax, Orders from Carts (project and `me`), by id and order number.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
  await o.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  await o.api.call('POST', '/shipping-methods', {
    key: 'standard',
    name: 'Standard',
    taxCategory: { key: 'standard' },
    isDefault: true,
    zoneRates: [
      {
        zone: { key: 'de' },
        shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 }, freeAbove: { currencyCode: 'EUR', centAmount: 5000 } }],
      },
    ],
  });
  await o.api.call('POST', '/shipping-methods', {
    key: 'express',
    name: 'Express',
    taxCategory: { key: 'standard' },
    isDefault: false,
    zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 990 } }] }],
  });
});

const MONEY = 'currencyCode centAmount type fractionDigits';
const TAXED = `totalNet { ${MONEY} } totalGross { ${MONEY} } totalTax { ${MONEY} }`;
const TOTALS = `totalPrice { ${MONEY} } taxedPrice { ${TAXED} } taxedShippingPrice { ${TAXED} }
  shippingInfo { shippingMethodName price { ${MONEY} } shippingMethodState shippingMethodRef { id } shippingMethod { key }
    taxedPrice { ${TAXED} } shippingRate { price { centAmount } freeAbove { centAmount } } }`;
const ORDER = `id version orderNumber orderState shipmentState paymentState customerId anonymousId cartRef { id } cart { cartState }
  lineItems { quantity totalPrice { centAmount } } ${TOTALS}`;

const updateCart = (cart: Json, actions: unknown[]) =>
  gql<{ updateCart: Json | null }>(
    o.api,
    `mutation ($id: String, $version: Long!, $actions: [CartUpdateAction!]!) { updateCart(id: $id, version: $version, actions: $actions) { id version ${TOTALS} } }`,
    { id: cart['id'], version: cart['version'], actions },
  );

describe('shipping of a Cart', () => {
  it('shippingMethodsByCart answers what REST matching-cart answers; setShippingMethod prices and taxes the shipping', async () => {
    const cart = await o.cart({ lineItems: [{ sku: 'shirt', quantity: 1 }], shippingAddress: BERLIN });
    const matching = await data<{ shippingMethodsByCart: Json[] }>(
      gql(o.api, 'query ($id: String!) { shippingMethodsByCart(id: $id) { key zoneRates { shippingRates { isMatching } } } }', {
        id: cart['id'],
      }),
    );
    const rest = (await o.api.call<Json>('GET', `/shipping-methods/matching-cart?cartId=${cart['id'] as string}`)).body;
    expect(matching.shippingMethodsByCart.map((m) => m['key'])).toEqual(rest['results'].map((m: Json) => m['key']));
    expect(matching.shippingMethodsByCart).toEqual([
      { key: 'standard', zoneRates: [{ shippingRates: [{ isMatching: true }] }] },
      { key: 'express', zoneRates: [{ shippingRates: [{ isMatching: true }] }] },
    ]);

    const { updateCart: shipped } = await data(updateCart(cart, [{ setShippingMethod: { shippingMethod: { key: 'standard' } } }]));
    // DE VAT 19 % included. Shirt 11.90: net 11.90 / 1.19 = 10.00, tax 1.90. Shipping 4.90 (below freeAbove 50.00):
    // net 4.90 / 1.19 = 4.1176… → 4.12, tax 0.78. Cart: gross 11.90 + 4.90 = 16.80, net 14.12, tax 2.68.
    expect(shipped).toMatchObject({
      totalPrice: money(1680),
      taxedPrice: { totalNet: money(1412), totalGross: money(1680), totalTax: money(268) },
      taxedShippingPrice: { totalNet: money(412), totalGross: money(490), totalTax: money(78) },
      shippingInfo: {
        shippingMethodName: 'Standard',
        price: money(490),
        shippingMethodState: 'MatchesCart',
        shippingMethod: { key: 'standard' },
        taxedPrice: { totalNet: money(412), totalGross: money(490), totalTax: money(78) },
        shippingRate: { price: { centAmount: 490 }, freeAbove: { centAmount: 5000 } },
      },
    });
    const restCart = (await o.api.call<Json>('GET', `/carts/${cart['id'] as string}`)).body;
    const withoutPortions = ({ taxPortions: _portions, ...taxed }: Json) => taxed;
    expect(shipped!['totalPrice']).toEqual(restCart['totalPrice']);
    expect(shipped!['taxedPrice']).toEqual(withoutPortions(restCart['taxedPrice']));
    expect(shipped!['taxedShippingPrice']).toEqual(withoutPortions(restCart['taxedShippingPrice']));
    expect(shipped!['shippingInfo'].taxedPrice).toEqual(withoutPortions(restCart['shippingInfo'].taxedPrice));

    const none = await failure(gql(o.api, '{ shippingMethodsByCart(id: "no-such-cart") { key } }'));
    expect(none.error.extensions).toEqual({ code: 'InvalidInput' });
    expect(none.error.message).toBe("The Cart with ID 'no-such-cart' was not found.");
  });
});

describe('Orders', () => {
  it('are created from a Cart with its totals, read by id and order number, updated and deleted', async () => {
    const cart = await o.orderable({}, 5);
    const shipped = (await data(updateCart(cart, [{ setShippingMethod: { shippingMethod: { key: 'standard' } } }]))).updateCart!;
    const { createOrderFromCart: order } = await data<{ createOrderFromCart: Json }>(
      gql(o.api, `mutation ($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { ${ORDER} } }`, {
        draft: { id: cart['id'], version: shipped['version'], orderNumber: 'A-1' },
      }),
    );
    // Shirt 11.90 × 5 = 59.50 reaches freeAbove 50.00: shipping 0. Net 59.50 / 1.19 = 50.00, tax 9.50.
    expect(order).toMatchObject({
      version: 1,
      orderNumber: 'A-1',
      orderState: 'Open',
      cartRef: { id: cart['id'] },
      cart: { cartState: 'Ordered' },
      lineItems: [{ quantity: 5, totalPrice: { centAmount: 5950 } }],
      totalPrice: money(5950),
      taxedPrice: { totalNet: money(5000), totalGross: money(5950), totalTax: money(950) },
      shippingInfo: { price: money(0), shippingMethodName: 'Standard' },
    });
    const rest = (await o.api.call<Json>('GET', '/orders/order-number=A-1')).body;
    expect({ totalPrice: order['totalPrice'], gross: order['taxedPrice'].totalGross }).toEqual({
      totalPrice: rest['totalPrice'],
      gross: rest['taxedPrice'].totalGross,
    });

    const read = await data(
      gql(
        o.api,
        `query ($id: String) { byId: order(id: $id) { orderNumber } byNumber: order(orderNumber: "A-1") { id } none: order(orderNumber: "Z") { id }
        orders(where: "orderNumber = \\"A-1\\"") { total } }`,
        { id: order['id'] },
      ),
    );
    expect(read).toEqual({ byId: { orderNumber: 'A-1' }, byNumber: { id: order['id'] }, none: null, orders: { total: 1 } });

    const updated = await data<{ updateOrder: Json }>(
      gql(
        o.api,
        `mutation { updateOrder(orderNumber: "A-1", version: 1, actions: [{ changeOrderState: { orderState: Confirmed } },
        { changeShipmentState: { shipmentState: Ready } }]) { version orderNumber orderState shipmentState } }`,
      ),
    );
    expect(updated.updateOrder).toEqual({ version: 2, orderNumber: 'A-1', orderState: 'Confirmed', shipmentState: 'Ready' });
    const unknown = await failure(
      gql(
        o.api,
        'mutation { updateOrder(orderNumber: "Z-9", version: 2, actions: [{ setCustomerEmail: { email: "x@example.com" } }]) { id } }',
      ),
    );
    const restUnknown = await o.api.call<Json>('POST', '/orders/order-number=Z-9', { version: 2, actions: [] });
    expect(unknown.error.extensions).toEqual({ code: 'ResourceNotFound' });
    expect(unknown.error.message).toBe(restUnknown.body['errors'][0].message);

    const again = await failure(
      gql(o.api, 'mutation ($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { id } }', {
        draft: { cart: { id: cart['id'] }, version: shipped['version'] + 1 },
      }),
    );
    const restAgain = await o.order(cart, { version: shipped['version'] + 1 });
    expect(again.error.extensions!['code']).toBe(restAgain.body['errors'][0].code);

    expect(await data(gql(o.api, 'mutation { deleteOrder(orderNumber: "A-1", version: 2) { orderNumber } }'))).toEqual({
      deleteOrder: { orderNumber: 'A-1' },
    });
    expect((await o.api.call('GET', `/orders/${order['id'] as string}`)).status).toBe(404);
  });

  describe('of the caller (me)', () => {
    let storefront: ClientCredentials;
    beforeEach(async () => {
      const project = o.api.project;
      storefront = await apiClient(o.api, `manage_my_orders:${project} manage_my_profile:${project}`);
    });

    it("createMyOrderFromCart orders the caller's own Cart; me.orders lists only the caller's; another's Cart is not found", async () => {
      const ann = await signUp(o.api, { email: 'ann@example.com' });
      const eve = await signUp(o.api, { email: 'eve@example.com' });
      const annCart = await o.orderable({ customerId: ann['id'] });
      const eveCart = await o.orderable({ customerId: eve['id'] });
      await o.ordered(await o.orderable({ customerId: eve['id'] }));
      const annToken = await passwordToken(o.api, storefront, { email: 'ann@example.com', password: 'secret' });
      const create = (cart: Json) =>
        gql<{ createMyOrderFromCart: Json | null }>(
          o.api,
          'mutation ($draft: OrderMyCartCommand!) { createMyOrderFromCart(draft: $draft) { id customerId totalPrice { centAmount } } }',
          { draft: { id: cart['id'], version: cart['version'] } },
          annToken,
        );

      const others = await failure(create(eveCart));
      expect(others.error.extensions).toEqual({ code: 'ResourceNotFound' });
      expect((await o.cartNow(eveCart))['cartState']).toBe('Active');

      const { createMyOrderFromCart: order } = await data(create(annCart));
      // 11.90 × 2 = 23.80, no Shipping Method on the Cart.
      expect(order).toMatchObject({ customerId: ann['id'], totalPrice: { centAmount: 2380 } });
      const mine = await data(
        gql(o.api, 'query ($id: String!) { me { order(id: $id) { id } orders { total results { id } } } }', { id: order!['id'] }, annToken),
      );
      expect(mine).toEqual({ me: { order: { id: order!['id'] }, orders: { total: 1, results: [{ id: order!['id'] }] } } });

      const noSession = await failure(gql(o.api, '{ me { orders { total } } }'));
      expect(noSession.error.extensions).toMatchObject({ code: 'insufficient_scope' });
    });
  });
});
