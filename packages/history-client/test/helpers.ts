import { createTokenProvider, type TokenProvider } from '@commerce-kit/core-auth';
import type { TransportMiddleware } from '@commerce-kit/core-auth/http';
import { createResponseContract } from '@commerce-kit/test-fixtures/contract/response-contract.js';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { ManualClock } from '@commerce-kit/test-fixtures/emulator/clock.js';
import type { EmulatorOptions } from '@commerce-kit/test-fixtures/emulator/options.js';
import { createHistoryClient, type HistoryClient, type HistoryClientOptions } from '../src/index.js';

export const START = Date.parse('2026-03-01T09:00:00.000Z');

/** One request the client sent, as the emulator received it. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  status: number;
}

/**
 * An in-process emulator and a history client on it. Every REST answer of the history service is
 * checked against history.yaml (the contract kit) by a transport middleware, so the client is
 * tested against answers that are known to follow the contract.
 */
export interface Setup {
  emulator: Emulator;
  clock: ManualClock;
  project: string;
  provider: TokenProvider;
  client: HistoryClient;
  /** Requests the client sent, oldest first (after the transport added its headers). */
  sent: Sent[];
  /** A write to the HTTP API with the bootstrap client's token. */
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  /** A token of a new API client holding `scope` (full scope strings, space-separated). */
  tokenWith(scope: string): Promise<string>;
  /** Another history client on the same emulator. */
  clientWith(options: Partial<HistoryClientOptions>): HistoryClient;
}

export async function setup(options: EmulatorOptions = {}): Promise<Setup> {
  const clock = new ManualClock(START);
  const project = options.projectKey ?? 'history-client-test';
  const emulator = createEmulator({ clock, projectKey: project, ...options });
  const urls = emulator.urls();
  const contract = createResponseContract('history', `${urls.history}/${project}`);
  const provider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: urls.auth,
    projectKey: project,
    credentials: { clientId: emulator.credentials.clientId, clientSecret: emulator.credentials.clientSecret },
    fetch: emulator.fetch,
  });
  const sent: Sent[] = [];
  const recorder: TransportMiddleware = async (request, next) => {
    const response = await next(request);
    sent.push({ method: request.method, url: new URL(request.url), headers: new Headers(request.headers), status: response.status });
    if (request.method === 'GET') contract.check(request.method, request.url, response.status, await response.clone().json());
    return response;
  };
  const clientWith = (overrides: Partial<HistoryClientOptions>) =>
    createHistoryClient({
      baseUrl: urls.history,
      projectKey: project,
      auth: { tokenProvider: provider },
      fetch: emulator.fetch,
      middleware: [recorder],
      ...overrides,
    } as HistoryClientOptions);

  async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { authorization: `Bearer ${token ?? (await provider.getToken())}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await emulator.fetch(`${urls.api}/${project}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  async function tokenWith(scope: string): Promise<string> {
    const { client, secret } = emulator.context.auth.createClient({ name: 'scoped', scope });
    const res = await emulator.fetch(`${urls.auth}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${client.id}:${secret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  return { emulator, clock, project, provider, client: clientWith({}), sent, api, tokenWith, clientWith };
}

/** A token source that always hands out the same token. */
export function fixedToken(token: string) {
  return { getToken: async () => token, invalidate: () => undefined };
}
