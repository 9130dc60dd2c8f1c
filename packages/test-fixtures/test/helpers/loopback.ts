/**
 * The emulator on a loopback port for a suite, with a token of its bootstrap client; and a raw
 * HTTP request for what `fetch` refuses to send (a GET or HEAD with a body).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

export interface Loopback {
  /** The running server (set in `beforeAll`). */
  readonly server: RunningEmulator;
  /** A client-credentials token of the bootstrap client. */
  readonly token: string;
}

/**
 * Starts the emulator for `projectKey` on a free loopback port before the suite's tests, gets a
 * token over the global `fetch`, and closes the server after them. Call it in a `describe`.
 */
export function loopbackEmulator(projectKey: string): Loopback {
  const state = {} as { server: RunningEmulator; token: string };
  beforeAll(async () => {
    state.server = await startEmulator({ projectKey });
    const { clientId, clientSecret } = state.server.emulator.credentials;
    const res = await fetch(`${state.server.urls.auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    state.token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(() => state.server?.close());
  return state;
}

/** A request written with node:http, which sends what `fetch` refuses to (a body on GET or HEAD). */
export function rawRequest(url: string, method: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
