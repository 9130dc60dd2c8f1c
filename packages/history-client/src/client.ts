/**
 * `createHistoryClient`: the three Record queries of the generated Change History `paths` and
 * GraphQL documents, sent with the REST clients' shared call runtime and transport of
 * `@commerce-kit/core-auth/http` (bearer token with one retry on a refused token, correlation id,
 * safe retries honouring `Retry-After`, size guard), with typed errors, an iterator over Records
 * and date helpers. openapi-fetch's own client is the entry
 * `@commerce-kit/history-client/openapi-fetch`.
 */
import type { Region } from '@commerce-kit/core-auth';
import {
  correlationIdOf,
  createTransport,
  mergeHeaders,
  serviceCall,
  setUpClient,
  type CommonClientOptions,
  type RetryOptions,
} from '@commerce-kit/core-auth/http';
import { toHistoryError } from './errors.js';
import { iterateRecords } from './iterate.js';
import type { GraphqlError, GraphqlOptions, GraphqlResult, HistoryClient, HistoryResult, RecordPage, RequestOptions } from './types.js';

/** Options of {@link createHistoryClient}. */
export interface HistoryClientOptions extends CommonClientOptions {
  /**
   * The Change History base URL without the project key, e.g.
   * `https://history.europe-west1.gcp.commercetools.com` or the emulator's
   * `emulator.urls().history`. Plain `http:` only to loopback hosts. Give this or `region`.
   */
  baseUrl?: string;
  /** One of the five regions; the history host is derived from it. Give this or `baseUrl`. */
  region?: Region;
  /**
   * Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in
   * all; 429 (waiting `Retry-After`), 502, 503, 504 and network errors. Every call of this client
   * only reads, GraphQL included, so every call may be retried.
   */
  retry?: RetryOptions | false;
  /** Limit of URL plus headers, in bytes. Default 15 × 1024. */
  maxUrlAndHeadersBytes?: number;
}

/** The service only reads: a GraphQL POST is as safe to repeat as a GET. */
function retryPolicy(retry: HistoryClientOptions['retry']): RetryOptions | false {
  if (retry === false) return false;
  const own = retry?.isIdempotent;
  return {
    ...retry,
    isIdempotent: (request, body) =>
      own?.(request, body) ?? (request.method === 'POST' && new URL(request.url).pathname.endsWith('/graphql') ? true : undefined),
  };
}

/**
 * Creates a typed client for the Change History of one project. REST calls return
 * `{ data, error, response, correlationId }`: expected failures are values, typed by
 * `error.code`; misuse throws before sending (`ConfigurationError`, `InvalidRequestError`), a
 * network failure rejects with `NetworkError`, an abort with the signal's reason.
 * @throws {ConfigurationError} on misuse: no or two base URLs, an empty project key, an insecure URL
 * @example
 * import { createTokenProvider, regionUrls } from '@commerce-kit/core-auth';
 * import { createHistoryClient, hoursAgo } from '@commerce-kit/history-client';
 *
 * const tokenProvider = createTokenProvider({
 *   flow: 'client_credentials',
 *   authUrl: regionUrls('europe-west1.gcp').auth,
 *   projectKey: 'my-project',
 *   credentials: { clientId, clientSecret },
 *   scope: ['view_audit_log:my-project', 'view_product_selections:my-project'],
 * });
 * const history = createHistoryClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
 * const { data, error } = await history.queryRecordsById('product-selection', id, { 'date.from': hoursAgo(24 * 30) });
 * for (const record of data?.results ?? []) console.log(record.modifiedAt, record.modifiedBy, record.changes);
 */
export function createHistoryClient(options: HistoryClientOptions): HistoryClient {
  const { projectKey, baseUrl, transportOptions } = setUpClient(options, 'history');
  const transport = createTransport({
    ...transportOptions,
    retry: retryPolicy(options.retry),
    ...(options.maxUrlAndHeadersBytes === undefined ? {} : { maxUrlAndHeadersBytes: options.maxUrlAndHeadersBytes }),
  });

  const headers = Object.freeze(mergeHeaders({}, options.headers));
  const send = serviceCall(transport, baseUrl, headers, toHistoryError);
  /** One Record query: `path` under the project (`''` for all types), its parameters, the call's options. */
  const query = (path: string, params: { path?: Record<string, string>; query?: object }, callOptions: RequestOptions = {}) =>
    send('GET', path, { params, signal: callOptions.signal, headers: callOptions.headers }) as Promise<HistoryResult<RecordPage>>;

  const client: HistoryClient = {
    queryRecords: (recordQuery, callOptions) => query('', { query: recordQuery }, callOptions),
    queryRecordsByType: (resourceType, recordQuery, callOptions) =>
      query('/{resourceType}', { path: { resourceType }, query: recordQuery }, callOptions),
    queryRecordsById: (resourceType, ID, recordQuery, callOptions) =>
      query('/{resourceType}/{ID}', { path: { resourceType, ID }, query: recordQuery }, callOptions),
    iterateRecords: (iterateOptions = {}) => iterateRecords(client, iterateOptions),
    async graphql(
      document: string,
      variables?: Record<string, unknown>,
      graphqlOptions: GraphqlOptions = {},
    ): Promise<GraphqlResult<never>> {
      const body = {
        query: document,
        ...(variables === undefined ? {} : { variables }),
        ...(graphqlOptions.operationName === undefined ? {} : { operationName: graphqlOptions.operationName }),
      };
      const response = await transport(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { ...headers, ...graphqlOptions.headers, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        ...(graphqlOptions.signal === undefined ? {} : { signal: graphqlOptions.signal }),
      });
      const correlationId = correlationIdOf(response);
      if (!response.ok) return { error: toHistoryError(await response.text(), response), response, correlationId };
      const result = (await response.json()) as { data?: never; errors?: GraphqlError[] };
      return { data: result.data, ...(result.errors === undefined ? {} : { errors: result.errors }), response, correlationId };
    },
    transport,
    projectKey,
    baseUrl,
    headers,
  } as HistoryClient;
  return client;
}
