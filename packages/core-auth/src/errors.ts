/** The errors of the authorization layer: `OAuthError`, `ResponseError`, `ConfigurationError`. */
import type { AuthErrorCode } from './generated/auth.js';

/** OAuth error codes of the authorization service; others may appear. */
export type OAuthErrorCode = AuthErrorCode | (string & {});

/**
 * The base of this package's error classes (internal; not exported from the package index): an
 * `Error` with a `cause` and its own enumerable fields, set with one `Object.assign`, so that no
 * class field initialiser is emitted per field.
 */
export class FieldedError<Fields extends object> extends Error {
  constructor(message: string, { cause, ...fields }: Fields & { cause?: unknown }) {
    super(message, { cause });
    Object.assign(this, fields);
  }
}

/**
 * The authorization service answered with an OAuth error body (`{ error, error_description }`),
 * e.g. `invalid_client` (401), `invalid_scope`, `invalid_grant` or
 * `invalid_customer_account_credentials` (400).
 */
export class OAuthError extends FieldedError<{
  error: string;
  status: number;
  description?: string | undefined;
  correlationId?: string | undefined;
}> {
  override readonly name = 'OAuthError';
  /** Stable for every instance of this class. */
  readonly code = 'OAUTH_ERROR_RESPONSE' as const;
  /** The OAuth `error` member of the answer. */
  declare readonly error: OAuthErrorCode;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** The `error_description` member (redacted), if any. */
  declare readonly description: string | undefined;
  /** `X-Correlation-ID` of the answer, for support requests. */
  declare readonly correlationId: string | undefined;

  constructor(options: {
    error: string;
    status: number;
    description?: string | undefined;
    correlationId?: string | undefined;
    cause?: unknown;
  }) {
    super(
      `authorization service answered ${options.status} ${options.error}${options.description ? `: ${options.description}` : ''}`,
      options,
    );
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

/** The server broke the protocol: the answer is not what the endpoint promises. */
export class ResponseError extends FieldedError<{ code: ResponseErrorCode; status: number; correlationId?: string | undefined }> {
  override readonly name = 'ResponseError';
  declare readonly code: ResponseErrorCode;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** `X-Correlation-ID` of the answer, if any. */
  declare readonly correlationId: string | undefined;
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
export type ConfigurationErrorCode =
  'INSECURE_URL' | 'INVALID_URL' | 'CREDENTIALS_IN_URL' | 'UNKNOWN_REGION' | 'MISSING_CREDENTIALS' | 'INVALID_OPTION';

/**
 * The caller misused the package, e.g. `http://` to a public host or an unknown region. Thrown
 * before any request is sent.
 */
export class ConfigurationError extends FieldedError<{ code: ConfigurationErrorCode }> {
  override readonly name = 'ConfigurationError';
  declare readonly code: ConfigurationErrorCode;
}

/** A {@link ConfigurationError} with the given code (internal; not exported from the package index). */
export const configurationError = (code: ConfigurationErrorCode, message: string, cause?: unknown): ConfigurationError =>
  new ConfigurationError(message, { code, cause });

/**
 * `ConfigurationError` `INVALID_OPTION`: the message names the option and says what it must be, and
 * shows a value only when it cannot be a secret.
 */
export const invalidOption = (message: string): ConfigurationError => configurationError('INVALID_OPTION', message);
