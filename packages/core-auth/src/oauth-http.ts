/**
 * Internal: one POST to the authorization service, and the fixed order in which its answer is
 * checked (status, OAuth error body, content type, JSON, required members), after oauth4webapi.
 */
import { OAuthError, ResponseError, configurationError, invalidOption, type ResponseErrorCode } from './errors.js';
import { redactValue } from './redact.js';
import { correlationIdOf } from './http/correlation-id.js';
import { chain, sendWith } from './http/request.js';
import { resolveRetryOptions, retryMiddleware, type RetryOptions } from './http/retry.js';
import { resolveBaseUrl } from './regions.js';

/** An API client's credentials. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Where, for which project and as which API client the authorization service is called. */
export interface AuthEndpoint {
  /**
   * `{auth_url}` of the project's region, e.g. `https://auth.europe-west1.gcp.commercetools.com`
   * (see `regionUrls`). Deprecated aliases are mapped; plain `http:` only to loopback hosts,
   * unless `allowInsecureHttp`.
   */
  authUrl: string;
  /**
   * Accept plain `http:` to an `authUrl` that is not loopback, e.g. an emulator in a docker
   * compose service (`http://emulator:8080/auth`). Client secrets, passwords and tokens then
   * travel unencrypted: for an emulator only. Never accepted for the service's own hosts.
   * Default `false`.
   */
  allowInsecureHttp?: boolean;
  projectKey: string;
  credentials: ClientCredentials;
  /** `fetch` to use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * How token requests are retried after 429 (honouring `Retry-After`), 502, 503, 504 and network
   * errors, as the transport retries API calls; `false` for never. Default: 3 retries, 30 s in all.
   */
  retry?: RetryOptions | false;
}

/** What every call to the authorization service needs. */
export interface AuthConfig extends AuthEndpoint {
  /** Aborts the request (and, for revocation, the waits between attempts). */
  signal?: AbortSignal;
}

/** Values a request sent that must not come back in any error: cut out of the evidence. */
export type Secrets = readonly (string | undefined)[];

/**
 * Path segment of a key, e.g. a project or store key; also how each part of the Basic
 * credentials is encoded.
 */
export const segment: (value: string) => string = encodeURIComponent;

/** `Authorization: Basic` for a client. */
export function basicAuthorization(credentials: ClientCredentials): string {
  return `Basic ${btoa(`${segment(credentials.clientId)}:${segment(credentials.clientSecret)}`)}`;
}

/** Whether a value is a non-empty string (also a validator for {@link member}). */
export const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A required text parameter; the message names the parameter, never the value. */
export function requireText(value: unknown, name: string): string {
  if (!isText(value)) throw invalidOption(`${name} must be a non-empty string`);
  return value;
}

/** Checks a config before anything is sent; returns the base URL and the `fetch` to use. */
export function checkConfig(config: AuthConfig): { base: string; fetch: typeof fetch } {
  const { credentials, fetch: given, retry } = config;
  if (!isText(credentials?.clientId) || !isText(credentials.clientSecret)) {
    throw configurationError('MISSING_CREDENTIALS', 'credentials need a clientId and a clientSecret');
  }
  requireText(config.projectKey, 'projectKey');
  if (given !== undefined && typeof given !== 'function') throw invalidOption('fetch must be a function');
  if (retry !== false) resolveRetryOptions(retry);
  // Bind the global lazily: some runtimes throw "Illegal invocation" on a detached fetch.
  return {
    base: resolveBaseUrl(config.authUrl, { allowInsecureHttp: config.allowInsecureHttp }),
    fetch: given ?? ((input, init) => fetch(input, init)),
  };
}

/** Scopes to ask for: a space-separated string or a list. */
export type ScopeRequest = string | readonly string[];

/** The `scope` form parameter of a {@link ScopeRequest}, or undefined when empty. */
export function scopeParam(scope: ScopeRequest | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const list = typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : scope;
  if (!Array.isArray(list) || !list.every((entry) => /^\S+$/.test(entry))) {
    throw invalidOption('scope must be a string or a list of single scopes');
  }
  return list.join(' ') || undefined;
}

/** POSTs a form with Basic authentication; `undefined` members are left out. */
export function postForm(
  config: AuthConfig,
  path: string,
  form: Record<string, string | undefined>,
  statuses?: readonly number[],
): Promise<Response> {
  const { base, fetch } = checkConfig(config);
  const { retry } = config;
  const steps = retry === false ? [] : [retryMiddleware({ ...retry, ...(statuses && { statuses }), isIdempotent: () => true })];
  return chain(
    steps,
    sendWith(fetch),
  )({
    url: base + path,
    method: 'POST',
    headers: {
      authorization: basicAuthorization(config.credentials),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: `${new URLSearchParams(Object.entries(form).filter((member): member is [string, string] => member[1] !== undefined))}`,
    init: config.signal ? { signal: config.signal } : {},
  });
}

/** Reads no more of a body we do not want. */
export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** The type of a JSON value, for the evidence: `null`, `array`, or its `typeof`. */
const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** A {@link ResponseError} about `response`, with its status and correlation id. */
function refused(response: Response, message: string, code: ResponseErrorCode, cause: unknown): ResponseError {
  return new ResponseError(message, { code, status: response.status, correlationId: correlationIdOf(response), cause });
}

/**
 * The check every answer of the authorization service goes through, in its fixed order: (1) the
 * status, 200 unless `expected` says otherwise; (2) for any other status the OAuth error body,
 * thrown as {@link OAuthError}, else {@link ResponseError} `UNEXPECTED_STATUS`; (3) content type
 * `application/json`; (4) a JSON object, which is returned.
 */
export async function readOAuthAnswer(
  response: Response,
  secrets: Secrets,
  bodyless?: boolean,
  expected = 200,
): Promise<Record<string, unknown>> {
  const { status } = response;
  const contentType = response.headers.get('content-type');
  const json = /^\s*application\/json\s*(;|$)/i.test(contentType ?? '');
  const ok = status === expected;
  let body: unknown;
  let parseError: string | undefined;
  if (json && !(ok && bodyless)) {
    try {
      body = await response.json();
    } catch (error) {
      parseError = (error as Error).name;
    }
  } else await discard(response);
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (!ok) {
    const evidence = redactValue(body, secrets);
    const { error, error_description: description } = (object ? evidence : {}) as { error?: unknown; error_description?: unknown };
    throw typeof error === 'string'
      ? new OAuthError({
          error,
          status,
          description: typeof description === 'string' ? description : undefined,
          correlationId: correlationIdOf(response),
          cause: evidence,
        })
      : refused(response, `unexpected status ${status}`, 'UNEXPECTED_STATUS', { contentType, body: evidence });
  }
  if (bodyless) return {};
  if (!json) throw refused(response, 'response is not application/json', 'INVALID_CONTENT_TYPE', { contentType });
  // The evidence is the parse error's name, or the type of JSON value found.
  if (!object) throw refused(response, 'response is not a JSON object', 'INVALID_JSON', { type: parseError ?? typeOf(body) });
  return object;
}

/**
 * Step 5: a required member, for which `valid` holds (default: a non-empty string); `expected` says
 * what it must be.
 */
export function member<T = string>(
  response: Response,
  body: Record<string, unknown>,
  name: string,
  valid = isText as (value: unknown) => value is T,
  expected = 'a non-empty string',
): T {
  const value = body[name];
  if (value == null) throw refused(response, `response lacks "${name}"`, 'MISSING_FIELD', { field: name });
  if (!valid(value)) throw invalidField(response, name, expected, typeOf(value));
  return value;
}

/**
 * {@link ResponseError} `INVALID_FIELD` for a member with a value out of its domain; the
 * evidence names the member, what was expected and the type found (`actual`), never the value.
 */
export function invalidField(response: Response, name: string, expected: string, actual?: string): ResponseError {
  return refused(response, `response member "${name}" is not ${expected}`, 'INVALID_FIELD', { field: name, expected, actual });
}
