/**
 * The storefront checkout through the official SDK, unchanged, against the emulator on a loopback
 * port (the global `fetch`): an anonymous session and its cart, a shipping address, the matching
 * Shipping Methods, sign-in with the anonymous cart merged into the customer's, shipping, a payment
 * with a charge, an order with an order number, its state changes, and the order found by its number.
 * The same checkout as `pnpm demo` (examples/quickstart-checkout.ts), to the cent.
 */
import type { ByProjectKeyRequestBuilder, Cart } from '@commercetools/platform-sdk';
import { startEmulator, type RunningEmulator } from '@commerce-kit/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialSdk, refusal } from './sdk.js';

const projectKey = 'sdk-checkout';
const address = {
  country: 'DE',
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetName: 'Friedrichstraße',
  streetNumber: '43',
  postalCode: '10117',
  city: 'Berlin',
};
const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const lines = (cart: Cart) => cart.lineItems.map((line) => [line.variant.sku, line.quantity, line.totalPrice.centAmount]);

describe('the checkout through the official SDK on a port', () => {
  let server: RunningEmulator;
  let merchant: ByProjectKeyRequestBuilder;
  let shopper: ByProjectKeyRequestBuilder;
  const ids = { standard: '', express: '', customer: '' };

  beforeAll(async () => {
    server = await startEmulator({ projectKey });
    const target = { projectKey, authUrl: server.urls.auth, apiUrl: server.urls.api, ...server.emulator.credentials, httpClient: fetch };
    merchant = officialSdk(target);
    shopper = officialSdk({ ...target, anonymous: true });

    // The merchant's set-up: 19 % VAT included in DE, a Zone, two Shipping Methods, a mug and a cap.
    const tax = await merchant
      .taxCategories()
      .post({ body: { key: 'vat', name: 'VAT', rates: [{ name: 'Standard DE', amount: 0.19, includedInPrice: true, country: 'DE' }] } })
      .execute();
    const zone = await merchant
      .zones()
      .post({ body: { key: 'germany', name: 'Germany', locations: [{ country: 'DE' }] } })
      .execute();
    for (const [key, centAmount, isDefault] of [
      ['standard', 499, true],
      ['express', 999, false],
    ] as const) {
      const method = await merchant
        .shippingMethods()
        .post({
          body: {
            key,
            name: key,
            isDefault,
            taxCategory: { typeId: 'tax-category', id: tax.body.id },
            zoneRates: [
              {
                zone: { typeId: 'zone', id: zone.body.id },
                shippingRates: [{ price: eur(centAmount), ...(isDefault ? { freeAbove: eur(10000) } : {}) }],
              },
            ],
          },
        })
        .execute();
      ids[key] = method.body.id;
    }
    const productType = await merchant
      .productTypes()
      .post({ body: { key: 'merchandise', name: 'Merchandise', description: 'Mugs and caps' } })
      .execute();
    for (const [sku, centAmount] of [
      ['MUG', 1299],
      ['CAP', 849],
    ] as const) {
      await merchant
        .products()
        .post({
          body: {
            key: sku.toLowerCase(),
            productType: { typeId: 'product-type', id: productType.body.id },
            name: { en: sku },
            slug: { en: sku.toLowerCase() },
            taxCategory: { typeId: 'tax-category', id: tax.body.id },
            masterVariant: { sku, prices: [{ value: eur(centAmount) }] },
            publish: true,
          },
        })
        .execute();
    }
    const customer = await merchant
      .customers()
      .post({ body: { email: 'ada@example.com', password: 'analytical-engine', firstName: 'Ada' } })
      .execute();
    ids.customer = customer.body.customer.id;
  });
  afterAll(() => server?.close());

  it('runs from an anonymous cart to an order found by its number, with exact totals', async () => {
    // A cart left from an earlier visit: the customer's, with a cap.
    const earlier = await merchant
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', customerId: ids.customer, lineItems: [{ sku: 'CAP', quantity: 1 }] } })
      .execute();

    // The anonymous shopper's cart: two mugs and a shipping address.
    const cart = await shopper
      .me()
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'MUG', quantity: 2 }], shippingAddress: address } })
      .execute();
    expect(cart.statusCode).toBe(201);
    expect(cart.body.anonymousId).toEqual(expect.any(String));
    // 2 x 12.99 = 25.98, 19 % included: net 2598 / 1.19 = 2183.19 -> 2183, tax 415.
    expect(lines(cart.body)).toEqual([['MUG', 2, 2598]]);
    expect(cart.body.taxedPrice).toMatchObject({ totalNet: eur(2183), totalGross: eur(2598), totalTax: eur(415) });

    const matching = await shopper
      .shippingMethods()
      .matchingCart()
      .get({ queryArgs: { cartId: cart.body.id } })
      .execute();
    // The default first; each with exactly one matching rate.
    expect(matching.body.results.map((method) => method.id)).toEqual([ids.standard, ids.express]);
    expect(
      matching.body.results.map((method) =>
        method.zoneRates.flatMap((zoneRate) =>
          zoneRate.shippingRates.filter((rate) => rate.isMatching).map((rate) => rate.price.centAmount),
        ),
      ),
    ).toEqual([[499], [999]]);

    // Sign-in in the anonymous session: its cart's lines are merged into the customer's earlier cart.
    const signIn = await shopper
      .me()
      .login()
      .post({ body: { email: 'ada@example.com', password: 'analytical-engine', activeCartSignInMode: 'MergeWithExistingCustomerCart' } })
      .execute();
    const merged = signIn.body.cart!;
    expect(merged.id).toBe(earlier.body.id);
    expect(merged.customerId).toBe(ids.customer);
    expect(lines(merged).sort()).toEqual([
      ['CAP', 1, 849],
      ['MUG', 2, 2598],
    ]);
    const anonymous = await merchant.carts().withId({ ID: cart.body.id }).get().execute();
    expect(anonymous.body.cartState).toBe('Merged');

    // The merged cart gets the address and the shipping method, then the payment.
    const ready = await merchant
      .carts()
      .withId({ ID: merged.id })
      .post({
        body: {
          version: merged.version,
          actions: [
            { action: 'setShippingAddress', address },
            { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: ids.standard } },
          ],
        },
      })
      .execute();
    // Lines 25.98 + 8.49 = 34.47, shipping 4.99: 39.46. Per item, 19 % included, half even:
    // mug 2598 -> net 2183 (2183.19), tax 415; cap 849 -> net 713 (713.45), tax 136;
    // shipping 499 -> net 419 (419.33), tax 80. Net 3315, tax 415 + 136 + 80 = 631, gross 3946.
    expect(ready.body.totalPrice).toMatchObject(eur(3946));
    expect(ready.body.taxedPrice).toMatchObject({ totalNet: eur(3315), totalGross: eur(3946), totalTax: eur(631) });
    expect(ready.body.taxedShippingPrice).toMatchObject({ totalNet: eur(419), totalGross: eur(499), totalTax: eur(80) });

    const payment = await merchant
      .payments()
      .post({
        body: {
          amountPlanned: eur(3946),
          customer: { typeId: 'customer', id: ids.customer },
          paymentMethodInfo: { paymentInterface: 'psp', method: 'card' },
          transactions: [{ type: 'Charge', amount: eur(3946) }],
        },
      })
      .execute();
    expect(payment.body.transactions.map((transaction) => transaction.state)).toEqual(['Initial']);
    const charged = await merchant
      .payments()
      .withId({ ID: payment.body.id })
      .post({
        body: {
          version: payment.body.version,
          actions: [{ action: 'changeTransactionState', transactionId: payment.body.transactions[0]!.id, state: 'Success' }],
        },
      })
      .execute();
    expect(charged.body.transactions[0]!.state).toBe('Success');
    const paid = await merchant
      .carts()
      .withId({ ID: merged.id })
      .post({
        body: { version: ready.body.version, actions: [{ action: 'addPayment', payment: { typeId: 'payment', id: payment.body.id } }] },
      })
      .execute();

    // A stale cart version is refused, and creates nothing.
    const stale = merchant
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: merged.id }, version: ready.body.version, orderNumber: 'A-1001' } })
      .execute();
    expect(await refusal(stale)).toEqual({ statusCode: 409, code: 'ConcurrentModification' });
    expect((await merchant.orders().get().execute()).body.results).toEqual([]);

    const order = await merchant
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: merged.id }, version: paid.body.version, orderNumber: 'A-1001' } })
      .execute();
    expect(order.statusCode).toBe(201);
    expect(order.body).toMatchObject({ orderNumber: 'A-1001', orderState: 'Open', customerId: ids.customer });
    expect(order.body.paymentInfo?.payments.map((reference) => reference.id)).toEqual([payment.body.id]);
    const ordered = await merchant.carts().withId({ ID: merged.id }).get().execute();
    expect(ordered.body.cartState).toBe('Ordered');

    const moved = await merchant
      .orders()
      .withId({ ID: order.body.id })
      .post({
        body: {
          version: order.body.version,
          actions: [
            { action: 'changeOrderState', orderState: 'Confirmed' },
            { action: 'changePaymentState', paymentState: 'Paid' },
            { action: 'changeShipmentState', shipmentState: 'Shipped' },
          ],
        },
      })
      .execute();
    expect(moved.body).toMatchObject({ orderState: 'Confirmed', paymentState: 'Paid', shipmentState: 'Shipped' });

    // Found by its order number, with the cart's lines, shipping and totals copied to the cent.
    const found = await merchant.orders().withOrderNumber({ orderNumber: 'A-1001' }).get().execute();
    expect(found.body.id).toBe(order.body.id);
    expect(
      found.body.lineItems
        .map((line) => [line.variant.sku, line.quantity, line.totalPrice.centAmount, line.taxedPrice?.totalNet.centAmount])
        .sort(),
    ).toEqual([
      ['CAP', 1, 849, 713],
      ['MUG', 2, 2598, 2183],
    ]);
    expect(found.body.shippingInfo?.price).toMatchObject(eur(499));
    expect(found.body.totalPrice).toMatchObject(eur(3946));
    expect(found.body.taxedPrice).toMatchObject({ totalNet: eur(3315), totalGross: eur(3946), totalTax: eur(631) });
    expect(found.body.shippingAddress).toMatchObject(address);
  });
});
