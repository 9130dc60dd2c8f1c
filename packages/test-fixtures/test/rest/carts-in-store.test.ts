import { beforeEach, describe, expect, it } from 'vitest';
import { applyChange } from '../../src/emulator/resources/kit/operations.js';
import { registeredType } from '../../src/emulator/resources/kit/resource-module.js';
import type { Cart } from '../../src/emulator/resources/carts/index.js';
import { setCartState } from '../../src/emulator/resources/carts/states.js';
import { recalculateCart } from '../../src/emulator/resources/carts/totals.js';
import { cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { addProducts, createSelection, createStore, expectError, ok, tokenWithScope, type Json } from './helpers.js';

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
});

const inStore = (store: string, path = '') => `/in-store/key=${store}/carts${path}`;

describe('carts in a store', () => {
  it('belong to the Store of the path, and are not found in another Store', async () => {
    await createStore(c.api, 'berlin');
    await createStore(c.api, 'hamburg');
    const cart = ok(await c.api.call('POST', inStore('berlin'), { currency: 'EUR', key: 'bb', store: { key: 'hamburg' } }), 201);
    expect(cart['store']).toEqual({ typeId: 'store', key: 'berlin' });
    expect(ok(await c.api.call('GET', inStore('berlin', '/key=bb')))).toEqual(cart);
    expectError(await c.api.call('GET', inStore('hamburg', `/${cart['id']}`)), 404, 'ResourceNotFound');
    const global = await c.cart({ key: 'gg' });
    expectError(await c.api.call('GET', inStore('berlin', '/key=gg')), 404, 'ResourceNotFound');
    expect(ok(await c.api.call('GET', inStore('berlin'))).results.map((r: Json) => r['id'])).toEqual([cart['id']]);
    const updated = ok(
      await c.api.call('POST', inStore('berlin', '/key=bb'), { version: 1, actions: [{ action: 'setCountry', country: 'DE' }] }),
    );
    expect(updated).toMatchObject({ country: 'DE', store: { key: 'berlin' } });
    expectError(
      await c.api.call('POST', inStore('hamburg', '/key=bb'), { version: 2, actions: [{ action: 'setCountry' }] }),
      404,
      'ResourceNotFound',
    );
    expectError(await c.api.call('DELETE', inStore('berlin', `/key=gg?version=${global['version']}`)), 404, 'ResourceNotFound');
    ok(await c.api.call('DELETE', inStore('berlin', '/key=bb?version=2')));
  });

  it("keep a country within the Store's countries: CountryNotConfiguredInStore", async () => {
    await createStore(c.api, 'berlin', { countries: [{ code: 'DE' }] });
    const answer = await c.api.call('POST', inStore('berlin'), { currency: 'EUR', country: 'US' });
    expect(expectError(answer, 400, 'CountryNotConfiguredInStore')).toEqual({
      code: 'CountryNotConfiguredInStore',
      message: 'The country US is not configured for the store berlin.',
      storeCountries: ['DE'],
      country: 'US',
    });
    const cart = ok(await c.api.call('POST', inStore('berlin'), { currency: 'EUR', country: 'DE' }), 201);
    expectError(await c.update(cart, { action: 'setCountry', country: 'US' }), 400, 'CountryNotConfiguredInStore');
  });

  it("take only variants the Store's Product Selections offer", async () => {
    const offered = await c.product('tee', [{ value: eur(1000) }]);
    await c.product('cap', [{ value: eur(500) }]);
    const selection = await createSelection(c.api, 'summer');
    await addProducts(c.api, 'summer', [offered['id'] as string]);
    await createStore(c.api, 'berlin', { productSelections: [{ productSelection: { id: selection.id }, active: true }] });
    const cart = ok(await c.api.call('POST', inStore('berlin'), { currency: 'EUR', lineItems: [{ sku: 'tee' }] }), 201);
    expect(cart['totalPrice']).toEqual(money(1000));
    const refused = expectError(await c.update(cart, { action: 'addLineItem', sku: 'cap' }), 400, 'InvalidInput');
    expect(refused.message).toContain("not available in the store 'berlin'");
    expectError(await c.api.call('POST', inStore('berlin'), { currency: 'EUR', lineItems: [{ sku: 'cap' }] }), 400, 'InvalidInput');
  });

  it("take only the Store's distribution Channels for a line", async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    const web = ok(await c.api.call('POST', '/channels', { key: 'web', roles: ['ProductDistribution'] }), 201);
    ok(await c.api.call('POST', '/channels', { key: 'shop', roles: ['ProductDistribution'] }), 201);
    await createStore(c.api, 'berlin', { distributionChannels: [{ key: 'web' }] });
    const cart = ok(
      await c.api.call('POST', inStore('berlin'), { currency: 'EUR', lineItems: [{ sku: 'tee', distributionChannel: { key: 'web' } }] }),
      201,
    );
    expect((cart['lineItems'] as Json[])[0]!['distributionChannel']).toEqual({ typeId: 'channel', id: web['id'] });
    const refused = expectError(
      await c.update(cart, { action: 'addLineItem', sku: 'tee', distributionChannel: { key: 'shop' } }),
      400,
      'InvalidInput',
    );
    expect(refused.message).toContain('distribution channels');
  });

  it('need view_orders to read and manage_orders to write, for the Store alone when scoped to it', async () => {
    await createStore(c.api, 'berlin');
    const cart = await c.cart();
    const view = c.api.as(await tokenWithScope(c.api, `view_orders:${c.api.project}`));
    expect(ok(await view('GET', `/carts/${cart['id']}`))['id']).toBe(cart['id']);
    expectError(await view('POST', '/carts', { currency: 'EUR' }), 403, 'insufficient_scope');
    const berlin = c.api.as(await tokenWithScope(c.api, `manage_orders:${c.api.project}:berlin`));
    expect(ok(await berlin('POST', inStore('berlin'), { currency: 'EUR' }), 201)['store']).toEqual({ typeId: 'store', key: 'berlin' });
    expectError(await berlin('GET', '/carts'), 403, 'insufficient_scope');
  });
});

describe('cart states', () => {
  it('refuse every update of an Ordered or Merged Cart, changing nothing', async () => {
    await c.product('tee', [{ value: eur(1000) }]);
    for (const state of ['Ordered', 'Merged'] as const) {
      const cart = await c.cart({ lineItems: [{ sku: 'tee' }] });
      const { context } = c.api.emulator;
      const type = registeredType<Cart>(context, 'cart');
      const stored = context.state.collection<Cart>('cart').get(cart['id'])!;
      const caller = { principal: { clientId: 'test', scopes: [] } } as unknown as Parameters<typeof applyChange>[3];
      applyChange(context, type, stored, caller, [{ action: 'order' }], (working, ctx) => {
        setCartState(working, state);
        recalculateCart(ctx, working);
      });
      const marked = ok(await c.api.call('GET', `/carts/${cart['id']}`));
      expect(marked).toMatchObject({ cartState: state, version: 2 });
      const refused = expectError(await c.update(marked, { action: 'setCustomerEmail', email: 'a@example.com' }), 400, 'InvalidOperation');
      expect(refused.message).toBe(`The Cart '${cart['id']}' is ${state}: no further operations are allowed on it.`);
      expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))).toEqual(marked);
    }
  });
});
