/**
 * `createRestClient`: openapi-fetch over the generated commerce `paths`, sending through the
 * shared transport (auth, correlation id, external user id, safe retries, size guard), with a
 * query serializer for the API's repeated and `var.<name>` parameters, and typed errors.
 */
import createClient from 'openapi-fetch';
import { directCall, isDirect, type RawResult } from './direct.js';
import type { Region } from '@commerce-kit/core-auth';
import { setUpClient, toServiceResult, type CommonClientOptions } from '@commerce-kit/core-auth/http';
import { toCommerceError } from './errors.js';
import type { paths } from './generated/commerce.js';
import { commerceQuerySerializer } from './query-serializer.js';
import { createTransport, type ExternalUserIdOption, type RetryOptions } from './transport.js';
import type { HttpMethod, Media, RawClient, RestClient, RestResult } from './types.js';

/**
 * Options of {@link createRestClient}.
 *
 * @example
 * const options: RestClientOptions = { region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider }, externalUserId: 'backoffice-17' };
 */
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

/** Turns openapi-fetch's `{ data, error, response }` into a {@link RestResult} with a typed error. */
function toResult(result: { data?: unknown; error?: unknown; response: Response }): RestResult<unknown> {
  return toServiceResult(result, toCommerceError);
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
  const { projectKey, baseUrl, transportOptions } = setUpClient(options, 'api');
  const transport = createTransport({
    ...transportOptions,
    ...(options.externalUserId === undefined ? {} : { externalUserId: options.externalUserId }),
    ...(options.maxUrlAndHeadersBytes === undefined ? {} : { maxUrlAndHeadersBytes: options.maxUrlAndHeadersBytes }),
  });

  const raw: RawClient = createClient<paths, Media>({
    baseUrl,
    fetch: (request: Request) => transport(request),
    querySerializer: commerceQuerySerializer,
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  // Once openapi-fetch middleware may be registered, every call goes through openapi-fetch.
  let direct: ReturnType<typeof directCall> | undefined = directCall(transport, baseUrl, options.headers);
  const { use } = raw;
  raw.use = (...middleware) => {
    direct = undefined;
    use(...middleware);
  };

  type AnyCall = (url: string, init?: unknown) => Promise<RawResult>;
  const method = (name: Uppercase<HttpMethod>) => {
    const call = raw[name] as unknown as AnyCall;
    return async (url: string, init?: Record<string, unknown>) =>
      toResult(await (direct === undefined || !isDirect(init) ? call(url, init) : direct(name, url, init)));
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
