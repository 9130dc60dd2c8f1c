import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur, type CartApi } from './cart-fixtures.js';
import { data, failure, gql } from '../graphql/helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/** Shipping Methods with a cart predicate, over REST: matching, the Cart's shipping state, and bad predicates. */
let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
  ok(await c.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
  ok(await c.api.call('POST', '/customer-groups', { key: 'gold', groupName: 'Gold' }), 201);
  ok(await c.api.call('POST', '/categories', { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' } }), 201);
  const method = (key: string, extra: Json) => ({
    key,
    name: key,
    taxCategory: { key: 'standard' },
    zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: eur(495) }] }],
    isDefault: key === 'standard',
    ...extra,
  });
  ok(await c.api.call('POST', '/shipping-methods', method('standard', {})), 201);
  // Bulky goods: three tees or more, worth at least 50.00 EUR of items.
  const bulky = 'lineItemCount(sku = "tee") >= 3 and lineItemTotal(1 = 1) >= "50.00 EUR"';
  ok(await c.api.call('POST', '/shipping-methods', method('bulky', { predicate: bulky })), 201);
  ok(await c.api.call('POST', '/shipping-methods', method('gold', { predicate: 'customerGroup.key = "gold" and country = "DE"' })), 201);
  ok(
    await c.api.call('POST', '/shipping-methods', method('shirts', { predicate: 'lineItemExists(categories.key contains "shirts")' })),
    201,
  );
  await c.product('tee', [{ value: eur(2000) }], { categories: [{ key: 'shirts' }] });
  await c.product('mug', [{ value: eur(900) }]);
});

const keys = (page: Json) => (page['results'] as Json[]).map((m) => m['key']);
const matchingCart = async (cart: Json, extra = '') =>
  keys(ok(await c.api.call('GET', `/shipping-methods/matching-cart${extra === '' ? '' : '-location'}?cartId=${cart['id']}${extra}`)));

describe('shipping method predicates', () => {
  it('match carts by their items, totals, customer group and categories; matching-location leaves them out', async () => {
    // 2 × 20.00 = 40.00 EUR: not bulky; a tee is in the shirts category
    const small = await c.cart({ shippingAddress: BERLIN, country: 'DE', lineItems: [{ sku: 'tee', quantity: 2 }] });
    expect(await matchingCart(small)).toEqual(['standard', 'shirts']);
    expect(await matchingCart(small, '&country=DE')).toEqual(['standard', 'shirts']);
    // 3 × 20.00 = 60.00 EUR ≥ 50.00 EUR with three tees: bulky too
    const big = await c.cart({ shippingAddress: BERLIN, country: 'DE', lineItems: [{ sku: 'tee', quantity: 3 }] });
    expect(await matchingCart(big)).toEqual(['standard', 'bulky', 'shirts']);
    // 6 × 9.00 = 54.00 EUR of mugs, no tee: neither bulky nor shirts
    const mugs = await c.cart({
      shippingAddress: BERLIN,
      country: 'DE',
      lineItems: [{ sku: 'mug', quantity: 6 }],
      customerGroup: { key: 'gold' },
    });
    expect(await matchingCart(mugs)).toEqual(['standard', 'gold']);
    expect(keys(ok(await c.api.call('GET', '/shipping-methods/matching-location?country=DE')))).toEqual(['standard']);
  });

  it('keep the Cart MatchesCart while it satisfies the predicate, DoesNotMatchCart (and no Order) after an update that breaks it', async () => {
    let cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 2 }] });
    const before = cart;
    // 40.00 EUR of two tees: bulky does not match, setting it is refused and changes nothing
    expectError(await c.update(cart, { action: 'setShippingMethod', shippingMethod: { key: 'bulky' } }), 400, 'InvalidOperation');
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(before);
    const line = (cart['lineItems'] as Json[])[0]!['id'];
    cart = await c.updated(
      cart,
      { action: 'changeLineItemQuantity', lineItemId: line, quantity: 3 },
      { action: 'setShippingMethod', shippingMethod: { key: 'bulky' } },
    );
    expect(cart['shippingInfo']).toMatchObject({ shippingMethodName: 'bulky', shippingMethodState: 'MatchesCart' });
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId: line, quantity: 2 });
    // the method and its rate stay, the state says it no longer matches: 40.00 + 4.95
    expect(cart['shippingInfo']).toMatchObject({ shippingMethodName: 'bulky', shippingMethodState: 'DoesNotMatchCart' });
    expect(cart['totalPrice']).toMatchObject({ centAmount: 4495 });
    // an Order of the Cart in that state is refused, and the Cart stays as it was
    const order = await c.api.call('POST', '/orders', { cart: { id: cart['id'] }, version: cart['version'] });
    expect(expectError(order, 400, 'ShippingMethodDoesNotMatchCart')['message']).toBe('The predicate does not match the cart.');
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(cart);
    cart = await c.updated(cart, { action: 'changeLineItemQuantity', lineItemId: line, quantity: 4 });
    expect(cart['shippingInfo']).toMatchObject({ shippingMethodState: 'MatchesCart' });
  });

  it('answer the same over GraphQL: shippingMethodsByCart evaluates them, setPredicate checks them', async () => {
    // 3 × 20.00 = 60.00 EUR with three tees: bulky and shirts match
    const cart = await c.cart({ shippingAddress: BERLIN, lineItems: [{ sku: 'tee', quantity: 3 }] });
    const query = 'query ($id: String!) { shippingMethodsByCart(id: $id) { key predicate } }';
    const found = await data<{ shippingMethodsByCart: Json[] }>(gql(c.api, query, { id: cart['id'] }));
    expect(found.shippingMethodsByCart.map((m) => m['key'])).toEqual(await matchingCart(cart));
    expect(found.shippingMethodsByCart[1]).toEqual({
      key: 'bulky',
      predicate: 'lineItemCount(sku = "tee") >= 3 and lineItemTotal(1 = 1) >= "50.00 EUR"',
    });
    const method = ok(await c.api.call('GET', '/shipping-methods/key=gold'));
    const mutation = `mutation ($actions: [ShippingMethodUpdateAction!]!) {
      updateShippingMethod(key: "gold", version: ${method['version'] as number}, actions: $actions) { predicate } }`;
    const bad = await failure(gql(c.api, mutation, { actions: [{ setPredicate: { predicate: 'country = ' } }] }));
    expect(bad.error.extensions).toMatchObject({ code: 'SyntaxError' });
    expect(ok(await c.api.call('GET', '/shipping-methods/key=gold'))).toEqual(method);
  });
});
