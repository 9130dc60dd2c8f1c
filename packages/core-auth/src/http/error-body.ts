/**
 * The error body of every non-2xx answer of the API and Change History services
 * (contract-notes 1): `{ statusCode, message, errors: [{ code, message, ...extra }] }`, with
 * top-level `error` and `error_description` on authentication errors. Parsed into one value,
 * {@link ServiceError}, that the clients type further by `code`.
 */
import { correlationIdOf } from './correlation-id.js';

/**
 * One entry of `errors`: a `code`, a `message`, and the code's extra fields.
 *
 * @example
 * for (const e of (await readServiceError(res)).errors) console.log(e.code, e.message);
 */
export interface ServiceErrorObject {
  code: string;
  message: string;
  [extra: string]: unknown;
}

/**
 * What every error answer carries besides its `code` and `message`: the answer's status and
 * correlation id, every error of its body, and the OAuth fields of 401 and 403 answers. The
 * typed errors of the clients (`CommerceError`, `HistoryError`) carry the same.
 *
 * @example
 * function report(error: ServiceErrorContext) {
 *   console.error(error.statusCode, error.correlationId, error.errors.length);
 * }
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
 *
 * When the answer has no error body of the service (an HTML page from a proxy, an empty 502, a
 * body that is not JSON), `code` is `UnknownError`, `errors` is empty and `reportedCode` is
 * absent. When the body names a code, `reportedCode` repeats it.
 *
 * @example
 * const error: ServiceError = await readServiceError(res);
 * if (error.code === 'ConcurrentModification') console.log(error['currentVersion']);
 */
export interface ServiceError extends ServiceErrorContext {
  /** The code of the first error, e.g. `ConcurrentModification`; `UnknownError` without an error body. */
  code: string;
  /** The first error's message; a generic one without an error body. */
  message: string;
  [extra: string]: unknown;
}

function isErrorObject(value: unknown): value is ServiceErrorObject {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * Builds a {@link ServiceError} from a parsed (or unparsable) error body and its answer.
 * `body` is what the caller has already read: JSON, text, or `undefined`.
 *
 * @example
 * const { error, response } = await client.GET('/stores');
 * if (error) toServiceError(error, response).code;
 */
export function toServiceError(body: unknown, response: Pick<Response, 'status' | 'headers'>): ServiceError {
  const correlationId = correlationIdOf(response as Response);
  const parsed = typeof body === 'string' ? tryJson(body) : body;
  const record = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  const errors = Array.isArray(record?.['errors']) ? (record['errors'] as unknown[]).filter(isErrorObject).map((e) => ({ ...e, message: String(e.message ?? '') })) : [];
  const oauth: Pick<ServiceError, 'error' | 'error_description'> = {};
  if (typeof record?.['error'] === 'string') oauth.error = record['error'];
  if (typeof record?.['error_description'] === 'string') oauth.error_description = record['error_description'];
  const first = errors[0];
  if (first !== undefined) {
    return { ...first, statusCode: response.status, correlationId, errors, reportedCode: first.code, ...oauth };
  }
  const message = typeof record?.['message'] === 'string' ? record['message'] : `HTTP ${response.status} without an error body of the service`;
  const reported = oauth.error !== undefined ? { reportedCode: oauth.error } : {};
  return { code: 'UnknownError', message, statusCode: response.status, correlationId, errors, ...reported, ...oauth };
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
 *
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
