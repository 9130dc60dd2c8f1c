/**
 * The quickstart's checkout step: what a storefront does from the first visit to the order, with
 * the rest-client. A shopper browses anonymously, fills a cart, gives a shipping address and sees
 * the Shipping Methods that match it; signs in, and the anonymous cart is merged into the cart
 * left from an earlier visit, which is then shipped and paid; the order is placed (never twice,
 * by its order number), moves through its states, and is found again by its order number.
 */
import { createTokenProvider, type AuthConfig } from '@commerce-kit/core-auth';
import { createAndVerify, createOrderAndVerify, createRestClient, type RestClient } from '@commerce-kit/rest-client';
import type { Target } from './target.js';

/** What the step needs of the quickstart: its client, auth settings and printing. */
export interface CheckoutContext {
  target: Target;
  client: RestClient;
  authConfig: AuthConfig;
  /** A customer who signed up earlier, without a cart yet. */
  customer: { id: string; email: string; password: string };
  show: (call: string, status: number | string, fields?: Record<string, unknown>) => void;
  expect: (condition: boolean, what: string) => void;
}

/** A Money value as 12.34 EUR, by string operations on the integer cents. */
export function formatMoney(money: { centAmount: number; currencyCode: string; fractionDigits?: number } | undefined): string {
  if (!money) return '-';
  const digits = money.fractionDigits ?? 2;
  const cents = String(Math.abs(money.centAmount)).padStart(digits + 1, '0');
  const amount = digits > 0 ? `${cents.slice(0, -digits)}.${cents.slice(-digits)}` : cents;
  return `${money.centAmount < 0 ? '-' : ''}${amount} ${money.currencyCode}`;
}

const SHIPPING_ADDRESS = {
  country: 'DE',
  firstName: 'Jen',
  lastName: 'Doe',
  streetName: 'Unter den Linden',
  streetNumber: '1',
  postalCode: '10117',
  city: 'Berlin',
};

/**
 * The checkout. Its money, worked out by hand (DE, 19 % VAT included in the prices, rounded per
 * item, half to even): 2 mugs at 12.99 = 25.98 (net 2598 / 1.19 = 2183.19 -> 21.83, VAT 4.15), a cap
 * at 8.49 (net 849 / 1.19 = 713.45 -> 7.13, VAT 1.36), standard shipping 4.99 under its free
 * threshold of 100.00 (net 499 / 1.19 = 419.33 -> 4.19, VAT 0.80): total 39.46, net 33.15, VAT 6.31.
 */
export async function runCheckout({ target, client, authConfig, customer, show, expect }: CheckoutContext): Promise<void> {
  // The merchant's set-up: a tax rate for DE, a Zone, two Shipping Methods, two priced Products.
  const tax = await createAndVerify(client, {
    path: '/tax-categories',
    body: {
      key: 'quickstart-vat',
      name: 'VAT',
      rates: [{ name: 'Standard DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
    },
  });
  expect(tax.error === undefined, `tax category: ${tax.error?.message}`);
  const zone = await createAndVerify(client, {
    path: '/zones',
    body: { key: 'quickstart-germany', name: 'Germany', locations: [{ country: 'DE' }] },
  });
  expect(zone.error === undefined, `zone: ${zone.error?.message}`);
  for (const [key, name, centAmount, isDefault] of [
    ['quickstart-standard', 'Standard', 499, true],
    ['quickstart-express', 'Express', 999, false],
  ] as const) {
    const method = await createAndVerify(client, {
      path: '/shipping-methods',
      body: {
        key,
        name,
        isDefault,
        taxCategory: { typeId: 'tax-category', id: tax.data!.id },
        zoneRates: [
          {
            zone: { typeId: 'zone', id: zone.data!.id },
            shippingRates: [
              {
                price: { currencyCode: 'EUR', centAmount },
                ...(isDefault ? { freeAbove: { currencyCode: 'EUR', centAmount: 10000 } } : {}),
              },
            ],
          },
        ],
      },
    });
    expect(method.error === undefined, `shipping method: ${method.error?.message}`);
  }
  const productType = await createAndVerify(client, {
    path: '/product-types',
    body: { key: 'quickstart-merchandise', name: 'Merchandise', description: 'Mugs and caps' },
  });
  expect(productType.error === undefined, `product type: ${productType.error?.message}`);
  for (const [sku, name, centAmount] of [
    ['QS-MUG', 'Mug', 1299],
    ['QS-CAP', 'Cap', 849],
  ] as const) {
    const product = await createAndVerify(client, {
      path: '/products',
      body: {
        key: `quickstart-${sku.toLowerCase()}`,
        productType: { typeId: 'product-type', id: productType.data!.id },
        name: { en: name },
        slug: { en: `quickstart-${name.toLowerCase()}` },
        taxCategory: { typeId: 'tax-category', id: tax.data!.id },
        masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount } }] },
        publish: true,
      },
    });
    expect(product.error === undefined, `product: ${product.error?.message}`);
  }
  show('POST /tax-categories, /zones, /shipping-methods (x2), /product-types, /products (x2)', 201, {
    vat: '19 % included (DE)',
    standard: '4.99 EUR, free from 100.00 EUR',
    express: '9.99 EUR',
    mug: '12.99 EUR',
    cap: '8.49 EUR',
  });

  // A cart left from an earlier visit: the customer's, with a cap.
  const earlier = await client.POST('/carts', {
    body: { currency: 'EUR', country: 'DE', customerId: customer.id, lineItems: [{ sku: 'QS-CAP', quantity: 1 }] },
  });
  expect(earlier.error === undefined, `earlier cart: ${earlier.error?.message}`);
  show("POST /carts (the customer's cart from an earlier visit)", earlier.response.status, {
    lines: earlier.data!.lineItems.map((line) => `${line.quantity} x ${line.variant.sku}`),
  });

  // The shopper, anonymous: an anonymous session token, a cart of their own (/me/carts).
  const shopper = createRestClient({
    baseUrl: target.urls.api,
    projectKey: target.projectKey,
    auth: { tokenProvider: createTokenProvider({ flow: 'anonymous', ...authConfig }) },
    fetch: target.fetch,
  });
  const cart = await shopper.POST('/me/carts', {
    body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'QS-MUG', quantity: 2 }], shippingAddress: SHIPPING_ADDRESS },
  });
  expect(cart.error === undefined, `my cart: ${cart.error?.message}`);
  show('POST /me/carts (anonymous session: 2 mugs, a shipping address)', cart.response.status, {
    anonymousId: cart.data!.anonymousId,
    totalPrice: formatMoney(cart.data!.totalPrice),
  });

  const matching = await shopper.GET('/shipping-methods/matching-cart', { params: { query: { cartId: cart.data!.id } } });
  expect(matching.error === undefined, `matching-cart: ${matching.error?.message}`);
  const methods = matching.data!.results;
  expect(methods[0]?.key === 'quickstart-standard', 'the default Shipping Method comes first');
  show('GET /shipping-methods/matching-cart?cartId=', matching.response.status, {
    methods: methods.map((method) => {
      const rate = method.zoneRates.flatMap((zoneRate) => zoneRate.shippingRates).find((one) => one.isMatching);
      return `${method.name} ${formatMoney(rate?.price)}`;
    }),
  });

  // Sign-in in the anonymous session: its cart's lines are merged into the customer's cart.
  const signIn = await shopper.POST('/me/login', {
    body: { email: customer.email, password: customer.password, activeCartSignInMode: 'MergeWithExistingCustomerCart' },
  });
  expect(signIn.error === undefined && signIn.data!.cart !== undefined, `sign-in: ${signIn.error?.message}`);
  const merged = signIn.data!.cart!;
  expect(merged.id === earlier.data!.id, "the anonymous lines are merged into the customer's cart");
  show('POST /me/login in the anonymous session (activeCartSignInMode MergeWithExistingCustomerCart)', signIn.response.status, {
    cart: merged.id === earlier.data!.id ? "the customer's earlier cart" : merged.id,
    lines: merged.lineItems.map((line) => `${line.quantity} x ${line.variant.sku}`),
  });

  // The merged cart gets the address and the default Shipping Method, then a payment with a charge.
  const ready = await client.POST('/carts/{ID}', {
    params: { path: { ID: merged.id } },
    body: {
      version: merged.version,
      actions: [
        { action: 'setShippingAddress', address: SHIPPING_ADDRESS },
        { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: methods[0]!.id } },
      ],
    },
  });
  expect(ready.error === undefined, `merged cart: ${ready.error?.message}`);
  const total = ready.data!.totalPrice;
  show('POST /carts/{ID} setShippingAddress, setShippingMethod', ready.response.status, {
    shipping: formatMoney(ready.data!.shippingInfo?.price),
    totalPrice: formatMoney(total),
  });
  const payment = await client.POST('/payments', {
    body: {
      key: 'quickstart-payment',
      customer: { typeId: 'customer', id: customer.id },
      amountPlanned: { currencyCode: total.currencyCode, centAmount: total.centAmount },
      paymentMethodInfo: { paymentInterface: 'quickstart-psp', method: 'card' },
      transactions: [{ type: 'Charge', amount: { currencyCode: total.currencyCode, centAmount: total.centAmount }, state: 'Pending' }],
    },
  });
  expect(payment.error === undefined, `payment: ${payment.error?.message}`);
  const charged = await client.POST('/payments/{ID}', {
    params: { path: { ID: payment.data!.id } },
    body: {
      version: payment.data!.version,
      actions: [{ action: 'changeTransactionState', transactionId: payment.data!.transactions[0]!.id, state: 'Success' }],
    },
  });
  expect(charged.error === undefined, `charge: ${charged.error?.message}`);
  show('POST /payments, then changeTransactionState Success (the payment provider confirmed the charge)', charged.response.status, {
    amountPlanned: formatMoney(charged.data!.amountPlanned),
    transaction: `${charged.data!.transactions[0]!.type} ${charged.data!.transactions[0]!.state}`,
  });
  const paid = await client.POST('/carts/{ID}', {
    params: { path: { ID: merged.id } },
    body: { version: ready.data!.version, actions: [{ action: 'addPayment', payment: { typeId: 'payment', id: payment.data!.id } }] },
  });
  expect(paid.error === undefined, `addPayment: ${paid.error?.message}`);

  // The order, never twice: after a 500 it is looked up by its order number before any retry.
  const orderNumber = 'QS-1001';
  const order = await createOrderAndVerify(client, {
    body: { cart: { typeId: 'cart', id: merged.id }, version: paid.data!.version, orderNumber },
  });
  expect(order.error === undefined, `order: ${order.error?.message}`);
  show('POST /orders (createOrderAndVerify)', order.response.status, {
    orderNumber: order.data!.orderNumber,
    orderState: order.data!.orderState,
  });
  const moved = await client.POST('/orders/{ID}', {
    params: { path: { ID: order.data!.id } },
    body: {
      version: order.data!.version,
      actions: [
        { action: 'changeOrderState', orderState: 'Confirmed' },
        { action: 'changePaymentState', paymentState: 'Paid' },
        { action: 'changeShipmentState', shipmentState: 'Shipped' },
      ],
    },
  });
  expect(moved.error === undefined, `order states: ${moved.error?.message}`);
  show('POST /orders/{ID} changeOrderState, changePaymentState, changeShipmentState', moved.response.status, {
    orderState: moved.data!.orderState,
    paymentState: moved.data!.paymentState,
    shipmentState: moved.data!.shipmentState,
  });

  const found = await client.GET('/orders/order-number={orderNumber}', { params: { path: { orderNumber } } });
  expect(found.error === undefined, `order by number: ${found.error?.message}`);
  const taxed = found.data!.taxedPrice;
  expect(
    found.data!.totalPrice.centAmount === 3946 && taxed?.totalNet.centAmount === 3315 && taxed.totalTax?.centAmount === 631,
    'the totals are exact: 39.46 EUR, net 33.15 EUR, VAT 6.31 EUR',
  );
  show('GET /orders/order-number={orderNumber}', found.response.status, {
    lines: found.data!.lineItems.map((line) => `${line.quantity} x ${line.variant.sku} ${formatMoney(line.totalPrice)}`),
    shipping: formatMoney(found.data!.shippingInfo?.price),
    totalPrice: formatMoney(found.data!.totalPrice),
    net: formatMoney(taxed?.totalNet),
    vat: formatMoney(taxed?.totalTax),
  });
}
