import { beforeEach, describe, expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken, tokenWith } from '../helpers/tokens.js';
import { createShoppers, myCart, quantities, updateMyCart, type Call, type Shop } from './cart-life-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

let shop: Shop, annId: string, ann: Call, visitor: Call;

beforeEach(async () => {
  ({ shop, annId, ann, visitor } = await createShoppers());
});

describe('POST /me/carts', () => {
  it("gives an anonymous session's Cart its anonymousId and a customer's Cart the customerId", async () => {
    const anonymous = await myCart(visitor, { red: 1 });
    expect(anonymous).toMatchObject({ anonymousId: 'visitor-1', cartState: 'Active', origin: 'Customer' });
    expect(anonymous).not.toHaveProperty('customerId');
    const own = await myCart(ann, { red: 2 });
    expect(own.customerId).toBe(annId);
    expect(own).not.toHaveProperty('anonymousId');
    // 2 x 10.00 EUR
    expect(own.totalPrice).toMatchObject({ currencyCode: 'EUR', centAmount: 2000 });
  });

  it("gives a customer's Cart the customer's Customer Group, whose prices it then takes", async () => {
    const gold = ok(await shop.api.call('POST', '/customer-groups', { key: 'gold', groupName: 'Gold' }), 201);
    await shop.signUp('bob@example.com', { customerGroup: { typeId: 'customer-group', key: 'gold' } });
    const cart = await myCart(await shop.customer('bob@example.com'), { red: 1 });
    expect(cart.customerGroup).toEqual({ typeId: 'customer-group', id: gold.id });
  });

  it('ignores what a MyCartDraft does not have: key, customerId, anonymousId, origin, rounding and calculation modes', async () => {
    const other = await shop.signUp('bob@example.com');
    const cart = await myCart(
      ann,
      {},
      {
        key: 'mine',
        customerId: other.id,
        anonymousId: 'someone-else',
        origin: 'Merchant',
        taxRoundingMode: 'HalfUp',
        taxCalculationMode: 'UnitPriceLevel',
      },
    );
    expect(cart).toMatchObject({ customerId: annId, origin: 'Customer', taxRoundingMode: 'HalfEven', taxCalculationMode: 'LineItemLevel' });
    expect(cart).not.toHaveProperty('key');
    expect(cart).not.toHaveProperty('anonymousId');
  });

  it('refuses taxMode Disabled with InvalidField and creates nothing', async () => {
    const error = expectError(await ann('POST', '/me/carts', { currency: 'EUR', taxMode: 'Disabled' }), 400, 'InvalidField');
    expect(error).toMatchObject({ field: 'taxMode', invalidValue: 'Disabled' });
    expect(ok(await ann('GET', '/me/carts')).results).toEqual([]);
  });

  it('is 403 naming manage_my_orders for a token without a session, or a session without the scope', async () => {
    const project = shop.api.project;
    const refused = await shop.api.as(await tokenWith(shop.api, `manage_orders:${project}`))('POST', '/me/carts', { currency: 'EUR' });
    expect(expectError(refused, 403, 'insufficient_scope').message).toContain(`manage_my_orders:${project}`);
    const profileOnly = await apiClient(shop.api, `manage_my_profile:${project} create_anonymous_token:${project}`);
    const narrow = shop.api.as(await anonymousToken(shop.api, profileOnly, 'visitor-2'));
    expectError(await narrow('POST', '/me/carts', { currency: 'EUR' }), 403, 'insufficient_scope');
    expect(ok(await shop.api.call('GET', '/carts')).results).toEqual([]);
  });
});

describe('/me/carts/{ID}: only the caller finds its own Carts', () => {
  it("answers another session's or customer's Cart 404 on get, update and delete, and leaves it alone", async () => {
    const theirs = await myCart(visitor, { red: 1 });
    for (const other of [ann, await shop.anonymous('visitor-2')]) {
      expectError(await other('GET', `/me/carts/${theirs.id}`), 404, 'ResourceNotFound');
      expectError(await updateMyCart(other, theirs, [{ action: 'setLocale', locale: 'en' }]), 404, 'ResourceNotFound');
      expectError(await other('DELETE', `/me/carts/${theirs.id}?version=${theirs.version}`), 404, 'ResourceNotFound');
      expect(ok(await other('GET', '/me/carts')).results).toEqual([]);
    }
    expect(await shop.cart(theirs.id)).toEqual(theirs);
  });

  it('lists, gets and deletes the own Carts', async () => {
    const first = await myCart(ann, { red: 1 });
    const second = await myCart(ann);
    await myCart(visitor);
    const page = ok(await ann('GET', '/me/carts?sort=createdAt%20asc&withTotal=true'));
    expect(page.results.map((cart: Json) => cart.id)).toEqual([first.id, second.id]);
    expect(page.total).toBe(2);
    expect(ok(await ann('GET', `/me/carts/${first.id}`))).toEqual(first);
    expect(ok(await ann('DELETE', `/me/carts/${first.id}?version=${first.version}`)).id).toBe(first.id);
    expectError(await shop.api.call('GET', `/carts/${first.id}`), 404, 'ResourceNotFound');
  });
});

describe('My Cart update actions', () => {
  it("apply with the Cart's rules: lines, quantities and the taxes of a shipping address", async () => {
    const cart = await myCart(ann, { red: 1 });
    const updated = ok(
      await updateMyCart(ann, cart, [
        { action: 'addLineItem', sku: 'blue', quantity: 2 },
        { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 3 },
        { action: 'setShippingAddress', address: { country: 'DE' } },
      ]),
    );
    expect(quantities(updated)).toEqual({ red: 3, blue: 2 });
    // 3 x 10.00 + 2 x 20.00 = 70.00 EUR gross, 19 % included: net 7000 / 1.19 = 5882.35 -> 5882, tax 1118
    expect(updated.totalPrice.centAmount).toBe(7000);
    expect(updated.taxedPrice).toMatchObject({ totalGross: { centAmount: 7000 }, totalNet: { centAmount: 5882 } });
    expect(updated.version).toBe(cart.version + 1);
  });

  it('ignore the external prices of changeLineItemQuantity, as live: the price stays the selected one', async () => {
    const cart = await myCart(ann, { red: 1 });
    const external = { currencyCode: 'EUR', centAmount: 1 };
    const line = cart.lineItems[0].id;
    const updated = ok(
      await updateMyCart(ann, cart, [{ action: 'changeLineItemQuantity', lineItemId: line, quantity: 2, externalPrice: external }]),
    );
    // 2 x 10.00 EUR, Platform price.
    expect(updated.lineItems[0]).toMatchObject({ priceMode: 'Platform', totalPrice: { centAmount: 2000 } });
  });

  it('refuses the Cart actions outside the My Cart subset as unknown actions, changing nothing', async () => {
    const cart = await myCart(ann, { red: 1 });
    const outside: Json[] = [
      { action: 'setKey', key: 'k' },
      { action: 'setCustomerId' },
      { action: 'setAnonymousId', anonymousId: 'a' },
      { action: 'setCustomerGroup' },
      { action: 'addCustomLineItem', name: { en: 'Fee' }, money: { currencyCode: 'EUR', centAmount: 100 }, slug: 'fee' },
      { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' },
    ];
    for (const action of outside) {
      const error = expectError(await updateMyCart(ann, cart, [{ action: 'setLocale', locale: 'en' }, action]), 400, 'InvalidInput');
      expect(error.message).toBe(`Unknown update action '${action['action']}' for resource type 'cart'.`);
    }
    expect(await shop.cart(cart.id)).toEqual(cart);
  });

  it("sets a shipping method and adds the caller's own Payment, and refuses another's Payment, changing nothing", async () => {
    const zone = ok(await shop.api.call('POST', '/zones', { name: 'DE', locations: [{ country: 'DE' }] }), 201);
    const method = ok(
      await shop.api.call('POST', '/shipping-methods', {
        name: 'Standard',
        isDefault: true,
        taxCategory: { typeId: 'tax-category', key: 'standard' },
        zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 499 } }] }],
      }),
      201,
    );
    const cart = await myCart(ann, { red: 2 });
    const shipped = ok(
      await updateMyCart(ann, cart, [
        { action: 'setShippingAddress', address: { country: 'DE' } },
        { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: method.id } },
      ]),
    );
    // 2 x 10.00 + shipping 4.99 = 24.99 EUR gross
    expect(shipped.totalPrice.centAmount).toBe(2499);
    expect(shipped.shippingInfo).toMatchObject({ shippingMethodName: 'Standard', price: { centAmount: 499 } });

    const own = ok(await ann('POST', '/me/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 2499 } }), 201);
    const others = ok(await visitor('POST', '/me/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 2499 } }), 201);
    const refused = await updateMyCart(ann, shipped, [{ action: 'addPayment', payment: { typeId: 'payment', id: others.id } }]);
    expectError(refused, 400, 'ReferencedResourceNotFound');
    expect(await shop.cart(cart.id)).toEqual(shipped);
    const paid = ok(await updateMyCart(ann, shipped, [{ action: 'addPayment', payment: { typeId: 'payment', id: own.id } }]));
    expect(paid.paymentInfo).toEqual({ payments: [{ typeId: 'payment', id: own.id }] });
    const unpaid = ok(await updateMyCart(ann, paid, [{ action: 'removePayment', payment: { typeId: 'payment', id: own.id } }]));
    expect(unpaid).not.toHaveProperty('paymentInfo');
  });

  it('answers 501 to a live My Cart action the emulator does not model, and to changeTaxMode Disabled InvalidField', async () => {
    const cart = await myCart(ann, { red: 1 });
    const notEmulated = expectError(
      await updateMyCart(ann, cart, [{ action: 'changeLineItemsOrder', lineItemOrder: [] }]),
      501,
      'NotEmulated',
    );
    expect(notEmulated).toMatchObject({ action: 'changeLineItemsOrder' });
    expectError(await updateMyCart(ann, cart, [{ action: 'changeTaxMode', taxMode: 'Disabled' }]), 400, 'InvalidField');
    expect(ok(await updateMyCart(ann, cart, [{ action: 'changeTaxMode', taxMode: 'External' }])).taxMode).toBe('External');
  });
});

describe('in-store My Carts', () => {
  it("belong to the path's Store; a Cart outside it is 404 there, and an in-store token is refused on the global endpoint", async () => {
    await shop.signUp('eve@example.com', { stores: [{ typeId: 'store', key: 'eu' }] });
    const eve = await shop.customer('eve@example.com', 'eu');
    const inStore = ok(await eve('POST', '/in-store/key=eu/me/carts', { currency: 'EUR', lineItems: [{ sku: 'red' }] }), 201);
    expect(inStore.store).toEqual({ typeId: 'store', key: 'eu' });
    expect(ok(await eve('GET', `/in-store/key=eu/me/carts/${inStore.id}`)).id).toBe(inStore.id);
    expect(ok(await eve('GET', '/in-store/key=eu/me/active-cart')).id).toBe(inStore.id);
    expectError(await eve('GET', '/me/carts'), 403, 'insufficient_scope');

    const global = await myCart(ann);
    const annInStore = shop.api.as(await passwordToken(shop.api, shop.storefront, { email: 'ann@example.com', password: 'secret' }));
    expectError(await annInStore('GET', `/in-store/key=eu/me/carts/${global.id}`), 404, 'ResourceNotFound');
    expectError(await annInStore('GET', '/in-store/key=eu/me/active-cart'), 404, 'ResourceNotFound');
  });
});

describe('GET /me/active-cart', () => {
  it("is the caller's most recently modified Active Cart of origin Customer", async () => {
    const older = await myCart(ann, { red: 1 });
    const newer = await myCart(ann, { blue: 1 });
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(newer.id);
    ok(await updateMyCart(ann, older, [{ action: 'setLocale', locale: 'en' }]));
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(older.id);
    // A Merchant's Cart for the customer is never the active one, however recent.
    ok(await shop.api.call('POST', '/carts', { currency: 'EUR', customerId: annId, origin: 'Merchant' }), 201);
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(older.id);
    expectError(await visitor('GET', '/me/active-cart'), 404, 'ResourceNotFound');
  });

  it("is 404 without an Active Cart, and finds an anonymous session's own", async () => {
    expectError(await ann('GET', '/me/active-cart'), 404, 'ResourceNotFound');
    const cart = await myCart(visitor, { sock: 1 });
    expect(ok(await visitor('GET', '/me/active-cart')).id).toBe(cart.id);
    expectError(await ann('GET', '/me/active-cart'), 404, 'ResourceNotFound');
  });
});

describe('GET /carts/customer-id={customerId}', () => {
  it("answers a customer's active Cart to view_orders, 404 when there is none", async () => {
    const viewer = shop.api.as(await tokenWith(shop.api, `view_orders:${shop.api.project}`));
    expectError(await viewer('GET', `/carts/customer-id=${annId}`), 404, 'ResourceNotFound');
    await myCart(ann, { red: 1 });
    const newer = await myCart(ann, { blue: 1 });
    expect(ok(await viewer('GET', `/carts/customer-id=${annId}`)).id).toBe(newer.id);
    const noScope = shop.api.as(await tokenWith(shop.api, `view_products:${shop.api.project}`));
    expectError(await noScope('GET', `/carts/customer-id=${annId}`), 403, 'insufficient_scope');
    // In a Store only the Store's Carts count.
    expectError(await viewer('GET', `/in-store/key=eu/carts/customer-id=${annId}`), 404, 'ResourceNotFound');
  });
});

describe('replicate', () => {
  it('makes a new Active Cart with the lines priced anew and the given key, leaving out deleted Products', async () => {
    const source = await myCart(ann, { red: 2, sock: 1 }, { shippingAddress: { country: 'DE' }, locale: 'en' });
    const red = await shop.api.call('GET', `/products/${shop.products['red']}`);
    const priceId = red.body.masterData.current.masterVariant.prices[0].id;
    ok(
      await shop.api.call('POST', `/products/${red.body.id}`, {
        version: red.body.version,
        actions: [{ action: 'changePrice', priceId, price: { value: { currencyCode: 'EUR', centAmount: 1200 } } }, { action: 'publish' }],
      }),
    );
    const sock = ok(await shop.api.call('GET', `/products/${shop.products['sock']}`));
    ok(await shop.api.call('DELETE', `/products/${sock.id}?version=${sock.version}`));

    const replica = ok(
      await shop.api.call('POST', '/carts/replicate', { reference: { typeId: 'cart', id: source.id }, key: 'again' }),
      201,
    );
    expect(replica).toMatchObject({
      key: 'again',
      cartState: 'Active',
      customerId: annId,
      locale: 'en',
      shippingAddress: { country: 'DE' },
    });
    expect(replica.id).not.toBe(source.id);
    expect(quantities(replica)).toEqual({ red: 2 });
    // 2 x 12.00 EUR, the new price
    expect(replica.totalPrice.centAmount).toBe(2400);
    expect(await shop.cart(source.id)).toMatchObject({ version: source.version, cartState: 'Active' });
  });

  it('keeps the shipping method of the Cart replicated, its price computed anew', async () => {
    ok(await shop.api.call('POST', '/zones', { key: 'de', name: 'DE', locations: [{ country: 'DE' }] }), 201);
    const rate = { price: { currencyCode: 'EUR', centAmount: 490 } };
    const method = { key: 'standard', name: 'Standard', isDefault: true, taxCategory: { typeId: 'tax-category', key: 'standard' } };
    ok(
      await shop.api.call('POST', '/shipping-methods', {
        ...method,
        zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [rate] }],
      }),
      201,
    );
    const source = await myCart(
      ann,
      { red: 1 },
      { shippingAddress: { country: 'DE' }, shippingMethod: { typeId: 'shipping-method', key: 'standard' } },
    );
    const replica = ok(await shop.api.call('POST', '/carts/replicate', { reference: { typeId: 'cart', id: source.id } }), 201);
    expect(replica.shippingInfo).toMatchObject({ shippingMethodName: 'Standard', price: { centAmount: 490 } });
    // 10.00 + 4.90 shipping EUR
    expect(replica.totalPrice.centAmount).toBe(1490);
  });

  it('replicates an Order as a Cart: its lines priced anew, for its customer', async () => {
    const cart = await myCart(ann, { red: 2, blue: 1 }, { shippingAddress: { country: 'DE' } });
    const order = ok(await shop.api.call('POST', '/orders', { cart: { typeId: 'cart', id: cart.id }, version: cart.version }), 201);
    const replica = ok(await ann('POST', '/me/carts/replicate', { reference: { typeId: 'order', id: order.id } }), 201);
    expect(replica).toMatchObject({ cartState: 'Active', customerId: annId, shippingAddress: { country: 'DE' } });
    expect(quantities(replica)).toEqual({ red: 2, blue: 1 });
    // 2 x 10.00 + 1 x 20.00 EUR
    expect(replica.totalPrice.centAmount).toBe(4000);
    expectError(await visitor('POST', '/me/carts/replicate', { reference: { typeId: 'order', id: order.id } }), 404, 'ResourceNotFound');
  });

  it('refuses an unknown Cart or Order (400), and in /me a Cart of another (404)', async () => {
    const replicate = (reference: Json) => shop.api.call('POST', '/carts/replicate', { reference });
    expectError(await replicate({ typeId: 'cart', id: 'nope' }), 400, 'ReferencedResourceNotFound');
    expectError(await replicate({ typeId: 'order', id: 'nope' }), 400, 'ReferencedResourceNotFound');
    const theirs = await myCart(visitor, { red: 1 });
    expectError(await ann('POST', '/me/carts/replicate', { reference: { typeId: 'cart', id: theirs.id } }), 404, 'ResourceNotFound');
    const mine = ok(await visitor('POST', '/me/carts/replicate', { reference: { typeId: 'cart', id: theirs.id } }), 201);
    expect(mine).toMatchObject({ anonymousId: 'visitor-1' });
    expect(quantities(mine)).toEqual({ red: 1 });
  });
});
