import { describe, expect, it } from 'vitest';
import { ConfigurationError, createOrderAndVerify } from '../src/index.js';
import { PROJECT, recordingSleep, rejection, setup, type Setup } from './helpers.js';

const ORDERS = `/${PROJECT}/orders`;

/** A Cart ready to order (one line, a shipping address), made through the client. */
async function orderableCart(s: Setup, store?: string): Promise<{ id: string; version: number }> {
  await s.client.POST('/product-types', { body: { key: 'thing', name: 'Thing', description: 'A thing' } });
  const product = await s.client.POST('/products', {
    body: {
      productType: { typeId: 'product-type', key: 'thing' },
      name: { en: 'Thing' },
      slug: { en: 'thing' },
      masterVariant: { sku: 'thing', prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }] },
      publish: true,
    },
  });
  expect(product.error).toBeUndefined();
  if (store !== undefined) await s.client.POST('/stores', { body: { key: store, countries: [{ code: 'DE' }] } });
  const cart = await s.client.POST('/carts', {
    body: {
      currency: 'EUR',
      taxMode: 'Disabled',
      lineItems: [{ sku: 'thing' }],
      shippingAddress: { country: 'DE' },
      ...(store !== undefined ? { store: { typeId: 'store', key: store } } : {}),
    },
  });
  return { id: cart.data!.id, version: cart.data!.version };
}

/** How many Orders the project holds (through the API). */
async function orderCount(s: Setup): Promise<number> {
  const { data } = await s.makeClient({ fetch: s.emu.fetch }).GET('/orders', { params: { query: { limit: 0 } } });
  return data!.total!;
}

describe('createOrderAndVerify', () => {
  it('500 after the Order was made: finds it by its orderNumber instead of ordering again: exactly one', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    const cart = await orderableCart(s);
    s.emu.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', path: ORDERS, times: 1 });
    const result = await createOrderAndVerify(s.client, {
      body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-1' },
      retry: { sleep },
    });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ verified: true, attempts: 1, data: { orderNumber: 'A-1', cart: { id: cart.id } } });
    expect(await orderCount(s)).toBe(1);
    const orderRequests = s.rec.api().filter((r) => r.path === ORDERS);
    expect(orderRequests.map((r) => r.method)).toEqual(['POST', 'GET']);
    const lookup = new URLSearchParams(orderRequests[1]!.search);
    expect(lookup.getAll('where')).toEqual(['orderNumber = :orderNumber']);
    expect(lookup.get('var.orderNumber')).toBe('A-1');
  });

  it('a connection cut before the Order was made: the transport sends it again (the Cart version guards it), one Order', async () => {
    const s = setup();
    const cart = await orderableCart(s);
    s.emu.faults.inject({ kind: 'cut', method: 'POST', path: ORDERS, times: 1 });
    const result = await createOrderAndVerify(s.client, {
      body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-2' },
    });
    expect(result).toMatchObject({ verified: false, attempts: 1, data: { orderNumber: 'A-2' } });
    expect(
      s.rec
        .api()
        .filter((r) => r.path === ORDERS)
        .map((r) => r.method),
    ).toEqual(['POST', 'POST']);
    expect(await orderCount(s)).toBe(1);
  });

  it('a connection cut after the Order was made: the resent create is 409, and the Order is found by its number', async () => {
    const s = setup();
    const cart = await orderableCart(s);
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: ORDERS, times: 1 });
    const result = await createOrderAndVerify(s.client, {
      body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-3' },
    });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ verified: true, attempts: 1, data: { orderNumber: 'A-3' } });
    expect(
      s.rec
        .api()
        .filter((r) => r.path === ORDERS)
        .map((r) => r.method),
    ).toEqual(['POST', 'POST', 'GET']);
    expect(await orderCount(s)).toBe(1);
  });

  it('in a Store: creates and looks up on the in-store path', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    const cart = await orderableCart(s, 'eu');
    const path = `/${PROJECT}/in-store/key=eu/orders`;
    s.emu.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', path, times: 1 });
    const result = await createOrderAndVerify(s.client, {
      body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'EU-1' },
      storeKey: 'eu',
      retry: { sleep },
    });
    expect(result).toMatchObject({ verified: true, data: { orderNumber: 'EU-1', store: { key: 'eu' } } });
    expect(
      s.rec
        .api()
        .filter((r) => r.path === path)
        .map((r) => r.method),
    ).toEqual(['POST', 'GET']);
  });

  it('returns the error of the first attempt at once: a stale Cart version is not an unknown outcome', async () => {
    const s = setup();
    const cart = await orderableCart(s);
    const result = await createOrderAndVerify(s.client, {
      body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version + 1, orderNumber: 'A-4' },
    });
    expect(result).toMatchObject({ attempts: 1, verified: false, error: { code: 'ConcurrentModification' } });
    expect(await orderCount(s)).toBe(0);
  });

  it('refuses a draft without orderNumber: nothing could find the Order again', async () => {
    const s = setup();
    const error = await rejection(createOrderAndVerify(s.client, { body: { cart: { typeId: 'cart', id: 'c' }, version: 1 } as never }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(s.rec.api()).toEqual([]);
  });
});
