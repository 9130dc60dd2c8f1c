/**
 * The three error classes of this package. Each carries a stable `code` and its evidence in
 * `cause`. None of them ever holds a secret (client secret, password, access or refresh token,
 * callback API key): the evidence is redacted before an error is built, because errors end up in
 * logs, error trackers and `JSON.stringify` output that nobody reviews.
 */
import type { AuthErrorCode } from './generated/auth.js';

/** OAuth error codes of the authorization service (contract-notes 4); others may appear. */
export type OAuthErrorCode = AuthErrorCode | (string & {});

/**
 * The authorization service answered with an OAuth error body (`{ error, error_description }`),
 * e.g. `invalid_client` (401), `invalid_scope`, `invalid_grant` or
 * `invalid_customer_account_credentials` (400).
 *
 * @example
 * try {
 *   await passwordFlow(config, { username, password });
 * } catch (e) {
 *   if (e instanceof OAuthError && e.error === 'invalid_customer_account_credentials') showLoginFailed();
 *   else throw e;
 * }
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  /** Stable for every instance of this class. */
  readonly code = 'OAUTH_ERROR_RESPONSE' as const;
  /** The OAuth `error` member of the answer. */
  readonly error: OAuthErrorCode;
  /** HTTP status of the answer. */
  readonly status: number;
  /** The `error_description` member (redacted), if any. */
  readonly description: string | undefined;
  /** `X-Correlation-ID` of the answer, for support requests. */
  readonly correlationId: string | undefined;

  constructor(options: { error: string; status: number; description?: string | undefined; correlationId?: string | undefined; cause?: unknown }) {
    const suffix = options.description ? `: ${options.description}` : '';
    super(`authorization service answered ${options.status} ${options.error}${suffix}`, { cause: options.cause });
    this.error = options.error;
    this.status = options.status;
    this.description = options.description;
    this.correlationId = options.correlationId;
  }
}

/**
 * Why a response was refused:
 * - `UNEXPECTED_STATUS`: a status the endpoint does not answer with, and no OAuth error body
 *   (e.g. 5xx, or the HTML 404 a plain-HTTP request gets);
 * - `INVALID_CONTENT_TYPE`: not `application/json`;
 * - `INVALID_JSON`: the body does not parse, or is not a JSON object;
 * - `MISSING_FIELD`: a required member is absent;
 * - `INVALID_FIELD`: a member has the wrong type or value.
 */
export type ResponseErrorCode = 'UNEXPECTED_STATUS' | 'INVALID_CONTENT_TYPE' | 'INVALID_JSON' | 'MISSING_FIELD' | 'INVALID_FIELD';

/**
 * The server broke the protocol: the answer is not what the endpoint promises. `cause` holds
 * the evidence (status, content type, the field at fault, a redacted copy of the body); never
 * the value of a token.
 *
 * @example
 * try {
 *   await clientCredentialsFlow(config);
 * } catch (e) {
 *   if (e instanceof ResponseError && e.code === 'UNEXPECTED_STATUS' && (e.status ?? 0) >= 500) retryLater();
 *   else throw e;
 * }
 */
export class ResponseError extends Error {
  override readonly name = 'ResponseError';
  readonly code: ResponseErrorCode;
  /** HTTP status of the answer. */
  readonly status: number;
  /** `X-Correlation-ID` of the answer, if any. */
  readonly correlationId: string | undefined;

  constructor(message: string, options: { code: ResponseErrorCode; status: number; correlationId?: string | undefined; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.correlationId = options.correlationId;
  }
}

/**
 * Why a configuration was refused:
 * - `INSECURE_URL`: plain `http:` to a host that is not loopback (tokens must travel over TLS);
 * - `INVALID_URL`: not an absolute `https:`/`http:` URL, or it has a query or fragment;
 * - `CREDENTIALS_IN_URL`: user name or password inside the URL;
 * - `UNKNOWN_REGION`: not one of the five regions;
 * - `MISSING_CREDENTIALS`: client id or secret absent or empty;
 * - `INVALID_OPTION`: any other option out of its domain.
 */
export type ConfigurationErrorCode = 'INSECURE_URL' | 'INVALID_URL' | 'CREDENTIALS_IN_URL' | 'UNKNOWN_REGION' | 'MISSING_CREDENTIALS' | 'INVALID_OPTION';

/**
 * The caller misused the package, e.g. `http://` to a public host or an unknown region. Thrown
 * before any request is sent.
 *
 * @example
 * try {
 *   assertSecureUrl('http://auth.example.com');
 * } catch (e) {
 *   if (e instanceof ConfigurationError) console.error(e.code); // 'INSECURE_URL'
 * }
 */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
  readonly code: ConfigurationErrorCode;

  constructor(message: string, options: { code: ConfigurationErrorCode; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.code = options.code;
  }
}

// ---------------------------------------------------------------------------------------------
// Redaction (internal; not exported from the package index)

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/** Members whose value is a secret whatever it is. */
const SECRET_MEMBERS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'password',
  'client_secret',
  'accesstoken',
  'refreshtoken',
  'clientsecret',
  'apikey',
  'api_key',
  'x-api-key',
  'authorization',
  'secret',
]);

/** Every spelling of a secret that might be echoed back: as is and percent-encoded. */
function spellings(secrets: readonly (string | undefined)[]): string[] {
  const all = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    all.add(secret);
    all.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...all].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of a known secret in a string. */
export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of spellings(secrets)) result = result.split(secret).join(REDACTED);
  return result;
}

/**
 * A deep copy of `value` without secrets: members named like a secret are replaced whole,
 * known secret strings are cut out of every other string. Depth and size are bounded, because
 * the copy only serves as evidence.
 */
export function redactValue(value: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value).slice(0, 50)) {
    copy[key] = SECRET_MEMBERS.has(key.toLowerCase()) ? REDACTED : redactValue(member, secrets, depth + 1);
  }
  return copy;
}
