import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { customer, customerSnapshot, expectCustomersUnchanged, loginStatus, messageTypes, signUp } from './customer-helpers.js';
import { expectError, ok, type Json } from './helpers.js';

/**
 * Password change (POST /customers/password, with the current password) and password reset with a
 * token (POST /customers/password/reset), globally and in a Store. Passwords are kept only as
 * salted hashes; a refused request changes nothing.
 */
let api: Api;

beforeEach(async () => {
  api = await createApi();
  for (const key of ['eu', 'us']) ok(await api.call('POST', '/stores', { key }), 201);
});

async function resetToken(email: string, storeKey?: string, extra: Json = {}): Promise<Json> {
  const path = storeKey === undefined ? '/customers/password-token' : `/in-store/key=${storeKey}/customers/password-token`;
  return ok(await api.call('POST', path, { email, ...extra }));
}

describe('POST /customers/password', () => {
  it('changes the password when the current one matches: new version, CustomerPasswordUpdated, the old password fails', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const changed = ok(
      await api.call('POST', '/customers/password', { id: ann.id, version: 1, currentPassword: 'secret', newPassword: 'n3w' }),
    );
    expect(changed).toMatchObject({ id: ann.id, version: 2 });
    expect(changed).not.toHaveProperty('password');
    expect(await loginStatus(api, 'ann@example.com', 'n3w')).toBe(200);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(400);
    const messages = ok(await api.call('GET', `/messages?where=${encodeURIComponent(`type = "CustomerPasswordUpdated"`)}`)).results;
    expect(messages).toMatchObject([{ resource: { id: ann.id }, resourceVersion: 2, reset: false }]);
  });

  it('keeps only a salted hash of the new password', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    ok(await api.call('POST', '/customers/password', { id: ann.id, version: 1, currentPassword: 'secret', newPassword: 'plain-new-pw' }));
    const record = api.emulator.context.auth.customers.records().find((r) => r.customerId === ann.id)!;
    expect(record.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(api.emulator.context.auth.customers.records())).not.toContain('plain-new-pw');
  });

  it('refuses a wrong current password (InvalidCurrentPassword), another version (409) and an unknown customer (404), changing nothing', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const before = await customerSnapshot(api);
    const wrong = await api.call('POST', '/customers/password', { id: ann.id, version: 1, currentPassword: 'nope', newPassword: 'x' });
    expect(expectError(wrong, 400, 'InvalidCurrentPassword').message).toBe('The given current password does not match.');
    expectError(
      await api.call('POST', '/customers/password', { id: ann.id, version: 5, currentPassword: 'secret', newPassword: 'x' }),
      409,
      'ConcurrentModification',
    );
    expectError(
      await api.call('POST', '/customers/password', { id: 'nobody', version: 1, currentPassword: 'secret', newPassword: 'x' }),
      404,
      'ResourceNotFound',
    );
    expectError(
      await api.call('POST', '/customers/password', { id: ann.id, version: 1, currentPassword: 'secret' }),
      400,
      'InvalidJsonInput',
    );
    await expectCustomersUnchanged(api, before);
    expect(await loginStatus(api, 'ann@example.com', 'secret')).toBe(200);
  });

  it('in a Store changes only the passwords of its customers', async () => {
    const eve = await signUp(api, { email: 'eve@example.com' }, 'eu');
    const body = { id: eve.id, version: 1, currentPassword: 'secret', newPassword: 'n3w' };
    expectError(await api.call('POST', '/in-store/key=us/customers/password', body), 404, 'ResourceNotFound');
    ok(await api.call('POST', '/in-store/key=eu/customers/password', body));
    expect(await loginStatus(api, 'eve@example.com', 'n3w', 'eu')).toBe(200);
  });
});

describe('POST /customers/password/reset', () => {
  it('sets the password with a reset token and uses the token up (CustomerPasswordUpdated with reset)', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const token = await resetToken('ANN@example.com');
    const reset = ok(await api.call('POST', '/customers/password/reset', { tokenValue: token.value, newPassword: 'n3w' }));
    expect(reset).toMatchObject({ id: ann.id, version: 2 });
    expect(await loginStatus(api, 'ann@example.com', 'n3w')).toBe(200);
    expect(await messageTypes(api, ann.id)).toEqual(['CustomerCreated', 'CustomerPasswordTokenCreated', 'CustomerPasswordUpdated']);
    const before = await customerSnapshot(api);
    const again = await api.call('POST', '/customers/password/reset', { tokenValue: token.value, newPassword: 'again' });
    expectError(again, 404, 'ResourceNotFound');
    await expectCustomersUnchanged(api, before);
    expect(await loginStatus(api, 'ann@example.com', 'n3w')).toBe(200);
  });

  it('refuses an expired token (ExpiredCustomerPasswordToken) and a token of another Store, changing nothing', async () => {
    await signUp(api, { email: 'ann@example.com' });
    const eve = await signUp(api, { email: 'eve@example.com' }, 'eu');
    const short = await resetToken('ann@example.com', undefined, { ttlMinutes: 5 });
    const storeToken = await resetToken('eve@example.com', 'eu');
    const before = await customerSnapshot(api);
    expectError(
      await api.call('POST', '/in-store/key=us/customers/password/reset', { tokenValue: storeToken.value, newPassword: 'x' }),
      404,
      'ResourceNotFound',
    );
    api.clock.advance(5 * 60_000);
    const expired = await api.call('POST', '/customers/password/reset', { tokenValue: short.value, newPassword: 'x' });
    expect(expectError(expired, 400, 'ExpiredCustomerPasswordToken').message).toBe('The given password token has expired.');
    expectError(await api.call('POST', '/customers/password/reset', { tokenValue: 'made-up', newPassword: 'x' }), 404, 'ResourceNotFound');
    await expectCustomersUnchanged(api, before);
    ok(
      await api.call('POST', '/in-store/key=eu/customers/password/reset', { tokenValue: storeToken.value, newPassword: 'n3w', version: 1 }),
    );
    expect((await customer(api, eve.id)).version).toBe(2);
    expect(await loginStatus(api, 'eve@example.com', 'n3w', 'eu')).toBe(200);
  });

  it('checks the version when one is given (409)', async () => {
    const ann = await signUp(api, { email: 'ann@example.com' });
    const token = await resetToken('ann@example.com');
    expectError(
      await api.call('POST', '/customers/password/reset', { tokenValue: token.value, newPassword: 'x', version: 4 }),
      409,
      'ConcurrentModification',
    );
    expect((await customer(api, ann.id)).version).toBe(1);
    ok(await api.call('POST', '/customers/password/reset', { tokenValue: token.value, newPassword: 'x', version: 1 }));
  });
});
