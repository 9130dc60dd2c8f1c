/**
 * The errors of the service's answers, which every client types by its own codes: the error body `{
 * statusCode, message, errors: [{ code, message, ...extra }] }` (with `error` and
 * `error_description` on authentication errors) read into a {@link ServiceError}; results that are
 * data or a typed error; a guard per code; the class thrown where an error cannot be a value.
 */
import { correlationIdOf } from './correlation-id.js';

/** One entry of `errors`: a `code`, a `message`, and the code's extra fields. */
export interface ServiceErrorObject {
  code: string;
  message: string;
  [extra: string]: unknown;
}

/**
 * What every error answer carries besides its `code` and `message`: the answer's status and
 * correlation id, every error of its body, and the OAuth fields of 401 and 403 answers.
 */
export interface ServiceErrorContext {
  /** HTTP status of the answer. */
  statusCode: number;
  /** The answer's `X-Correlation-ID`: quote it to support. */
  correlationId: string | undefined;
  /**
   * Every error of the body, in order; the first is the error itself. Empty when the answer had
   * no error body of the service (then the code is `UnknownError`).
   */
  errors: ServiceErrorObject[];
  /** The code the service sent, if it sent one (differs from `code` only for an `UnknownError`). */
  reportedCode?: string;
  /** OAuth error code of 401 and 403 answers, e.g. `invalid_token`, `insufficient_scope`. */
  error?: string;
  /** OAuth error description of 401 and 403 answers. */
  error_description?: string;
}

/**
 * An error answer of the service, as a value. Its own `code` and extra fields are those of the
 * first entry of `errors`; `errors` holds them all.
 */
export interface ServiceError extends ServiceErrorContext {
  /** The code of the first error, e.g. `ConcurrentModification`; `UnknownError` without an error body. */
  code: string;
  /**
   * The first error's message, followed by its `detailedErrorMessage` when it has one (the entry in
   * `errors` keeps both as sent); a generic one without an error body.
   */
  message: string;
  [extra: string]: unknown;
}

function isErrorObject(value: unknown): value is ServiceErrorObject {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * Builds a {@link ServiceError} from a parsed (or unparsable) error body and its answer.
 * `body` is what the caller has already read: JSON, text, or `undefined`.
 */
export function toServiceError(body: unknown, response: Pick<Response, 'status' | 'headers'>): ServiceError {
  const correlationId = correlationIdOf(response as Response);
  const parsed = typeof body === 'string' ? tryJson(body) : body;
  const record = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  const errors = Array.isArray(record?.['errors'])
    ? (record['errors'] as unknown[]).filter(isErrorObject).map((e): ServiceErrorObject => ({ ...e, message: String(e.message ?? '') }))
    : [];
  const oauth: Pick<ServiceError, 'error' | 'error_description'> = {};
  if (typeof record?.['error'] === 'string') oauth.error = record['error'];
  if (typeof record?.['error_description'] === 'string') oauth.error_description = record['error_description'];
  const first = errors[0];
  if (first !== undefined) {
    const message = withDetailedMessage(first.message, first['detailedErrorMessage']);
    return { ...first, message, statusCode: response.status, correlationId, errors, reportedCode: first.code, ...oauth };
  }
  const message =
    typeof record?.['message'] === 'string' ? record['message'] : `HTTP ${response.status} without an error body of the service`;
  const reported = oauth.error !== undefined ? { reportedCode: oauth.error } : {};
  return { code: 'UnknownError', message, statusCode: response.status, correlationId, errors, ...reported, ...oauth };
}

/**
 * An error's `message` followed by its `detailedErrorMessage` (what is wrong where, e.g. `key: must
 * NOT have fewer than 2 characters` after `Request body does not contain valid JSON.`), when it has
 * one that the message does not already hold.
 * @example
 * withDetailedMessage('Request body does not contain valid JSON.', 'name: Missing required value')
 * // 'Request body does not contain valid JSON. name: Missing required value'
 */
export function withDetailedMessage(message: string, detailedErrorMessage: unknown): string {
  if (typeof detailedErrorMessage !== 'string' || detailedErrorMessage === '' || message.includes(detailedErrorMessage)) return message;
  return message === '' ? detailedErrorMessage : `${message} ${detailedErrorMessage}`;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads an error answer's body (without consuming the caller's copy) into a {@link ServiceError}.
 * @example
 * const res = await transport(url);
 * if (!res.ok) {
 *   const error = await readServiceError(res);
 *   if (error.code === 'ConcurrentModification') console.log(error.currentVersion);
 * }
 */
export async function readServiceError(response: Response): Promise<ServiceError> {
  let text: string | undefined;
  try {
    text = await response.clone().text();
  } catch {
    text = undefined;
  }
  return toServiceError(text, response);
}

/** What every typed error of a client is: a code and a message, in the context of its answer. */
export interface TypedServiceError extends ServiceErrorContext {
  /** The error's code, e.g. `ConcurrentModification`; `UnknownError` for an answer the client cannot type. */
  code: string;
  /** The first error's message. */
  message: string;
}

/**
 * The result of a call: its data, or its error answer as a value of type `E`; with the answer
 * and its correlation id either way.
 */
export type ServiceResult<Data, E> =
  | { data: Data; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; error: E; response: Response; correlationId: string | undefined };

/**
 * Turns an openapi-fetch result (`{ data, error, response }`) into a {@link ServiceResult}: the
 * data of a 2xx answer, or the error body made a typed error by `toError`.
 */
export function toServiceResult<Data, E>(
  result: { data?: unknown; error?: unknown; response: Response },
  toError: (body: unknown, response: Response) => E,
): ServiceResult<Data, E> {
  const { response } = result;
  const correlationId = correlationIdOf(response);
  if (response.ok) return { data: result.data as Data, response, correlationId };
  return { error: toError(result.error, response), response, correlationId };
}

/**
 * A type guard for the typed errors of one code: true for an error value (an object with a
 * numeric `statusCode`) whose `code` is `code`. `T` is the error type it narrows to.
 */
export function serviceErrorGuard<T extends TypedServiceError>(code: string): (error: unknown) => error is T {
  return (error: unknown): error is T =>
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === code &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * The base of each client's error class for an error answer that cannot be handed back as a value
 * (an iterator, `unwrap`): carries the typed error as `error`.
 */
export class ServiceApiError<E extends TypedServiceError, Name extends string = string, Code extends string = string> extends Error {
  override readonly name: Name;
  /** Stable for every instance of the class; the service's own code is `error.code`. */
  readonly code: Code;
  /** The error answer. */
  readonly error: E;
  /** HTTP status of the answer. */
  readonly status: number;
  /** The answer's `X-Correlation-ID`. */
  readonly correlationId: string | undefined;

  constructor(error: E, kind: { name: Name; code: Code }) {
    super(`${error.statusCode} ${error.code}: ${error.message}`, { cause: error });
    this.name = kind.name;
    this.code = kind.code;
    this.error = error;
    this.status = error.statusCode;
    this.correlationId = error.correlationId;
  }
}

/**
 * The data of a result, or its error thrown as `toThrown(error)`: the body of each client's
 * `unwrap`, for code that prefers exceptions.
 */
export function unwrapResult<T, E>(result: { data?: T; error?: E }, toThrown: (error: E) => Error): T {
  if (result.error !== undefined) throw toThrown(result.error);
  return result.data as T;
}
