/**
 * Internal: one POST to the authorization service, and the fixed order in which its answer is
 * checked (status, OAuth error body, content type, JSON, required members), after oauth4webapi.
 * Not exported from the package index.
 */
import { OAuthError, ResponseError, configurationError, invalidOption, redactValue, type ResponseErrorCode } from './errors.js';
import { correlationIdOf } from './http/correlation-id.js';
import { NetworkError } from './http/errors.js';
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
}

/** What every call to the authorization service needs. */
export interface AuthConfig extends AuthEndpoint {
  /** Aborts the request (and, for revocation, the waits between attempts). */
  signal?: AbortSignal;
}

/**
 * Values a request sent that must not come back in any error: cut out of the evidence.
 *
 * @example
 * const secrets: Secrets = [config.credentials.clientSecret, params.password];
 */
export type Secrets = readonly (string | undefined)[];

/**
 * Path segment of a key, e.g. a project or store key; also how each part of the Basic
 * credentials is encoded.
 *
 * @example
 * `/oauth/${segment(projectKey)}/anonymous/token`
 */
export const segment: (value: string) => string = encodeURIComponent;

/**
 * `Authorization: Basic` for a client. RFC 6749 2.3.1 has both parts form-encoded before they are
 * joined, so a `:` or a non-ASCII character in them survives; after encoding the string is ASCII,
 * which is what `btoa` needs.
 *
 * @example
 * basicAuthorization({ clientId: 'id', clientSecret: 's:1' }) // 'Basic aWQ6cyUzQTE='
 */
export function basicAuthorization(credentials: ClientCredentials): string {
  return `Basic ${btoa(`${segment(credentials.clientId)}:${segment(credentials.clientSecret)}`)}`;
}

/**
 * Whether a value is a non-empty string (also a validator for {@link member}).
 *
 * @example
 * member(response, body, 'scope', isText, 'a non-empty string');
 */
export const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A required text parameter; the message names the parameter, never the value.
 *
 * @example
 * const username = requireText(params.username, 'username');
 */
export function requireText(value: unknown, name: string): string {
  if (!isText(value)) throw invalidOption(`${name} must be a non-empty string`);
  return value;
}

/**
 * Checks a config before anything is sent; returns the base URL and the `fetch` to use.
 *
 * @example
 * const { base, fetch } = checkConfig(config);
 */
export function checkConfig(config: AuthConfig): { base: string; fetch: typeof fetch } {
  const { credentials, fetch: given } = config;
  if (!isText(credentials?.clientId) || !isText(credentials.clientSecret)) {
    throw configurationError('MISSING_CREDENTIALS', 'credentials need a clientId and a clientSecret');
  }
  requireText(config.projectKey, 'projectKey');
  if (given !== undefined && typeof given !== 'function') throw invalidOption('fetch must be a function');
  // Bind the global lazily: some runtimes throw "Illegal invocation" on a detached fetch.
  return {
    base: resolveBaseUrl(config.authUrl, { allowInsecureHttp: config.allowInsecureHttp }),
    fetch: given ?? ((input, init) => fetch(input, init)),
  };
}

/** Scopes to ask for: a space-separated string or a list. */
export type ScopeRequest = string | readonly string[];

/**
 * The `scope` form parameter of a {@link ScopeRequest}, or undefined when empty.
 *
 * @example
 * scopeParam(['view_products:p', 'view_orders:p']) // 'view_products:p view_orders:p'
 */
export function scopeParam(scope: ScopeRequest | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const list = typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : scope;
  if (!Array.isArray(list) || !list.every((entry) => /^\S+$/.test(entry))) {
    throw invalidOption('scope must be a string or a list of single scopes');
  }
  return list.join(' ') || undefined;
}

/**
 * POSTs a form with Basic authentication; `undefined` members are left out.
 *
 * @example
 * const response = await postForm(config, '/oauth/introspect', { token });
 */
export async function postForm(config: AuthConfig, path: string, form: Record<string, string | undefined>): Promise<Response> {
  const { base, fetch } = checkConfig(config);
  const url = base + path;
  try {
    return await fetch(url, {
      method: 'POST',
      headers: {
        authorization: basicAuthorization(config.credentials),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: `${new URLSearchParams(Object.entries(form).filter((member): member is [string, string] => member[1] !== undefined))}`,
      signal: config.signal,
    });
  } catch (error) {
    // fetch's network failure ("fetch failed"), with the URL and what to do about it.
    if (error instanceof TypeError && !config.signal?.aborted) {
      throw new NetworkError({ method: 'POST', url, correlationId: undefined, attempts: 1, cause: error });
    }
    throw error;
  }
}

/**
 * Reads no more of a body we do not want.
 *
 * @example
 * await discard(response);
 */
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
 * The check every answer of the authorization service goes through, in its fixed order:
 * (1) the status, 200 unless `expected` says otherwise; (2) for any other status the OAuth error
 * body, thrown as {@link OAuthError}, else {@link ResponseError} `UNEXPECTED_STATUS`; (3) content
 * type `application/json`; (4) a JSON object, which is returned. With `bodyless` the body of the
 * expected answer is discarded instead (revocation). Step 5 is {@link member}. `secrets` are the
 * values the request sent, cut out of the evidence. A parse error's own message quotes the body
 * (and so possibly a token): the evidence keeps only its name.
 *
 * @example
 * const body = await readAnswer(response, [config.credentials.clientSecret, token]);
 * const active = member(response, body, 'active', (value): value is boolean => typeof value === 'boolean', 'a boolean');
 */
export async function readAnswer(
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
 * Step 5: a required member, for which `valid` holds (default: a non-empty string); `expected`
 * says what it must be. The evidence names the member and what was expected, never the value:
 * the value may be a token.
 *
 * @example
 * const scope = member(response, body, 'scope');
 * const active = member(response, body, 'active', (value): value is boolean => typeof value === 'boolean', 'a boolean');
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

// ---------------------------------------------------------------------------------------------
// The steps one at a time (internal; the flows use readAnswer and member)

/**
 * Steps 1 and 2 alone: returns at once on `expected`, else throws as {@link readAnswer} does.
 *
 * @example
 * await checkStatus(response, 200, [config.credentials.clientSecret]);
 */
export async function checkStatus(response: Response, expected: number, secrets: Secrets): Promise<void> {
  if (response.status !== expected) await readAnswer(response, secrets, true, expected);
}

/**
 * Steps 3 and 4 alone, whatever the status.
 *
 * @example
 * const body = await readJsonObject(response);
 */
export function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  return readAnswer(response, [], false, response.status);
}

interface FieldTypes {
  string: string;
  number: number;
  boolean: boolean;
}

/**
 * Step 5 by type: a required member that is a non-empty string, a finite number or a boolean.
 *
 * @example
 * const scope = field(response, body, 'scope', 'string');
 */
export function field<T extends keyof FieldTypes>(response: Response, body: Record<string, unknown>, name: string, type: T): FieldTypes[T] {
  const valid = (value: unknown): value is FieldTypes[T] =>
    typeof value === type && value !== '' && (type !== 'number' || Number.isFinite(value));
  return member(response, body, name, valid, type === 'string' ? 'a non-empty string' : `a ${type}`);
}

/**
 * Step 5 for an optional member: absent is fine, present must have the type.
 *
 * @example
 * const refreshToken = optionalField(response, body, 'refresh_token', 'string');
 */
export function optionalField<T extends keyof FieldTypes>(
  response: Response,
  body: Record<string, unknown>,
  name: string,
  type: T,
): FieldTypes[T] | undefined {
  return body[name] === undefined ? undefined : field(response, body, name, type);
}

/**
 * {@link ResponseError} `INVALID_FIELD` for a member with a value out of its domain; the
 * evidence names the member, what was expected and the type found (`actual`), never the value.
 *
 * @example
 * throw invalidField(response, 'token_type', '"Bearer"');
 */
export function invalidField(response: Response, name: string, expected: string, actual?: string): ResponseError {
  return refused(response, `response member "${name}" is not ${expected}`, 'INVALID_FIELD', { field: name, expected, actual });
}
