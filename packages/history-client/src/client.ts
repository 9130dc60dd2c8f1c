/**
 * `createHistoryClient`: openapi-fetch over the generated Change History `paths` and GraphQL
 * documents, sending through the shared transport of `@commerce-kit/core-auth/http` (bearer token
 * with one retry on a refused token, correlation id, safe retries honouring `Retry-After`, size
 * guard), with typed errors, an iterator over Records and date helpers.
 */
import createClient from 'openapi-fetch';
import type { Region } from '@commerce-kit/core-auth';
import { setUpClient, toServiceResult, type CommonClientOptions } from '@commerce-kit/core-auth/http';
import { toHistoryError, type HistoryError } from './errors.js';
import type { paths } from './generated/history.js';
import { iterateRecords } from './iterate.js';
import { correlationIdOf, createTransport, type RetryOptions } from './transport.js';
import type { GraphqlError, GraphqlOptions, GraphqlResult, HistoryClient, HistoryResult, Media, RawHistoryClient, RecordPage, RequestOptions } from './types.js';

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
    isIdempotent: (request, body) => own?.(request, body) ?? (request.method === 'POST' && new URL(request.url).pathname.endsWith('/graphql') ? true : undefined),
  };
}

function toResult<T>(result: { data?: unknown; error?: unknown; response: Response }): HistoryResult<T> {
  return toServiceResult<T, HistoryError>(result, toHistoryError);
}

/**
 * Creates a typed client for the Change History of one project. REST calls return
 * `{ data, error, response, correlationId }`: expected failures are values, typed by
 * `error.code`; misuse throws before sending (`ConfigurationError`, `InvalidRequestError`), a
 * network failure rejects with `NetworkError`, an abort with the signal's reason.
 *
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

  // The all-types endpoint is `/<projectKey>`: openapi-fetch writes the path `/` as a trailing slash.
  const root = `${baseUrl}/`;
  const raw: RawHistoryClient = createClient<paths, Media>({
    baseUrl,
    fetch: (request: Request) => transport(request.url === root || request.url.startsWith(`${root}?`) ? new Request(baseUrl + request.url.slice(root.length), request) : request),
    querySerializer: { array: { style: 'form', explode: true } },
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });

  const init = (query: object | undefined, path: Record<string, string> | undefined, callOptions: RequestOptions = {}) => ({
    params: { ...(query === undefined ? {} : { query }), ...(path === undefined ? {} : { path }) },
    ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
    ...(callOptions.headers === undefined ? {} : { headers: callOptions.headers }),
  });

  const client: HistoryClient = {
    async queryRecords(query, callOptions) {
      return toResult<RecordPage>(await raw.GET('/', init(query, undefined, callOptions) as never));
    },
    async queryRecordsByType(resourceType, query, callOptions) {
      return toResult<RecordPage>(await raw.GET('/{resourceType}', init(query, { resourceType }, callOptions) as never));
    },
    async queryRecordsById(resourceType, ID, query, callOptions) {
      return toResult<RecordPage>(await raw.GET('/{resourceType}/{ID}', init(query, { resourceType, ID }, callOptions) as never));
    },
    iterateRecords: (iterateOptions = {}) => iterateRecords(client, iterateOptions),
    async graphql(document: string, variables?: Record<string, unknown>, graphqlOptions: GraphqlOptions = {}): Promise<GraphqlResult<never>> {
      const body = { query: document, ...(variables === undefined ? {} : { variables }), ...(graphqlOptions.operationName === undefined ? {} : { operationName: graphqlOptions.operationName }) };
      const response = await transport(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { ...options.headers, ...graphqlOptions.headers, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        ...(graphqlOptions.signal === undefined ? {} : { signal: graphqlOptions.signal }),
      });
      const correlationId = correlationIdOf(response);
      if (!response.ok) return { error: toHistoryError(await response.text(), response), response, correlationId };
      const result = (await response.json()) as { data?: never; errors?: GraphqlError[] };
      return { data: result.data, ...(result.errors === undefined ? {} : { errors: result.errors }), response, correlationId };
    },
    raw,
    transport,
    projectKey,
    baseUrl,
  } as HistoryClient;
  return client;
}
