/**
 * `@commerce-kit/rest-client/openapi-fetch`: openapi-fetch's own client over a REST client's
 * transport, for code that wants openapi-fetch itself (its middleware, `request()`, its per-call
 * options).
 */
import createClient, { type Client } from 'openapi-fetch';
import { commerceQuerySerializer } from '@commerce-kit/core-auth/http';
import type { paths } from './generated/commerce.js';
import type { Media, RestClient } from './types.js';

/**
 * openapi-fetch's own client over the commerce API, as {@link createOpenapiFetchClient} makes it.
 * (Declared here, not in the main entry, so that a program importing only
 * `@commerce-kit/rest-client` never loads openapi-fetch's declarations.)
 */
export type RawClient = Client<paths, Media>;

/**
 * openapi-fetch's `createClient<paths>` over the same transport (bearer token, correlation id,
 * external user id, safe retries, size guard), base URL, headers and query serializer as
 * `client`. Its results are openapi-fetch's `{ data, error, response }`, the error an untyped
 * body (type it with `toCommerceError(error, response)`). Its middleware (`use`, `eject`) runs
 * above the transport and never sees the bearer token; for middleware around every request of a
 * `createRestClient` client, give that client the transport option `middleware` instead.
 * @example
 * import { createRestClient } from '@commerce-kit/rest-client';
 * import { createOpenapiFetchClient } from '@commerce-kit/rest-client/openapi-fetch';
 *
 * const client = createRestClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
 * const raw = createOpenapiFetchClient(client);
 * raw.use({ onRequest: ({ schemaPath }) => void console.log(schemaPath) });
 * const { data, error, response } = await raw.GET('/stores/key={key}', { params: { path: { key: 'eu' } } });
 */
export function createOpenapiFetchClient(client: RestClient): RawClient {
  const { transport } = client;
  return createClient<paths, Media>({
    baseUrl: client.baseUrl,
    fetch: (request: Request) => transport(request),
    querySerializer: commerceQuerySerializer,
    headers: client.headers,
  });
}
