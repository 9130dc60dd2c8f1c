/**
 * `@commerce-kit/history-client`: a typed client for the Change History service over REST (typed
 * from `schemas/openapi/history.yaml`) and GraphQL (typed documents generated from
 * `schemas/graphql/history.graphql`), on the shared transport of `@commerce-kit/core-auth/http`.
 */
export { createHistoryClient, type HistoryClientOptions } from './client.js';
export { iterateRecords } from './iterate.js';
export { now, hoursAgo, dateTime } from './dates.js';
export type {
  HistoryClient,
  HistoryResult,
  HistoryResourceType,
  AllTypesQuery,
  ByTypeQuery,
  ByIdQuery,
  RecordPage,
  RecordSource,
  IterateOptions,
  RequestOptions,
  GraphqlOptions,
  GraphqlResult,
  GraphqlError,
  VariablesArgs,
} from './types.js';
export {
  toHistoryError,
  isBadRequest,
  isUnauthorized,
  isForbidden,
  isTooManyRequests,
  isOverCapacity,
  isUnknownHistoryError,
  unwrap,
  HistoryApiError,
  type HistoryError,
  type HistoryErrorCode,
  type HistoryErrorOf,
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
  type FetchFunction,
  type TransportMiddleware,
  type TransportRequest,
  type Transport,
} from '@commerce-kit/core-auth/http';
export {
  ProductSelectionHistoryDocument,
  StoreHistoryDocument,
  ProductHistoryDocument,
  ProductTypeHistoryDocument,
  CustomerHistoryDocument,
  type TypedDocumentString,
  type LabelFieldsFragment,
  type RecordFieldsFragment,
  type RecordPageFieldsFragment,
  type ProductSelectionHistoryQuery,
  type ProductSelectionHistoryQueryVariables,
  type StoreHistoryQuery,
  type StoreHistoryQueryVariables,
  type ProductHistoryQuery,
  type ProductHistoryQueryVariables,
  type ProductTypeHistoryQuery,
  type ProductTypeHistoryQueryVariables,
  type CustomerHistoryQuery,
  type CustomerHistoryQueryVariables,
} from './generated/history-graphql-operations.js';
export type {
  paths,
  components,
  operations,
  HistoryRecord,
  ModifiedBy,
  Change,
  Label,
  LocalizedLabel,
  ProductLabel,
  CustomerLabel,
  StringLabel,
  ChangeHistoryType,
  ChangeHistoryResourceType,
  Source,
  SourceFilterValue,
  PlatformInitiatedChange,
  DateFilterValue,
} from './generated/history.js';
