/**
 * The types of the client, derived from the generated `paths` of `schemas/openapi/history.yaml` and
 * the generated GraphQL documents, so a filter the endpoint does not take, a value outside its
 * enumeration or a wrong variable fail to compile.
 */
import type { HistoryError } from './errors.js';
import type { HistoryRecord, RecordPagedQueryResponse, ResourceTypePathSegment, paths } from './generated/history.js';
import type { TypedDocumentString } from './generated/history-graphql-operations.js';
import type { Transport } from '@commerce-kit/core-auth/http';

/** A resource type as a path segment or `resourceTypes` value: singular (`product-selection`) or plural (`product-selections`). */
export type HistoryResourceType = ResourceTypePathSegment;

// The list filters (`resourceTypes`, `changes`, `stores`, `excludePlatformInitiatedChanges`) are
// `readonly` lists in the generated `paths` (tools/generate.ts, `readonlyQueryLists`), so these
// filters and openapi-fetch's client both take `as const` lists: the client only reads them.

/** Filters of the all-types endpoint (column A). Every list filter may be `readonly` (e.g. `as const`). */
export type AllTypesQuery = NonNullable<paths['/']['get']['parameters']['query']>;
/** Filters of the by-type endpoint (column T): no `resourceTypes`, no `resourceId`. Every list filter may be `readonly`. */
export type ByTypeQuery = NonNullable<paths['/{resourceType}']['get']['parameters']['query']>;
/** Filters of the by-id endpoint (column I): neither `resourceTypes`, `resourceId` nor `resourceKey`. Every list filter may be `readonly`. */
export type ByIdQuery = NonNullable<paths['/{resourceType}/{ID}']['get']['parameters']['query']>;

/** A page of Records, newest first. */
export type RecordPage = RecordPagedQueryResponse;

/**
 * What every REST call returns: `data` or a typed `error`, never both; the `response`; and the
 * answer's correlation id.
 */
export type HistoryResult<Data> =
  | { data: Data; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; error: HistoryError; response: Response; correlationId: string | undefined };

/** Per-call options. */
export interface RequestOptions {
  /** Aborts the request, and the waits between its retries. */
  signal?: AbortSignal;
  /** Extra headers of this call, e.g. an `X-Correlation-ID` of your own. */
  headers?: Record<string, string>;
}

/** A GraphQL error of a 200 answer (syntax, validation, or a filter refused with `extensions.code` `BadRequest`). */
export interface GraphqlError {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/**
 * What {@link HistoryClient.graphql} returns: the GraphQL result of a 200 answer (`data`, and
 * `errors` when a field or the document failed), or the typed `error` of an HTTP error answer (403
 * for a missing scope, 400 for a body the service cannot read).
 */
export type GraphqlResult<TResult> =
  | { data?: TResult | null; errors?: GraphqlError[]; error?: never; response: Response; correlationId: string | undefined }
  | { data?: never; errors?: never; error: HistoryError; response: Response; correlationId: string | undefined };

/** Options of a GraphQL call. */
export interface GraphqlOptions extends RequestOptions {
  /** The operation to run when the document holds several. */
  operationName?: string;
}

/** Variables are optional when the document requires none. */
export type VariablesArgs<TVariables> =
  Partial<TVariables> extends TVariables
    ? [variables?: TVariables, options?: GraphqlOptions]
    : [variables: TVariables, options?: GraphqlOptions];

type PagingFree<Q> = Omit<Q, 'limit' | 'offset' | 'withTotal'>;

/** Which Records {@link HistoryClient.iterateRecords} walks: all types, one type, or one resource. */
export type RecordSource =
  | { resourceType?: undefined; id?: undefined; query?: PagingFree<AllTypesQuery> }
  | { resourceType: HistoryResourceType; id?: undefined; query?: PagingFree<ByTypeQuery> }
  | { resourceType: HistoryResourceType; id: string; query?: PagingFree<ByIdQuery> };

/** Options of {@link HistoryClient.iterateRecords}. */
export type IterateOptions = RecordSource & {
  /** Records per request, 1 to 500. Default 500. */
  pageSize?: number;
  /** Aborts the iteration. */
  signal?: AbortSignal;
};

/** The Change History client of one project. */
export interface HistoryClient {
  /**
   * Records of every tracked type (`GET /{projectKey}`), newest first; `resourceTypes` narrows.
   * Types the token may not read are left out unless named.
   */
  queryRecords(query?: AllTypesQuery, options?: RequestOptions): Promise<HistoryResult<RecordPage>>;
  /** Records of one type (`GET /{projectKey}/{resourceType}`). */
  queryRecordsByType(resourceType: HistoryResourceType, query?: ByTypeQuery, options?: RequestOptions): Promise<HistoryResult<RecordPage>>;
  /** Records of one resource (`GET /{projectKey}/{resourceType}/{ID}`); an unknown id has none (200). */
  queryRecordsById(
    resourceType: HistoryResourceType,
    id: string,
    query?: ByIdQuery,
    options?: RequestOptions,
  ): Promise<HistoryResult<RecordPage>>;
  /**
   * Every matching Record, newest first, fetched page by page. Pages follow the time of the
   * last Record seen rather than a growing offset, so the walk is not bounded by the maximum
   * offset and Records written meanwhile neither repeat nor shift it.
   *
   * @throws {HistoryApiError} for an error answer
   */
  iterateRecords(options?: IterateOptions): AsyncIterableIterator<HistoryRecord>;
  /** Runs a GraphQL document (`POST /{projectKey}/graphql`), typed when it is one of the generated documents. */
  graphql<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    ...args: VariablesArgs<NoInfer<TVariables>>
  ): Promise<GraphqlResult<TResult>>;
  /** Runs a document of your own, untyped. (A typed document never falls back to this form: its variables stay checked.) */
  graphql(
    document: string & { readonly __apiType?: undefined },
    variables?: Record<string, unknown>,
    options?: GraphqlOptions,
  ): Promise<GraphqlResult<unknown>>;
  /** The transport every call goes through (a `fetch`). */
  readonly transport: Transport;
  readonly projectKey: string;
  /** `<history base>/<projectKey>`: the prefix of every path. */
  readonly baseUrl: string;
  /** The client's `headers` option, names lower-cased: sent with every call (a call's own headers win). */
  readonly headers: Readonly<Record<string, string>>;
}
