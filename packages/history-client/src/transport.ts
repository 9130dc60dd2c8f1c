/**
 * The one place this package imports the shared transport from (`@commerce-kit/core-auth/http`):
 * the same auth, correlation id, retry and size rules as every other client of commerce-kit.
 */
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  correlationIdOf,
  createTransport,
  toServiceError,
  type ConfigurationErrorCode,
  type CorrelationIdOptions,
  type FetchFunction,
  type InvalidRequestErrorCode,
  type RetryEvent,
  type RetryOptions,
  type ServiceErrorObject,
  type TokenSource,
  type Transport,
  type TransportMiddleware,
} from '@commerce-kit/core-auth/http';
