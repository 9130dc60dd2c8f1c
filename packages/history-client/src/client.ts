/**
 * `createHistoryClient`: openapi-fetch over the generated Change History `paths` and GraphQL
 * documents, sending through the shared transport of `@commerce-kit/core-auth/http` (bearer token
 * with one retry on a refused token, correlation id, safe retries honouring `Retry-After`, size
 * guard), with typed errors, an iterator over Records and date helpers.
 */
import createClient from 'openapi-fetch';
import { regionUrls, resolveBaseUrl, type Region } from '@commerce-kit/core-auth';
import { toHistoryError } from './errors.js';
import type { paths } from './generated/history.js';
import { iterateRecords } from './iterate.js';
import {
  ConfigurationError,
  correlationIdOf,
  createTransport,
  type CorrelationIdOptions,
  type FetchFunction,
  type RetryOptions,
  type TokenSource,
  type TransportMiddleware,
} from './transport.js';
import type { GraphqlError, GraphqlOptions, GraphqlResult, HistoryClient, HistoryResult, Media, RawHistoryClient, RecordPage, RequestOptions } from './types.js';

/** Options of {@link createHistoryClient}. */
export interface HistoryClientOptions {
  /** The project key; every path is under `/<projectKey>`. Required. */
  projectKey: string;
  /**
   * The Change History base URL without the project key, e.g.
   * `https://history.europe-west1.gcp.commercetools.com` or the emulator's
   * `emulator.urls().history`. Plain `http:` only to loopback hosts. Give this or `region`.
   */
  baseUrl?: string;
  /** One of the five regions; the history host is derived from it. Give this or `baseUrl`. */
  region?: Region;
  /** Bearer tokens: core-auth's `createTokenProvider(...)`, or anything with `getToken()` and `invalidate()`. Required. */
  auth: TokenSource | { tokenProvider: TokenSource };
  /** The `fetch` underneath. Default: the global `fetch`. */
  fetch?: FetchFunction;
  /**
   * Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in
   * all; 429 (waiting `Retry-After`), 502, 503, 504 and network errors. Every call of this client
   * only reads, GraphQL included, so every call may be retried.
   */
  retry?: RetryOptions | false;
  /** Start of generated correlation ids, `[A-Za-z0-9_-]`. Default `ck`. */
  correlationIdPrefix?: string;
  /** Makes correlation ids instead (each must be 8 to 256 of `[A-Za-z0-9_-]`). Default: `<prefix>-<32 hex digits>`. */
  generateCorrelationId?: CorrelationIdOptions['generate'];
  /** Limit of URL plus headers, in bytes. Default 15 × 1024. */
  maxUrlAndHeadersBytes?: number;
  /** `User-Agent` (where the runtime lets a script set it). Default: the runtime's. */
  userAgent?: string;
  /** Headers for every request. Default: none. */
  headers?: Record<string, string>;
  /** Extra transport middleware, run once per call. Default: none. */
  middleware?: readonly TransportMiddleware[];
  /** Where the one-time notice about a deprecated host goes. Default `console.warn`. */
  warn?: (message: string) => void;
}

function tokenSourceOf(auth: HistoryClientOptions['auth']): TokenSource {
  if (typeof auth === 'object' && auth !== null && 'tokenProvider' in auth) return auth.tokenProvider;
  return auth;
}

function historyBase(options: HistoryClientOptions): string {
  const { baseUrl, region } = options;
  if (baseUrl !== undefined && region !== undefined) throw new ConfigurationError('give baseUrl or region, not both', { code: 'INVALID_OPTION' });
  if (baseUrl !== undefined) return resolveBaseUrl(baseUrl, options.warn === undefined ? {} : { warn: options.warn });
  if (region !== undefined) return regionUrls(region).history;
  throw new ConfigurationError('baseUrl or region is required', { code: 'INVALID_OPTION' });
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
  const { response } = result;
  const correlationId = correlationIdOf(response);
  if (response.ok) return { data: result.data as T, response, correlationId };
  return { error: toHistoryError(result.error, response), response, correlationId };
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
  if (typeof options !== 'object' || options === null) throw new ConfigurationError('options are required', { code: 'INVALID_OPTION' });
  const { projectKey } = options;
  if (typeof projectKey !== 'string' || projectKey.trim() === '' || /[/?#\s]/.test(projectKey)) {
    throw new ConfigurationError('projectKey must be a non-empty key without "/", "?", "#" or spaces', { code: 'INVALID_OPTION' });
  }
  if (options.auth === undefined || options.auth === null) throw new ConfigurationError('auth is required', { code: 'INVALID_OPTION' });
  const baseUrl = `${historyBase(options)}/${encodeURIComponent(projectKey)}`;
  const correlationId: CorrelationIdOptions = {};
  if (options.correlationIdPrefix !== undefined) correlationId.prefix = options.correlationIdPrefix;
  if (options.generateCorrelationId !== undefined) correlationId.generate = options.generateCorrelationId;

  const transport = createTransport({
    auth: tokenSourceOf(options.auth),
    correlationId,
    retry: retryPolicy(options.retry),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.maxUrlAndHeadersBytes === undefined ? {} : { maxUrlAndHeadersBytes: options.maxUrlAndHeadersBytes }),
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.middleware === undefined ? {} : { middleware: options.middleware }),
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
