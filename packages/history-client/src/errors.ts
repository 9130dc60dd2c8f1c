/**
 * Error answers of the Change History as values, typed by `code`: `BadRequest`
 * 400, `Unauthorized` 401, `Forbidden` 403, `TooManyRequests` 429, `OverCapacity` 503, and
 * `UnknownError` for anything else (an HTML page from a proxy, a 500, a 404 for an unknown
 * project).
 */
import type { HistoryErrorCode as SchemaErrorCode } from './generated/history.js';
import { ServiceApiError, serviceErrorGuard, toServiceError, unwrapResult, type ServiceErrorContext } from '@commerce-kit/core-auth/http';

/** The codes of the Change History (`HistoryErrorCode` of the schema) and `UnknownError`. */
export type HistoryErrorCode = SchemaErrorCode | 'UnknownError';

/** An error answer of the Change History. */
export interface HistoryError extends ServiceErrorContext {
  code: HistoryErrorCode;
  /** The first error's message. */
  message: string;
}

/** The {@link HistoryError} of one code. */
export type HistoryErrorOf<C extends HistoryErrorCode> = HistoryError & { code: C };

const KNOWN_CODES: ReadonlySet<string> = new Set<HistoryErrorCode>([
  'BadRequest',
  'Unauthorized',
  'Forbidden',
  'TooManyRequests',
  'OverCapacity',
  'UnknownError',
]);

/**
 * Builds a {@link HistoryError} from an error answer and its (already read) body. A code the
 * service does not document becomes `UnknownError`, with the service's code in `reportedCode`.
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

const guard = <C extends HistoryErrorCode>(code: C) => serviceErrorGuard<HistoryErrorOf<C>>(code);

/**
 * 400: a filter value out of range or of the wrong form, `date.from` after `date.to`, a filter
 * the resource type does not support, a parameter the endpoint does not take.
 */
export const isBadRequest = /* @__PURE__ */ guard('BadRequest');
/** 401: missing, invalid or expired token (the transport has already retried once with a fresh one). */
export const isUnauthorized = /* @__PURE__ */ guard('Unauthorized');
/** 403: the token lacks `view_audit_log` or the view scope of a queried type; the message names it. */
export const isForbidden = /* @__PURE__ */ guard('Forbidden');
/**
 * 429: rate limited. The transport has already waited `Retry-After` and retried (reads are safe
 * to repeat); this is what is left after the retries ran out.
 */
export const isTooManyRequests = /* @__PURE__ */ guard('TooManyRequests');
/** 503: over capacity (the transport has already retried). */
export const isOverCapacity = /* @__PURE__ */ guard('OverCapacity');
/** Any other answer; `reportedCode` holds the code the body named, if any. */
export const isUnknownHistoryError = /* @__PURE__ */ guard('UnknownError');

/**
 * Thrown where an error cannot be handed back as a value (the record iterator) and by
 * {@link unwrap}; carries the {@link HistoryError} as `error`.
 */
export class HistoryApiError extends ServiceApiError<HistoryError, 'HistoryApiError', 'HISTORY_API_ERROR'> {
  constructor(error: HistoryError) {
    super(error, { name: 'HistoryApiError', code: 'HISTORY_API_ERROR' });
  }
}

/**
 * The data of a result, or a thrown {@link HistoryApiError}: for code that prefers exceptions.
 * @example
 * const page = unwrap(await client.queryRecordsById('product-selection', id));
 */
export function unwrap<T>(result: { data?: T; error?: HistoryError }): T {
  return unwrapResult(result, (error) => new HistoryApiError(error));
}
