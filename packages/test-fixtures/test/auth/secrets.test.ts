import { describe, expect, it } from 'vitest';
import { PROJECT, authPost, clientToken, createClient, okJson, setCustomer, setup, type TokenBody } from './helpers.js';

/** Every string reachable from `root` (objects, arrays, Maps, Sets), resolving promises first. */
async function reachableStrings(root: unknown): Promise<string[]> {
  const seen = new Set<unknown>();
  const out: string[] = [];
  const queue: unknown[] = [root];
  while (queue.length > 0) {
    let value = queue.pop();
    if (value instanceof Promise) value = await value.catch(() => undefined);
    if (typeof value === 'string') {
      out.push(value);
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) queue.push(k, v);
    } else if (value instanceof Set || Array.isArray(value)) {
      for (const v of value) queue.push(v);
    } else {
      for (const v of Object.values(value)) queue.push(v);
    }
  }
  return out;
}

describe('nothing secret is kept in clear', () => {
  it('stores customer passwords only as salted scrypt hashes', async () => {
    const t = setup();
    await setCustomer(t, 'c-1', 'jane@example.com', 'correct horse battery staple');
    await setCustomer(t, 'c-2', 'john@example.com', 'correct horse battery staple');
    const records = t.emulator.context.auth.customers.records();
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.passwordHash).not.toBe('correct horse battery staple');
      expect(record.passwordHash).not.toContain('correct horse');
      expect(record.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    }
    // Salted: the same password gives different hashes.
    expect(records[0]!.passwordHash).not.toBe(records[1]!.passwordHash);
    expect(await t.emulator.context.auth.verifyCustomerPassword('c-1', 'correct horse battery staple')).toBe(true);
    expect(await t.emulator.context.auth.verifyCustomerPassword('c-1', 'wrong')).toBe(false);
  });

  it('keeps no password, client secret or token value anywhere in the auth service', async () => {
    const t = setup();
    const client = await createClient(t, `manage_project:${PROJECT}`);
    const password = 'Sup3r-Secret-Pa55word';
    await setCustomer(t, 'c-1', 'jane@example.com', password);
    const session = await okJson<TokenBody>(
      authPost(t.emulator, `/oauth/${PROJECT}/customers/token`, { grant_type: 'password', username: 'jane@example.com', password }, client),
    );
    const cc = await clientToken(t.emulator, client);
    // The API client's secret is hashed at once; the password and the bootstrap client's secret
    // only when a snapshot asks.
    expect(new Set((await reachableStrings(t.emulator.context.auth)).filter((s) => s.startsWith('scrypt$'))).size).toBe(1);
    t.emulator.snapshot();
    const strings = await reachableStrings(t.emulator.context.auth);
    // The walk does reach the stored hashes (of both clients' secrets and the password), so it
    // would have found a secret in clear too.
    expect(new Set(strings.filter((s) => s.startsWith('scrypt$'))).size).toBe(3);
    for (const secret of [
      password,
      client.clientSecret,
      'bootstrap-secret',
      session.access_token,
      session.refresh_token!,
      cc.access_token,
    ]) {
      expect(strings.some((s) => s.includes(secret))).toBe(false);
    }
  });

  it('changes and removes customer credentials', async () => {
    const t = setup();
    const auth = t.emulator.context.auth;
    await setCustomer(t, 'c-1', 'jane@example.com', 'old');
    expect(await auth.updateCustomerCredentials('c-1', { password: 'new', email: 'Jane.Doe@example.com' })).toBe(true);
    expect(await auth.findCustomerByCredentials('jane@example.com', 'new')).toBeUndefined();
    expect(await auth.findCustomerByCredentials('jane.doe@EXAMPLE.com', 'old')).toBeUndefined();
    expect(await auth.findCustomerByCredentials('jane.doe@example.com', 'new')).toBe('c-1');
    expect(await auth.updateCustomerCredentials('c-1', { storeKeys: ['eu'] })).toBe(true);
    expect(await auth.findCustomerByCredentials('jane.doe@example.com', 'new')).toBeUndefined();
    expect(await auth.findCustomerByCredentials('jane.doe@example.com', 'new', 'eu')).toBe('c-1');
    expect(auth.removeCustomerCredentials('c-1')).toBe(true);
    expect(await auth.findCustomerByCredentials('jane.doe@example.com', 'new', 'eu')).toBeUndefined();
    expect(await auth.updateCustomerCredentials('c-1', { password: 'x' })).toBe(false);
  });
});
