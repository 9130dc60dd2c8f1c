import { describe, expect, it } from 'vitest';
import { revokeToken } from '../../src/index.js';
import { ConfigurationError, createTransport, isInvalidTokenAnswer, type TokenSource } from '../../src/http/index.js';
import { PROJECT, json, setup } from './helpers.js';

describe('auth middleware', () => {
  it('sends the provider token as a bearer token', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(200);
    const token = await s.provider.getToken();
    expect(s.rec.api()[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('on 401 invalid_token drops the token and retries ONCE with a fresh one (also for a create)', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const first = await s.provider.getToken();
    await revokeToken(
      {
        authUrl: s.emu.urls().auth,
        projectKey: PROJECT,
        credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
        fetch: s.emu.fetch,
      },
      { token: first },
    );
    const res = await transport(`${s.base}/product-selections`, json('POST', { key: 'after-401', name: { en: 'A' } }));
    expect(res.status).toBe(201);
    const api = s.rec.api();
    expect(api.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(api[0]!.headers.get('authorization')).toBe(`Bearer ${first}`);
    const second = await s.provider.getToken();
    expect(second).not.toBe(first);
    expect(api[1]!.headers.get('authorization')).toBe(`Bearer ${second}`);
    // Created exactly once: the refused request never reached a handler.
    const list = await (await transport(`${s.base}/product-selections?where=${encodeURIComponent('key = "after-401"')}`)).json();
    expect(list.count).toBe(1);
  });

  it('retries only once: a token that stays refused comes back as the 401 answer', async () => {
    const s = setup();
    let invalidations = 0;
    const stubborn: TokenSource = { getToken: async () => 'not-a-token', invalidate: () => void (invalidations += 1) };
    const transport = createTransport({ fetch: s.rec.fetch, auth: stubborn });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(401);
    expect(await isInvalidTokenAnswer(res)).toBe(true);
    expect(s.rec.api()).toHaveLength(2);
    expect(invalidations).toBe(1);
    expect((await res.json()).errors[0].code).toBe('invalid_token');
  });

  it('many requests refused at once fetch ONE new token, not one each', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const first = await s.provider.getToken();
    await revokeToken(
      {
        authUrl: s.emu.urls().auth,
        projectKey: PROJECT,
        credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
        fetch: s.emu.fetch,
      },
      { token: first },
    );
    const before = s.rec.tokenRequests();
    const answers = await Promise.all(Array.from({ length: 20 }, () => transport(`${s.base}/product-selections`)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(s.rec.tokenRequests() - before).toBe(1);
  });

  it('a retried request goes through the token check again (revoked between two attempts)', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep: async () => undefined } });
    const first = await s.provider.getToken();
    await revokeToken(
      {
        authUrl: s.emu.urls().auth,
        projectKey: PROJECT,
        credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
        fetch: s.emu.fetch,
      },
      { token: first },
    );
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'GET', path: `/${PROJECT}/stores`, times: 1 });
    const res = await transport(`${s.base}/stores`);
    expect(res.status).toBe(200);
    expect(s.rec.api().map((r) => r.headers.get('authorization') === `Bearer ${first}`)).toEqual([true, true, false]);
  });

  it('expired cache: concurrent requests after expiry share one token request', async () => {
    const s = setup();
    const { createTokenProvider } = await import('../../src/index.js');
    const provider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: s.emu.urls().auth,
      projectKey: PROJECT,
      credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
      fetch: s.rec.fetch,
      clock: s.clock,
    });
    const transport = createTransport({ fetch: s.rec.fetch, auth: provider });
    await transport(`${s.base}/stores`);
    expect(s.rec.tokenRequests()).toBe(1);
    s.clock.advance(49 * 3600 * 1000); // past the 48 h lifetime, for the service and the provider
    const answers = await Promise.all(Array.from({ length: 10 }, () => transport(`${s.base}/stores`)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(s.rec.tokenRequests()).toBe(2);
  });

  it('never shows the token to the caller: the request object passed in is not changed', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const mine = new Request(`${s.base}/stores`);
    await transport(mine);
    expect(mine.headers.has('authorization')).toBe(false);
    expect(mine.headers.has('x-correlation-id')).toBe(false);
  });

  it('cold cache: concurrent first requests share one token request', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    await Promise.all(Array.from({ length: 10 }, () => transport(`${s.base}/stores`)));
    expect(s.rec.tokenRequests()).toBe(1);
  });

  it('leaves a request with its own Authorization header alone, and does not retry its 401', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const res = await transport(`${s.base}/stores`, { headers: { Authorization: 'Bearer caller-token' } });
    expect(res.status).toBe(401);
    expect(s.rec.api()).toHaveLength(1);
    expect(s.rec.tokenRequests()).toBe(0);
  });

  it('does not retry other 401 or 403 answers', async () => {
    const s = setup();
    const { client, secret } = s.emu.context.auth.createClient({ name: 'reader', scope: `view_product_selections:${PROJECT}` });
    const { createTokenProvider } = await import('../../src/index.js');
    const reader = createTokenProvider({
      flow: 'client_credentials',
      authUrl: s.emu.urls().auth,
      projectKey: PROJECT,
      credentials: { clientId: client.id, clientSecret: secret },
      fetch: s.rec.fetch,
    });
    const transport = createTransport({ fetch: s.rec.fetch, auth: reader });
    const res = await transport(`${s.base}/product-selections`, json('POST', { name: { en: 'x' } }));
    expect(res.status).toBe(403);
    expect(s.rec.api()).toHaveLength(1);
  });

  it('refuses a token source without both methods', () => {
    expect(() => createTransport({ auth: { getToken: async () => 't' } as unknown as TokenSource })).toThrow(ConfigurationError);
  });
});
