/** Error answers of the commerce API as values, typed by `code`. */
import type { components } from './generated/commerce.js';
import { ServiceApiError, serviceErrorGuard, toServiceError, unwrapResult, type ServiceErrorContext } from '@commerce-kit/core-auth/http';

type Schemas = components['schemas'];

/**
 * What every {@link CommerceError} carries besides the fields of its error object (the context
 * of every error answer, see `ServiceErrorContext` of `@commerce-kit/core-auth/http`).
 */
export type CommerceErrorContext = ServiceErrorContext;

/** 429: too many requests. */
export interface TooManyRequestsError {
  code: 'TooManyRequests';
  message: string;
}

/**
 * An answer this client cannot type: no error body of the service (an HTML page, an empty 502 from
 * a proxy) or a code it does not know.
 */
export interface UnknownCommerceErrorObject {
  code: 'UnknownError';
  message: string;
}

/** The error objects of the API, as generated from the schema (see https://docs.commercetools.com/api/errors). */
export type CommerceErrorObject = Schemas['ErrorObject'];

type WithContext<T> = T extends unknown ? T & CommerceErrorContext : never;

/** An error answer of the commerce API, discriminated by `code`. */
export type CommerceError = WithContext<CommerceErrorObject | TooManyRequestsError | UnknownCommerceErrorObject>;

/** Every `code` a {@link CommerceError} can have. */
export type CommerceErrorCode = CommerceError['code'];

/** The {@link CommerceError} variant of one code. */
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
  'NotEmulated',
  'TooManyRequests',
  'UnknownError',
]);

/**
 * Whether `code` is one this client types (the API's codes, `TooManyRequests` and
 * `UnknownError`).
 * @example
 * isCommerceErrorCode('ConcurrentModification') // true
 */
export function isCommerceErrorCode(code: string): code is CommerceErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * Builds a {@link CommerceError} from an error answer and its (already read) body. A code this
 * client does not know becomes `UnknownError`, with the service's code in `reportedCode`.
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

/** 409: the version sent is not the current one; `currentVersion` is. */
export const isConcurrentModification = /* @__PURE__ */ guard('ConcurrentModification');
/** 404: no resource with that id or key. */
export const isResourceNotFound = /* @__PURE__ */ guard('ResourceNotFound');
/** 400: bad query parameter, limit or offset out of range, unknown update action. */
export const isInvalidInput = /* @__PURE__ */ guard('InvalidInput');
/** 400: the body is not JSON or not of the right shape; `detailedErrorMessage` says where. */
export const isInvalidJsonInput = /* @__PURE__ */ guard('InvalidJsonInput');
/** 400: a required `field` is missing. */
export const isRequiredField = /* @__PURE__ */ guard('RequiredField');
/** 400: `field` has an invalid value (`invalidValue`, maybe `allowedValues`). */
export const isInvalidField = /* @__PURE__ */ guard('InvalidField');
/** 400: another resource already holds `duplicateValue` in the unique `field` (e.g. `key`). */
export const isDuplicateField = /* @__PURE__ */ guard('DuplicateField');
/** 400: a ResourceIdentifier points to nothing (`typeId`, `id` or `key`). */
export const isReferencedResourceNotFound = /* @__PURE__ */ guard('ReferencedResourceNotFound');
/** 400: the resource is still referenced (`referencedBy`), e.g. a Product Selection assigned to a Store. */
export const isReferenceExists = /* @__PURE__ */ guard('ReferenceExists');
/** 400: the operation does not fit the resource's state, e.g. adding a Product twice. */
export const isInvalidOperation = /* @__PURE__ */ guard('InvalidOperation');
/** 401: missing, invalid, expired or revoked token (the transport has already retried once). */
export const isInvalidToken = /* @__PURE__ */ guard('invalid_token');
/** 403: the token lacks a scope the operation needs; the message names it. */
export const isInsufficientScope = /* @__PURE__ */ guard('insufficient_scope');
/** 500: server-side problem; the action MAY have completed: verify before retrying. */
export const isGeneralError = /* @__PURE__ */ guard('General');
/** 503: over capacity (the transport has already retried idempotent requests). */
export const isOverCapacity = /* @__PURE__ */ guard('OverCapacity');
/**
 * 501, from the emulator only: the request uses a member (`field`), an update action (`action`) or
 * an endpoint (`endpoint`) of the live API that the emulator does not model; nothing changed.
 */
export const isNotEmulated = /* @__PURE__ */ guard('NotEmulated');
/** 429: rate limited (the transport has already honoured `Retry-After` for idempotent requests). */
export const isTooManyRequests = /* @__PURE__ */ guard('TooManyRequests');
/** An answer without a typed error body, see {@link UnknownCommerceErrorObject}. */
export const isUnknownError = /* @__PURE__ */ guard('UnknownError');

/**
 * Thrown by the helpers that cannot hand back an error value (the `paginate` iterators), and by
 * {@link unwrap}: carries the {@link CommerceError} as `error`.
 */
export class CommerceApiError extends ServiceApiError<CommerceError, 'CommerceApiError', 'COMMERCE_API_ERROR'> {
  constructor(error: CommerceError) {
    super(error, { name: 'CommerceApiError', code: 'COMMERCE_API_ERROR' });
  }
}

/**
 * The data of a result, or a thrown {@link CommerceApiError}: for code that prefers exceptions.
 * @example
 * const selection = unwrap(await client.GET('/product-selections/{ID}', { params: { path: { ID } } }));
 */
export function unwrap<T>(result: { data?: T; error?: CommerceError }): T {
  return unwrapResult(result, (error) => new CommerceApiError(error));
}
