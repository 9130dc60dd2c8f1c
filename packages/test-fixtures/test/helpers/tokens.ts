import type { Api, ApiAnswer } from './api.js';

/**
 * Tokens of other kinds than the bootstrap client's, all from the emulator's own authorization
 * service: API clients with chosen scopes (created through the API), the password flow (global
 * or in a Store) and the anonymous session flow.
 */

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface Login {
  email: string;
  password: string;
  /** In-store password flow when given. */
  storeKey?: string;
}

/** POSTs a form to the emulator's authorization service (`path` under `{auth_url}`) as the client `credentials`. */
export async function authForm(
  api: Pick<Api, 'emulator'>,
  path: string,
  form: Record<string, string>,
  credentials: ClientCredentials,
): Promise<ApiAnswer<Record<string, unknown>>> {
  const res = await api.emulator.fetch(`${api.emulator.urls().auth}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${credentials.clientId}:${credentials.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

async function accessToken(answer: Promise<ApiAnswer<Record<string, unknown>>>): Promise<string> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`token request failed with ${status}: ${JSON.stringify(body)}`);
  return body['access_token'] as string;
}

/** Creates an API client holding `scope` (full scope strings, space-separated) through `POST /api-clients`. */
export async function apiClient(api: Api, scope: string): Promise<ClientCredentials> {
  const { status, body } = await api.call('POST', '/api-clients', { name: 'test client', scope });
  if (status !== 201) throw new Error(`creating an API client failed with ${status}: ${JSON.stringify(body)}`);
  return { clientId: body.id as string, clientSecret: body.secret as string };
}

/** Client credentials flow for any client. */
export function clientToken(api: Api, credentials: ClientCredentials, scope?: string): Promise<string> {
  return accessToken(authForm(api, '/oauth/token', { grant_type: 'client_credentials', ...(scope ? { scope } : {}) }, credentials));
}

/** A token of a new API client holding exactly `scope`. */
export async function tokenWith(api: Api, scope: string): Promise<string> {
  return clientToken(api, await apiClient(api, scope));
}

/** Password flow (global, or in-store with `login.storeKey`): the raw answer, to test refusals too. */
export function passwordTokenAnswer(api: Api, credentials: ClientCredentials, login: Login): Promise<ApiAnswer<Record<string, unknown>>> {
  const path =
    login.storeKey === undefined
      ? `/oauth/${api.project}/customers/token`
      : `/oauth/${api.project}/in-store/key=${login.storeKey}/customers/token`;
  return authForm(api, path, { grant_type: 'password', username: login.email, password: login.password }, credentials);
}

/** Password flow: the access token. */
export function passwordToken(api: Api, credentials: ClientCredentials, login: Login): Promise<string> {
  return accessToken(passwordTokenAnswer(api, credentials, login));
}

/** Anonymous session flow: the access token. */
export function anonymousToken(api: Api, credentials: ClientCredentials, anonymousId?: string): Promise<string> {
  const form: Record<string, string> = { grant_type: 'client_credentials', ...(anonymousId ? { anonymous_id: anonymousId } : {}) };
  return accessToken(authForm(api, `/oauth/${api.project}/anonymous/token`, form, credentials));
}

/** The first error of an error answer. */
export function firstError(answer: ApiAnswer): { code: string; message: string; [extra: string]: unknown } {
  const error = (answer.body as { errors?: { code: string; message: string }[] } | undefined)?.errors?.[0];
  if (!error) throw new Error(`not an error answer (${answer.status}): ${JSON.stringify(answer.body)}`);
  return error;
}
