/**
 * `createRestClient`: openapi-fetch over the generated commerce `paths`, sending through the
 * shared transport (auth, correlation id, external user id, safe retries, size guard), with a
 * query serializer for the API's repeated and `var.<name>` parameters, and typed errors.
 */
import createClient from 'openapi-fetch';
import { regionUrls, resolveBaseUrl, type Region } from '@commerce-kit/core-auth';
import { toCommerceError } from './errors.js';
import type { paths } from './generated/commerce.js';
import { commerceQuerySerializer } from './query-serializer.js';
import {
  ConfigurationError,
  correlationIdOf,
  createTransport,
  type CorrelationIdOptions,
  type ExternalUserIdOption,
  type FetchFunction,
  type RetryOptions,
  type TokenSource,
  type TransportMiddleware,
} from './transport.js';
import type { HttpMethod, Media, RawClient, RestClient, RestResult } from './types.js';

/**
 * Options of {@link createRestClient}.
 *
 * @example
 * const options: RestClientOptions = { region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider }, externalUserId: 'backoffice-17' };
 */
export interface RestClientOptions {
  /** The project key; every path is under `/<projectKey>`. Required. */
  projectKey: string;
  /**
   * `{base_url}` without the project key, e.g. `https://api.europe-west1.gcp.commercetools.com`
   * or the emulator's `emulator.urls().api`. Deprecated alias hosts are mapped (with a one-time
   * notice); plain `http:` only to loopback hosts. Give this or `region`.
   */
  baseUrl?: string;
  /** One of the five regions; the API host is derived from it. Give this or `baseUrl`. */
  region?: Region;
  /** Bearer tokens: core-auth's `createTokenProvider(...)`, or anything with `getToken()` and `invalidate()`. Required. */
  auth: TokenSource | { tokenProvider: TokenSource };
  /** The `fetch` underneath. Default: the global `fetch`. */
  fetch?: FetchFunction;
  /** Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in all; 429/502/503/504 and network errors; idempotent requests only. */
  retry?: RetryOptions | false;
  /** `X-External-User-ID` for requests without one: a value or a function per request. Default: none. */
  externalUserId?: ExternalUserIdOption;
  /** Start of generated correlation ids, `[A-Za-z0-9_-]`. Default `ck`. */
  correlationIdPrefix?: string;
  /** Makes correlation ids instead (each must be 8 to 256 of `[A-Za-z0-9_-]`). Default: `<prefix>-<32 hex digits>`. */
  generateCorrelationId?: CorrelationIdOptions['generate'];
  /** Limit of URL plus headers, in bytes. Default 15 × 1024. */
  maxUrlAndHeadersBytes?: number;
  /** `User-Agent` (where the runtime lets a script set it). Default: the runtime's. */
  userAgent?: string;
  /** Headers for every request, e.g. `{ 'Accept-Language': 'de' }`. Default: none. */
  headers?: Record<string, string>;
  /** Extra transport middleware, run once per call. Default: none. */
  middleware?: readonly TransportMiddleware[];
  /** Where the one-time notice about a deprecated host goes. Default `console.warn`. */
  warn?: (message: string) => void;
}

function tokenSourceOf(auth: RestClientOptions['auth']): TokenSource {
  if (typeof auth === 'object' && auth !== null && 'tokenProvider' in auth) return auth.tokenProvider;
  return auth;
}

function apiBase(options: RestClientOptions): string {
  const { baseUrl, region } = options;
  if (baseUrl !== undefined && region !== undefined) {
    throw new ConfigurationError('give baseUrl or region, not both', { code: 'INVALID_OPTION' });
  }
  if (baseUrl !== undefined) return resolveBaseUrl(baseUrl, options.warn === undefined ? {} : { warn: options.warn });
  if (region !== undefined) return regionUrls(region).api;
  throw new ConfigurationError('baseUrl or region is required', { code: 'INVALID_OPTION' });
}

/** Turns openapi-fetch's `{ data, error, response }` into a {@link RestResult} with a typed error. */
function toResult(result: { data?: unknown; error?: unknown; response: Response }): RestResult<unknown> {
  const { response } = result;
  const correlationId = correlationIdOf(response);
  if (response.ok) return { data: result.data, response, correlationId };
  return { error: toCommerceError(result.error, response), response, correlationId };
}

/**
 * Creates a typed client for the commerce REST API of one project. Every call returns
 * `{ data, error, response, correlationId }`: expected failures are values, typed by
 * `error.code`; misuse throws before sending (`ConfigurationError`, `InvalidRequestError`), a
 * network failure rejects with `NetworkError`, an abort with the signal's reason.
 *
 * @throws {ConfigurationError} on misuse: no or two base URLs, an empty project key, an insecure
 *   URL, a bad option
 * @example
 * import { createTokenProvider, regionUrls } from '@commerce-kit/core-auth';
 * import { createRestClient } from '@commerce-kit/rest-client';
 *
 * const tokenProvider = createTokenProvider({
 *   flow: 'client_credentials',
 *   authUrl: regionUrls('europe-west1.gcp').auth,
 *   projectKey: 'my-project',
 *   credentials: { clientId, clientSecret },
 * });
 * const client = createRestClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
 * const { data, error } = await client.GET('/product-selections', { params: { query: { where: ['key = :k'], var: { k: 'summer' } } } });
 */
export function createRestClient(options: RestClientOptions): RestClient {
  if (typeof options !== 'object' || options === null) throw new ConfigurationError('options are required', { code: 'INVALID_OPTION' });
  const { projectKey } = options;
  if (typeof projectKey !== 'string' || projectKey.trim() === '' || /[/?#\s]/.test(projectKey)) {
    throw new ConfigurationError('projectKey must be a non-empty key without "/", "?", "#" or spaces', { code: 'INVALID_OPTION' });
  }
  if (options.auth === undefined || options.auth === null) throw new ConfigurationError('auth is required', { code: 'INVALID_OPTION' });
  const baseUrl = `${apiBase(options)}/${encodeURIComponent(projectKey)}`;
  const correlationId: CorrelationIdOptions = {};
  if (options.correlationIdPrefix !== undefined) correlationId.prefix = options.correlationIdPrefix;
  if (options.generateCorrelationId !== undefined) correlationId.generate = options.generateCorrelationId;

  const transport = createTransport({
    auth: tokenSourceOf(options.auth),
    correlationId,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.externalUserId === undefined ? {} : { externalUserId: options.externalUserId }),
    ...(options.maxUrlAndHeadersBytes === undefined ? {} : { maxUrlAndHeadersBytes: options.maxUrlAndHeadersBytes }),
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.middleware === undefined ? {} : { middleware: options.middleware }),
  });

  const raw: RawClient = createClient<paths, Media>({
    baseUrl,
    fetch: (request: Request) => transport(request),
    querySerializer: commerceQuerySerializer,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });

  type AnyCall = (url: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const method = (name: Uppercase<HttpMethod>) => {
    const call = raw[name] as unknown as AnyCall;
    return async (url: string, init?: unknown) => toResult(await call(url, init));
  };

  const client = {
    GET: method('GET'),
    POST: method('POST'),
    DELETE: method('DELETE'),
    HEAD: method('HEAD'),
    use: raw.use,
    eject: raw.eject,
    raw,
    transport,
    projectKey,
    baseUrl,
  };
  return client as unknown as RestClient;
}
