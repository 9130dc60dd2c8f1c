/**
 * The shared HTTP transport of every commerce-kit client: a `fetch`-compatible function made of
 * middleware over a plain `TransportRequest`.
 */
import { authMiddleware } from './auth.js';
import { correlationIdMiddleware, type CorrelationIdOptions } from './correlation-id.js';
import { chain, sendWith, toTransportRequest } from './request.js';
import { externalUserIdMiddleware, type ExternalUserIdOption } from './external-user-id.js';
import { retryMiddleware, type RetryOptions } from './retry.js';
import { secureUrlMiddleware } from './secure-url.js';
import { DEFAULT_MAX_URL_AND_HEADERS_BYTES, sizeGuardMiddleware } from './size-guard.js';
import type { FetchFunction, Next, TokenSource, TransportMiddleware } from './types.js';
import { userAgentMiddleware } from './user-agent.js';
import { invalidOption } from '../errors.js';

/** Options of {@link createTransport}; every one is optional. */
export interface TransportOptions {
  /** The `fetch` underneath, e.g. the emulator's in-process one. Default: the global `fetch`. */
  fetch?: FetchFunction;
  /** Bearer tokens, e.g. core-auth's `createTokenProvider(...)`. Default: none (no `Authorization` header). */
  auth?: TokenSource;
  /** How correlation ids are generated. Default: `ck-<32 hex digits>` per request. */
  correlationId?: CorrelationIdOptions;
  /** `X-External-User-ID` for requests that do not set it: a value, or a function per request. Default: none. */
  externalUserId?: ExternalUserIdOption;
  /** Retry policy, or `false` for none. Default: see `RetryOptions` (3 retries, 30 s in all). */
  retry?: RetryOptions | false;
  /** Limit of URL plus headers in bytes. Default 15 × 1024. */
  maxUrlAndHeadersBytes?: number;
  /** `User-Agent` for requests that do not set one. Default: the runtime's own. */
  userAgent?: string;
  /**
   * Plain `http:` to a host that is not loopback, e.g. an emulator in docker compose. Never for the
   * service's own hosts. Default `false`.
   */
  allowInsecureHttp?: boolean;
  /**
   * Extra middleware, run once per call (outside the retries), after the correlation id, the
   * external user id and the user agent are set. Default: none.
   */
  middleware?: readonly TransportMiddleware[];
}

/** A `fetch`-compatible function. */
export interface Transport {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The transport itself, for options that want a `fetch` (e.g. `createClient({ fetch: transport.fetch })`). */
  readonly fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/** Each transport's chain, for the clients' call runtime, which builds its requests itself. */
const senders = new WeakMap<Transport, Next>();

/**
 * The chain of a transport made by {@link createTransport} (`undefined` for any other function):
 * a client that has its call as a {@link TransportRequest} already sends it there directly.
 */
export const requestSenderOf = (transport: object): Next | undefined => senders.get(transport as Transport);

/**
 * Creates the transport. Per call, in this order: the correlation id is set or checked, the
 * external user id is set or checked, the user agent is set, then (per attempt) the bearer token
 * is added and URL plus headers are measured, and the request is sent; idempotent requests are
 * retried on 429, 502, 503, 504 and network errors; a 401 `invalid_token` is retried once with a
 * fresh token.
 * @throws {ConfigurationError} `INVALID_OPTION` at creation
 * @example
 * import { createTokenProvider, regionUrls } from '@commerce-kit/core-auth';
 * import { createTransport, readServiceError } from '@commerce-kit/core-auth/http';
 *
 * const { api, auth } = regionUrls('europe-west1.gcp');
 * const provider = createTokenProvider({ flow: 'client_credentials', authUrl: auth, projectKey: 'my-project', credentials: { clientId, clientSecret } });
 * const transport = createTransport({ auth: provider, externalUserId: 'backoffice-17' });
 * const res = await transport(`${api}/my-project/stores`);
 * if (!res.ok) console.error(await readServiceError(res));
 */
export function createTransport(options: TransportOptions = {}): Transport {
  if (typeof options !== 'object' || options === null) throw invalidOption('options must be an object');
  if (options.fetch !== undefined && typeof options.fetch !== 'function') throw invalidOption('fetch must be a function');
  if (options.middleware !== undefined && (!Array.isArray(options.middleware) || options.middleware.some((m) => typeof m !== 'function'))) {
    throw invalidOption('middleware must be a list of functions');
  }
  // Bind the global lazily: some runtimes throw "Illegal invocation" on a detached fetch.
  const baseFetch: FetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
  const steps: TransportMiddleware[] = [correlationIdMiddleware(options.correlationId), externalUserIdMiddleware(options.externalUserId)];
  if (options.userAgent !== undefined) steps.push(userAgentMiddleware(options.userAgent));
  // The caller's middleware may change the URL: it is checked after them.
  steps.push(...(options.middleware ?? []), secureUrlMiddleware(options.allowInsecureHttp === true));
  if (options.retry !== false) steps.push(retryMiddleware(options.retry));
  if (options.auth !== undefined) steps.push(authMiddleware(options.auth));
  steps.push(sizeGuardMiddleware(options.maxUrlAndHeadersBytes ?? DEFAULT_MAX_URL_AND_HEADERS_BYTES));
  const send = chain(steps, sendWith(baseFetch));

  const transport = ((input: RequestInfo | URL, init?: RequestInit) => {
    try {
      const request = toTransportRequest(input, init);
      return request instanceof Promise ? request.then(send) : send(request);
    } catch (error) {
      return Promise.reject(error);
    }
  }) as Transport;
  Object.defineProperty(transport, 'fetch', { value: transport, enumerable: true });
  senders.set(transport, send);
  return transport;
}
