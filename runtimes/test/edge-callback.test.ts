/**
 * The in-store callback handler (core-auth's `createCallbackHandler`) as a real HTTP endpoint of
 * an edge runtime: `callback-entry.ts`, bundled for the web, registered as the `fetch` handler of
 * Vercel's EdgeVM and served by edge-runtime's `runServer` on a free port of 127.0.0.1, then called
 * over HTTP with the global `fetch` as the in-store application calls it
 * (`GET <callback_path>/<user_key>` and `GET <callback_path>/<cart_id>` with `X-Api-Key`).
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForWeb, type Bundle } from '../bundle.js';

/** The Callback API Key: made here, handed to the runtime, never in the bundle. */
const API_KEY = `cb-${randomBytes(16).toString('hex')}`;
const BASE_PATH = '/in-store/callback';
const CART_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const UNKNOWN_CART_ID = '6fa459ea-ee8a-4ca4-894e-db77e160355e';

const JSON_TYPE = 'application/json; charset=utf-8';
const NOT_FOUND = { statusCode: 404, message: 'Not found.' };
const UNAUTHORIZED = { statusCode: 401, message: 'Missing or invalid X-Api-Key.' };
const HTTPS_ONLY = { statusCode: 403, message: 'Callbacks are served over HTTPS only.' };

/** The last character of the key changed (the key is hex, so `g` is never in it). */
const lastCharChanged = `${API_KEY.slice(0, -1)}g`;
const WRONG_KEYS: [string, string][] = [
  ['another key', 'nope'],
  ['the last character changed', lastCharChanged],
  ['one character shorter', API_KEY.slice(0, -1)],
  ['one character longer', `${API_KEY}0`],
  ['in upper case', API_KEY.toUpperCase()],
];

let bundle: Bundle;
beforeAll(async () => {
  bundle = await bundleForWeb({ entry: 'callback-entry.ts' });
});

/** An answer as the caller got it: status, the headers the handler sets, the body text. */
interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Neither the body nor any header of an answer holds the configured key. */
function expectNoKey(answer: Answer): void {
  expect(answer.text).not.toContain(API_KEY);
  for (const [name, value] of answer.headers) expect(`${name}: ${value}`).not.toContain(API_KEY);
}

/** A refusal or miss as the handler writes it: exact JSON body, `no-store`, no key anywhere. */
function expectHandlerAnswer(answer: Answer, status: number, body: object): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe(JSON_TYPE);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(JSON.parse(answer.text)).toEqual(body);
  expectNoKey(answer);
}

/** What `runServer` gives back (edge-runtime's index does not export its type). */
type EdgeRuntimeServer = Awaited<ReturnType<typeof runServer>>;

/** A runtime with the entry loaded and its key handed in by `extend`, served on 127.0.0.1. */
interface CallbackServer {
  runtime: EdgeRuntime;
  server: EdgeRuntimeServer;
  origin: string;
  /** GET (or `init.method`) with the global fetch, as the in-store application calls. */
  call(path: string, init?: { key?: string; method?: string; body?: string }): Promise<Answer>;
  /** What the runtime saw since the last call of `seen`: requests (method, URL) and resolver calls. */
  seen(): { requests: { method: string; url: string }[]; resolved: string[] };
}

/** Starts a callback server for a suite (in `beforeAll`) and closes it after (in `afterAll`). */
function callbackServer(config: { apiKey: string; allowInsecureLoopback: boolean }): CallbackServer {
  const state = {} as CallbackServer;
  beforeAll(async () => {
    state.runtime = new EdgeRuntime({
      initialCode: bundle.code,
      extend: (context) => Object.assign(context, { CALLBACK_CONFIG: { ...config } }),
    });
    state.server = await runServer({ runtime: state.runtime, port: 0, host: '127.0.0.1' });
    state.origin = new URL(state.server.url).origin;
    state.call = async (path, init = {}) => {
      const headers: Record<string, string> = init.key === undefined ? {} : { 'x-api-key': init.key };
      const response = await fetch(`${state.origin}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    state.seen = () =>
      JSON.parse(
        state.runtime.evaluate<string>('JSON.stringify({ requests: callbackRequests.splice(0), resolved: callbackResolved.splice(0) })'),
      );
  });
  afterAll(() => state.server?.close());
  return state;
}

/**
 * A GET through node:http, which (unlike fetch) lets the caller choose the `Host` header: the
 * host of the URL the handler sees comes from it.
 */
function getWithHost(origin: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method: 'GET', headers: { ...headers, connection: 'close' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the callback bundle', () => {
  it('holds core-auth sources and the entry only, no Node built-in, no module statement, no key', () => {
    const packages = new Set(bundle.inputs.filter((input) => input.startsWith('packages/')).map((input) => input.split('/')[1]));
    expect([...packages]).toEqual(['core-auth']);
    expect(bundle.inputs).toContain('packages/core-auth/src/callbacks.ts');
    expect(bundle.inputs.filter((input) => !input.startsWith('packages/'))).toEqual(['runtimes/callback-entry.ts']);
    expect(bundle.code).not.toMatch(/["']node:/);
    expect(bundle.code).not.toMatch(/^\s*(import|export)\b/m);
    // The key reaches the script through the runtime's global, never through its text.
    expect(bundle.code).toContain('CALLBACK_CONFIG');
    expect(bundle.code).not.toContain(API_KEY);
  });
});

describe('createCallbackHandler served by edge-runtime over HTTP (127.0.0.1, loopback allowed)', () => {
  const endpoint = callbackServer({ apiKey: API_KEY, allowInsecureLoopback: true });

  it('listens on 127.0.0.1 only, and runs in a runtime without Node globals', () => {
    expect(endpoint.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(
      endpoint.runtime.evaluate(
        '[typeof process, typeof Buffer, typeof require, typeof setImmediate, typeof module, typeof __dirname, typeof EdgeRuntime, typeof crypto.subtle.digest, typeof addEventListener]',
      ),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'string', 'function', 'function']);
  });

  it('answers a user key with its token and a cart id with its cart (200 JSON, no-store)', async () => {
    endpoint.seen();
    const user = await endpoint.call(`${BASE_PATH}/user-jen`, { key: API_KEY });
    expect(user.status).toBe(200);
    expect(user.headers.get('content-type')).toBe(JSON_TYPE);
    expect(user.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(user.text)).toEqual({ userKey: 'user-jen', token: 'edge-user-token-for-user-jen', tokenType: 'Bearer' });
    expectNoKey(user);

    const cart = await endpoint.call(`${BASE_PATH}/${CART_ID}`, { key: API_KEY });
    expect(cart.status).toBe(200);
    expect(cart.headers.get('content-type')).toBe(JSON_TYPE);
    expect(cart.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(cart.text)).toEqual({
      id: CART_ID,
      type: 'payment',
      lineItems: 2,
      totalPrice: { currencyCode: 'EUR', centAmount: 4990 },
    });
    expectNoKey(cart);

    const unknownCart = await endpoint.call(`${BASE_PATH}/${UNKNOWN_CART_ID}`, { key: API_KEY });
    expectHandlerAnswer(unknownCart, 404, NOT_FOUND);

    // The handler saw plain http to 127.0.0.1 (what runServer builds from the Host header), so
    // it served these through allowInsecureLoopback's loopback check; classify sent each segment
    // to one resolver only.
    expect(endpoint.seen()).toEqual({
      requests: [
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/user-jen` },
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/${CART_ID}` },
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/${UNKNOWN_CART_ID}` },
      ],
      resolved: ['user:user-jen', `cart:${CART_ID}`, `cart:${UNKNOWN_CART_ID}`],
    });
  });

  it('refuses a missing, empty or wrong key with 401, never echoing the configured key or the one sent', async () => {
    endpoint.seen();
    const missing = await endpoint.call(`${BASE_PATH}/user-jen`);
    expectHandlerAnswer(missing, 401, UNAUTHORIZED);
    const empty = await endpoint.call(`${BASE_PATH}/user-jen`, { key: '' });
    expectHandlerAnswer(empty, 401, UNAUTHORIZED);
    for (const [why, key] of WRONG_KEYS) {
      for (const path of [`${BASE_PATH}/user-jen`, `${BASE_PATH}/${CART_ID}`]) {
        const answer = await endpoint.call(path, { key });
        expect(answer.status, `${why}: ${path}`).toBe(401);
        expectHandlerAnswer(answer, 401, UNAUTHORIZED);
        expect(answer.text).not.toContain(key);
        for (const [, value] of answer.headers) expect(value).not.toContain(key);
      }
    }
    // Every request reached the handler, and no resolver was asked.
    const { requests, resolved } = endpoint.seen();
    expect(requests).toHaveLength(2 + WRONG_KEYS.length * 2);
    expect(resolved).toEqual([]);
  });

  it('answers 404 outside its base path and for a segment that is neither a user key nor a cart id', async () => {
    endpoint.seen();
    for (const path of ['/elsewhere/user-jen', '/in-store/callbacks/user-jen', BASE_PATH, `${BASE_PATH}/`, `${BASE_PATH}/user-jen/extra`]) {
      const answer = await endpoint.call(path, { key: API_KEY });
      expect(answer.status, path).toBe(404);
      expectHandlerAnswer(answer, 404, NOT_FOUND);
    }
    // The path is checked before the key: outside the base path, no key is still 404 ...
    expectHandlerAnswer(await endpoint.call('/elsewhere/user-jen'), 404, NOT_FOUND);
    // ... and an unknown kind (classify answers neither 'user' nor 'cart') asks no resolver.
    expectHandlerAnswer(await endpoint.call(`${BASE_PATH}/Not-A-Kind`, { key: API_KEY }), 404, NOT_FOUND);
    expect(endpoint.seen().resolved).toEqual([]);
  });

  it('answers 405 with Allow: GET to another method with the right key, 401 without it', async () => {
    endpoint.seen();
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const answer = await endpoint.call(`${BASE_PATH}/user-jen`, { key: API_KEY, method, body: '{}' });
      expectHandlerAnswer(answer, 405, { statusCode: 405, message: 'Method not allowed.' });
      expect(answer.headers.get('allow'), method).toBe('GET');
    }
    expectHandlerAnswer(await endpoint.call(`${BASE_PATH}/user-jen`, { method: 'POST', body: '{}' }), 401, UNAUTHORIZED);
    const { requests, resolved } = endpoint.seen();
    expect(requests.map((r) => r.method)).toEqual(['POST', 'DELETE', 'PUT', 'POST']);
    expect(resolved).toEqual([]);
  });

  it('accepts plain http only because the host is loopback: another Host header is refused with 403', async () => {
    endpoint.seen();
    const port = new URL(endpoint.origin).port;
    const path = `${BASE_PATH}/user-jen`;
    // The same socket, the same right key; only the Host header, hence the URL's host, differs.
    expectHandlerAnswer(await getWithHost(endpoint.origin, path, { host: 'shop.example.com', 'x-api-key': API_KEY }), 403, HTTPS_ONLY);
    // X-Forwarded-Proto is not trusted unless the handler is told to.
    expectHandlerAnswer(
      await getWithHost(endpoint.origin, path, { host: 'shop.example.com', 'x-forwarded-proto': 'https', 'x-api-key': API_KEY }),
      403,
      HTTPS_ONLY,
    );
    // Other loopback names are accepted.
    const localhost = await getWithHost(endpoint.origin, path, { host: `localhost:${port}`, 'x-api-key': API_KEY });
    expect(localhost.status).toBe(200);
    expect(JSON.parse(localhost.text)).toEqual({ userKey: 'user-jen', token: 'edge-user-token-for-user-jen', tokenType: 'Bearer' });
    expectNoKey(localhost);

    expect(endpoint.seen()).toEqual({
      requests: [
        { method: 'GET', url: `http://shop.example.com${path}` },
        { method: 'GET', url: `http://shop.example.com${path}` },
        { method: 'GET', url: `http://localhost:${port}${path}` },
      ],
      resolved: ['user:user-jen'],
    });
  });
});

describe('the same bundle without allowInsecureLoopback', () => {
  const endpoint = callbackServer({ apiKey: API_KEY, allowInsecureLoopback: false });

  it('refuses plain http even to 127.0.0.1 with 403, before looking at the key', async () => {
    endpoint.seen();
    expectHandlerAnswer(await endpoint.call(`${BASE_PATH}/user-jen`, { key: API_KEY }), 403, HTTPS_ONLY);
    expectHandlerAnswer(await endpoint.call(`${BASE_PATH}/${CART_ID}`, { key: API_KEY }), 403, HTTPS_ONLY);
    expectHandlerAnswer(await endpoint.call(`${BASE_PATH}/user-jen`, { key: lastCharChanged }), 403, HTTPS_ONLY);
    expect(endpoint.seen()).toEqual({
      requests: [
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/user-jen` },
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/${CART_ID}` },
        { method: 'GET', url: `${endpoint.origin}${BASE_PATH}/user-jen` },
      ],
      resolved: [],
    });
  });
});
