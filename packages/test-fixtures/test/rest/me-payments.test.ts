import { beforeEach, describe, expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken, type ClientCredentials } from '../helpers/tokens.js';
import { signUp } from './customer-helpers.js';
import { paymentSnapshot } from './payment-helpers.js';
import { createApi, expectError, messagesOf, ok, tokenWithScope, type Api, type Json } from './helpers.js';

let api: Api;
let storefront: ClientCredentials;
beforeEach(async () => {
  api = await createApi();
  storefront = await apiClient(api, `manage_my_payments:${api.project} create_anonymous_token:${api.project}`);
});

const money = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' });

/** A signed-up customer and the caller of its password-flow token. */
async function customerCaller(email: string): Promise<{ customer: Json; call: Api['call'] }> {
  const customer = await signUp(api, { email });
  return { customer, call: api.as(await passwordToken(api, storefront, { email, password: 'secret' })) };
}

describe('My Payments', () => {
  it('are created for the customer of a customer token, answered as MyPayment, with PaymentCreated', async () => {
    const { customer, call } = await customerCaller('ann@example.com');
    const created = ok(
      await call('POST', '/me/payments', {
        amountPlanned: money(4999),
        paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD' },
        transaction: { type: 'Authorization', amount: money(4999), interactionId: 'i-1' },
      }),
      201,
    );
    expect(created).toEqual({
      id: created['id'],
      version: 1,
      customer: { typeId: 'customer', id: customer['id'] },
      // 49.99 EUR: 4999 cents.
      amountPlanned: { type: 'centPrecision', centAmount: 4999, currencyCode: 'EUR', fractionDigits: 2 },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD' },
      transactions: [
        { id: expect.any(String), type: 'Authorization', amount: created['amountPlanned'], interactionId: 'i-1', state: 'Initial' },
      ],
    });
    const full = ok(await api.call('GET', `/payments/${created['id'] as string}`));
    expect(full).toMatchObject({ ...created, paymentStatus: {}, interfaceInteractions: [] });
    expect((await messagesOf(api, created['id'] as string)).map((m) => m['type'])).toEqual(['PaymentCreated']);
    expect(ok(await call('GET', `/me/payments/${created['id'] as string}`))).toEqual(created);
  });

  it('are created for the anonymous session of an anonymous token', async () => {
    const call = api.as(await anonymousToken(api, storefront, 'visitor-1'));
    const created = ok(await call('POST', '/me/payments', { amountPlanned: money(100) }), 201);
    expect(created).toMatchObject({ anonymousId: 'visitor-1', transactions: [] });
    expect(created).not.toHaveProperty('customer');
  });

  it("are the caller's only: another caller's Payment is 404 and not in the caller's query", async () => {
    const ann = await customerCaller('ann@example.com');
    const bob = await customerCaller('bob@example.com');
    const visitor = api.as(await anonymousToken(api, storefront, 'visitor-1'));
    const anns = ok(await ann.call('POST', '/me/payments', { amountPlanned: money(100) }), 201);
    const bobs = ok(await bob.call('POST', '/me/payments', { amountPlanned: money(200) }), 201);
    const admins = ok(await api.call('POST', '/payments', { amountPlanned: money(300), anonymousId: 'visitor-1' }), 201);
    const page = ok(await ann.call('GET', '/me/payments?withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ id: anns['id'] }] });
    expect(ok(await visitor('GET', '/me/payments'))['results'].map((p: Json) => p['id'])).toEqual([admins['id']]);
    const before = await paymentSnapshot(api);
    const path = `/me/payments/${bobs['id'] as string}`;
    expectError(await ann.call('GET', path), 404, 'ResourceNotFound');
    expectError(
      await ann.call('POST', path, { version: 1, actions: [{ action: 'changeAmountPlanned', amount: money(1) }] }),
      404,
      'ResourceNotFound',
    );
    expectError(await ann.call('DELETE', `${path}?version=1`), 404, 'ResourceNotFound');
    expectError(await visitor('GET', path), 404, 'ResourceNotFound');
    expect(await paymentSnapshot(api)).toEqual(before);
  });

  it('are updated with the My Payment actions and deleted while they have no Transaction', async () => {
    const { call } = await customerCaller('ann@example.com');
    const { id } = ok(await call('POST', '/me/payments', { amountPlanned: money(100) }), 201) as { id: string };
    const updated = ok(
      await call('POST', `/me/payments/${id}`, {
        version: 1,
        actions: [
          { action: 'changeAmountPlanned', amount: money(150) },
          { action: 'setMethodInfoInterface', interface: 'psp' },
          { action: 'setMethodInfoMethod', method: 'CARD' },
          { action: 'setMethodInfoName', name: { en: 'Card' } },
        ],
      }),
    );
    expect(updated).toMatchObject({
      version: 2,
      amountPlanned: { centAmount: 150 },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD', name: { en: 'Card' } },
    });
    // Only the My Payment actions: setKey is not one of them.
    const before = await paymentSnapshot(api);
    expectError(
      await call('POST', `/me/payments/${id}`, { version: 2, actions: [{ action: 'setKey', key: 'mine' }] }),
      400,
      'InvalidInput',
    );
    expectError(
      await call('POST', `/me/payments/${id}`, { version: 1, actions: [{ action: 'setMethodInfoMethod' }] }),
      409,
      'ConcurrentModification',
    );
    expect(await paymentSnapshot(api)).toEqual(before);
    expect(ok(await call('DELETE', `/me/payments/${id}?version=2`))['id']).toBe(id);
    expectError(await api.call('GET', `/payments/${id}`), 404, 'ResourceNotFound');
  });

  it('decision: a My Payment with a Transaction is neither updated nor deleted (400 InvalidOperation); nothing changes', async () => {
    const { call } = await customerCaller('ann@example.com');
    const { id } = ok(await call('POST', '/me/payments', { amountPlanned: money(100) }), 201) as { id: string };
    // addTransaction is the last change a My Payment takes.
    const added = ok(
      await call('POST', `/me/payments/${id}`, {
        version: 1,
        actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: money(100) } }],
      }),
    );
    expect(added['transactions']).toMatchObject([{ type: 'Charge', state: 'Initial' }]);
    const before = await paymentSnapshot(api);
    const again = await call('POST', `/me/payments/${id}`, { version: 2, actions: [{ action: 'changeAmountPlanned', amount: money(1) }] });
    expectError(again, 400, 'InvalidOperation');
    expectError(await call('DELETE', `/me/payments/${id}?version=2`), 400, 'InvalidOperation');
    expect(await paymentSnapshot(api)).toEqual(before);
    // The project's API still can.
    expect(ok(await api.call('DELETE', `/payments/${id}?version=2`))['id']).toBe(id);
  });

  it('take only an Authorization or a Charge in the draft; nothing changes', async () => {
    const { call } = await customerCaller('ann@example.com');
    const before = await paymentSnapshot(api);
    const refund = await call('POST', '/me/payments', { amountPlanned: money(100), transaction: { type: 'Refund', amount: money(100) } });
    expectError(refund, 400, 'InvalidJsonInput');
    expectError(await call('POST', '/me/payments', { paymentMethodInfo: {} }), 400, 'InvalidJsonInput');
    expect(await paymentSnapshot(api)).toEqual(before);
  });

  it('need a customer or anonymous token holding manage_my_payments (403 naming it)', async () => {
    const clientOnly = api.as(await tokenWithScope(api, `manage_my_payments:${api.project}`));
    const error = expectError(await clientOnly('GET', '/me/payments'), 403, 'insufficient_scope');
    expect(error.message).toContain(`manage_my_payments:${api.project}`);
    const profileOnly = await apiClient(api, `manage_my_profile:${api.project} create_anonymous_token:${api.project}`);
    const visitor = api.as(await anonymousToken(api, profileOnly, 'visitor-2'));
    expectError(await visitor('POST', '/me/payments', { amountPlanned: money(1) }), 403, 'insufficient_scope');
  });
});
