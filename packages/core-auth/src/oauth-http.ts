/**
 * Internal: one POST to the authorization service, and the fixed order in which its answer is
 * checked (status, OAuth error body, content type, JSON, required members), after oauth4webapi.
 * Not exported from the package index.
 */
import { ConfigurationError, OAuthError, ResponseError, redactText, redactValue, type ResponseErrorCode } from './errors.js';
import { correlationIdOf } from './http/correlation-id.js';
import { resolveBaseUrl } from './regions.js';
import { joinScopes } from './scopes.js';

/** An API client's credentials. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** What every call to the authorization service needs. */
export interface AuthConfig {
  /**
   * `{auth_url}` of the project's region, e.g. `https://auth.europe-west1.gcp.commercetools.com`
   * (see `regionUrls`). Deprecated aliases are mapped; plain `http:` only to loopback hosts.
   */
  authUrl: string;
  projectKey: string;
  credentials: ClientCredentials;
  /** `fetch` to use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Aborts the request (and, for revocation, the waits between attempts). */
  signal?: AbortSignal;
}

/**
 * `Authorization: Basic` for a client. RFC 6749 2.3.1 has both parts form-encoded before they are
 * joined, so a `:` or a non-ASCII character in them survives; after encoding the string is ASCII,
 * which is what `btoa` needs.
 */
export function basicAuthorization(credentials: ClientCredentials): string {
  return `Basic ${btoa(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`)}`;
}

/** Checks a config before anything is sent. */
export function checkConfig(config: AuthConfig): { base: string; fetch: typeof fetch } {
  const { credentials } = config;
  if (
    typeof credentials !== 'object' ||
    credentials === null ||
    typeof credentials.clientId !== 'string' ||
    credentials.clientId === '' ||
    typeof credentials.clientSecret !== 'string' ||
    credentials.clientSecret === ''
  ) {
    throw new ConfigurationError('credentials.clientId and credentials.clientSecret are required', { code: 'MISSING_CREDENTIALS' });
  }
  if (typeof config.projectKey !== 'string' || config.projectKey === '') {
    throw new ConfigurationError('projectKey is required', { code: 'INVALID_OPTION' });
  }
  if (config.fetch !== undefined && typeof config.fetch !== 'function') {
    throw new ConfigurationError('fetch must be a function', { code: 'INVALID_OPTION' });
  }
  // Bind the global lazily: some runtimes throw "Illegal invocation" on a detached fetch.
  return { base: resolveBaseUrl(config.authUrl), fetch: config.fetch ?? ((input, init) => fetch(input, init)) };
}

/** Scopes to ask for: a space-separated string or a list. */
export type ScopeRequest = string | readonly string[];

/** A required text parameter; the message names the parameter, never the value. */
export function requireText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new ConfigurationError(`${name} must be a non-empty string`, { code: 'INVALID_OPTION' });
  }
  return value;
}

/** The `scope` form parameter of a {@link ScopeRequest}, or undefined when empty. */
export function scopeParam(scope: ScopeRequest | undefined): string | undefined {
  if (scope === undefined) return undefined;
  try {
    const joined = joinScopes(scope);
    return joined === '' ? undefined : joined;
  } catch (error) {
    throw new ConfigurationError('scope must be a space-separated string or a list of single scopes', { code: 'INVALID_OPTION', cause: error });
  }
}

/** Path segment of a key, e.g. a project or store key. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

/** POSTs a form with Basic authentication. */
export function postForm(config: AuthConfig, path: string, form: Record<string, string | undefined>): Promise<Response> {
  const { base, fetch: doFetch } = checkConfig(config);
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) if (value !== undefined) body.set(name, value);
  return doFetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: basicAuthorization(config.credentials),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: body.toString(),
    signal: config.signal,
  });
}

/** A {@link ResponseError} about `response`, with its status and correlation id. */
function refused(response: Response, message: string, code: ResponseErrorCode, cause: unknown): ResponseError {
  return new ResponseError(message, { code, status: response.status, correlationId: correlationIdOf(response), cause });
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type');
  return type !== null && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to learn from a body we do not want.
  }
}

/**
 * Steps 1 and 2: the status, and for any other status the OAuth error body. Throws
 * {@link OAuthError} when the body carries an `error`, else {@link ResponseError}
 * `UNEXPECTED_STATUS`. `secrets` are the values this request sent, cut out of the evidence.
 */
export async function checkStatus(response: Response, expected: number, secrets: readonly (string | undefined)[]): Promise<void> {
  if (response.status === expected) return;
  const correlationId = correlationIdOf(response);
  let body: unknown;
  if (isJson(response)) {
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
  } else {
    await discard(response);
  }
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    const { error, error_description: description } = body as { error: string; error_description?: unknown };
    throw new OAuthError({
      error: redactText(error, secrets),
      status: response.status,
      description: typeof description === 'string' ? redactText(description, secrets) : undefined,
      correlationId,
      cause: redactValue(body, secrets),
    });
  }
  throw refused(response, `unexpected status ${response.status} (expected ${expected})`, 'UNEXPECTED_STATUS', {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: redactValue(body, secrets),
  });
}

/**
 * Steps 3 and 4: content type, then a JSON object. A parse error's own message quotes the body
 * (and so possibly a token); the evidence keeps only its name.
 */
export async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  if (!isJson(response)) {
    await discard(response);
    throw refused(response, 'response is not application/json', 'INVALID_CONTENT_TYPE', { contentType: response.headers.get('content-type') });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw refused(response, 'response body is not valid JSON', 'INVALID_JSON', { name: (error as Error).name });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw refused(response, 'response body is not a JSON object', 'INVALID_JSON', { type: Array.isArray(body) ? 'array' : body === null ? 'null' : typeof body });
  }
  return body as Record<string, unknown>;
}

interface FieldTypes {
  string: string;
  number: number;
  boolean: boolean;
}

/**
 * Step 5: a required member of the given type. The evidence names the member and the type
 * found, never the value: the value may be a token.
 */
export function field<T extends keyof FieldTypes>(response: Response, body: Record<string, unknown>, name: string, type: T): FieldTypes[T] {
  const value = body[name];
  if (value === undefined || value === null) {
    throw refused(response, `response lacks "${name}"`, 'MISSING_FIELD', { field: name });
  }
  const ok = typeof value === type && (type !== 'number' || Number.isFinite(value)) && (type !== 'string' || value !== '');
  if (!ok) {
    throw refused(response, `response member "${name}" is not a ${type === 'string' ? 'non-empty string' : type}`, 'INVALID_FIELD', {
      field: name,
      expected: type,
      actual: value === '' ? 'empty string' : typeof value,
    });
  }
  return value as FieldTypes[T];
}

/** Step 5 for an optional member: absent is fine, present must have the type. */
export function optionalField<T extends keyof FieldTypes>(response: Response, body: Record<string, unknown>, name: string, type: T): FieldTypes[T] | undefined {
  return body[name] === undefined ? undefined : field(response, body, name, type);
}

/** Raises {@link ResponseError} `INVALID_FIELD` for a member with a value out of its domain. */
export function invalidField(response: Response, name: string, expected: string): ResponseError {
  return refused(response, `response member "${name}" is not ${expected}`, 'INVALID_FIELD', { field: name, expected });
}
