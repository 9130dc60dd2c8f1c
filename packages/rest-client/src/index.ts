/**
 * `@commerce-kit/rest-client`: a typed client for the commerce REST API (openapi-fetch's call
 * signatures over the generated `paths`, on a small runtime of its own), on the shared transport of
 * `@commerce-kit/core-auth/http`, with typed errors and helpers for pagination, updates under
 * concurrency and verified creates. openapi-fetch's own client is the entry
 * `@commerce-kit/rest-client/openapi-fetch`.
 */
export { createRestClient, type RestClientOptions } from './client.js';
export type {
  RestClient,
  RestResult,
  RestMethod,
  OpenapiFetchOnlyOptions,
  PathsWith,
  GetData,
  PostData,
  PostBody,
  PathParams,
  QueryParams,
  ProductSelection,
  Store,
  Product,
  ProductProjection,
  Order,
  Cart,
} from './types.js';
export type {
  CallArgsOf,
  CallOptions,
  CallSignature,
  HeadersOption,
  HttpMethod,
  JsonData,
  JsonDataOf,
  ParseAs,
  PathsOf,
  ReadAs,
} from './call-types.js';
export { commerceQuerySerializer } from '@commerce-kit/core-auth/http';
export {
  toCommerceError,
  isCommerceErrorCode,
  isConcurrentModification,
  isResourceNotFound,
  isInvalidInput,
  isInvalidJsonInput,
  isRequiredField,
  isInvalidField,
  isDuplicateField,
  isReferencedResourceNotFound,
  isReferenceExists,
  isInvalidOperation,
  isInvalidToken,
  isInsufficientScope,
  isGeneralError,
  isOverCapacity,
  isNotEmulated,
  isTooManyRequests,
  isUnknownError,
  unwrap,
  CommerceApiError,
  type CommerceError,
  type CommerceErrorCode,
  type CommerceErrorOf,
  type CommerceErrorObject,
  type CommerceErrorContext,
  type TooManyRequestsError,
  type UnknownCommerceErrorObject,
} from './errors.js';
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  type ConfigurationErrorCode,
  type InvalidRequestErrorCode,
  type RetryOptions,
  type RetryEvent,
  type TokenSource,
  type ExternalUserIdOption,
  type FetchFunction,
  type TransportMiddleware,
  type TransportRequest,
  type Transport,
} from '@commerce-kit/core-auth/http';
export { paginate, paginatePages, type PaginatedPath, type PaginateOptions, type PageElement } from './paginate.js';
export {
  updateWithRetry,
  type UpdatablePath,
  type UpdateAction,
  type UpdatableResource,
  type UpdateWithRetryOptions,
  type UpdateWithRetryResult,
} from './update-with-retry.js';
export {
  createAndVerify,
  type CreatablePath,
  type CreatedResource,
  type CreateAndVerifyOptions,
  type CreateAndVerifyResult,
} from './create-and-verify.js';
export { createOrderAndVerify, type CreateOrderAndVerifyOptions } from './orders.js';
export { getActiveCart, type ActiveCartOptions } from './carts.js';
export {
  assignProductSelection,
  setProductSelectionActive,
  includeProduct,
  excludeProduct,
  removeProductFromSelection,
  type StoreAddress,
  type ProductSelectionAddress,
  type ProductAddress,
  type StoreSelectionOptions,
  type SelectionProductOptions,
  type VariantSelection,
  type VariantExclusion,
} from './product-selections.js';
export type { ParamsOption } from './types.js';
export type { HelperRetry } from './helper-retry.js';
export type { paths, components, operations } from './generated/commerce.js';
