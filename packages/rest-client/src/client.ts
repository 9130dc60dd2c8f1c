/**
 * `createRestClient`: the generated commerce `paths` called through the shared transport (auth,
 * correlation id, external user id, safe retries, size guard), with a query serializer for the
 * API's repeated and `var.<name>` parameters, and typed errors.
 */
import type { Region } from '@commerce-kit/core-auth';
import {
  createTransport,
  mergeHeaders,
  serviceCall,
  setUpClient,
  type CallInit,
  type CommonClientOptions,
  type ExternalUserIdOption,
  type RetryOptions,
} from '@commerce-kit/core-auth/http';
import { toCommerceError } from './errors.js';
import type { RestClient } from './types.js';

/** Options of {@link createRestClient}. */
export interface RestClientOptions extends CommonClientOptions {
  /**
   * `{base_url}` without the project key, e.g. `https://api.europe-west1.gcp.commercetools.com`
   * or the emulator's `emulator.urls().api`. Deprecated alias hosts are mapped (with a one-time
   * notice); plain `http:` only to loopback hosts. Give this or `region`.
   */
  baseUrl?: string;
  /** One of the five regions; the API host is derived from it. Give this or `baseUrl`. */
  region?: Region;
  /** Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in all; 429/502/503/504 and network errors; idempotent requests only. */
  retry?: RetryOptions | false;
  /** `X-External-User-ID` for requests without one: a value or a function per request. Default: none. */
  externalUserId?: ExternalUserIdOption;
  /** Limit of URL plus headers, in bytes. Default 15 × 1024. */
  maxUrlAndHeadersBytes?: number;
  /** Headers for every request, e.g. `{ 'Accept-Language': 'de' }`. Default: none. */
  headers?: Record<string, string>;
}

/**
 * Creates a typed client for the commerce REST API of one project. Every call returns
 * `{ data, error, response, correlationId }`: expected failures are values, typed by
 * `error.code`; misuse throws before sending (`ConfigurationError`, `InvalidRequestError`), a
 * network failure rejects with `NetworkError`, an abort with the signal's reason.
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
  const { projectKey, baseUrl, transportOptions } = setUpClient(options, 'api');
  // Options left out stay `undefined`, which the transport reads as "the default".
  const transport = createTransport({
    ...transportOptions,
    externalUserId: options.externalUserId,
    maxUrlAndHeadersBytes: options.maxUrlAndHeadersBytes,
  });

  const headers = Object.freeze(mergeHeaders({}, options.headers));
  const send = serviceCall(transport, baseUrl, headers, toCommerceError);
  const client = {
    GET: (url: string, init?: CallInit) => send('GET', url, init),
    POST: (url: string, init?: CallInit) => send('POST', url, init),
    DELETE: (url: string, init?: CallInit) => send('DELETE', url, init),
    HEAD: (url: string, init?: CallInit) => send('HEAD', url, init),
    transport,
    projectKey,
    baseUrl,
    headers,
  };
  return client as unknown as RestClient;
}
