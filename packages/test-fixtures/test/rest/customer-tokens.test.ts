import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryApi, summary, type HistoryApi } from '../history/helpers.js';
import { tokenWith } from '../helpers/tokens.js';
import { customer, customerSnapshot, expectCustomersUnchanged, signUp } from './customer-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * Password reset and e-mail verification tokens: created for a customer, valid on the emulator's
 * clock for their ttl (password tokens 24 hours by default), readable by value, single-use, and
 * kept only as hashes.
 */
let api: HistoryApi;
let ann: Json;

beforeEach(async () => {
  api = await createHistoryApi();
  for (const key of ['eu', 'us']) ok(await api.call('POST', '/stores', { key }), 201);
  ann = await signUp(api, { email: 'ann@example.com' });
});

const MINUTE = 60_000;

async function emailToken(body: Json, storeKey?: string) {
  return api.call('POST', storeKey === undefined ? '/customers/email-token' : `/in-store/key=${storeKey}/customers/email-token`, body);
}

describe('password reset tokens', () => {
  it('are valid 24 hours by default, readable by value without being used up; then ExpiredCustomerPasswordToken', async () => {
    const token = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com' }));
    const now = api.clock.now();
    expect(token).toMatchObject({ customerId: ann.id, value: expect.any(String), invalidateOlderTokens: false });
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(1440 * MINUTE);
    expect(Date.parse(token.createdAt)).toBeLessThanOrEqual(now);
    for (let i = 0; i < 2; i++) expect(ok(await api.call('GET', `/customers/password-token=${token.value}`)).id).toBe(ann.id);
    api.clock.advance(1440 * MINUTE);
    const expired = expectError(await api.call('GET', `/customers/password-token=${token.value}`), 400, 'ExpiredCustomerPasswordToken');
    expect(expired.message).toBe('The given password token has expired.');
  });

  it('answer 404 for an unknown token, naming it as the live service does', async () => {
    for (const path of ['/customers/password-token=made-up', '/customers/email-token=made-up']) {
      const unknown = expectError(await api.call('GET', path), 404, 'ResourceNotFound');
      expect(unknown.message).toBe("The Customer with ID 'Token(made-up)' was not found.");
    }
    const reset = await api.call('POST', '/customers/password/reset', { tokenValue: 'made-up', newPassword: 'x' });
    expect(expectError(reset, 404, 'ResourceNotFound').message).toBe("The Customer with ID 'Token(made-up)' was not found.");
    const confirm = await api.call('POST', '/customers/email/confirm', { tokenValue: 'made-up' });
    expect(expectError(confirm, 404, 'ResourceNotFound').message).toBe("The Customer with ID 'Token(made-up)' was not found.");
  });

  it('are stored only as hashes, and the message shows the value only for short-lived tokens', async () => {
    const long = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com' }));
    const short = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com', ttlMinutes: 60 }));
    const store = api.emulator.context.auth.customerTokens as unknown as Record<string, unknown>;
    expect(JSON.stringify([...(store['byHash'] as Map<string, unknown>).entries()])).not.toContain(long.value);
    const messages = ok(
      await api.call('GET', `/messages?where=${encodeURIComponent('type = "CustomerPasswordTokenCreated"')}&sort=createdAt%20asc`),
    ).results;
    expect(messages).toHaveLength(2);
    expect(messages[0]).not.toHaveProperty('value');
    expect(messages[1]).toMatchObject({ customerId: ann.id, value: short.value, expiresAt: short.expiresAt, invalidateOlderTokens: false });
    // Creating a token does not change the customer.
    expect((await customer(api, ann.id)).version).toBe(1);
  });

  it('are in a snapshot as hashes only: a reset forgets them, a restore brings them back usable', async () => {
    const token = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com' }));
    const snapshot = api.emulator.snapshot();
    expect(snapshot.customerTokens).toEqual([expect.objectContaining({ customerId: ann.id, kind: 'password' })]);
    expect(JSON.stringify(snapshot)).not.toContain(token.value);
    api.emulator.reset();
    expectError(await api.call('GET', `/customers/password-token=${token.value}`), 404, 'ResourceNotFound');
    api.emulator.restore(snapshot);
    expect(ok(await api.call('GET', `/customers/password-token=${token.value}`)).id).toBe(ann.id);
    ok(await api.call('POST', '/customers/password/reset', { tokenValue: token.value, newPassword: 'n3w' }));
    expect(api.emulator.snapshot().customerTokens).toEqual([]);
  });

  it('with invalidateOlderTokens invalidate the earlier ones; redeeming one invalidates the older ones too', async () => {
    const first = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com' }));
    const second = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com', invalidateOlderTokens: true }));
    expectError(await api.call('GET', `/customers/password-token=${first.value}`), 404, 'ResourceNotFound');
    const third = ok(await api.call('POST', '/customers/password-token', { email: 'ann@example.com' }));
    ok(await api.call('POST', '/customers/password/reset', { tokenValue: third.value, newPassword: 'n3w' }));
    expectError(await api.call('GET', `/customers/password-token=${second.value}`), 404, 'ResourceNotFound');
  });

  it('are only for customers of the endpoint: global ones globally, a Store’s in that Store (404 otherwise)', async () => {
    await signUp(api, { email: 'eve@example.com' }, 'eu');
    expectError(await api.call('POST', '/customers/password-token', { email: 'eve@example.com' }), 404, 'ResourceNotFound');
    expectError(await api.call('POST', '/in-store/key=us/customers/password-token', { email: 'eve@example.com' }), 404, 'ResourceNotFound');
    const token = ok(await api.call('POST', '/in-store/key=eu/customers/password-token', { email: 'eve@example.com' }));
    expect(ok(await api.call('GET', `/in-store/key=eu/customers/password-token=${token.value}`)).email).toBe('eve@example.com');
    expectError(await api.call('GET', `/in-store/key=us/customers/password-token=${token.value}`), 404, 'ResourceNotFound');
    expectError(await api.call('POST', '/customers/password-token', { email: 'ann@example.com', ttlMinutes: 0 }), 400, 'InvalidJsonInput');
  });
});

describe('e-mail verification tokens', () => {
  it('verify the e-mail once: isEmailVerified, a new version, CustomerEmailVerified, Change History verifyEmail', async () => {
    const token = ok(await emailToken({ id: ann.id, ttlMinutes: 30, version: 1 }));
    expect(ok(await api.call('GET', `/customers/email-token=${token.value}`)).id).toBe(ann.id);
    const verified = ok(await api.call('POST', '/customers/email/confirm', { tokenValue: token.value }));
    expect(verified).toMatchObject({ isEmailVerified: true, version: 2 });
    const before = await customerSnapshot(api);
    expectError(await api.call('POST', '/customers/email/confirm', { tokenValue: token.value }), 404, 'ResourceNotFound');
    await expectCustomersUnchanged(api, before);
    const records = ok(await api.history(`/customer/${ann.id}`));
    expect(summary(records)[0]).toBe('customer v1->v2 ResourceUpdated [verifyEmail]');
  });

  it('expire after ttlMinutes on the emulator clock (ExpiredCustomerEmailToken), changing nothing', async () => {
    const token = ok(await emailToken({ id: ann.id, ttlMinutes: 10 }));
    api.clock.advance(10 * MINUTE);
    const before = await customerSnapshot(api);
    const answer = await api.call('POST', '/customers/email/confirm', { tokenValue: token.value });
    expect(expectError(answer, 400, 'ExpiredCustomerEmailToken').message).toBe('The given email token has expired.');
    expectError(await api.call('GET', `/customers/email-token=${token.value}`), 400, 'ExpiredCustomerEmailToken');
    await expectCustomersUnchanged(api, before);
  });

  it('need ttlMinutes, an existing customer (of the Store in-store) and the right version when given', async () => {
    const eve = await signUp(api, { email: 'eve@example.com' }, 'eu');
    expectError(await emailToken({ id: ann.id }), 400, 'InvalidJsonInput');
    expectError(await emailToken({ id: 'nobody', ttlMinutes: 5 }), 404, 'ResourceNotFound');
    expectError(await emailToken({ id: ann.id, ttlMinutes: 5, version: 3 }), 409, 'ConcurrentModification');
    expectError(await emailToken({ id: ann.id, ttlMinutes: 5 }, 'eu'), 404, 'ResourceNotFound');
    const token = ok(await emailToken({ id: eve.id, ttlMinutes: 5 }, 'eu'));
    expectError(await api.call('POST', '/in-store/key=us/customers/email/confirm', { tokenValue: token.value }), 404, 'ResourceNotFound');
    expect(
      ok(await api.call('POST', '/in-store/key=eu/customers/email/confirm', { tokenValue: token.value, version: 1 })).isEmailVerified,
    ).toBe(true);
  });

  it('need manage_customers to create or redeem, view_customers to read', async () => {
    const viewer = api.as(await tokenWith(api, `view_customers:${api.project}`));
    expectError(await viewer('POST', '/customers/email-token', { id: ann.id, ttlMinutes: 5 }), 403, 'insufficient_scope');
    const token = ok(await emailToken({ id: ann.id, ttlMinutes: 5 }));
    expect((await viewer('GET', `/customers/email-token=${token.value}`)).status).toBe(200);
    expectError(await viewer('POST', '/customers/email/confirm', { tokenValue: token.value }), 403, 'insufficient_scope');
  });
});
