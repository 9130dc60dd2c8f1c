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
      { authUrl: s.emu.urls().auth, projectKey: PROJECT, credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret }, fetch: s.emu.fetch },
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
      { authUrl: s.emu.urls().auth, projectKey: PROJECT, credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret }, fetch: s.emu.fetch },
      { token: first },
    );
    const before = s.rec.tokenRequests();
    const answers = await Promise.all(Array.from({ length: 20 }, () => transport(`${s.base}/product-selections`)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(s.rec.tokenRequests() - before).toBe(1);
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
    const reader = createTokenProvider({ flow: 'client_credentials', authUrl: s.emu.urls().auth, projectKey: PROJECT, credentials: { clientId: client.id, clientSecret: secret }, fetch: s.rec.fetch });
    const transport = createTransport({ fetch: s.rec.fetch, auth: reader });
    const res = await transport(`${s.base}/product-selections`, json('POST', { name: { en: 'x' } }));
    expect(res.status).toBe(403);
    expect(s.rec.api()).toHaveLength(1);
  });

  it('refuses a token source without both methods', () => {
    expect(() => createTransport({ auth: { getToken: async () => 't' } as unknown as TokenSource })).toThrow(ConfigurationError);
  });
});
