import { expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken } from '../helpers/tokens.js';
import { BERLIN, eur, money } from '../rest/cart-fixtures.js';
import { signUp } from '../rest/customer-helpers.js';
import { orderApi } from '../rest/order-fixtures.js';
import { data, failure, gql } from './helpers.js';

/**
 * A storefront's checkout over GraphQL alone, as a shop front end runs it: an anonymous session's
 * Cart, its lines and address, the Shipping Methods for it, the sign-in that merges it into the
 * customer's Cart, the method, and the Order, to the cent and equal to what REST answers.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const MONEY = 'currencyCode centAmount type fractionDigits';
const TAXED = `totalNet { ${MONEY} } totalGross { ${MONEY} } totalTax { ${MONEY} }`;
const CART = `id version customerId anonymousId cartState totalPrice { ${MONEY} } taxedPrice { ${TAXED} }
  lineItems { variant { sku } quantity totalPrice { centAmount } } shippingInfo { shippingMethodName price { centAmount } }`;

it('anonymous Cart, lines, address, matching methods, sign-in with merge, method and Order: the REST totals to the cent', async () => {
  const o = await orderApi(); // shirt 11.90 EUR; DE VAT 19 % included in the prices
  await o.product('tee', [{ value: eur(1999) }]);
  const project = o.api.project;
  await o.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  for (const [key, price, isDefault] of [
    ['standard', 490, true],
    ['express', 990, false],
  ] as const) {
    await o.api.call('POST', '/shipping-methods', {
      key,
      name: key,
      taxCategory: { key: 'standard' },
      isDefault,
      zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(price) }] }],
    });
  }
  const ann = await signUp(o.api, { email: 'ann@example.com' });
  // Ann's Cart from an earlier visit: two shirts.
  const annCart = await o.cart({ customerId: ann['id'], shippingAddress: BERLIN, lineItems: [{ sku: 'shirt', quantity: 2 }] });
  const storefront = await apiClient(o.api, `manage_my_orders:${project} manage_my_profile:${project} create_anonymous_token:${project}`);
  const visitor = await anonymousToken(o.api, storefront, 'visitor-1');
  const asVisitor = <T = Json>(query: string, variables?: Json) => data<T>(gql<T>(o.api, query, variables, visitor));

  // 1. The anonymous session's Cart, its lines and address.
  const { createMyCart: created } = await asVisitor<{ createMyCart: Json }>(
    `mutation ($draft: MyCartDraft!) { createMyCart(draft: $draft) { ${CART} } }`,
    { draft: { currency: 'EUR', country: 'DE', lineItems: [{ sku: 'tee', quantity: 2 }] } },
  );
  expect(created).toMatchObject({ anonymousId: 'visitor-1', customerId: null, totalPrice: money(3998) });
  const { updateMyCart: filled } = await asVisitor<{ updateMyCart: Json }>(
    `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!) { updateMyCart(id: $id, version: $version, actions: $actions) { ${CART} } }`,
    {
      id: created['id'],
      version: created['version'],
      actions: [{ addLineItem: { sku: 'shirt' } }, { setShippingAddress: { address: BERLIN } }],
    },
  );
  // 19.99 × 2 + 11.90 = 51.88
  expect(filled).toMatchObject({ totalPrice: money(5188) });
  expect((await asVisitor<{ me: Json }>('{ me { activeCart { id } } }')).me).toEqual({ activeCart: { id: created['id'] } });

  // 2. The Shipping Methods for it: the default first, as REST matching-cart.
  const { shippingMethodsByCart: methods } = await asVisitor<{ shippingMethodsByCart: Json[] }>(
    'query ($id: String!) { shippingMethodsByCart(id: $id) { key zoneRates { shippingRates { price { centAmount } isMatching } } } }',
    { id: created['id'] },
  );
  expect(methods.map((m) => m['key'])).toEqual(['standard', 'express']);
  // 3. Sign-in with the anonymous session's token: its Cart is merged into Ann's.
  const { customerSignMeIn: signedIn } = await asVisitor<{ customerSignMeIn: Json }>(
    `mutation { customerSignMeIn(draft: { email: "ann@example.com", password: "secret" }) { customer { id email } cart { ${CART} } } }`,
  );
  expect(signedIn['customer']).toEqual({ id: ann['id'], email: 'ann@example.com' });
  // Shirts: the greater quantity, max(2, 1) = 2; tees added: 2. 11.90 × 2 + 19.99 × 2 = 23.80 + 39.98 = 63.78.
  expect(signedIn['cart']).toMatchObject({ id: annCart['id'], customerId: ann['id'], cartState: 'Active', totalPrice: money(6378) });
  expect(signedIn['cart'].lineItems).toEqual([
    { variant: { sku: 'shirt' }, quantity: 2, totalPrice: { centAmount: 2380 } },
    { variant: { sku: 'tee' }, quantity: 2, totalPrice: { centAmount: 3998 } },
  ]);
  expect((await o.cartNow(created))['cartState']).toBe('Merged');

  // 4. Ann picks the method on her Cart, then orders it.
  const annToken = await passwordToken(o.api, storefront, { email: 'ann@example.com', password: 'secret' });
  const shipped = await data<{ updateMyCart: Json }>(
    gql(
      o.api,
      `mutation ($id: String!, $version: Long!) { updateMyCart(id: $id, version: $version, actions: [{ setShippingMethod: { shippingMethod: { key: "express" } } }]) { ${CART} } }`,
      { id: annCart['id'], version: signedIn['cart'].version },
      annToken,
    ),
  );
  const { createMyOrderFromCart: order } = await data<{ createMyOrderFromCart: Json }>(
    gql(
      o.api,
      `mutation ($draft: OrderMyCartCommand!) { createMyOrderFromCart(draft: $draft) { id customerId orderState ${CART.replace('cartState', '')} } }`,
      { draft: { id: annCart['id'], version: shipped.updateMyCart['version'] } },
      annToken,
    ),
  );
  // DE VAT 19 % included in every price:
  //   shirts 23.80: net 23.80 / 1.19 = 20.00, tax 3.80;
  //   tees 39.98: net 39.98 / 1.19 = 33.5966… → 33.60, tax 6.38;
  //   express 9.90 (no freeAbove): net 9.90 / 1.19 = 8.3193… → 8.32, tax 1.58.
  //   Order: gross 23.80 + 39.98 + 9.90 = 73.68; net 20.00 + 33.60 + 8.32 = 61.92; tax 3.80 + 6.38 + 1.58 = 11.76.
  expect(order).toMatchObject({
    customerId: ann['id'],
    orderState: 'Open',
    totalPrice: money(7368),
    taxedPrice: { totalNet: money(6192), totalGross: money(7368), totalTax: money(1176) },
    shippingInfo: { shippingMethodName: 'express', price: { centAmount: 990 } },
  });
  const restOrder = (await o.api.call<Json>('GET', `/orders/${order['id'] as string}`)).body;
  const { taxPortions: _portions, ...restTaxed } = restOrder['taxedPrice'];
  expect(order['totalPrice']).toEqual(restOrder['totalPrice']);
  expect(order['taxedPrice']).toEqual(restTaxed);
  expect((await data<{ me: Json }>(gql(o.api, '{ me { orders { total } activeCart { id } } }', undefined, annToken))).me).toEqual({
    orders: { total: 1 },
    activeCart: null,
  });
});

it("My Carts: another session's Cart is not found and unchanged, a client's token has no me", async () => {
  const o = await orderApi();
  const project = o.api.project;
  const storefront = await apiClient(o.api, `manage_my_orders:${project} create_anonymous_token:${project}`);
  const [one, two] = [await anonymousToken(o.api, storefront, 'one'), await anonymousToken(o.api, storefront, 'two')];
  const { createMyCart: cart } = await data<{ createMyCart: Json }>(
    gql(o.api, 'mutation { createMyCart(draft: { currency: "EUR", lineItems: [{ sku: "shirt" }] }) { id version } }', undefined, one),
  );
  const before = await o.cartNow(cart);
  const update = (token: string, actions: unknown[]) =>
    gql(
      o.api,
      'mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!) { updateMyCart(id: $id, version: $version, actions: $actions) { id } }',
      { id: cart['id'], version: cart['version'], actions },
      token,
    );
  const others = await failure(update(two, [{ setLocale: { locale: 'de' } }]));
  expect(others.error.extensions).toEqual({ code: 'ResourceNotFound' });
  expect((await data<{ me: Json }>(gql(o.api, '{ me { carts { total } activeCart { id } } }', undefined, two))).me).toEqual({
    carts: { total: 0 },
    activeCart: null,
  });
  const client = await failure(gql(o.api, '{ me { carts { total } } }'));
  expect(client.error.extensions).toMatchObject({ code: 'insufficient_scope' });
  const deleted = await failure(gql(o.api, `mutation { deleteMyCart(id: "${cart['id'] as string}", version: 1) { id } }`, undefined, two));
  expect(deleted.error.extensions).toEqual({ code: 'ResourceNotFound' });
  expect(await o.cartNow(cart)).toEqual(before);
  expect(await data(gql(o.api, `mutation { deleteMyCart(id: "${cart['id'] as string}", version: 1) { id } }`, undefined, one))).toEqual({
    deleteMyCart: { id: cart['id'] },
  });
});

it("customerSignIn with an API client's token merges the anonymous Cart as REST /login; customerActiveCart finds it", async () => {
  const o = await orderApi();
  const ann = await signUp(o.api, { email: 'ann@example.com' });
  const anonymous = await o.cart({ anonymousId: 'visitor-1', lineItems: [{ sku: 'shirt', quantity: 3 }] });
  const none = await data(gql(o.api, 'query ($id: String!) { customerActiveCart(customerId: $id) { id } }', { id: ann['id'] }));
  expect(none).toEqual({ customerActiveCart: null });

  const wrong = await failure(
    gql(o.api, 'mutation { customerSignIn(draft: { email: "ann@example.com", password: "nope" }) { customer { id } } }'),
  );
  const restWrong = await o.api.call<Json>('POST', '/login', { email: 'ann@example.com', password: 'nope' });
  expect(wrong.error.extensions).toEqual({ code: restWrong.body['errors'][0].code });
  expect(wrong.error.message).toBe(restWrong.body['errors'][0].message);

  const { customerSignIn: result } = await data<{ customerSignIn: Json }>(
    gql(
      o.api,
      `mutation ($cart: ResourceIdentifierInput) { customerSignIn(draft: { email: "ann@example.com", password: "secret", anonymousCart: $cart }) {
        customer { id } cart { id customerId totalPrice { centAmount } } } }`,
      { cart: { id: anonymous['id'] } },
    ),
  );
  // Ann had no Cart: the anonymous one becomes hers. 11.90 × 3 = 35.70.
  expect(result).toEqual({
    customer: { id: ann['id'] },
    cart: { id: anonymous['id'], customerId: ann['id'], totalPrice: { centAmount: 3570 } },
  });
  const active = await data(gql(o.api, 'query ($id: String!) { customerActiveCart(customerId: $id) { id } }', { id: ann['id'] }));
  expect(active).toEqual({ customerActiveCart: { id: anonymous['id'] } });
  expect((await o.api.call<Json>('GET', `/carts/customer-id=${ann['id'] as string}`)).body['id']).toBe(anonymous['id']);
});
