/**
 * The one place this package imports the shared transport from, so a change of its address is a
 * one-line change. (The helpers every client shares to set itself up and to type its errors, of
 * the same subpath, are imported where they are used: `client.ts`, `errors.ts`.)
 */
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  abortableSleep,
  correlationIdOf,
  createTransport,
  invalidOption,
  fullJitterDelay,
  parseRetryAfter,
  type ConfigurationErrorCode,
  type ExternalUserIdOption,
  type FetchFunction,
  type InvalidRequestErrorCode,
  type RetryEvent,
  type RetryOptions,
  type Sleep,
  type TokenSource,
  type Transport,
  type TransportMiddleware,
} from '@commerce-kit/core-auth/http';
