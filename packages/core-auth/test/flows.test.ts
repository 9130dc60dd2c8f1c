import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  OAuthError,
  ResponseError,
  anonymousSessionFlow,
  clientCredentialsFlow,
  inStorePasswordFlow,
  introspectToken,
  passwordFlow,
  refreshTokenFlow,
  revokeToken,
  tokenIdentity,
  createTokenProvider,
} from '../src/index.js';
import { recordingSleep } from '@commerce-kit/test-fixtures/recording.js';
import { PROJECT, clientConfig, setup, type Setup } from './helpers.js';

/** A storefront client: the scopes a shop asks for by name. */
function shop(s: Setup) {
  const scope = ['view_products', 'view_orders', 'manage_my_orders', 'manage_my_profile', 'create_anonymous_token']
    .map((n) => `${n}:${PROJECT}`)
    .join(' ');
  return clientConfig(s, { name: 'shop', scope });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('client credentials flow', () => {
  it('returns a token without refresh token, for the requested scope', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(shop(s), { scope: [`view_products:${PROJECT}`, `view_orders:${PROJECT}`] });
    expect(token).toEqual({
      access_token: expect.any(String),
      expires_in: 172_800,
      scope: `view_products:${PROJECT} view_orders:${PROJECT}`,
      token_type: 'Bearer',
    });
    const all = await clientCredentialsFlow(s.config);
    expect(all.scope).toBe(`manage_project:${PROJECT}`);
    expect(s.counter.seen).toEqual([
      { path: '/auth/oauth/token', grantType: 'client_credentials' },
      { path: '/auth/oauth/token', grantType: 'client_credentials' },
    ]);
  });

  it('sends a scope string with its spaces normalised, a list joined, and no scope when empty', async () => {
    const s = setup();
    const forms: string[] = [];
    const inner = s.config.fetch!;
    const recording = ((input, init) => {
      forms.push(String(init?.body));
      return inner(input, init);
    }) as typeof fetch;
    const config = { ...shop(s), fetch: recording };
    const token = await clientCredentialsFlow(config, { scope: `  view_products:${PROJECT}\t view_orders:${PROJECT} ` });
    expect(token.scope).toBe(`view_products:${PROJECT} view_orders:${PROJECT}`);
    await clientCredentialsFlow(config, { scope: [`view_products:${PROJECT}`] });
    await clientCredentialsFlow(config, { scope: '  ' });
    const scopes = forms.map((form) => new URLSearchParams(form).get('scope'));
    expect(scopes).toEqual([`view_products:${PROJECT} view_orders:${PROJECT}`, `view_products:${PROJECT}`, null]);
  });

  it('sends id and secret form-encoded and base64 of UTF-8 (RFC 6749 2.3.1)', async () => {
    const s = setup({ clientId: 'id with spaces+é', clientSecret: 'sécret:with/colon+plus%25 ünd space' });
    const token = await clientCredentialsFlow(s.config);
    expect(token.scope).toBe(`manage_project:${PROJECT}`);
  });

  it('throws OAuthError invalid_client (401) for a wrong secret, and invalid_scope (400)', async () => {
    const s = setup();
    const wrong = await rejection(
      clientCredentialsFlow({ ...s.config, credentials: { clientId: s.config.credentials.clientId, clientSecret: 'wrong-secret' } }),
    );
    expect(wrong).toBeInstanceOf(OAuthError);
    expect(wrong).toMatchObject({ code: 'OAUTH_ERROR_RESPONSE', error: 'invalid_client', status: 401, correlationId: expect.any(String) });
    const narrow = clientConfig(s, { name: 'narrow', scope: `view_products:${PROJECT}` });
    const scope = await rejection(clientCredentialsFlow(narrow, { scope: `manage_orders:${PROJECT}` }));
    expect(scope).toBeInstanceOf(OAuthError);
    expect(scope).toMatchObject({ error: 'invalid_scope', status: 400, description: expect.any(String) });
  });

  it('refuses misuse before sending anything', async () => {
    const s = setup();
    const cases: [Promise<unknown>, string][] = [
      [clientCredentialsFlow({ ...s.config, authUrl: 'http://auth.example.com' }), 'INSECURE_URL'],
      [clientCredentialsFlow({ ...s.config, credentials: { clientId: 'x', clientSecret: '' } }), 'MISSING_CREDENTIALS'],
      [clientCredentialsFlow({ ...s.config, projectKey: '' }), 'INVALID_OPTION'],
      [clientCredentialsFlow(s.config, { scope: ['two scopes:p'] }), 'INVALID_OPTION'],
    ];
    for (const [promise, code] of cases) {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ code });
    }
    expect(s.counter.seen).toEqual([]);
  });
});

describe('password flows', () => {
  async function withCustomers() {
    const s = setup();
    await s.emu.context.auth.setCustomerCredentials({ customerId: 'c-global', email: 'jen@example.com', password: 'pässword 1' });
    await s.emu.context.auth.setCustomerCredentials({
      customerId: 'c-eu',
      email: 'eu@example.com',
      password: 'eu-pass',
      storeKeys: ['eu-store'],
    });
    return s;
  }

  it('logs in a global customer: refresh token, customer_id in the scope', async () => {
    const s = await withCustomers();
    const token = await passwordFlow(shop(s), {
      username: 'jen@example.com',
      password: 'pässword 1',
      scope: `manage_my_profile:${PROJECT}`,
    });
    expect(token.refresh_token).toEqual(expect.any(String));
    expect(tokenIdentity(token.scope)).toEqual({ customerId: 'c-global' });
    expect(s.counter.seen).toEqual([{ path: `/auth/oauth/${PROJECT}/customers/token`, grantType: 'password' }]);
  });

  it('logs in a customer of a Store at the in-store endpoint only', async () => {
    const s = await withCustomers();
    const token = await inStorePasswordFlow(s.config, { storeKey: 'eu-store', username: 'eu@example.com', password: 'eu-pass' });
    expect(tokenIdentity(token.scope).customerId).toBe('c-eu');
    expect(s.counter.seen[0]?.path).toBe(`/auth/oauth/${PROJECT}/in-store/key=eu-store/customers/token`);

    const global = await rejection(passwordFlow(s.config, { username: 'eu@example.com', password: 'eu-pass' }));
    expect(global).toMatchObject({ error: 'invalid_customer_account_credentials', status: 400 });
    const otherStore = await rejection(
      inStorePasswordFlow(s.config, { storeKey: 'us-store', username: 'eu@example.com', password: 'eu-pass' }),
    );
    expect(otherStore).toMatchObject({ error: 'invalid_customer_account_credentials' });
  });

  it('throws OAuthError invalid_customer_account_credentials for a wrong password', async () => {
    const s = await withCustomers();
    const error = await rejection(passwordFlow(s.config, { username: 'jen@example.com', password: 'wrong' }));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      error: 'invalid_customer_account_credentials',
      description: 'Customer account with the given credentials not found.',
    });
  });

  it('refuses an empty username or password without sending', async () => {
    const s = await withCustomers();
    await expect(passwordFlow(s.config, { username: '', password: 'x' })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(inStorePasswordFlow(s.config, { storeKey: '', username: 'a', password: 'x' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    expect(s.counter.seen).toEqual([]);
  });
});

describe('anonymous session and refresh token flows', () => {
  it('starts an anonymous session, with a generated or a chosen id', async () => {
    const s = setup();
    const generated = await anonymousSessionFlow(shop(s), { scope: `manage_my_orders:${PROJECT}` });
    expect(generated.refresh_token).toEqual(expect.any(String));
    expect(tokenIdentity(generated.scope).anonymousId).toEqual(expect.any(String));
    const chosen = await anonymousSessionFlow(s.config, { anonymousId: 'visitor-42' });
    expect(tokenIdentity(chosen.scope).anonymousId).toBe('visitor-42');
    // An id can start a session once.
    await expect(anonymousSessionFlow(s.config, { anonymousId: 'visitor-42' })).rejects.toMatchObject({
      error: 'invalid_request',
      status: 400,
    });
  });

  it('needs create_anonymous_token', async () => {
    const s = setup();
    const config = clientConfig(s, { name: 'no-anon', scope: `view_products:${PROJECT}` });
    await expect(anonymousSessionFlow(config)).rejects.toMatchObject({ name: 'OAuthError', error: 'invalid_scope' });
  });

  it('refreshes: a new access token for the same session, no new refresh token', async () => {
    const s = setup();
    const first = await anonymousSessionFlow(s.config, { anonymousId: 'visitor-7' });
    const next = await refreshTokenFlow(s.config, { refreshToken: first.refresh_token });
    expect(next.access_token).not.toBe(first.access_token);
    expect(next.refresh_token).toBeUndefined();
    expect(tokenIdentity(next.scope).anonymousId).toBe('visitor-7');
    expect(s.counter.seen.at(-1)).toEqual({ path: '/auth/oauth/token', grantType: 'refresh_token' });
  });

  it('throws OAuthError invalid_grant for an unknown or revoked refresh token', async () => {
    const s = setup();
    await expect(refreshTokenFlow(s.config, { refreshToken: 'not-a-refresh-token' })).rejects.toMatchObject({
      error: 'invalid_grant',
      status: 400,
    });
    const session = await anonymousSessionFlow(s.config);
    await revokeToken(s.config, { token: session.refresh_token, tokenTypeHint: 'refresh_token' });
    await expect(refreshTokenFlow(s.config, { refreshToken: session.refresh_token })).rejects.toBeInstanceOf(OAuthError);
  });
});

describe('introspection', () => {
  it('describes an active token, exp in milliseconds', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(s.config);
    const info = await introspectToken(s.config, { token: token.access_token });
    expect(info).toEqual({
      active: true,
      scope: `manage_project:${PROJECT}`,
      exp: s.clock.now() + 172_800_000,
      client_id: s.config.credentials.clientId,
    });
  });

  it('answers inactive for unknown, expired, and other clients\u2019 tokens it may not see', async () => {
    const s = setup();
    expect(await introspectToken(s.config, { token: 'unknown' })).toEqual({ active: false });
    const token = await clientCredentialsFlow(s.config);
    const other = clientConfig(s, { name: 'plain', scope: `view_products:${PROJECT}` });
    expect(await introspectToken(other, { token: token.access_token })).toEqual({ active: false });
    s.clock.advance(172_800_001);
    expect(await introspectToken(s.config, { token: token.access_token })).toEqual({ active: false });
  });
});

describe('revocation', () => {
  it('revokes a token: 200 is final', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(s.config);
    await revokeToken(s.config, { token: token.access_token, tokenTypeHint: 'access_token' });
    expect(await introspectToken(s.config, { token: token.access_token })).toEqual({ active: false });
    // Unknown tokens are 200 as well: revocation never says whether a token existed.
    await revokeToken(s.config, { token: 'unknown' });
    expect(s.counter.seen.filter((r) => r.path.endsWith('/revoke'))).toHaveLength(2);
  });

  it('retries after 5xx, bounded, until 200', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(s.config);
    s.emu.faults.inject({ kind: 'error', status: 503, path: '/auth/oauth/token/revoke', times: 2 });
    await revokeToken({ ...s.config, retry: { baseDelayMs: 1 } }, { token: token.access_token });
    expect(s.counter.seen.filter((r) => r.path.endsWith('/revoke'))).toHaveLength(3);
    expect(await introspectToken(s.config, { token: token.access_token })).toEqual({ active: false });
  });

  it('gives up after the last attempt and says the token is alive', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(s.config);
    s.emu.faults.inject({ kind: 'error', status: 500, path: '/auth/oauth/token/revoke', times: 10 });
    const error = await rejection(revokeToken({ ...s.config, retry: { maxRetries: 3, baseDelayMs: 1 } }, { token: token.access_token }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_STATUS', status: 500 });
    expect(s.counter.seen.filter((r) => r.path.endsWith('/revoke'))).toHaveLength(4);
    expect(await introspectToken(s.config, { token: token.access_token })).toMatchObject({ active: true });
  });

  it('retries a cut connection and honours Retry-After', async () => {
    const s = setup();
    const token = await clientCredentialsFlow(s.config);
    s.emu.faults.inject({ kind: 'cut', path: '/auth/oauth/token/revoke', times: 1 });
    s.emu.faults.inject({ kind: 'error', status: 503, retryAfterSeconds: 60, path: '/auth/oauth/token/revoke', times: 1 });
    // The recording sleep takes the 60 s wait without waiting.
    const { sleep, delays } = recordingSleep();
    await revokeToken({ ...s.config, retry: { baseDelayMs: 1, maxElapsedMs: 120_000, sleep } }, { token: token.access_token });
    expect(delays[1]).toBe(60_000);
    expect(s.counter.seen.filter((r) => r.path.endsWith('/revoke'))).toHaveLength(3);
    expect(await introspectToken(s.config, { token: token.access_token })).toEqual({ active: false });
  });

  it('does not retry a 4xx: OAuthError invalid_client', async () => {
    const s = setup();
    const config = { ...s.config, credentials: { clientId: s.config.credentials.clientId, clientSecret: 'bad' } };
    await expect(revokeToken({ ...config, retry: { baseDelayMs: 1 } }, { token: 'x' })).rejects.toMatchObject({
      name: 'OAuthError',
      error: 'invalid_client',
      status: 401,
    });
    expect(s.counter.seen).toHaveLength(1);
  });

  it('stops waiting when the signal aborts', async () => {
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 503, path: '/auth/oauth/token/revoke' });
    const controller = new AbortController();
    // The default sleep, on fake timers: the signal aborts 30 ms into a wait of some 10 s, and only those 30 ms pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setTimeout(() => controller.abort(), 30);
      const pending = rejection(
        revokeToken(
          { ...s.config, signal: controller.signal, retry: { maxRetries: 10, baseDelayMs: 10_000, random: () => 0.5 } },
          { token: 'x' },
        ),
      );
      for (let turn = 0; s.counter.seen.length === 0 && turn < 1_000; turn++) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(30);
      const error = await pending;
      expect((error as Error).name).toBe('AbortError');
      expect(s.counter.seen).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses bad retry options and hints', async () => {
    const s = setup();
    await expect(revokeToken({ ...s.config, retry: { maxRetries: -1 } }, { token: 'x' })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(revokeToken({ ...s.config, retry: { baseDelayMs: -1 } }, { token: 'x' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    await expect(revokeToken({ ...s.config, retry: { attempts: 3 } as never }, { token: 'x' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    await expect(revokeToken(s.config, { token: 'x', tokenTypeHint: 'id_token' as 'access_token' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    const noCredentials = { ...s.config, credentials: undefined } as unknown as typeof s.config;
    await expect(revokeToken(noCredentials, { token: 'x' })).rejects.toMatchObject({
      name: 'ConfigurationError',
      code: 'MISSING_CREDENTIALS',
    });
    expect(s.counter.seen).toEqual([]);
  });
});

describe('token requests are safe to repeat', () => {
  it('retries 429 on the token endpoint after its Retry-After, then answers', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, path: /\/oauth\/token$/, times: 1 });
    const token = await clientCredentialsFlow({ ...s.config, retry: { sleep } });
    expect(token.access_token).toEqual(expect.any(String));
    expect(delays).toEqual([2000]);
    expect(s.counter.tokenRequests()).toBe(2);
  });

  it('retries 502, 503, 504 and a cut connection with the backoff of API calls', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    for (const status of [502, 503, 504] as const) s.emu.faults.inject({ kind: 'error', status, path: /\/oauth\/token$/, times: 1 });
    const config = { ...s.config, retry: { sleep, random: () => 0.5, maxRetries: 4 } };
    expect((await clientCredentialsFlow(config)).access_token).toEqual(expect.any(String));
    // Full jitter, base 200: draws of 0.5 from [0, 200), [0, 400), [0, 800).
    expect(delays).toEqual([100, 200, 400]);
    s.emu.faults.inject({ kind: 'cut', path: /\/customers\/token$/, times: 1 });
    expect(await passwordFlow(config, { username: 'nobody@example.com', password: 'x' }).catch((e: unknown) => e)).toMatchObject({
      error: 'invalid_customer_account_credentials',
    });
    expect(s.counter.seen.map((r) => r.path)).toHaveLength(6);
  });

  it('introspection is retried as well', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const token = await clientCredentialsFlow(s.config);
    s.emu.faults.inject({ kind: 'error', status: 503, path: '/auth/oauth/introspect', times: 2 });
    expect(await introspectToken({ ...s.config, retry: { sleep } }, { token: token.access_token })).toMatchObject({ active: true });
    expect(s.counter.seen.filter((r) => r.path.endsWith('/introspect'))).toHaveLength(3);
  });

  it('is bounded: after the last retry the 503 is thrown; 500 and retry: false are not retried', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    s.emu.faults.inject({ kind: 'error', status: 503, path: /\/oauth\/token$/, times: 10 });
    const error = await rejection(clientCredentialsFlow({ ...s.config, retry: { sleep, maxRetries: 2 } }));
    expect(error).toBeInstanceOf(ResponseError);
    expect(error).toMatchObject({ code: 'UNEXPECTED_STATUS', status: 503 });
    expect(s.counter.tokenRequests()).toBe(3);
    await expect(clientCredentialsFlow({ ...s.config, retry: false })).rejects.toMatchObject({ status: 503 });
    expect(s.counter.tokenRequests()).toBe(4);
    s.emu.faults.clear();
    s.emu.faults.inject({ kind: 'error', status: 500, path: /\/oauth\/token$/, times: 1 });
    await expect(clientCredentialsFlow({ ...s.config, retry: { sleep } })).rejects.toMatchObject({ status: 500 });
    expect(s.counter.tokenRequests()).toBe(5);
  });

  it('a token provider answers getToken() through a 429 on the token endpoint', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 1, path: /\/oauth\/token$/, times: 1 });
    const provider = createTokenProvider({ ...s.config, flow: 'client_credentials', clock: s.clock, retry: { sleep } });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => provider.getToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(delays).toEqual([1000]);
    expect(s.counter.tokenRequests()).toBe(2);
  });

  it('refuses bad retry options before anything is sent', () => {
    const s = setup();
    expect(() => createTokenProvider({ ...s.config, flow: 'client_credentials', retry: { maxRetries: 1.5 } })).toThrow(ConfigurationError);
    expect(s.counter.seen).toEqual([]);
  });
});
