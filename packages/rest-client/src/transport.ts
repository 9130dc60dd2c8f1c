/**
 * The one place this package imports the shared transport from, so a change of its address is a
 * one-line change.
 */
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  abortableSleep,
  correlationIdOf,
  createTransport,
  fullJitterDelay,
  parseRetryAfter,
  toServiceError,
  type ConfigurationErrorCode,
  type CorrelationIdOptions,
  type ExternalUserIdOption,
  type FetchFunction,
  type InvalidRequestErrorCode,
  type RetryEvent,
  type RetryOptions,
  type ServiceErrorObject,
  type Sleep,
  type TokenSource,
  type Transport,
  type TransportMiddleware,
} from '@commerce-kit/core-auth/http';
