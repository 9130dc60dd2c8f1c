import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { customerSnapshot, expectCustomersUnchanged, signUp } from './customer-helpers.js';
import { expectError, ok, tokenWithScope, type Json } from './helpers.js';
import { expectNothingChanged, orderApi } from './order-fixtures.js';

let api: Api;

beforeEach(async () => {
  api = await createApi();
  for (const key of ['eu', 'us']) ok(await api.call('POST', '/stores', { key }), 201);
});

describe('POST /login and /in-store/key={storeKey}/login', () => {
  it('signs a global customer in by e-mail (ignoring case) and password, answering { customer }', async () => {
    const ann = await signUp(api, { email: 'ann@example.com', firstName: 'Ann' });
    const answer = await api.call('POST', '/login', { email: 'ANN@example.com', password: 'secret' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ customer: ann });
    expect(answer.body.customer).not.toHaveProperty('password');
  });

  it('signs a customer of the Store in on its in-store endpoint only', async () => {
    const eve = await signUp(api, { email: 'eve@example.com' }, 'eu');
    expect(ok(await api.call('POST', '/in-store/key=eu/login', { email: 'eve@example.com', password: 'secret' }))).toEqual({
      customer: eve,
    });
    for (const path of ['/login', '/in-store/key=us/login'])
      expectError(await api.call('POST', path, { email: 'eve@example.com', password: 'secret' }), 400, 'InvalidCredentials');
  });

  it('refuses wrong credentials with InvalidCredentials and changes nothing', async () => {
    await signUp(api, { email: 'ann@example.com' });
    const before = await customerSnapshot(api);
    for (const body of [
      { email: 'ann@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'secret' },
    ]) {
      const error = expectError(await api.call('POST', '/login', body), 400, 'InvalidCredentials');
      expect(error.message).toBe('Account with the given credentials not found.');
    }
    expectError(await api.call('POST', '/login', { email: 'ann@example.com' }), 400, 'InvalidJsonInput');
    await expectCustomersUnchanged(api, before);
  });

  it("gives the customer the anonymous session's Carts and Orders that belong to no customer", async () => {
    const o = await orderApi(api);
    const ann = await signUp(api, { email: 'ann@example.com' });
    const order = await o.ordered(await o.orderable({ anonymousId: 'visitor-1' }));
    const active = await o.orderable({ anonymousId: 'visitor-1' });
    const other = await o.orderable({ anonymousId: 'visitor-2' });
    const answer = await api.call('POST', '/login', { email: 'ann@example.com', password: 'secret', anonymousId: 'visitor-1' });
    expect(answer.body.customer).toEqual(ann);
    // Ann had no Cart: the session's active one is hers now, and answered.
    expect(answer.body.cart).toMatchObject({ id: active['id'], customerId: ann['id'], cartState: 'Active' });
    expect(ok(await api.call('GET', `/orders/${order['id']}`))).toMatchObject({
      customerId: ann['id'],
      anonymousId: 'visitor-1',
      version: 2,
    });
    expect(await o.cartNow(active)).toMatchObject({ customerId: ann['id'], version: active['version'] + 1 });
    expect(await o.cartNow(other)).toEqual(other);
    // Every Cart of the session is hers, the ordered one too (it stays Ordered).
    expect(await o.cartNow({ id: order['cart'].id })).toMatchObject({ customerId: ann['id'], cartState: 'Ordered' });
  });

  it("merges the anonymous Cart into the customer's active one, answering it: a line of both takes the greater quantity", async () => {
    const o = await orderApi(api);
    await o.product('sock', [{ value: { currencyCode: 'EUR', centAmount: 500 } }]);
    const ann = await signUp(api, { email: 'ann@example.com' });
    const own = await o.cart({ customerId: ann['id'], lineItems: [{ sku: 'shirt', quantity: 1 }] });
    const anonymous = await o.cart({ anonymousId: 'visitor-1', lineItems: [{ sku: 'shirt', quantity: 3 }, { sku: 'sock' }] });
    const answer = ok(
      await api.call('POST', '/login', { email: 'ann@example.com', password: 'secret', anonymousCart: { id: anonymous['id'] } }),
    );
    expect(answer.cart).toMatchObject({ id: own['id'], customerId: ann['id'] });
    const lines = (answer.cart.lineItems as Json[]).map((line) => [line['variant'].sku, line['quantity']]);
    expect(lines).toEqual([
      ['shirt', 3],
      ['sock', 1],
    ]);
    expect((await o.cartNow(anonymous))['cartState']).toBe('Merged');
  });

  it('uses the anonymous Cart as the new active one with UseAsNewActiveCustomerCart; anonymousCartId is 501', async () => {
    const o = await orderApi(api);
    const ann = await signUp(api, { email: 'ann@example.com' });
    await o.cart({ customerId: ann['id'], lineItems: [{ sku: 'shirt' }] });
    const anonymous = await o.cart({ anonymousId: 'visitor-1', lineItems: [{ sku: 'shirt', quantity: 2 }] });
    const body = { email: 'ann@example.com', password: 'secret', anonymousCart: { id: anonymous['id'] } };
    const answer = ok(await api.call('POST', '/login', { ...body, anonymousCartSignInMode: 'UseAsNewActiveCustomerCart' }));
    expect(answer.cart).toMatchObject({ id: anonymous['id'], customerId: ann['id'], lineItems: [{ quantity: 2 }] });
    const before = await o.everything();
    const deprecated = await api.call('POST', '/login', { email: 'ann@example.com', password: 'secret', anonymousCartId: anonymous['id'] });
    expect(expectError(deprecated, 501, 'NotEmulated')).toMatchObject({ field: 'anonymousCartId' });
    await expectNothingChanged(o, before);
  });

  it('needs manage_customers (for the Store, in-store); manage_my_profile is not enough', async () => {
    await signUp(api, { email: 'eve@example.com' }, 'eu');
    const body = { email: 'eve@example.com', password: 'secret' };
    const profile = await tokenWithScope(api, `manage_my_profile:${api.project}`);
    expect(expectError(await api.as(profile)('POST', '/login', body), 403, 'insufficient_scope').message).toContain(
      `manage_customers:${api.project}`,
    );
    const euOnly = await tokenWithScope(api, `manage_customers:${api.project}:eu`);
    expect((await api.as(euOnly)('POST', '/in-store/key=eu/login', body)).status).toBe(200);
    expect((await api.as(euOnly)('POST', '/in-store/key=us/login', body)).status).toBe(403);
    expect((await api.as(euOnly)('POST', '/login', body)).status).toBe(403);
  });
});
