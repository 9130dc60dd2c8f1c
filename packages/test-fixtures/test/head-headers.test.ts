import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src/emulator/app.js';
import { CORS_EXPOSE_HEADERS } from '../src/emulator/http/cors.js';
import { startEmulator } from '../src/emulator/server.js';
import { loopbackEmulator, rawRequest } from './helpers/loopback.js';

/**
 * A HEAD answer keeps every header the emulator sets after the answer is built (CORS, the
 * correlation id): Hono answers HEAD with `new Response(null, getAnswer)`, so with
 * @hono/node-server's light global `Response` (its `overrideGlobalObjects`, on by default) those
 * headers were lost, over the socket and, after any `startEmulator()` in the process, in-process
 * too. `startEmulator` leaves the process's `Request` and `Response` alone.
 */

const APP = 'http://localhost:5173';
const anyOriginAnswer = { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSE_HEADERS };

/** The `access-control-*` headers of an answer, by lower-case name. */
function corsHeaders(res: { headers: Headers }): Record<string, string> {
  const found: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name.startsWith('access-control-')) found[name] = value;
  });
  return found;
}

describe('startEmulator and the global Request and Response', () => {
  it('leaves globalThis.Response and globalThis.Request as they were', async () => {
    const { Response: responseBefore, Request: requestBefore } = globalThis;
    const server = await startEmulator({ projectKey: 'head-globals' });
    try {
      // A request served over the socket, since the override used to happen when the server was set up.
      const res = await fetch(`${server.urls.api}/head-globals/product-selections`);
      expect(res.status).toBe(401);
      expect(globalThis.Response).toBe(responseBefore);
      expect(globalThis.Request).toBe(requestBefore);
    } finally {
      await server.close();
    }
    expect(globalThis.Response).toBe(responseBefore);
  });

  it('an in-process HEAD after a startEmulator() in the same process keeps the CORS headers and X-Correlation-ID', async () => {
    const server = await startEmulator({ projectKey: 'head-started' });
    await server.close();
    const emulator = createEmulator({ projectKey: 'head-in-process' });
    const { clientId, clientSecret } = emulator.credentials;
    const tokenAnswer = await emulator.fetch(`${emulator.urls().auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const url = `${emulator.urls().api}/head-in-process/product-selections`;

    const ok = await emulator.fetch(url, {
      method: 'HEAD',
      headers: { origin: APP, authorization: `Bearer ${token}`, 'x-correlation-id': 'head-in-process-1' },
    });
    expect(ok.status).toBe(200);
    expect(corsHeaders(ok)).toEqual(anyOriginAnswer);
    expect(ok.headers.get('x-correlation-id')).toBe('head-in-process-1');
    expect(ok.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await ok.text()).toBe('');

    const unauthorized = await emulator.fetch(url, { method: 'HEAD', headers: { origin: APP } });
    expect(unauthorized.status).toBe(401);
    expect(corsHeaders(unauthorized)).toEqual(anyOriginAnswer);
    expect(unauthorized.headers.get('x-correlation-id')).toMatch(/^emulator-/);
  });
});

describe('HEAD over a loopback port', () => {
  const loopback = loopbackEmulator('head-loopback');

  it("a cross-origin HEAD with a token: 200, the CORS headers and the caller's X-Correlation-ID, no body", async () => {
    const url = `${loopback.server.urls.api}/head-loopback/product-selections`;
    const answer = await rawRequest(url, {
      method: 'HEAD',
      headers: { origin: APP, authorization: `Bearer ${loopback.token}`, 'x-correlation-id': 'head-over-the-wire' },
    });
    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual(anyOriginAnswer);
    expect(answer.headers.get('x-correlation-id')).toBe('head-over-the-wire');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toBe('');
  });

  it('a cross-origin HEAD without a token: 401, the CORS headers and a generated X-Correlation-ID', async () => {
    const answer = await rawRequest(`${loopback.server.urls.api}/head-loopback/product-selections`, {
      method: 'HEAD',
      headers: { origin: APP },
    });
    expect(answer.status).toBe(401);
    expect(corsHeaders(answer)).toEqual(anyOriginAnswer);
    expect(answer.headers.get('x-correlation-id')).toMatch(/^emulator-/);
    expect(answer.body).toBe('');
  });

  it('with a list of origins: a HEAD of a listed origin gets it reflected with Vary: Origin, another origin nothing', async () => {
    const server = await startEmulator({ projectKey: 'head-listed', cors: { origins: [APP] } });
    try {
      const url = `${server.urls.api}/head-listed/product-selections`;
      const listed = await rawRequest(url, { method: 'HEAD', headers: { origin: APP } });
      expect(listed.status).toBe(401);
      expect(corsHeaders(listed)).toEqual({ 'access-control-allow-origin': APP, 'access-control-expose-headers': CORS_EXPOSE_HEADERS });
      expect(listed.headers.get('vary')).toBe('Origin');
      expect(listed.headers.get('x-correlation-id')).toMatch(/^emulator-/);
      const other = await rawRequest(url, { method: 'HEAD', headers: { origin: 'https://evil.example' } });
      expect(other.status).toBe(401);
      expect(corsHeaders(other)).toEqual({});
      expect(other.headers.get('vary')).toBe('Origin');
    } finally {
      await server.close();
    }
  });
});
