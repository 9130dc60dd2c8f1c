import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { ManualClock } from '../../src/emulator/clock.js';
import type { EmulatorOptions } from '../../src/emulator/options.js';

export const ORIGIN = 'http://127.0.0.1';
export const PROJECT = 'auth-test';
export const START = Date.parse('2026-01-01T00:00:00.000Z');
export const DAY_MS = 24 * 3600 * 1000;

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export interface TestEmulator {
  emulator: Emulator;
  clock: ManualClock;
  bootstrap: Credentials;
}

/** An emulator on a manual clock, project `auth-test`, bootstrap client `bootstrap`/`bootstrap-secret`. */
export function setup(options: EmulatorOptions = {}): TestEmulator {
  const clock = new ManualClock(START);
  const emulator = createEmulator({ projectKey: PROJECT, clientId: 'bootstrap', clientSecret: 'bootstrap-secret', clock, ...options });
  return { emulator, clock, bootstrap: { clientId: 'bootstrap', clientSecret: 'bootstrap-secret' } };
}

export function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`, 'utf8').toString('base64')}`;
}

/** POSTs a form to the authorization service (`path` below `/auth`). */
export function authPost(
  emulator: Emulator,
  path: string,
  params: Record<string, string>,
  credentials: Credentials | undefined,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', ...init.headers };
  if (credentials) headers['authorization'] = basic(credentials.clientId, credentials.clientSecret);
  return emulator.fetch(`${ORIGIN}/auth${path}`, { method: 'POST', headers, body: init.body ?? new URLSearchParams(params).toString() });
}

export interface TokenBody {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
  refresh_token?: string;
}

export async function okJson<T>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`expected 2xx, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function clientToken(emulator: Emulator, credentials: Credentials, scope?: string): Promise<TokenBody> {
  return okJson<TokenBody>(
    authPost(emulator, '/oauth/token', { grant_type: 'client_credentials', ...(scope ? { scope } : {}) }, credentials),
  );
}

/** An API call with a bearer token. */
export function api(
  emulator: Emulator,
  path: string,
  token: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return emulator.fetch(`${ORIGIN}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

/** Creates an API client through the API with the bootstrap client's token. */
export async function createClient(
  t: TestEmulator,
  scope: string,
  extra: Record<string, unknown> = {},
): Promise<Credentials & { body: Record<string, unknown> }> {
  const admin = await clientToken(t.emulator, t.bootstrap);
  const body = await okJson<Record<string, unknown>>(
    api(t.emulator, `/${PROJECT}/api-clients`, admin.access_token, { method: 'POST', body: { name: 'test client', scope, ...extra } }),
  );
  return { clientId: body['id'] as string, clientSecret: body['secret'] as string, body };
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [k: string]: unknown }[];
  error?: string;
  error_description?: string;
}

/** Asserts an error response and returns its body. */
export async function errorOf(response: Response | Promise<Response>): Promise<{ status: number; body: ErrorBody; headers: Headers }> {
  const res = await response;
  return { status: res.status, body: (await res.json()) as ErrorBody, headers: res.headers };
}

/** Introspects `token` as `credentials`. */
export async function introspect(emulator: Emulator, credentials: Credentials, token: string): Promise<Record<string, unknown>> {
  return okJson<Record<string, unknown>>(authPost(emulator, '/oauth/introspect', { token }, credentials));
}

export async function setCustomer(
  t: TestEmulator,
  customerId: string,
  email: string,
  password: string,
  storeKeys: string[] = [],
): Promise<void> {
  await t.emulator.context.auth.setCustomerCredentials({ customerId, email, password, storeKeys });
}
