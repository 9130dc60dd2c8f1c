import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createCallbackHandler, timingSafeEqualText, type CallbackHandlerOptions } from '../src/index.js';

const API_KEY = 'cb-key-9f3a1c55e0d24b7e';
const BASE = 'https://shop.example.com/in-store/callback';
const CART_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function handler(overrides: Partial<CallbackHandlerOptions> = {}) {
  const seen: string[] = [];
  const handle = createCallbackHandler({
    apiKey: API_KEY,
    basePath: '/in-store/callback/',
    resolveUserToken: (userKey) => {
      seen.push(`user:${userKey}`);
      return userKey === 'jen' ? { token: 'user-token-for-jen' } : undefined;
    },
    resolveCart: async (cartId) => {
      seen.push(`cart:${cartId}`);
      return cartId === CART_ID ? { id: CART_ID, kind: 'payment' } : null;
    },
    ...overrides,
  });
  return { handle, seen };
}

function get(
  path: string,
  headers: Record<string, string> = { 'x-api-key': API_KEY },
  init: RequestInit & { base?: string } = {},
): Request {
  return new Request(`${init.base ?? BASE}${path}`, { method: 'GET', headers, ...init });
}

async function expectNoKey(response: Response): Promise<void> {
  const text = await response.clone().text();
  expect(text).not.toContain(API_KEY);
  for (const [, value] of response.headers) expect(value).not.toContain(API_KEY);
}

describe('timingSafeEqualText', () => {
  it('compares secrets of any length through their digests', async () => {
    expect(await timingSafeEqualText(API_KEY, API_KEY)).toBe(true);
    expect(await timingSafeEqualText(`${API_KEY}x`, API_KEY)).toBe(false);
    expect(await timingSafeEqualText(API_KEY.slice(0, -1), API_KEY)).toBe(false);
    expect(await timingSafeEqualText('', API_KEY)).toBe(false);
    expect(await timingSafeEqualText('ü', 'ü')).toBe(true);
  });
});

describe('createCallbackHandler', () => {
  it('answers a user token and a cart with JSON that no cache keeps', async () => {
    const { handle, seen } = handler();
    const user = await handle(get('/jen'));
    expect(user.status).toBe(200);
    expect(user.headers.get('content-type')).toContain('application/json');
    expect(user.headers.get('cache-control')).toBe('no-store');
    expect(await user.json()).toEqual({ token: 'user-token-for-jen' });

    const cart = await handle(get(`/${CART_ID}`));
    expect(cart.status).toBe(200);
    expect(await cart.json()).toEqual({ id: CART_ID, kind: 'payment' });
    // Without classify, the user resolver is asked first, then the cart resolver.
    expect(seen).toEqual(['user:jen', `user:${CART_ID}`, `cart:${CART_ID}`]);
  });

  it('asks only the resolver that classify names', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const { handle, seen } = handler({ classify: (segment) => (uuid.test(segment) ? 'cart' : 'user') });
    expect((await handle(get(`/${CART_ID}`))).status).toBe(200);
    expect((await handle(get('/jen'))).status).toBe(200);
    expect(seen).toEqual([`cart:${CART_ID}`, 'user:jen']);
    const none = handler({ classify: () => undefined });
    expect((await none.handle(get('/jen'))).status).toBe(404);
    expect(none.seen).toEqual([]);
  });

  it('passes a Response from a resolver through, and decodes the segment', async () => {
    const { handle } = handler({
      resolveUserToken: (userKey) => new Response(`hello ${userKey}`, { status: 200, headers: { 'content-type': 'text/plain' } }),
    });
    const response = await handle(get('/j%C3%BCrgen%20k'));
    expect(await response.text()).toBe('hello jürgen k');
  });

  it('answers 401 to a missing or wrong key, without echoing either', async () => {
    const { handle, seen } = handler();
    const wrongKeys = ['', 'nope', API_KEY.slice(0, -1), `${API_KEY}0`, API_KEY.toUpperCase(), ` ${API_KEY}x`];
    for (const key of wrongKeys) {
      const response = await handle(get('/jen', key === '' ? {} : { 'x-api-key': key }));
      expect(response.status).toBe(401);
      await expectNoKey(response);
      if (key.length > 3) expect(await response.text()).not.toContain(key);
    }
    expect(seen).toEqual([]);
  });

  it('answers 404 for unknown paths and unresolved segments, 405 for other methods', async () => {
    const { handle } = handler();
    for (const path of ['/', '', '/jen/extra', '/nobody', '/%E0%A4%A']) {
      const response = await handle(get(path));
      expect(response.status, path).toBe(404);
      await expectNoKey(response);
    }
    expect((await handle(new Request('https://shop.example.com/elsewhere/jen', { headers: { 'x-api-key': API_KEY } }))).status).toBe(404);
    // A path outside the handler is 404 even without a key; inside it, the key comes first.
    expect((await handle(new Request('https://shop.example.com/elsewhere/jen'))).status).toBe(404);
    expect((await handle(new Request(`${BASE}/jen`, { method: 'POST' }))).status).toBe(401);
    const post = await handle(new Request(`${BASE}/jen`, { method: 'POST', headers: { 'x-api-key': API_KEY }, body: '{}' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    await expectNoKey(post);
  });

  it('refuses plain http with 403, except loopback hosts when allowed', async () => {
    const { handle } = handler();
    for (const base of ['http://shop.example.com/in-store/callback', 'http://127.0.0.1/in-store/callback']) {
      const response = await handle(get('/jen', { 'x-api-key': API_KEY }, { base }));
      expect(response.status, base).toBe(403);
      await expectNoKey(response);
    }
    const loopback = handler({ allowInsecureLoopback: true }).handle;
    expect((await loopback(get('/jen', { 'x-api-key': API_KEY }, { base: 'http://127.0.0.1:8080/in-store/callback' }))).status).toBe(200);
    expect((await loopback(get('/jen', { 'x-api-key': API_KEY }, { base: 'http://localhost/in-store/callback' }))).status).toBe(200);
    expect((await loopback(get('/jen', { 'x-api-key': API_KEY }, { base: 'http://[::1]/in-store/callback' }))).status).toBe(200);
    expect((await loopback(get('/jen', { 'x-api-key': API_KEY }, { base: 'http://shop.example.com/in-store/callback' }))).status).toBe(403);
  });

  it('trusts X-Forwarded-Proto only when told to', async () => {
    const headers = { 'x-api-key': API_KEY, 'x-forwarded-proto': 'https' };
    const base = 'http://10.0.0.5:3000/in-store/callback';
    expect((await handler().handle(get('/jen', headers, { base }))).status).toBe(403);
    expect((await handler({ trustForwardedProto: true }).handle(get('/jen', headers, { base }))).status).toBe(200);
    expect(
      (await handler({ trustForwardedProto: true }).handle(get('/jen', { ...headers, 'x-forwarded-proto': 'http' }, { base }))).status,
    ).toBe(403);
  });

  it('answers a bare 500 when a resolver throws, and tells onError', async () => {
    const onError = vi.fn();
    const { handle } = handler({
      resolveUserToken: () => {
        throw new Error(`database down; key was ${API_KEY}`);
      },
      onError,
    });
    const response = await handle(get('/jen'));
    expect(response.status).toBe(500);
    await expectNoKey(response);
    expect(await response.json()).toEqual({ statusCode: 500, message: 'Internal error.' });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('refuses a bad configuration', () => {
    const resolveCart = () => undefined;
    expect(() => createCallbackHandler({ apiKey: '', basePath: '/cb', resolveCart })).toThrow(ConfigurationError);
    expect(() => createCallbackHandler({ apiKey: API_KEY, basePath: 'cb', resolveCart })).toThrow(ConfigurationError);
    expect(() => createCallbackHandler({ apiKey: API_KEY, basePath: '/cb' })).toThrow(ConfigurationError);
  });
});
