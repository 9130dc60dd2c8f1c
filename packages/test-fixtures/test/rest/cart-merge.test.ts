import { beforeEach, describe, expect, it } from 'vitest';
import { createShoppers, myCart, quantities, updateMyCart, type Call, type Shop } from './cart-life-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

let shop: Shop, annId: string, ann: Call, visitor: Call;

beforeEach(async () => {
  ({ shop, annId, ann, visitor } = await createShoppers());
});

/** Signs Ann in as the caller does (`/me/login`), with the sign-in mode given. */
async function signIn(caller: Call, extra: Json = {}): Promise<{ customer: Json; cart?: Json }> {
  return ok(await caller('POST', '/me/login', { email: 'ann@example.com', password: 'secret', ...extra }));
}

/** Everything a refused merge could have touched: every Cart and Customer. */
async function cartsAndCustomers(): Promise<unknown> {
  const carts = ok(await shop.api.call('GET', '/carts?limit=500&sort=id%20asc')).results;
  const customers = ok(await shop.api.call('GET', '/customers?limit=500&sort=id%20asc')).results;
  return { carts, customers };
}

describe('sign-in with MergeWithExistingCustomerCart (the default)', () => {
  it('merges the anonymous lines into the customer’s Cart: the same variant takes the greater quantity, not the sum', async () => {
    const own = await myCart(ann, { red: 3, blue: 1 });
    const anonymous = await myCart(visitor, { red: 2, blue: 5, sock: 4 });

    const { customer, cart } = await signIn(visitor);
    expect(customer.id).toBe(annId);
    expect(cart!.id).toBe(own.id);
    // red: max(3, 2) = 3; blue: max(1, 5) = 5; sock: only in the anonymous Cart, 4.
    expect(quantities(cart!)).toEqual({ red: 3, blue: 5, sock: 4 });
    // 3 x 10.00 + 5 x 20.00 + 4 x 5.00 = 150.00 EUR
    expect(cart!.totalPrice.centAmount).toBe(15000);
    expect(cart!).toMatchObject({ customerId: annId, cartState: 'Active' });

    const merged = await shop.cart(anonymous.id);
    expect(merged).toMatchObject({ cartState: 'Merged', customerId: annId, anonymousId: 'visitor-1' });
    expect(quantities(merged)).toEqual({ red: 2, blue: 5, sock: 4 });
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(own.id);
    // A Merged Cart takes no further update.
    expectError(await updateMyCart(visitor, merged, [{ action: 'setLocale', locale: 'en' }]), 400, 'InvalidOperation');
  });

  it('taxes the merged Cart for the customer Cart’s shipping address', async () => {
    await myCart(ann, { red: 3 }, { shippingAddress: { country: 'DE' } });
    await myCart(visitor, { blue: 5, sock: 4 });
    const { cart } = await signIn(visitor);
    // Gross 30.00 + 100.00 + 20.00 = 150.00 EUR, 19 % included. Net per line:
    // 3000 / 1.19 = 2521.01 -> 2521; 10000 / 1.19 = 8403.36 -> 8403; 2000 / 1.19 = 1680.67 -> 1681;
    // 2521 + 8403 + 1681 = 12605 net, 15000 - 12605 = 2395 tax.
    expect(cart!.taxedPrice).toMatchObject({
      totalGross: { centAmount: 15000 },
      totalNet: { centAmount: 12605 },
      totalTax: { centAmount: 2395 },
    });
  });

  it('copies neither the Custom Line Items nor the Custom Fields of the anonymous Cart', async () => {
    ok(
      await shop.api.call('POST', '/types', {
        key: 'note',
        name: { en: 'Note' },
        resourceTypeIds: ['order'],
        fieldDefinitions: [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' }],
      }),
      201,
    );
    const own = await myCart(ann, { red: 1 });
    ok(
      await shop.api.call('POST', '/carts', {
        currency: 'EUR',
        anonymousId: 'visitor-1',
        lineItems: [{ sku: 'sock', quantity: 2 }],
        customLineItems: [
          {
            name: { en: 'Gift wrap' },
            money: { currencyCode: 'EUR', centAmount: 300 },
            slug: 'wrap',
            taxCategory: { typeId: 'tax-category', key: 'standard' },
          },
        ],
        custom: { type: { typeId: 'type', key: 'note' }, fields: { note: 'ring twice' } },
      }),
      201,
    );
    const { cart } = await signIn(visitor);
    expect(cart!.id).toBe(own.id);
    expect(quantities(cart!)).toEqual({ red: 1, sock: 2 });
    expect(cart!.customLineItems).toEqual([]);
    expect(cart!).not.toHaveProperty('custom');
  });

  it('makes the anonymous Cart the customer’s when the customer has no Active Cart', async () => {
    const anonymous = await myCart(visitor, { red: 1 });
    const { cart } = await signIn(visitor);
    expect(cart).toMatchObject({ id: anonymous.id, customerId: annId, anonymousId: 'visitor-1', cartState: 'Active' });
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(anonymous.id);
  });

  it('gives the customer every Cart of the anonymous session; the merged one stays the active Cart', async () => {
    const own = await myCart(ann, { red: 1 });
    const older = await myCart(visitor, { blue: 1 });
    await myCart(visitor, { sock: 2 });
    const { cart } = await signIn(visitor);
    expect(cart!.id).toBe(own.id);
    expect(quantities(cart!)).toEqual({ red: 1, sock: 2 });
    expect(await shop.cart(older.id)).toMatchObject({ customerId: annId, cartState: 'Active' });
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(own.id);
  });

  it('gives the customer the Orders and Payments of the anonymous session too', async () => {
    const cart = await myCart(visitor, { red: 1 }, { shippingAddress: { country: 'DE' } });
    const order = ok(await visitor('POST', '/me/orders', { id: cart.id, version: cart.version }), 201);
    const payment = ok(await visitor('POST', '/me/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 1000 } }), 201);
    expect(order).not.toHaveProperty('customerId');
    expect(payment).not.toHaveProperty('customer');
    await signIn(visitor);
    expect(ok(await shop.api.call('GET', `/orders/${order.id}`))).toMatchObject({ customerId: annId, anonymousId: 'visitor-1' });
    expect(ok(await shop.api.call('GET', `/payments/${payment.id}`))).toMatchObject({ customer: { typeId: 'customer', id: annId } });
    expect(ok(await ann('GET', `/me/orders/${order.id}`)).id).toBe(order.id);
  });

  it('answers the customer’s active Cart on a sign-in without an anonymous session, and none when there is none', async () => {
    const signedIn = await shop.customer('ann@example.com');
    expect(await signIn(signedIn)).not.toHaveProperty('cart');
    const own = await myCart(ann, { red: 1 });
    expect((await signIn(signedIn)).cart).toMatchObject({ id: own.id, version: own.version });
  });
});

describe('in-store sign-in', () => {
  it('merges only the Store’s Carts of the session, into the customer’s Cart in that Store', async () => {
    await shop.signUp('eve@example.com', { stores: [{ typeId: 'store', key: 'eu' }] });
    const global = await myCart(visitor, { blue: 1 });
    const inStore = ok(
      await visitor('POST', '/in-store/key=eu/me/carts', { currency: 'EUR', lineItems: [{ sku: 'red', quantity: 2 }] }),
      201,
    );
    const { cart } = ok(await visitor('POST', '/in-store/key=eu/me/login', { email: 'eve@example.com', password: 'secret' }));
    expect(cart).toMatchObject({ id: inStore.id, store: { key: 'eu' }, cartState: 'Active' });
    expect(quantities(cart)).toEqual({ red: 2 });
    expect(await shop.cart(global.id)).toEqual(global);
  });
});

describe('sign-in with UseAsNewActiveCustomerCart', () => {
  it('gives the anonymous Cart the customer and makes it the active Cart; the former Cart stays Active and unchanged', async () => {
    const own = await myCart(ann, { red: 3 });
    const anonymous = await myCart(visitor, { blue: 1 });
    const { cart } = await signIn(visitor, { activeCartSignInMode: 'UseAsNewActiveCustomerCart' });
    expect(cart).toMatchObject({ id: anonymous.id, customerId: annId, cartState: 'Active' });
    expect(quantities(cart!)).toEqual({ blue: 1 });
    expect(await shop.cart(own.id)).toEqual(own);
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(anonymous.id);
  });
});

describe('updateProductData', () => {
  it('refreshes the product data of the resulting Cart’s lines only when asked', async () => {
    await myCart(visitor, { red: 1 });
    const red = ok(await shop.api.call('GET', `/products/${shop.products['red']}`));
    ok(
      await shop.api.call('POST', `/products/${red.id}`, {
        version: red.version,
        actions: [{ action: 'changeName', name: { en: 'Crimson shirt' } }, { action: 'publish' }],
      }),
    );
    const kept = (await signIn(visitor)).cart!;
    expect(kept.lineItems[0].name).toEqual({ en: 'Shirt red' });
    const refreshed = (await signIn(await shop.customer('ann@example.com'), { updateProductData: true })).cart!;
    expect(refreshed.lineItems[0].name).toEqual({ en: 'Crimson shirt' });
  });
});

describe('POST /carts/customer-id={customerId}/merge', () => {
  const merge = (customerId: string, draft: Json) => shop.api.call('POST', `/carts/customer-id=${customerId}/merge`, draft);

  it('merges a named anonymous Cart and answers the customer’s active Cart', async () => {
    const own = await myCart(ann, { red: 1 });
    const anonymous = await myCart(visitor, { red: 4 });
    const cart = ok(await merge(annId, { anonymousCart: { typeId: 'cart', id: anonymous.id } }));
    expect(cart.id).toBe(own.id);
    expect(quantities(cart)).toEqual({ red: 4 });
    expect(await shop.cart(anonymous.id)).toMatchObject({ cartState: 'Merged' });
    expect(await shop.cart(anonymous.id)).not.toHaveProperty('customerId');
  });

  it('refuses what cannot be merged and changes nothing', async () => {
    await myCart(ann, { red: 1 });
    const anonymous = await myCart(visitor, { blue: 1 });
    const bob = await shop.signUp('bob@example.com');
    const bobs = await myCart(await shop.customer('bob@example.com'), { sock: 1 });
    const before = await cartsAndCustomers();

    expectError(await merge(annId, {}), 400, 'RequiredField');
    expectError(await merge('no-customer', { anonymousId: 'visitor-1' }), 404, 'ResourceNotFound');
    expectError(await merge(annId, { anonymousCart: { typeId: 'cart', id: 'no-cart' } }), 400, 'ReferencedResourceNotFound');
    const mismatch = expectError(
      await merge(annId, { anonymousCart: { typeId: 'cart', id: anonymous.id }, anonymousId: 'visitor-2' }),
      400,
      'InvalidOperation',
    );
    expect(mismatch.message).toContain('visitor-2');
    expectError(await merge(annId, { anonymousCart: { typeId: 'cart', id: bobs.id } }), 400, 'InvalidOperation');
    expect(await cartsAndCustomers()).toEqual(before);

    ok(await merge(bob.id, { anonymousCart: { typeId: 'cart', id: anonymous.id } }));
    const merged = expectError(await merge(annId, { anonymousCart: { typeId: 'cart', id: anonymous.id } }), 400, 'InvalidOperation');
    expect(merged.message).toContain('Merged');
  });

  it('refuses the whole merge when a line cannot be added to the customer’s Cart, changing nothing', async () => {
    await myCart(ann, { red: 1 });
    const anonymous = await myCart(visitor, { blue: 1, sock: 1 });
    const sock = ok(await shop.api.call('GET', `/products/${shop.products['sock']}`));
    ok(await shop.api.call('POST', `/products/${sock.id}`, { version: sock.version, actions: [{ action: 'unpublish' }] }));
    const before = await cartsAndCustomers();
    expectError(
      await merge(annId, { anonymousCart: { typeId: 'cart', id: anonymous.id }, anonymousId: 'visitor-1' }),
      400,
      'InvalidOperation',
    );
    expect(await cartsAndCustomers()).toEqual(before);
  });

  it('needs manage_orders', async () => {
    const anonymous = await myCart(visitor, { blue: 1 });
    const viewer = shop.api.as(await shop.api.token(`view_orders:${shop.api.project}`));
    expectError(
      await viewer('POST', `/carts/customer-id=${annId}/merge`, { anonymousCart: { typeId: 'cart', id: anonymous.id } }),
      403,
      'insufficient_scope',
    );
  });
});

describe('sign-up with an anonymous Cart', () => {
  it('makes the anonymous Cart the new customer’s and answers it', async () => {
    const anonymous = await myCart(visitor, { red: 2 });
    const answer = ok(
      await shop.api.call('POST', '/customers', {
        email: 'new@example.com',
        password: 'secret',
        anonymousCart: { typeId: 'cart', id: anonymous.id },
      }),
      201,
    );
    expect(answer.cart).toMatchObject({ id: anonymous.id, customerId: answer.customer.id, cartState: 'Active' });
  });

  it('creates no customer when the anonymous Cart cannot be merged', async () => {
    const anonymous = await myCart(visitor, { red: 2 });
    const before = await cartsAndCustomers();
    const draft = {
      email: 'new@example.com',
      password: 'secret',
      anonymousCart: { typeId: 'cart', id: anonymous.id },
      anonymousId: 'visitor-9',
    };
    expectError(await shop.api.call('POST', '/customers', draft), 400, 'InvalidOperation');
    expect(await cartsAndCustomers()).toEqual(before);
  });

  it('gives a customer signing up with an anonymous session’s token the session’s Carts', async () => {
    const anonymous = await myCart(visitor, { sock: 1 });
    const answer = ok(await visitor('POST', '/me/signup', { email: 'new@example.com', password: 'secret' }), 201);
    expect(answer.cart).toMatchObject({ id: anonymous.id, customerId: answer.customer.id });
  });
});
