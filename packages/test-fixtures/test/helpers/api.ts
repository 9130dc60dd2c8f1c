import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { ManualClock } from '../../src/emulator/clock.js';
import type { EmulatorOptions } from '../../src/emulator/options.js';
import { createResponseContract, type ResponseContract } from '../../src/contract/response-contract.js';

export const START = Date.parse('2026-03-01T09:00:00.000Z');

/** The answer of one API call; its body has already been checked against the schema. */
// Tests read answers field by field and assert them; the schema check has already typed them at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A tiny HTTP caller for emulator tests: gets a client-credentials token for the given scopes and
 * validates every answer against `schemas/openapi/commerce/` (the contract kit), so the
 * emulator and the schema cannot drift apart.
 */
export interface Api {
  emulator: Emulator;
  clock: ManualClock;
  project: string;
  contract: ResponseContract;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  /** Same as call, but with the token of another client/scopes. */
  as(token: string): Api['call'];
  token(scope?: string): Promise<string>;
}

export async function createApi(options: EmulatorOptions & { scope?: string } = {}): Promise<Api> {
  const { scope, ...emulatorOptions } = options;
  const clock = new ManualClock(START);
  const project = options.projectKey ?? 'test-project';
  const emulator = createEmulator({ clock, projectKey: project, ...emulatorOptions });
  const urls = emulator.urls();
  const contract = createResponseContract('commerce', `${urls.api}/${project}`);
  const authContract = createResponseContract('auth', urls.auth);

  async function token(scope?: string, credentials = emulator.credentials): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) form.set('scope', scope);
    const url = `${urls.auth}/oauth/token`;
    const res = await emulator.fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
    });
    const body = (await res.json()) as { access_token: string };
    authContract.check('POST', url, res.status, body);
    if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(body)}`);
    return body.access_token;
  }

  const callWith =
    (bearer: () => Promise<string>): Api['call'] =>
    async (method, path, body, headers = {}) => {
      const url = `${urls.api}/${project}${path}`;
      const init: RequestInit = { method, headers: { authorization: `Bearer ${await bearer()}`, ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await emulator.fetch(url, init);
      // Every call takes one millisecond of the manual clock, so timestamps order the calls.
      clock.advance(1);
      const text = await res.text();
      const parsed = text === '' ? undefined : JSON.parse(text);
      contract.check(method, url, res.status, parsed);
      return { status: res.status, body: parsed, headers: res.headers };
    };

  let cached: Promise<string> | undefined;
  const defaultToken = () => (cached ??= token(scope));
  return {
    emulator,
    clock,
    project,
    contract,
    call: callWith(defaultToken),
    as: (tokenValue) => callWith(async () => tokenValue),
    token: (scope) => token(scope),
  };
}
