/**
 * `@commerce-kit/core-auth/http`: the HTTP transport shared by the REST, GraphQL and Change
 * History clients. See {@link createTransport}. The names marked `@internal` are the kit those
 * clients share (option checks, retry arithmetic, header helpers): not for applications, they
 * may change in any release.
 */
export { createTransport, type Transport, type TransportOptions } from './transport.js';
export type { FetchFunction, Next, RequestSummary, TokenSource, TransportMiddleware, TransportRequest } from './types.js';
export { isInvalidTokenAnswer } from './auth.js';
export { CORRELATION_ID_HEADER, correlationIdOf, isValidCorrelationId, type CorrelationIdOptions } from './correlation-id.js';
export { EXTERNAL_USER_ID_HEADER, assertExternalUserId, type ExternalUserIdOption } from './external-user-id.js';
export { resolveRetryOptions, type RetryOptions, type ResolvedRetryOptions, type RetryEvent } from './retry.js';
export { isIdempotentRequest, parseRetryAfter, fullJitterDelay } from './retry-policy.js';
export { abortableSleep, type Sleep } from './sleep.js';
export { urlAndHeadersBytes, DEFAULT_MAX_URL_AND_HEADERS_BYTES } from './size-guard.js';
export {
  readServiceError,
  toServiceError,
  withDetailedMessage,
  type ServiceError,
  type ServiceErrorContext,
  type ServiceErrorObject,
} from './service-errors.js';
export {
  serviceErrorGuard,
  toServiceResult,
  unwrapResult,
  ServiceApiError,
  type ServiceResult,
  type TypedServiceError,
} from './service-errors.js';
export {
  assertClientOptions,
  clientTransportOptions,
  resolveServiceBase,
  setUpClient,
  type CommonClientOptions,
  type ServiceBaseOptions,
} from './client-options.js';
export { serviceCall, type CallInit, type CallTransport, type ServiceCall } from './service-call.js';
export { readAnswer, type ToError } from './read-answer.js';
export { commerceQuerySerializer } from './query-serializer.js';
export { fillPath } from './path-template.js';
export { mergeHeaders, type HeadersOption } from './request-headers.js';
export { InvalidRequestError, NetworkError, type InvalidRequestErrorCode } from './errors.js';
export { ConfigurationError, invalidOption, type ConfigurationErrorCode } from '../errors.js';
