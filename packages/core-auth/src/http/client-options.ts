/**
 * What every client of commerce-kit (REST, GraphQL, Change History) does the same with its options
 * before the first request: check them, find the service's base URL, and turn them into the options
 * of the shared transport.
 */
import { regionUrls, resolveBaseUrl, type Region, type RegionUrls } from '../regions.js';
import type { CorrelationIdOptions } from './correlation-id.js';
import type { RetryOptions } from './retry.js';
import type { TransportOptions } from './transport.js';
import type { FetchFunction, TokenSource, TransportMiddleware } from './types.js';
import { invalidOption } from '../errors.js';

/**
 * The options every client takes. Each client's options extend these with its base URL, its
 * region, and what only it does.
 */
export interface CommonClientOptions {
  /** The project key; every path is under `/<projectKey>`. Required. */
  projectKey: string;
  /** Bearer tokens: core-auth's `createTokenProvider(...)`, or anything with `getToken()` and `invalidate()`. Required. */
  auth: TokenSource | { tokenProvider: TokenSource };
  /** The `fetch` underneath. Default: the global `fetch`. */
  fetch?: FetchFunction;
  /**
   * Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in
   * all, on 429/502/503/504 and network errors; which requests are retried depends on the client.
   */
  retry?: RetryOptions | false;
  /** Start of generated correlation ids, `[A-Za-z0-9_-]`. Default `ck`. */
  correlationIdPrefix?: string;
  /** Makes correlation ids instead (each must be 8 to 256 of `[A-Za-z0-9_-]`). Default: `<prefix>-<32 hex digits>`. */
  generateCorrelationId?: CorrelationIdOptions['generate'];
  /** `User-Agent` (where the runtime lets a script set it). Default: the runtime's. */
  userAgent?: string;
  /** Headers for every request. Default: none. */
  headers?: Record<string, string>;
  /** Extra transport middleware, run once per call. Default: none. */
  middleware?: readonly TransportMiddleware[];
  /** Where the one-time notices (deprecated host, plain http) go. Default `console.warn`. */
  warn?: (message: string) => void;
  /**
   * Accept a plain `http:` base URL to a host that is not loopback, e.g. an emulator in a docker
   * compose service or a CI service container (`http://emulator:8080`). Tokens then travel
   * unencrypted: for an emulator only. Never accepted for the service's own hosts
   * (`*.commercetools.com`, ...). Default `false`: `https:`, or `http:` to loopback only.
   */
  allowInsecureHttp?: boolean;
}

/**
 * Checks what every client needs before anything else: an options object with a project key
 * that can stand in a URL path.
 * @throws {ConfigurationError} `INVALID_OPTION`: no options object, or an empty project key or
 *   one with `/`, `?`, `#` or spaces
 * @internal
 */
export function assertClientOptions(options: { projectKey: string }): void {
  if (typeof options !== 'object' || options === null) throw invalidOption('options are required');
  const { projectKey } = options;
  if (typeof projectKey !== 'string' || projectKey.trim() === '' || /[/?#\s]/.test(projectKey)) {
    throw invalidOption('projectKey must be a non-empty key without "/", "?", "#" or spaces');
  }
}

/**
 * The token source of an `auth` option: the source itself, or the `tokenProvider` it wraps.
 * @throws {ConfigurationError} `INVALID_OPTION` when `auth` is absent
 */
function tokenSourceOf(auth: CommonClientOptions['auth']): TokenSource {
  if (auth === undefined || auth === null) throw invalidOption('auth is required');
  if (typeof auth === 'object' && 'tokenProvider' in auth) return auth.tokenProvider;
  return auth;
}

/**
 * Where a client finds its service: {@link resolveServiceBase}'s input.
 * @internal
 */
export interface ServiceBaseOptions {
  /** The base URL given, without the project key; deprecated alias hosts are mapped. Give this or `region`. */
  url?: string | undefined;
  /** The region given; the service's host is derived from it. Give this or `url`. */
  region?: Region | undefined;
  /** Which host of the region: `api` (REST and GraphQL) or `history`. */
  service: Exclude<keyof RegionUrls, 'auth'>;
  /** The name of the client's URL option, for the messages. Default `baseUrl`. */
  urlOption?: string;
  /** Where the one-time notice about a deprecated host goes. Default `console.warn`. */
  warn?: ((message: string) => void) | undefined;
  /** Accept plain `http:` to a host that is not loopback (not the service's own). Default `false`. */
  allowInsecureHttp?: boolean | undefined;
}

/**
 * The base URL of a client's service (no project key, no trailing slash): the URL given,
 * checked and with a deprecated alias host mapped, or the service's host in the region given.
 * @throws {ConfigurationError} `INVALID_OPTION` with both or neither, `INSECURE_URL`,
 *   `INVALID_URL`, `CREDENTIALS_IN_URL` for a bad URL, `UNKNOWN_REGION`
 * @internal
 */
export function resolveServiceBase(options: ServiceBaseOptions): string {
  const { url, region } = options;
  const name = options.urlOption ?? 'baseUrl';
  if (url !== undefined && region !== undefined) throw invalidOption(`give ${name} or region, not both`);
  if (url !== undefined) return resolveBaseUrl(url, options);
  if (region !== undefined) return regionUrls(region)[options.service];
  throw invalidOption(`${name} or region is required`);
}

/**
 * The set-up of a client whose calls go to `<service base URL>/<projectKey>`, from options that
 * name the base URL `baseUrl`.
 * @throws {ConfigurationError} `INVALID_OPTION` and the codes of {@link resolveServiceBase}
 * @internal
 */
export function setUpClient(
  options: CommonClientOptions & { baseUrl?: string; region?: Region },
  service: ServiceBaseOptions['service'],
): { projectKey: string; baseUrl: string; transportOptions: TransportOptions } {
  assertClientOptions(options);
  const { projectKey } = options;
  const transportOptions = clientTransportOptions(options); // throws without auth
  const base = resolveServiceBase({
    url: options.baseUrl,
    region: options.region,
    service,
    warn: options.warn,
    allowInsecureHttp: options.allowInsecureHttp,
  });
  return { projectKey, baseUrl: `${base}/${encodeURIComponent(projectKey)}`, transportOptions };
}

/**
 * The transport options of a client's {@link CommonClientOptions}: the token source, the
 * correlation id options, and `fetch`, `retry`, `userAgent` and `middleware` where given.
 * @internal
 */
export function clientTransportOptions(options: CommonClientOptions): TransportOptions {
  // Options left out stay `undefined`, which the transport reads as "the default".
  return {
    auth: tokenSourceOf(options.auth),
    correlationId: { prefix: options.correlationIdPrefix, generate: options.generateCorrelationId },
    fetch: options.fetch,
    retry: options.retry,
    userAgent: options.userAgent,
    middleware: options.middleware,
    allowInsecureHttp: options.allowInsecureHttp,
  } as TransportOptions;
}
