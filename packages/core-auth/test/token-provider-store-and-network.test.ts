/**
 * The token provider with a
 * slow asynchronous store (as a browser's IndexedDB or a server's Redis is), a cut connection on
 * the token endpoint, and scopes of every form as the emulator issues them.
 */
import { describe, expect, it } from 'vitest';
import {
  anonymousSessionFlow,
  createTokenProvider,
  formatScope,
  identityScope,
  inStorePasswordFlow,
  introspectToken,
  parseScope,
  parseScopes,
  passwordFlow,
  permissionScope,
  tokenIdentity,
  type TokenEntry,
  type TokenStore,
} from '../src/index.js';
import { PROJECT, clientConfig, everythingShown, setup } from './helpers.js';

const DAY_MS = 172_800_000;

/** A store that answers after a few ms, as a real asynchronous store does; counts its calls. */
function slowStore(
  initial?: TokenEntry,
): TokenStore & { calls: { get: number; set: number; clear: number }; current: () => TokenEntry | undefined } {
  let current = initial && { ...initial };
  const calls = { get: 0, set: 0, clear: 0 };
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), 5));
  return {
    calls,
    current: () => current,
    get: () => (calls.get++, later(() => current && { ...current })),
    set: (entry) => (calls.set++, later(() => void (current = { ...entry }))),
    clear: () => (calls.clear++, later(() => void (current = undefined))),
  };
}

describe('single flight with a slow asynchronous store', () => {
  it('1 000 concurrent callers on a cold cache: one token request, one store read, one write', async () => {
    const s = setup();
    const store = slowStore();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', store, clock: s.clock });
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(s.counter.tokenRequests()).toBe(1);
    expect(store.calls).toEqual({ get: 1, set: 1, clear: 0 });
    expect(store.current()?.accessToken).toBe(tokens[0]);
  });

  it('a fresh token in the store (the next page load): 1 000 callers, no token request at all', async () => {
    const s = setup();
    const first = createTokenProvider({ ...s.config, flow: 'client_credentials', store: slowStore(), clock: s.clock });
    const token = await first.getToken();
    const stored = slowStore({ accessToken: token, expiresAt: s.clock.now() + DAY_MS, scope: `manage_project:${PROJECT}` });
    const next = createTokenProvider({ ...s.config, flow: 'client_credentials', store: stored, clock: s.clock });
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => next.getToken()));
    expect(new Set(tokens)).toEqual(new Set([token]));
    expect(s.counter.tokenRequests()).toBe(1);
    expect(stored.calls.get).toBe(1);
  });

  it('an expired anonymous session in the store: 1 000 callers, exactly one refresh, the same anonymous id', async () => {
    const s = setup();
    const session = await anonymousSessionFlow(s.config, { anonymousId: 'visitor-audit' });
    const stored = slowStore({
      accessToken: session.access_token,
      expiresAt: s.clock.now() + DAY_MS,
      scope: session.scope,
      refreshToken: session.refresh_token,
    });
    s.clock.advance(DAY_MS);
    const provider = createTokenProvider({ ...s.config, flow: 'anonymous', store: stored, clock: s.clock });
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(session.access_token);
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['client_credentials', 'refresh_token']);
    expect((await provider.getTokenInfo())?.anonymousId).toBe('visitor-audit');
    expect(await introspectToken(s.config, { token: tokens[0]! })).toMatchObject({ active: true });
    // The store keeps the refresh token: the only way back to this anonymous id.
    expect(stored.current()).toMatchObject({ accessToken: tokens[0], refreshToken: session.refresh_token });
  });

  it('invalidate() with a slow store: the next callers share one new token', async () => {
    const s = setup();
    const store = slowStore();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', store, clock: s.clock });
    const first = await provider.getToken();
    await Promise.all(Array.from({ length: 50 }, () => provider.invalidate(first)));
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    expect(s.counter.tokenRequests()).toBe(2);
  });
});

describe('a short-lived token read from the store', () => {
  // A TokenEntry carries `issuedAt`, so a provider that LOADS a token applies the "half its
  // lifetime" rule of refreshSkewSeconds as the one that fetched it did: a token living less than
  // twice the skew is not thrown away on every page load or cold start.
  it('is used until half its lifetime, as by the provider that fetched it', async () => {
    const s = setup();
    const config = clientConfig(s, { name: 'short', scope: `view_products:${PROJECT}`, accessTokenValiditySeconds: 60 });
    const store = slowStore();
    const page1 = await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken();
    s.clock.advance(1_000);
    const page2 = await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken();
    expect(page2).toBe(page1);
    expect(s.counter.tokenRequests()).toBe(1);
    s.clock.advance(29_500); // 30.5 s of 60: past half its lifetime
    const page3 = await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken();
    expect(page3).not.toBe(page1);
    expect(s.counter.tokenRequests()).toBe(2);
  });

  it('an entry without issuedAt (written before it existed) is refreshed refreshSkewSeconds before it expires', async () => {
    const s = setup();
    const config = clientConfig(s, { name: 'older', scope: `view_products:${PROJECT}` });
    const store = slowStore();
    const first = await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken();
    const { issuedAt: _dropped, ...older } = (await store.get())!;
    await store.set(older);
    s.clock.advance(1_000);
    expect(await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken()).toBe(first);
    s.clock.advance(older.expiresAt - s.clock.now() - 300_000); // exactly the default skew before expiry
    expect(await createTokenProvider({ ...config, flow: 'client_credentials', store, clock: s.clock }).getToken()).not.toBe(first);
    expect(s.counter.tokenRequests()).toBe(2);
  });
});

describe('a cut connection on the token endpoint', () => {
  it('reaches every waiting caller from one request, shows no secret, and the next call tries again', async () => {
    const s = setup({ clientSecret: 'cs-AUDIT-SECRET-0123456789abcdef' });
    s.emu.faults.inject({ kind: 'cut', path: /\/oauth\/token$/, times: 1 });
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock, retry: false });
    const results = await Promise.allSettled(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(s.counter.tokenRequests()).toBe(1);
    const shown = await everythingShown((results[0] as PromiseRejectedResult).reason);
    expect(shown).not.toContain('cs-AUDIT-SECRET-0123456789abcdef');
    expect(shown).not.toContain(btoa(`${s.config.credentials.clientId}:cs-AUDIT-SECRET-0123456789abcdef`));
    expect(await provider.getToken()).toEqual(expect.any(String));
    expect(s.counter.tokenRequests()).toBe(2);
  });
});

describe('scopes of every form', () => {
  it('build and parse round trip: permission, store-restricted, customer_id, anonymous_id, external_user_id', () => {
    const forms = [
      [permissionScope('view_products', 'p'), { kind: 'permission', name: 'view_products', projectKey: 'p' }],
      [
        permissionScope('manage_my_orders', 'p', 'eu-store'),
        { kind: 'permission', name: 'manage_my_orders', projectKey: 'p', storeKey: 'eu-store' },
      ],
      [identityScope('customer_id', 'c-1'), { kind: 'customer_id', value: 'c-1' }],
      [identityScope('anonymous_id', 'a-1'), { kind: 'anonymous_id', value: 'a-1' }],
      [identityScope('external_user_id', 'ext-1'), { kind: 'external_user_id', value: 'ext-1' }],
    ] as const;
    for (const [text, parsed] of forms) {
      expect(parseScope(text)).toEqual(parsed);
      expect(formatScope(parseScope(text)!)).toBe(text);
    }
    expect(forms.map(([text]) => text)).toEqual([
      'view_products:p',
      'manage_my_orders:p:eu-store',
      'customer_id:c-1',
      'anonymous_id:a-1',
      'external_user_id:ext-1',
    ]);
    expect(parseScopes(forms.map(([text]) => text).join(' '))).toEqual(forms.map(([, parsed]) => parsed));
    expect(() => permissionScope('View Products', 'p')).toThrow(TypeError);
    expect(() => permissionScope('view_products', 'p:q')).toThrow(TypeError);
    expect(() => identityScope('customer_id', 'two words')).toThrow(TypeError);
  });

  it('parses the scopes the emulator grants: customer and anonymous tokens, and the in-store form', async () => {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-global', email: 'jen@example.com', password: 'pw' });
    const customer = await passwordFlow(s.config, {
      username: 'jen@example.com',
      password: 'pw',
      scope: permissionScope('manage_my_profile', PROJECT),
    });
    expect(parseScopes(customer.scope)).toEqual(
      expect.arrayContaining([
        { kind: 'permission', name: 'manage_my_profile', projectKey: PROJECT },
        { kind: 'customer_id', value: 'c-global' },
      ]),
    );
    const anonymous = await anonymousSessionFlow(s.config, { anonymousId: 'anon-7' });
    expect(parseScopes(anonymous.scope)).toContainEqual({ kind: 'anonymous_id', value: 'anon-7' });
    expect(tokenIdentity(anonymous.scope)).toEqual({ anonymousId: 'anon-7' });
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-eu', email: 'eu@example.com', password: 'pw', storeKeys: ['eu'] });
    const euToken = await inStorePasswordFlow(s.config, { storeKey: 'eu', username: 'eu@example.com', password: 'pw' });
    const permissions = parseScopes(euToken.scope).filter((scope) => scope.kind === 'permission');
    expect(permissions.length).toBeGreaterThan(0);
    for (const scope of permissions) expect(scope).toMatchObject({ projectKey: PROJECT, storeKey: 'eu' });
  });
});
