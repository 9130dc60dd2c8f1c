/**
 * `createGraphqlClient`: typed documents in, typed results out, over the shared transport of
 * `@commerce-kit/core-auth/http` (bearer token with one 401 retry, correlation id, external user
 * id, safe retries, size guard).
 */
import type { Region } from '@commerce-kit/core-auth';
import {
  assertClientOptions,
  clientTransportOptions,
  correlationIdOf,
  createTransport,
  invalidOption,
  resolveServiceBase,
  type CommonClientOptions,
  type ExternalUserIdOption,
  type RetryOptions,
} from '@commerce-kit/core-auth/http';
import { bodylessError, errorsOf } from './errors.js';
import { isIdempotentDocument } from './idempotency.js';
import type { GraphqlError, GraphqlResult, RequestArgs, RequestOptions, TypedDocument } from './types.js';

/** Options of {@link createGraphqlClient}. */
export interface GraphqlClientOptions extends CommonClientOptions {
  /** The project key; the endpoint is `<baseUrl>/<projectKey>/graphql`. Required. */
  projectKey: string;
  /**
   * `{base_url}` without the project key, e.g. `https://api.europe-west1.gcp.commercetools.com`
   * or the emulator's `emulator.urls().api`; the same option as the REST and history clients.
   * Deprecated alias hosts are mapped (with a one-time notice); plain `http:` only to loopback
   * hosts. Give this or `region`.
   */
  baseUrl?: string;
  /**
   * The former name of `baseUrl`, still read; both given must be the same URL.
   * @deprecated Use `baseUrl`, the name the REST and history clients take.
   */
  url?: string;
  /** One of the five regions; the API host is derived from it. Give this or `baseUrl`. */
  region?: Region;
  /**
   * Retry policy of the transport, or `false`. Default: 3 retries, 200 ms base, 10 s cap, 30 s in
   * all, on 429/502/503/504 and network errors, for queries and for mutations that only update or
   * delete (they carry a version); never for a create.
   */
  retry?: RetryOptions | false;
  /** `X-External-User-ID` for requests without one: a value or a function per request. Default: none. */
  externalUserId?: ExternalUserIdOption;
}

/** A GraphQL client of one project. */
export interface GraphqlClient {
  /**
   * Runs a typed document. Resolves to `{ data }` or `{ errors, data? }` (see {@link GraphqlResult});
   * throws only for misuse (`InvalidRequestError` before sending), a network failure that outlived
   * the retries (`NetworkError`) or an abort (the signal's reason).
   */
  request<R, V>(document: TypedDocument<R, V>, ...args: RequestArgs<V>): Promise<GraphqlResult<R>>;
  /** The endpoint, e.g. `https://api.europe-west1.gcp.commercetools.com/my-project/graphql`. */
  readonly endpoint: string;
}

/** The retry rule for a GraphQL request body (see {@link isIdempotentDocument}). */
function isIdempotentBody(body: string | undefined): boolean {
  try {
    const { query } = JSON.parse(body ?? '') as { query?: unknown };
    return typeof query === 'string' && isIdempotentDocument(query);
  } catch {
    return false;
  }
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Creates a GraphQL client for one project of the commerce service.
 * @throws {ConfigurationError} on misuse: no or two base URLs (`baseUrl` and `region`, or a
 *   `baseUrl` and a different deprecated `url`), an empty project key, an insecure URL, no `auth`,
 *   a bad option
 * @example
 * import { createTokenProvider, regionUrls } from '@commerce-kit/core-auth';
 * import { createGraphqlClient, GetProductSelectionDocument } from '@commerce-kit/graphql-client';
 *
 * const tokenProvider = createTokenProvider({ flow: 'client_credentials', authUrl: regionUrls('europe-west1.gcp').auth, projectKey: 'my-project', credentials });
 * const client = createGraphqlClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
 * const result = await client.request(GetProductSelectionDocument, { key: 'summer' });
 * if (result.errors) console.error(result.errors[0].extensions.code);
 * else console.log(result.data.productSelection?.productCount);
 */
export function createGraphqlClient(options: GraphqlClientOptions): GraphqlClient {
  assertClientOptions(options);
  const { baseUrl, url } = options;
  if (baseUrl !== undefined && url !== undefined && baseUrl !== url) {
    throw invalidOption('give baseUrl only: url is its deprecated name, and the two differ');
  }
  const base = resolveServiceBase({
    url: baseUrl ?? url,
    region: options.region,
    service: 'api',
    urlOption: baseUrl === undefined && url !== undefined ? 'url' : 'baseUrl',
    warn: options.warn,
    allowInsecureHttp: options.allowInsecureHttp,
  });
  const endpoint = `${base}/${encodeURIComponent(options.projectKey)}/graphql`;
  const retry = options.retry;
  const transport = createTransport({
    ...clientTransportOptions(options), // throws without auth
    // The REST rule needs a `version` in the body; GraphQL's is read from the document.
    retry: retry !== false && { ...retry, isIdempotent: (request, body) => retry?.isIdempotent?.(request, body) ?? isIdempotentBody(body) },
    externalUserId: options.externalUserId,
  });

  async function request<R, V>(
    document: TypedDocument<R, V>,
    ...[variables, requestOptions = {}]: RequestArgs<V>
  ): Promise<GraphqlResult<R>> {
    const { signal, headers, operationName } = requestOptions as RequestOptions;
    const response = await transport(endpoint, {
      method: 'POST',
      headers: { ...options.headers, ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: String(document), variables, operationName }),
      signal,
    });
    const body = await readBody(response);
    const context = { response, correlationId: correlationIdOf(response) };
    const errors = errorsOf(body, response.status);
    const data = typeof body === 'object' && body !== null ? ((body as { data?: R | null }).data ?? undefined) : undefined;
    if (response.ok && errors.length === 0 && data !== undefined && data !== null) return { data, ...context };
    const list: GraphqlError[] = errors.length > 0 ? errors : [bodylessError(response)];
    return { data: response.ok ? (data ?? null) : undefined, errors: list as [GraphqlError, ...GraphqlError[]], ...context };
  }

  return { request, endpoint };
}
