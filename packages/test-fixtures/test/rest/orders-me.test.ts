import { beforeEach, describe, expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken, tokenWith, type ClientCredentials } from '../helpers/tokens.js';
import { signUp } from './customer-helpers.js';
import { expectError, ok, raw, type Json } from './helpers.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';

let o: OrderApi;
/** A storefront client: manages the own orders (and profiles) of its sessions, nothing else. */
let storefront: ClientCredentials;
let ann: Json;
let eve: Json;

beforeEach(async () => {
  o = await orderApi();
  ok(await o.api.call('POST', '/stores', { key: 'eu', countries: [{ code: 'DE' }] }), 201);
  const project = o.api.project;
  storefront = await apiClient(o.api, `manage_my_orders:${project} manage_my_profile:${project} create_anonymous_token:${project}`);
  ann = await signUp(o.api, { email: 'ann@example.com' });
  eve = await signUp(o.api, { email: 'eve@example.com' });
});

const as = async (email: string) => o.api.as(await passwordToken(o.api, storefront, { email, password: 'secret' }));
const myDraft = (cart: Json) => ({ id: cart['id'], version: cart['version'] });

describe('/me/orders', () => {
  it("orders the caller's own Cart; another's Cart is 404 and nothing changes", async () => {
    const annCart = await o.orderable({ customerId: ann['id'] });
    const eveCart = await o.orderable({ customerId: eve['id'] });
    const annCall = await as('ann@example.com');
    const before = await o.everything();
    expectError(await annCall('POST', '/me/orders', myDraft(eveCart)), 404, 'ResourceNotFound');
    expectError(await annCall('POST', '/me/orders', myDraft(await o.orderable())), 404, 'ResourceNotFound');
    expectError(await annCall('POST', '/me/orders', { id: annCart['id'] }), 400, 'InvalidJsonInput');
    const after = await o.everything();
    expect((after as { messages: unknown[] }).messages).toEqual((before as { messages: unknown[] }).messages);
    const order = ok(await annCall('POST', '/me/orders', myDraft(annCart)), 201);
    expect(order).toMatchObject({ customerId: ann['id'], cart: { id: annCart['id'] }, orderState: 'Open' });
    expect((await o.cartNow(annCart))['cartState']).toBe('Ordered');
  });

  it("lists and reads the caller's own Orders only; another's is 404", async () => {
    const annOrder = await o.ordered(await o.orderable({ customerId: ann['id'] }));
    const eveOrder = await o.ordered(await o.orderable({ customerId: eve['id'] }));
    await o.ordered(await o.orderable());
    const annCall = await as('ann@example.com');
    expect(ok(await annCall('GET', '/me/orders')).results).toEqual([annOrder]);
    expect(ok(await annCall('GET', `/me/orders/${annOrder['id']}`))).toEqual(annOrder);
    expectError(await annCall('GET', `/me/orders/${eveOrder['id']}`), 404, 'ResourceNotFound');
  });

  it('serves an anonymous session its own Orders, by its anonymous id', async () => {
    const call = o.api.as(await anonymousToken(o.api, storefront, 'visitor-1'));
    const cart = await o.orderable({ anonymousId: 'visitor-1' });
    const order = ok(await call('POST', '/me/orders', myDraft(cart)), 201);
    expect(order).toMatchObject({ anonymousId: 'visitor-1' });
    expect(ok(await call('GET', '/me/orders')).results).toEqual([order]);
    const other = o.api.as(await anonymousToken(o.api, storefront, 'visitor-2'));
    expect(ok(await other('GET', '/me/orders')).results).toEqual([]);
  });

  it('in a Store: only the Cart and Orders of that Store, for a customer of the Store', async () => {
    const nia = await signUp(o.api, { email: 'nia@example.com' }, 'eu');
    const niaCall = o.api.as(await passwordToken(o.api, storefront, { email: 'nia@example.com', password: 'secret', storeKey: 'eu' }));
    const global = await o.orderable({ customerId: nia['id'] });
    const inEu = await o.orderable({ customerId: nia['id'], store: { key: 'eu' } });
    const before = await o.everything();
    expectError(await niaCall('POST', '/in-store/key=eu/me/orders', myDraft(global)), 404, 'ResourceNotFound');
    await expectNothingChanged(o, before);
    const order = ok(await niaCall('POST', '/in-store/key=eu/me/orders', myDraft(inEu)), 201);
    expect(order['store']).toEqual({ typeId: 'store', key: 'eu' });
    const globalOrder = await o.ordered(global);
    expect(ok(await niaCall('GET', '/in-store/key=eu/me/orders')).results).toEqual([order]);
    expectError(await niaCall('GET', `/in-store/key=eu/me/orders/${globalOrder['id']}`), 404, 'ResourceNotFound');
    // An in-store token is valid on its own Store's endpoints only.
    expectError(await niaCall('GET', '/me/orders'), 403, 'insufficient_scope');
  });

  it('need a session token holding manage_my_orders; Me Orders cannot be updated', async () => {
    const noSession = await tokenWith(o.api, `manage_my_orders:${o.api.project}`);
    expectError(await o.api.as(noSession)('GET', '/me/orders'), 403, 'insufficient_scope');
    const profileOnly = await apiClient(o.api, `manage_my_profile:${o.api.project}`);
    const call = o.api.as(await passwordToken(o.api, profileOnly, { email: 'ann@example.com', password: 'secret' }));
    const answer = await call('GET', '/me/orders');
    expect(expectError(answer, 403, 'insufficient_scope').message).toContain(`manage_my_orders:${o.api.project}`);
    const order = await o.ordered(await o.orderable({ customerId: ann['id'] }));
    const token = await passwordToken(o.api, storefront, { email: 'ann@example.com', password: 'secret' });
    const body = JSON.stringify({ version: 1, actions: [{ action: 'changeOrderState', orderState: 'Complete' }] });
    expect((await raw(o.api, 'POST', `/me/orders/${order['id']}`, { token, body, check: false })).status).toBe(404);
    expect(ok(await o.api.call('GET', `/orders/${order['id']}`))).toEqual(order);
  });
});
