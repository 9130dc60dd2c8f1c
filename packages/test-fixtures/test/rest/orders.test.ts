import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, money, NEW_YORK } from './cart-fixtures.js';
import { expectError, messagesOf, ok, tokenWithScope, UUID, type Json } from './helpers.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
});

describe('an Order from a Cart', () => {
  it('copies the Cart as ordered, references it, and the Cart becomes Ordered', async () => {
    const cart = await o.orderable({ customerEmail: 'ann@example.com', billingAddress: BERLIN, locale: 'en' });
    const order = await o.ordered(cart, { orderNumber: 'A-1', paymentState: 'Pending' });
    // 2 shirts at 11.90 EUR, DE VAT 19 % included: gross 2 × 1190 = 2380 cents; net 2380 / 1.19 =
    // 2000 cents exactly; tax 2380 − 2000 = 380 cents. No shipping method: the total is the lines'.
    expect(order).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      orderNumber: 'A-1',
      orderState: 'Open',
      paymentState: 'Pending',
      customerEmail: 'ann@example.com',
      cart: { typeId: 'cart', id: cart['id'] },
      totalPrice: money(2380),
      taxedPrice: { totalNet: money(2000), totalGross: money(2380), totalTax: money(380) },
      shippingAddress: cart['shippingAddress'],
      billingAddress: cart['billingAddress'],
      locale: 'en',
      taxMode: 'Platform',
      taxRoundingMode: 'HalfEven',
      taxCalculationMode: 'LineItemLevel',
      origin: 'Customer',
      syncInfo: [],
    });
    expect(order['lineItems']).toEqual(cart['lineItems']);
    expect(order['lineItems'][0].state).toEqual([{ quantity: 2, state: { typeId: 'state', id: expect.stringMatching(UUID) } }]);
    expect(order).not.toHaveProperty('shipmentState');
    expect(order).not.toHaveProperty('key');
    const ordered = await o.cartNow(cart);
    expect(ordered).toMatchObject({ cartState: 'Ordered', version: cart['version'] + 1 });
    expect((await messagesOf(o.api, order['id'])).map((m) => [m['type'], m['order']?.id])).toEqual([['OrderCreated', order['id']]]);
    expect(ok(await o.api.call('GET', `/orders/${order['id']}`))).toEqual(order);
  });

  it('copies the shipping; a Shipping Method that no longer matches the Cart is 400 ShippingMethodDoesNotMatchCart', async () => {
    ok(await o.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
    const method = { key: 'standard', name: 'standard', isDefault: true, taxCategory: { key: 'standard' } };
    const zoneRates = [{ zone: { key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 595 } }] }];
    ok(await o.api.call('POST', '/shipping-methods', { ...method, zoneRates }), 201);
    const shipped = await o.updated(await o.orderable(), { action: 'setShippingMethod', shippingMethod: { key: 'standard' } });
    const order = await o.ordered(shipped);
    // Lines 2 × 1190 = 2380 cents plus shipping 595 cents (DE VAT 19 % included in both):
    // 2975 cents; shipping net 595 / 1.19 = 500 cents exactly, tax 95 cents.
    expect(order).toMatchObject({
      totalPrice: money(2975),
      shippingInfo: { shippingMethodName: 'standard', price: money(595), shippingMethodState: 'MatchesCart' },
      taxedShippingPrice: { totalNet: money(500), totalGross: money(595), totalTax: money(95) },
    });
    const moved = await o.updated(
      await o.orderable(),
      { action: 'setShippingMethod', shippingMethod: { key: 'standard' } },
      {
        action: 'setShippingAddress',
        address: NEW_YORK,
      },
    );
    expect(moved['shippingInfo'].shippingMethodState).toBe('DoesNotMatchCart');
    const before = await o.everything();
    const refused = expectError(await o.order(moved), 400, 'ShippingMethodDoesNotMatchCart');
    expect(refused.message).toBe('The predicate does not match the cart.');
    await expectNothingChanged(o, before);
  });

  it('has no orderNumber unless one is given: the emulator never makes one up', async () => {
    const order = await o.ordered(await o.orderable());
    expect(order).not.toHaveProperty('orderNumber');
    expect(order['orderState']).toBe('Open');
  });

  it('refuses, changing nothing: no shipping address, a stale version, an unknown Cart, a bad draft, a duplicate orderNumber', async () => {
    await o.ordered(await o.orderable(), { orderNumber: 'taken' });
    const noAddress = await o.cart({ lineItems: [{ sku: 'shirt' }] });
    const cart = await o.orderable();
    const before = await o.everything();
    const shipping = expectError(await o.order(noAddress), 400, 'InvalidOperation');
    expect(shipping.message).toBe('Shipping address is not set.');
    const stale = expectError(await o.order({ ...cart, version: cart['version'] + 1 }), 409, 'ConcurrentModification');
    expect(stale['currentVersion']).toBe(cart['version']);
    expectError(await o.order({ ...cart, id: '00000000-0000-4000-8000-00000000dead' }), 400, 'ReferencedResourceNotFound');
    expect(expectError(await o.order(cart, { orderNumber: 'taken' }), 400, 'DuplicateField')).toMatchObject({ field: 'orderNumber' });
    expectError(await o.api.call('POST', '/orders', { version: 1 }), 400, 'InvalidJsonInput');
    expectError(await o.order(cart, { orderState: 'Shipped' }), 400, 'InvalidJsonInput');
    expectError(await o.order(cart, { state: { key: 'no-such-state' } }), 400, 'ReferencedResourceNotFound');
    await expectNothingChanged(o, before);
  });

  it('of a Cart already ordered is 400 InvalidOperation (decision), at its current version', async () => {
    const cart = await o.orderable();
    await o.ordered(cart);
    const before = await o.everything();
    expectError(await o.order(await o.cartNow(cart)), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
  });

  it('100 concurrent requests for one Cart make exactly one Order; the others are 409', async () => {
    const cart = await o.orderable();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => o.order(cart, { orderNumber: `n-${n}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    expect(ok(await o.api.call('GET', '/orders')).total).toBe(1);
  });

  it("takes its own Custom Fields, or the Cart's", async () => {
    await o.giftType();
    const withCustom = await o.orderable({ custom: { type: { key: 'gift' }, fields: { note: 'from the cart' } } });
    expect((await o.ordered(withCustom))['custom'].fields).toEqual({ note: 'from the cart' });
    const own = await o.ordered(await o.orderable(), { custom: { type: { key: 'gift' }, fields: { note: 'own' } } });
    expect(own['custom'].fields).toEqual({ note: 'own' });
  });
});

describe('/orders/{ID} and /orders/order-number={orderNumber}', () => {
  it('reads, updates and deletes by order number (URL-encoded); there is no /orders/key=', async () => {
    const order = await o.ordered(await o.orderable(), { orderNumber: 'A/1 ü' });
    const path = `/orders/order-number=${encodeURIComponent('A/1 ü')}`;
    expect(ok(await o.api.call('GET', path))).toEqual(order);
    const updated = ok(await o.api.call('POST', path, { version: 1, actions: [{ action: 'changeOrderState', orderState: 'Confirmed' }] }));
    expect(updated).toMatchObject({ version: 2, orderState: 'Confirmed' });
    expectError(await o.api.call('GET', '/orders/order-number=nope'), 404, 'ResourceNotFound');
    expectError(await o.api.call('GET', '/orders/key=A-1'), 404, 'ResourceNotFound');
    const deleted = ok(await o.api.call('DELETE', `${path}?version=2`));
    expect(deleted).toEqual(updated);
    expectError(await o.api.call('GET', `/orders/${order['id']}`), 404, 'ResourceNotFound');
    const last = (await messagesOf(o.api, order['id'])).at(-1)!;
    expect(last).toMatchObject({ type: 'OrderDeleted', order: { id: order['id'], version: 2 } });
  });

  it('queries Orders with a predicate', async () => {
    const first = await o.ordered(await o.orderable(), { orderNumber: 'q-1' });
    await o.ordered(await o.orderable(), { orderNumber: 'q-2' });
    const page = ok(await o.api.call('GET', `/orders?where=${encodeURIComponent('orderNumber = "q-1"')}`));
    expect(page.results.map((r: Json) => r['id'])).toEqual([first['id']]);
  });

  it('answer 501 to the Order endpoints the emulator does not serve', async () => {
    for (const [method, path] of [
      ['POST', '/orders/import'],
      ['POST', '/orders/search'],
      ['GET', '/orders/edits'],
      ['POST', '/orders/quotes'],
    ] as const)
      expectError(await o.api.call(method, path, method === 'POST' ? {} : undefined), 501, 'NotEmulated');
  });

  it('need view_orders to read and manage_orders to write', async () => {
    const order = await o.ordered(await o.orderable());
    const view = await tokenWithScope(o.api, `view_orders:${o.api.project}`);
    expect((await o.api.as(view)('GET', `/orders/${order['id']}`)).status).toBe(200);
    const cart = await o.orderable();
    expectError(await o.api.as(view)('POST', '/orders', { cart: { id: cart['id'] }, version: cart['version'] }), 403, 'insufficient_scope');
    expectError(await o.api.as(view)('DELETE', `/orders/${order['id']}?version=1`), 403, 'insufficient_scope');
  });
});

describe('in-store Orders', () => {
  beforeEach(async () => {
    for (const key of ['eu', 'us']) ok(await o.api.call('POST', '/stores', { key, countries: [{ code: 'DE' }] }), 201);
  });

  it('are made from a Cart of the Store only, and exist only in their Store', async () => {
    const euCart = await o.orderable({ store: { key: 'eu' } });
    const globalCart = await o.orderable();
    const before = await o.everything();
    expectError(await o.order(globalCart, {}, '/in-store/key=eu/orders'), 400, 'ReferencedResourceNotFound');
    expectError(await o.order(euCart, {}, '/in-store/key=us/orders'), 400, 'ReferencedResourceNotFound');
    await expectNothingChanged(o, before);
    const order = ok(await o.order(euCart, { orderNumber: 'eu-1' }, '/in-store/key=eu/orders'), 201);
    expect(order['store']).toEqual({ typeId: 'store', key: 'eu' });
    expect(ok(await o.api.call('GET', '/in-store/key=eu/orders/order-number=eu-1'))).toEqual(order);
    expectError(await o.api.call('GET', `/in-store/key=us/orders/${order['id']}`), 404, 'ResourceNotFound');
    const elsewhere = expectError(await o.api.call('GET', '/in-store/key=us/orders/order-number=eu-1'), 404, 'ResourceNotFound');
    expect(elsewhere.message).not.toContain(order['id']);
    expect(ok(await o.api.call('GET', '/in-store/key=us/orders')).results).toEqual([]);
    expect(ok(await o.api.call('GET', '/in-store/key=eu/orders')).results).toEqual([order]);
  });

  it('take manage_orders for the Store', async () => {
    const euCart = await o.orderable({ store: { key: 'eu' } });
    const eu = await tokenWithScope(o.api, `manage_orders:${o.api.project}:eu`);
    expect((await o.api.as(eu)('POST', '/in-store/key=eu/orders', { cart: { id: euCart['id'] }, version: euCart['version'] })).status).toBe(
      201,
    );
    expectError(await o.api.as(eu)('GET', '/in-store/key=us/orders'), 403, 'insufficient_scope');
    expectError(await o.api.as(eu)('GET', '/orders'), 403, 'insufficient_scope');
  });
});
