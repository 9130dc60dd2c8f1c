/**
 * The emulator on a loopback port for a suite, with a token of its bootstrap client; and a raw
 * HTTP request for what `fetch` refuses to send (a GET or HEAD with a body) or hides (the headers
 * of a preflight as a browser sends them).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { startEmulator, type RunningEmulator, type ServerOptions } from '../../src/emulator/server.js';

export interface Loopback {
  /** The running server (set in `beforeAll`). */
  readonly server: RunningEmulator;
  /** A client-credentials token of the bootstrap client. */
  readonly token: string;
}

/**
 * Starts the emulator for `projectKey` on a free loopback port before the suite's tests, gets a
 * token over the global `fetch`, and closes the server after them. Call it in a `describe`.
 * `onRequest` hears of each request once the server is done with it.
 */
export function loopbackEmulator(projectKey: string, { onRequest }: Pick<ServerOptions, 'onRequest'> = {}): Loopback {
  const state = {} as { server: RunningEmulator; token: string };
  beforeAll(async () => {
    state.server = await startEmulator({ projectKey, ...(onRequest ? { onRequest } : {}) });
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

/** What {@link rawRequest} sends: a method (default GET), headers as given, and a body, if any. */
export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as it is, with its `content-length`, whatever the method. */
  body?: string;
}

/** The answer of {@link rawRequest}: status, headers (a repeated header joined with `, `) and body as text. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/**
 * A request written with node:http, which sends what `fetch` refuses to (a body on GET or HEAD)
 * and lets through what it hides (a preflight and any `Origin` as a browser sends them).
 *
 * @example
 * const answer = await rawRequest(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
 */
export function rawRequest(url: string, { method = 'GET', headers = {}, body }: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = httpRequest(url, { method, headers: sent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: res.statusCode ?? 0, headers: answerHeaders, body: text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The headers of a JSON request with a bearer token, for {@link rawRequest}. */
export const bearerJson = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});
