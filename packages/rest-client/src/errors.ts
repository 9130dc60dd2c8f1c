/**
 * Error answers of the commerce API as values, typed by `code` (contract-notes 1). Each variant
 * is one of the generated error object types of `components['schemas']` (e.g.
 * `ConcurrentModificationError` with `currentVersion`), plus the answer's status, correlation id
 * and every error of the body. A `switch (error.code)` narrows; so does a guard per code.
 */
import type { components } from './generated/commerce.js';
import { ServiceApiError, serviceErrorGuard, toServiceError, unwrapResult, type ServiceErrorContext } from '@commerce-kit/core-auth/http';

type Schemas = components['schemas'];

/**
 * What every {@link CommerceError} carries besides the fields of its error object (the context
 * of every error answer, see `ServiceErrorContext` of `@commerce-kit/core-auth/http`).
 *
 * @example
 * if (error) console.error(error.statusCode, error.correlationId, error.errors.length);
 */
export type CommerceErrorContext = ServiceErrorContext;

/**
 * 429: too many requests. Not in contract-notes 1 for the API (only for Change History), but any
 * service behind a rate limiter may send it; the transport has already waited `Retry-After` and
 * retried idempotent requests.
 *
 * @example
 * if (isTooManyRequests(error)) scheduleLater();
 */
export interface TooManyRequestsError {
  code: 'TooManyRequests';
  message: string;
}

/**
 * An answer this client cannot type: no error body of the service (an HTML page, an empty 502
 * from a proxy) or a code outside contract-notes 1. `reportedCode` holds the code the body
 * named, if any.
 *
 * @example
 * if (error?.code === 'UnknownError') console.error(error.statusCode, error.reportedCode);
 */
export interface UnknownCommerceErrorObject {
  code: 'UnknownError';
  message: string;
}

/**
 * The error objects of contract-notes 1, as generated from the schema.
 *
 * @example
 * const first: CommerceErrorObject | undefined = error?.errors[0] as CommerceErrorObject | undefined;
 */
export type CommerceErrorObject = Schemas['ErrorObject'];

type WithContext<T> = T extends unknown ? T & CommerceErrorContext : never;

/**
 * An error answer of the commerce API, discriminated by `code`.
 *
 * @example
 * const { data, error } = await client.POST('/product-selections/{ID}', { params: { path: { ID } }, body: { version, actions } });
 * if (error) {
 *   switch (error.code) {
 *     case 'ConcurrentModification':
 *       console.log('now at version', error.currentVersion);
 *       break;
 *     case 'InvalidOperation':
 *       console.log(error.message, error.correlationId);
 *       break;
 *   }
 * }
 */
export type CommerceError = WithContext<CommerceErrorObject | TooManyRequestsError | UnknownCommerceErrorObject>;

/**
 * Every `code` a {@link CommerceError} can have.
 *
 * @example
 * const retryable: CommerceErrorCode[] = ['ConcurrentModification', 'OverCapacity'];
 */
export type CommerceErrorCode = CommerceError['code'];

/**
 * The {@link CommerceError} variant of one code.
 *
 * @example
 * function retryLater(error: CommerceErrorOf<'OverCapacity'>) { console.warn(error.correlationId); }
 */
export type CommerceErrorOf<C extends CommerceErrorCode> = Extract<CommerceError, { code: C }>;

const KNOWN_CODES: ReadonlySet<string> = new Set<CommerceErrorCode>([
  'ConcurrentModification',
  'ResourceNotFound',
  'InvalidInput',
  'InvalidJsonInput',
  'RequiredField',
  'InvalidField',
  'DuplicateField',
  'ReferencedResourceNotFound',
  'ReferenceExists',
  'InvalidOperation',
  'invalid_token',
  'insufficient_scope',
  'General',
  'OverCapacity',
  'TooManyRequests',
  'UnknownError',
]);

/**
 * Whether `code` is one this client types (the codes of contract-notes 1, `TooManyRequests` and
 * `UnknownError`).
 *
 * @example
 * isCommerceErrorCode('ConcurrentModification') // true
 */
export function isCommerceErrorCode(code: string): code is CommerceErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * Builds a {@link CommerceError} from an error answer and its (already read) body. A code this
 * client does not know becomes `UnknownError`, with the service's code in `reportedCode`.
 *
 * @example
 * const res = await fetch(url);
 * if (!res.ok) console.log(toCommerceError(await res.text(), res).code);
 */
export function toCommerceError(body: unknown, response: Pick<Response, 'status' | 'headers'>): CommerceError {
  const error = toServiceError(body, response);
  if (!isCommerceErrorCode(error.code)) error.code = 'UnknownError';
  return error as unknown as CommerceError;
}

const guard = <C extends CommerceErrorCode>(code: C) => serviceErrorGuard<CommerceErrorOf<C>>(code);

/**
 * 409: the version sent is not the current one; `currentVersion` is.
 *
 * @example
 * if (isConcurrentModification(error)) retryWith(error.currentVersion);
 */
export const isConcurrentModification = /* @__PURE__ */ guard('ConcurrentModification');
/**
 * 404: no resource with that id or key.
 *
 * @example
 * if (isResourceNotFound(error)) return undefined;
 */
export const isResourceNotFound = /* @__PURE__ */ guard('ResourceNotFound');
/**
 * 400: bad query parameter, limit or offset out of range, unknown update action.
 *
 * @example
 * if (isInvalidInput(error)) console.error(error.message);
 */
export const isInvalidInput = /* @__PURE__ */ guard('InvalidInput');
/**
 * 400: the body is not JSON or not of the right shape; `detailedErrorMessage` says where.
 *
 * @example
 * if (isInvalidJsonInput(error)) console.error(error.detailedErrorMessage);
 */
export const isInvalidJsonInput = /* @__PURE__ */ guard('InvalidJsonInput');
/**
 * 400: a required `field` is missing.
 *
 * @example
 * if (isRequiredField(error)) highlight(error.field);
 */
export const isRequiredField = /* @__PURE__ */ guard('RequiredField');
/**
 * 400: `field` has an invalid value (`invalidValue`, maybe `allowedValues`).
 *
 * @example
 * if (isInvalidField(error)) highlight(error.field, error.allowedValues);
 */
export const isInvalidField = /* @__PURE__ */ guard('InvalidField');
/**
 * 400: another resource already holds `duplicateValue` in the unique `field` (e.g. `key`).
 *
 * @example
 * if (isDuplicateField(error) && error.field === 'key') return fetchExisting(error.duplicateValue);
 */
export const isDuplicateField = /* @__PURE__ */ guard('DuplicateField');
/**
 * 400: a ResourceIdentifier points to nothing (`typeId`, `id` or `key`).
 *
 * @example
 * if (isReferencedResourceNotFound(error)) console.error(error.typeId, error.id ?? error.key);
 */
export const isReferencedResourceNotFound = /* @__PURE__ */ guard('ReferencedResourceNotFound');
/**
 * 400: the resource is still referenced (`referencedBy`), e.g. a Product Selection assigned to a Store.
 *
 * @example
 * if (isReferenceExists(error)) await unassignFromStores();
 */
export const isReferenceExists = /* @__PURE__ */ guard('ReferenceExists');
/**
 * 400: the operation does not fit the resource's state, e.g. adding a Product twice.
 *
 * @example
 * if (isInvalidOperation(error)) console.warn(error.message);
 */
export const isInvalidOperation = /* @__PURE__ */ guard('InvalidOperation');
/**
 * 401: missing, invalid, expired or revoked token (the transport has already retried once).
 *
 * @example
 * if (isInvalidToken(error)) await signInAgain();
 */
export const isInvalidToken = /* @__PURE__ */ guard('invalid_token');
/**
 * 403: the token lacks a scope the operation needs; the message names it.
 *
 * @example
 * if (isInsufficientScope(error)) console.error(error.message);
 */
export const isInsufficientScope = /* @__PURE__ */ guard('insufficient_scope');
/**
 * 500: server-side problem; the action MAY have completed (spec 7): verify before retrying.
 *
 * @example
 * if (isGeneralError(error)) await verifyByKey();
 */
export const isGeneralError = /* @__PURE__ */ guard('General');
/**
 * 503: over capacity (the transport has already retried idempotent requests).
 *
 * @example
 * if (isOverCapacity(error)) scheduleLater();
 */
export const isOverCapacity = /* @__PURE__ */ guard('OverCapacity');
/**
 * 429: rate limited (the transport has already honoured `Retry-After` for idempotent requests).
 *
 * @example
 * if (isTooManyRequests(error)) scheduleLater();
 */
export const isTooManyRequests = /* @__PURE__ */ guard('TooManyRequests');
/**
 * An answer without a typed error body, see {@link UnknownCommerceErrorObject}.
 *
 * @example
 * if (isUnknownError(error)) console.error(error.statusCode, error.reportedCode);
 */
export const isUnknownError = /* @__PURE__ */ guard('UnknownError');

/**
 * Thrown by the helpers that cannot hand back an error value (the `paginate` iterators), and by
 * {@link unwrap}: carries the {@link CommerceError} as `error`.
 *
 * @example
 * try {
 *   for await (const selection of paginate(client, '/product-selections', { query: { where: ['bad predicate'] } })) use(selection);
 * } catch (e) {
 *   if (e instanceof CommerceApiError && e.error.code === 'InvalidInput') console.error(e.error.message);
 * }
 */
export class CommerceApiError extends ServiceApiError<CommerceError, 'CommerceApiError', 'COMMERCE_API_ERROR'> {
  constructor(error: CommerceError) {
    super(error, { name: 'CommerceApiError', code: 'COMMERCE_API_ERROR' });
  }
}

/**
 * The data of a result, or a thrown {@link CommerceApiError}: for code that prefers exceptions.
 *
 * @example
 * const selection = unwrap(await client.GET('/product-selections/{ID}', { params: { path: { ID } } }));
 */
export function unwrap<T>(result: { data?: T; error?: CommerceError }): T {
  return unwrapResult(result, (error) => new CommerceApiError(error));
}
