import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  OAuthError,
  createTokenProvider,
  introspectToken,
  memoryTokenStore,
  revokeToken,
  webStorageTokenStore,
  type TokenEntry,
  type TokenStore,
  type WebStorageLike,
} from '../src/index.js';
import { PROJECT, clientConfig, setup, type Setup } from './helpers.js';

const DAY_S = 172_800;

function shop(s: Setup, extra: { accessTokenValiditySeconds?: number } = {}) {
  const scope = ['view_products', 'manage_my_orders', 'manage_my_profile', 'create_anonymous_token']
    .map((n) => `${n}:${PROJECT}`)
    .join(' ');
  return clientConfig(s, { name: 'shop', scope, ...extra });
}

/** Web Storage as a browser has it (a Map behind the Storage interface). */
function fakeStorage(): WebStorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

describe('createTokenProvider: single flight', () => {
  it('1 000 concurrent getToken() on a cold cache send exactly one token request', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(s.counter.tokenRequests()).toBe(1);
    // Cached afterwards.
    await provider.getToken();
    expect(s.counter.tokenRequests()).toBe(1);
  });

  it('and exactly one again after expiry', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const first = await provider.getToken();
    s.clock.advance(DAY_S * 1000);
    const tokens = await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    expect(s.counter.tokenRequests()).toBe(2);
    expect(await introspectToken(s.config, { token: tokens[0]! })).toMatchObject({ active: true });
  });

  it('and exactly one refresh for a session after expiry', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...shop(s), flow: 'anonymous', clock: s.clock });
    await provider.getToken();
    s.clock.advance(DAY_S * 1000);
    await Promise.all(Array.from({ length: 1000 }, () => provider.getToken()));
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('shares a failure with every waiter, and tries again on the next call', async () => {
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 503, path: /\/oauth\/token$/, times: 1 });
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock, retry: false });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => provider.getToken()));
    expect(results.every((r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'UNEXPECTED_STATUS')).toBe(true);
    expect(s.counter.tokenRequests()).toBe(1);
    expect(await provider.getToken()).toEqual(expect.any(String));
    expect(s.counter.tokenRequests()).toBe(2);
  });

  it('lets one caller stop waiting without cancelling the shared request', async () => {
    const s = setup();
    s.emu.faults.inject({ kind: 'latency', latencyMs: 50, path: /\/oauth\/token$/, times: 1 });
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const controller = new AbortController();
    const impatient = provider.getToken({ signal: controller.signal });
    const patient = provider.getToken();
    controller.abort();
    await expect(impatient).rejects.toMatchObject({ name: 'AbortError' });
    expect(await patient).toEqual(expect.any(String));
    expect(s.counter.tokenRequests()).toBe(1);
    await expect(provider.getToken({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('createTokenProvider: the cached path', () => {
  it('hands every caller the same settled promise while the token is fresh, without a request', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const token = await provider.getToken();
    const first = provider.getToken({ signal: new AbortController().signal });
    expect(provider.getToken()).toBe(first);
    expect(provider.getToken({})).toBe(first);
    expect(await first).toBe(token);
    expect(s.counter.tokenRequests()).toBe(1);
    // After invalidate() the cached promise is gone: the next call fetches.
    await provider.invalidate(token);
    expect(provider.getToken()).not.toBe(first);
  });
});

describe('createTokenProvider: refresh ahead of expiry', () => {
  it('replaces the token refreshSkewSeconds before it expires', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock, refreshSkewSeconds: 600 });
    const first = await provider.getToken();
    s.clock.advance((DAY_S - 601) * 1000);
    expect(await provider.getToken()).toBe(first);
    expect(s.counter.tokenRequests()).toBe(1);
    s.clock.advance(2000);
    const second = await provider.getToken();
    expect(second).not.toBe(first);
    expect(s.counter.tokenRequests()).toBe(2);
    // The old token was still valid when it was replaced.
    expect(await introspectToken(s.config, { token: first })).toMatchObject({ active: true });
  });

  it('defaults to 300 s, and refreshes short-lived tokens at half their life', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const first = await provider.getToken();
    s.clock.advance((DAY_S - 301) * 1000);
    expect(await provider.getToken()).toBe(first);
    s.clock.advance(2000);
    expect(await provider.getToken()).not.toBe(first);

    const short = setup();
    const config = clientConfig(short, { name: 'short', scope: `view_products:${PROJECT}`, accessTokenValiditySeconds: 60 });
    const shortLived = createTokenProvider({ ...config, flow: 'client_credentials', clock: short.clock });
    const a = await shortLived.getToken();
    short.clock.advance(29_000);
    expect(await shortLived.getToken()).toBe(a);
    short.clock.advance(2_000);
    expect(await shortLived.getToken()).not.toBe(a);
    expect(short.counter.tokenRequests()).toBe(2);
  });
});

describe('createTokenProvider: sessions', () => {
  it('anonymous: refreshes with the refresh token, keeping the anonymous id', async () => {
    const s = setup();
    const provider = createTokenProvider({
      ...shop(s),
      flow: 'anonymous',
      anonymousId: 'visitor-1',
      scope: `manage_my_orders:${PROJECT}`,
      clock: s.clock,
    });
    await provider.getToken();
    expect(await provider.getTokenInfo()).toMatchObject({
      anonymousId: 'visitor-1',
      hasRefreshToken: true,
      expiresAt: s.clock.now() + DAY_S * 1000,
    });
    s.clock.advance(DAY_S * 1000);
    await provider.getToken();
    expect((await provider.getTokenInfo())?.anonymousId).toBe('visitor-1');
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('anonymous: starts a new session when the refresh token is refused (invalid_grant)', async () => {
    const s = setup();
    const config = shop(s);
    const store = memoryTokenStore();
    const provider = createTokenProvider({ ...config, flow: 'anonymous', anonymousId: 'visitor-2', store, clock: s.clock });
    await provider.getToken();
    const refreshToken = (await store.get())?.refreshToken;
    await revokeToken(config, { token: refreshToken!, tokenTypeHint: 'refresh_token' });
    s.clock.advance(DAY_S * 1000);
    const token = await provider.getToken();
    const info = await provider.getTokenInfo();
    // A new id: the configured one is taken, and the service generates another.
    expect(info?.anonymousId).toEqual(expect.any(String));
    expect(info?.anonymousId).not.toBe('visitor-2');
    expect(s.counter.seen.filter((r) => r.path.endsWith('/token')).map((r) => r.grantType)).toEqual([
      'client_credentials',
      'refresh_token',
      'client_credentials',
    ]);
    expect((await store.get())?.refreshToken).not.toBe(refreshToken);
    expect(await introspectToken(s.config, { token })).toMatchObject({ active: true });
  });

  it('password: refreshes, and logs in again when the refresh token has expired', async () => {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-1', email: 'jen@example.com', password: 'pw-1' });
    const config = clientConfig(s, {
      name: 'short-refresh',
      scope: `manage_my_profile:${PROJECT}`,
      refreshTokenValiditySeconds: 3600,
      accessTokenValiditySeconds: 1200,
    });
    const provider = createTokenProvider({ ...config, flow: 'password', username: 'jen@example.com', password: 'pw-1', clock: s.clock });
    await provider.getToken();
    expect(await provider.getTokenInfo()).toMatchObject({ customerId: 'c-1', hasRefreshToken: true });
    s.clock.advance(1200 * 1000);
    await provider.getToken();
    // The refresh token lives an hour without use.
    s.clock.advance(2 * 3600 * 1000);
    await provider.getToken();
    expect((await provider.getTokenInfo())?.customerId).toBe('c-1');
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['password', 'refresh_token', 'refresh_token', 'password']);
  });

  it('password in a Store: the in-store endpoint', async () => {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-eu', email: 'eu@example.com', password: 'pw', storeKeys: ['eu'] });
    const provider = createTokenProvider({
      ...s.config,
      flow: 'password',
      storeKey: 'eu',
      username: 'eu@example.com',
      password: 'pw',
      clock: s.clock,
    });
    await provider.getToken();
    expect(s.counter.seen[0]?.path).toBe(`/auth/oauth/${PROJECT}/in-store/key=eu/customers/token`);
    expect((await provider.getTokenInfo())?.customerId).toBe('c-eu');
  });

  it('password: a wrong password reaches every waiter as OAuthError', async () => {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-1', email: 'jen@example.com', password: 'pw-1' });
    const provider = createTokenProvider({ ...s.config, flow: 'password', username: 'jen@example.com', password: 'nope', clock: s.clock });
    const results = await Promise.allSettled([provider.getToken(), provider.getToken()]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(OAuthError);
    }
    expect(s.counter.tokenRequests()).toBe(1);
  });

  it('refresh_token: uses the given refresh token; on invalid_grant it throws and clears the store', async () => {
    const s = setup();
    // A session started elsewhere (e.g. at login on the server), handed over as its refresh token.
    const sessionStore = memoryTokenStore();
    await createTokenProvider({ ...s.config, flow: 'anonymous', store: sessionStore, clock: s.clock }).getToken();
    const refreshToken = (await sessionStore.get())!.refreshToken!;
    const store = memoryTokenStore();
    const provider = createTokenProvider({ ...s.config, flow: 'refresh_token', refreshToken, store, clock: s.clock });
    const token = await provider.getToken();
    expect(await introspectToken(s.config, { token })).toMatchObject({ active: true });
    expect((await store.get())?.refreshToken).toBe(refreshToken);

    await revokeToken(s.config, { token: refreshToken, tokenTypeHint: 'refresh_token' });
    s.clock.advance(DAY_S * 1000);
    await expect(provider.getToken()).rejects.toMatchObject({ name: 'OAuthError', error: 'invalid_grant' });
    expect(await store.get()).toBeUndefined();
  });
});

describe('createTokenProvider: invalidate()', () => {
  it('drops the refused token once, however many callers report it', async () => {
    const s = setup();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock });
    const first = await provider.getToken();
    // The API refuses the token (here: revoked behind the provider's back).
    await revokeToken(s.config, { token: first });
    const api = `${s.emu.urls().api}/${PROJECT}/stores`;
    const refused = await s.emu.fetch(api, { headers: { authorization: `Bearer ${first}` } });
    expect(refused.status).toBe(401);

    await Promise.all(Array.from({ length: 100 }, () => provider.invalidate(first)));
    const tokens = await Promise.all(Array.from({ length: 100 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    // A late report about the old token does not drop the new one.
    await provider.invalidate(first);
    expect(await provider.getToken()).toBe(tokens[0]);
    expect(s.counter.tokenRequests()).toBe(2);
    const accepted = await s.emu.fetch(api, { headers: { authorization: `Bearer ${tokens[0]}` } });
    expect(accepted.status).toBe(200);
  });

  it('keeps the refresh token of a session', async () => {
    const s = setup();
    const store = memoryTokenStore();
    const provider = createTokenProvider({ ...s.config, flow: 'anonymous', store, clock: s.clock });
    const first = await provider.getToken();
    const anonymousId = (await provider.getTokenInfo())?.anonymousId;
    await provider.invalidate();
    expect(await store.get()).toEqual({ expiresAt: 0, scope: expect.stringContaining('anonymous_id='), refreshToken: expect.any(String) });
    expect(await provider.getTokenInfo()).toMatchObject({ expiresAt: 0, anonymousId, hasRefreshToken: true });
    const second = await provider.getToken();
    expect(second).not.toBe(first);
    expect((await provider.getTokenInfo())?.anonymousId).toBe(anonymousId);
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('clears the store when there is no refresh token', async () => {
    const s = setup();
    const store = memoryTokenStore();
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', store, clock: s.clock });
    await provider.getToken();
    await provider.invalidate();
    expect(await store.get()).toBeUndefined();
    expect(await provider.getTokenInfo()).toBeUndefined();
  });
});

describe('token stores', () => {
  it('webStorageTokenStore brings an anonymous session back after a page load', async () => {
    const s = setup();
    const storage = fakeStorage();
    const config = shop(s);
    const page1 = createTokenProvider({ ...config, flow: 'anonymous', store: webStorageTokenStore(storage, 'session'), clock: s.clock });
    await page1.getToken();
    const anonymousId = (await page1.getTokenInfo())?.anonymousId;
    const stored = storage.data.get('session')!;
    expect(stored).not.toContain(config.credentials.clientSecret);
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['accessToken', 'expiresAt', 'issuedAt', 'refreshToken', 'scope']);

    // The next page: a new provider, the same storage.
    const page2 = createTokenProvider({ ...config, flow: 'anonymous', store: webStorageTokenStore(storage, 'session'), clock: s.clock });
    expect((await page2.getTokenInfo())?.anonymousId).toBe(anonymousId);
    await page2.getToken();
    expect(s.counter.tokenRequests()).toBe(1);
    s.clock.advance(DAY_S * 1000);
    await page2.getToken();
    expect((await page2.getTokenInfo())?.anonymousId).toBe(anonymousId);
    expect(s.counter.seen.map((r) => r.grantType)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('webStorageTokenStore reads a broken or tampered entry as empty', async () => {
    const storage = fakeStorage();
    const store = webStorageTokenStore(storage, 'k');
    storage.setItem('k', '{not json');
    expect(await store.get()).toBeUndefined();
    storage.setItem('k', JSON.stringify({ accessToken: 5, expiresAt: 1, scope: '' }));
    expect(await store.get()).toBeUndefined();
    const entry: TokenEntry = { accessToken: 'a', expiresAt: 1, scope: 's', refreshToken: 'r' };
    await store.set(entry);
    expect(await store.get()).toEqual(entry);
    await store.clear();
    expect(storage.data.size).toBe(0);
  });

  it('never hands the client secret or the password to the store', async () => {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-1', email: 'jen@example.com', password: 'pw-secret-1' });
    const written: string[] = [];
    const inner = memoryTokenStore();
    const store: TokenStore = {
      get: () => inner.get(),
      set: (entry) => {
        written.push(JSON.stringify(entry));
        return inner.set(entry);
      },
      clear: () => inner.clear(),
    };
    const provider = createTokenProvider({
      ...s.config,
      flow: 'password',
      username: 'jen@example.com',
      password: 'pw-secret-1',
      store,
      clock: s.clock,
    });
    await provider.getToken();
    s.clock.advance(DAY_S * 1000);
    await provider.getToken();
    await provider.invalidate();
    expect(written).toHaveLength(3);
    for (const text of written) {
      expect(text).not.toContain('pw-secret-1');
      expect(text).not.toContain(s.config.credentials.clientSecret);
    }
    expect(JSON.stringify(provider)).toBe('{}');
  });

  it('a failing store fails that getToken() call; the token is cached for the next', async () => {
    const s = setup();
    let fail = true;
    const inner = memoryTokenStore();
    const store: TokenStore = {
      get: () => inner.get(),
      set: (entry) => (fail ? Promise.reject(new Error('quota exceeded')) : inner.set(entry)),
      clear: () => inner.clear(),
    };
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', store, clock: s.clock });
    await expect(provider.getToken()).rejects.toThrow('quota exceeded');
    fail = false;
    expect(await provider.getToken()).toEqual(expect.any(String));
    expect(s.counter.tokenRequests()).toBe(1);
  });
});

describe('createTokenProvider: misuse', () => {
  it('refuses bad options at creation', () => {
    const s = setup();
    const bad: unknown[] = [
      { ...s.config, flow: 'implicit' },
      { ...s.config, flow: 'password', username: 'a', password: '' },
      { ...s.config, flow: 'refresh_token', refreshToken: '' },
      { ...s.config, flow: 'client_credentials', refreshSkewSeconds: -1 },
      { ...s.config, flow: 'client_credentials', store: {} },
      { ...s.config, flow: 'client_credentials', scope: ['a b'] },
      { ...s.config, flow: 'client_credentials', authUrl: 'http://auth.example.com' },
      { ...s.config, flow: 'client_credentials', credentials: { clientId: 'x' } },
    ];
    for (const options of bad) {
      expect(() => createTokenProvider(options as Parameters<typeof createTokenProvider>[0])).toThrow(ConfigurationError);
    }
    expect(s.counter.seen).toEqual([]);
  });
});
