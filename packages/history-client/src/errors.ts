/**
 * Error answers of the Change History as values, typed by `code` (contract-notes 6):
 * `BadRequest` 400, `Unauthorized` 401, `Forbidden` 403, `TooManyRequests` 429, `OverCapacity`
 * 503, and `UnknownError` for anything else (an HTML page from a proxy, a 500, a 404 for an
 * unknown project). A `switch (error.code)` narrows; so does a guard per code.
 */
import type { HistoryErrorCode as SchemaErrorCode } from './generated/history.js';
import { toServiceError, type ServiceErrorObject } from './transport.js';

/** The codes of the Change History (history.yaml `HistoryErrorCode`) and `UnknownError`. */
export type HistoryErrorCode = SchemaErrorCode | 'UnknownError';

/**
 * An error answer of the Change History.
 *
 * @example
 * const { data, error } = await client.queryRecordsByType('product-selection');
 * if (error) {
 *   switch (error.code) {
 *     case 'Forbidden':
 *       console.error(error.message); // names the missing scope
 *       break;
 *     case 'BadRequest':
 *       console.error('bad filter:', error.message, error.correlationId);
 *       break;
 *   }
 * }
 */
export interface HistoryError {
  code: HistoryErrorCode;
  /** The first error's message. */
  message: string;
  /** HTTP status of the answer. */
  statusCode: number;
  /** The answer's `X-Correlation-ID`: quote it to support. */
  correlationId: string | undefined;
  /** Every error of the body, in order; empty when the answer had no error body of the service. */
  errors: ServiceErrorObject[];
  /** The code the body named (differs from `code` only for an `UnknownError`). */
  reportedCode?: string;
  /** OAuth error of 401 and 403 answers: `invalid_token`, `insufficient_scope`. */
  error?: string;
  /** OAuth error description of 401 and 403 answers. */
  error_description?: string;
}

/** The {@link HistoryError} of one code. */
export type HistoryErrorOf<C extends HistoryErrorCode> = HistoryError & { code: C };

const KNOWN_CODES: ReadonlySet<string> = new Set<HistoryErrorCode>(['BadRequest', 'Unauthorized', 'Forbidden', 'TooManyRequests', 'OverCapacity', 'UnknownError']);

/**
 * Builds a {@link HistoryError} from an error answer and its (already read) body. A code outside
 * contract-notes 6 becomes `UnknownError`, with the service's code in `reportedCode`.
 *
 * @example
 * const res = await fetch(url, { headers: { authorization } });
 * if (!res.ok) console.log(toHistoryError(await res.text(), res).code);
 */
export function toHistoryError(body: unknown, response: Pick<Response, 'status' | 'headers'>): HistoryError {
  const parsed = toServiceError(body, response);
  const error: HistoryError = {
    code: KNOWN_CODES.has(parsed.code) ? (parsed.code as HistoryErrorCode) : 'UnknownError',
    message: parsed.message,
    statusCode: parsed.statusCode,
    correlationId: parsed.correlationId,
    errors: parsed.errors,
  };
  if (parsed.reportedCode !== undefined) error.reportedCode = parsed.reportedCode;
  if (parsed.error !== undefined) error.error = parsed.error;
  if (parsed.error_description !== undefined) error.error_description = parsed.error_description;
  return error;
}

function guard<C extends HistoryErrorCode>(code: C): (error: unknown) => error is HistoryErrorOf<C> {
  return (error: unknown): error is HistoryErrorOf<C> =>
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * 400: a filter value out of range or of the wrong form, `date.from` after `date.to`, a filter
 * the resource type does not support, a parameter the endpoint does not take.
 *
 * @example
 * if (isBadRequest(error)) console.error(error.message);
 */
export const isBadRequest = guard('BadRequest');
/**
 * 401: missing, invalid or expired token (the transport has already retried once with a fresh one).
 *
 * @example
 * if (isUnauthorized(error)) await signInAgain();
 */
export const isUnauthorized = guard('Unauthorized');
/**
 * 403: the token lacks `view_audit_log` or the view scope of a queried type; the message names it.
 *
 * @example
 * if (isForbidden(error)) console.error(error.message);
 */
export const isForbidden = guard('Forbidden');
/**
 * 429: rate limited. The transport has already waited `Retry-After` and retried (reads are safe
 * to repeat); this is what is left after the retries ran out.
 *
 * @example
 * if (isTooManyRequests(error)) scheduleLater();
 */
export const isTooManyRequests = guard('TooManyRequests');
/**
 * 503: over capacity (the transport has already retried).
 *
 * @example
 * if (isOverCapacity(error)) scheduleLater();
 */
export const isOverCapacity = guard('OverCapacity');
/**
 * Any other answer; `reportedCode` holds the code the body named, if any.
 *
 * @example
 * if (isUnknownHistoryError(error)) console.error(error.statusCode, error.reportedCode);
 */
export const isUnknownHistoryError = guard('UnknownError');

/**
 * Thrown where an error cannot be handed back as a value (the record iterator) and by
 * {@link unwrap}; carries the {@link HistoryError} as `error`.
 *
 * @example
 * try {
 *   for await (const record of client.iterateRecords({ resourceType: 'store' })) show(record);
 * } catch (e) {
 *   if (e instanceof HistoryApiError && e.error.code === 'Forbidden') askForScope();
 * }
 */
export class HistoryApiError extends Error {
  override readonly name = 'HistoryApiError';
  /** Stable for every instance of this class; the service's own code is `error.code`. */
  readonly code = 'HISTORY_API_ERROR' as const;
  readonly error: HistoryError;
  /** HTTP status of the answer. */
  readonly status: number;
  /** The answer's `X-Correlation-ID`. */
  readonly correlationId: string | undefined;

  constructor(error: HistoryError) {
    super(`${error.statusCode} ${error.code}: ${error.message}`, { cause: error });
    this.error = error;
    this.status = error.statusCode;
    this.correlationId = error.correlationId;
  }
}

/**
 * The data of a result, or a thrown {@link HistoryApiError}: for code that prefers exceptions.
 *
 * @example
 * const page = unwrap(await client.queryRecordsById('product-selection', id));
 */
export function unwrap<T>(result: { data?: T; error?: HistoryError }): T {
  if (result.error !== undefined) throw new HistoryApiError(result.error);
  return result.data as T;
}
