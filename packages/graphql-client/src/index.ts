/**
 * `@commerce-kit/graphql-client`: typed GraphQL documents generated from the commerce SDL, and a
 * small client that runs them over the shared transport of `@commerce-kit/core-auth/http`.
 * @packageDocumentation
 */
export { createGraphqlClient, type GraphqlClient, type GraphqlClientOptions } from './client.js';
export { findError } from './errors.js';
export { isIdempotentDocument } from './idempotency.js';
export type {
  TypedDocument,
  ResultOf,
  VariablesOf,
  GraphqlResult,
  GraphqlSuccess,
  GraphqlFailure,
  GraphqlError,
  GraphqlErrorCode,
  GraphqlErrorExtensions,
  RequestOptions,
  RequestArgs,
  ResultContext,
} from './types.js';
/** The operations of this package: `<Name>Document` constants, their result and variables types, and the input types. */
export * from './generated/commerce-operations.js';
/** Every type of the commerce SDL, e.g. `Schema.ProductSelection`. */
export type * as Schema from './generated/commerce.js';
export {
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  type TokenSource,
  type RetryOptions,
  type FetchFunction,
} from '@commerce-kit/core-auth/http';
