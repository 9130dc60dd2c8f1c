/**
 * The one place this package imports the shared transport from (`@commerce-kit/core-auth/http`):
 * the same auth, correlation id, retry and size rules as every other client of commerce-kit.
 * (The helpers every client shares to set itself up and to type its errors, of the same subpath,
 * are imported where they are used: `client.ts`, `errors.ts`.)
 */
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  correlationIdOf,
  createTransport,
  invalidOption,
  type ConfigurationErrorCode,
  type FetchFunction,
  type InvalidRequestErrorCode,
  type RetryEvent,
  type RetryOptions,
  type TokenSource,
  type Transport,
  type TransportMiddleware,
} from '@commerce-kit/core-auth/http';
