/**
 * The error machinery every client of commerce-kit builds on its {@link ServiceError}s: a
 * result that is data or a typed error, a guard per error code, and the class thrown where an
 * error cannot be handed back as a value. Each client types the error by its own codes
 * (`CommerceError`, `HistoryError`); the logic is this one.
 */
import { correlationIdOf } from './correlation-id.js';
import type { ServiceErrorContext } from './error-body.js';

/**
 * What every typed error of a client is: a code and a message, in the context of its answer.
 *
 * @example
 * const error: TypedServiceError = { code: 'UnknownError', message: 'HTTP 502', statusCode: 502, correlationId: undefined, errors: [] };
 */
export interface TypedServiceError extends ServiceErrorContext {
  /** The error's code, e.g. `ConcurrentModification`; `UnknownError` for an answer the client cannot type. */
  code: string;
  /** The first error's message. */
  message: string;
}

/**
 * The result of a call: its data, or its error answer as a value of type `E`; with the answer
 * and its correlation id either way.
 *
 * @example
 * type StoreResult = ServiceResult<Store, CommerceError>;
 */
export type ServiceResult<Data, E> =
  | { data: Data; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; error: E; response: Response; correlationId: string | undefined };

/**
 * Turns an openapi-fetch result (`{ data, error, response }`) into a {@link ServiceResult}: the
 * data of a 2xx answer, or the error body made a typed error by `toError`.
 *
 * @example
 * const result = toServiceResult<Store, CommerceError>(await raw.GET('/stores/{ID}', init), toCommerceError);
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
 *
 * @example
 * export const isConcurrentModification = serviceErrorGuard<CommerceErrorOf<'ConcurrentModification'>>('ConcurrentModification');
 * if (isConcurrentModification(error)) retryWith(error.currentVersion);
 */
export function serviceErrorGuard<T extends TypedServiceError>(code: string): (error: unknown) => error is T {
  return (error: unknown): error is T =>
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === code &&
    typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * The base of each client's error class for an error answer that cannot be handed back as a
 * value (an iterator, `unwrap`): carries the typed error as `error`. `Name` and `Code` are the
 * subclass's `name` and stable `code`.
 *
 * @example
 * export class CommerceApiError extends ServiceApiError<CommerceError, 'CommerceApiError', 'COMMERCE_API_ERROR'> {
 *   constructor(error: CommerceError) {
 *     super(error, { name: 'CommerceApiError', code: 'COMMERCE_API_ERROR' });
 *   }
 * }
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
 *
 * @example
 * export function unwrap<T>(result: { data?: T; error?: CommerceError }): T {
 *   return unwrapResult(result, (error) => new CommerceApiError(error));
 * }
 */
export function unwrapResult<T, E>(result: { data?: T; error?: E }, toThrown: (error: E) => Error): T {
  if (result.error !== undefined) throw toThrown(result.error);
  return result.data as T;
}
