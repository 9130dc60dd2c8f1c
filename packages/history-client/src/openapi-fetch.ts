/**
 * `@commerce-kit/history-client/openapi-fetch`: openapi-fetch's own client over a history client's
 * transport, for code that wants openapi-fetch itself (its middleware, `request()`, its per-call
 * options).
 */
import createClient, { type Client } from 'openapi-fetch';
import { commerceQuerySerializer } from '@commerce-kit/core-auth/http';
import type { paths } from './generated/history.js';
import type { HistoryClient } from './types.js';

/** The media types of the service. */
export type Media = `${string}/${string}`;

/**
 * openapi-fetch's own client over the Change History `paths`, as
 * {@link createOpenapiFetchHistoryClient} makes it (its errors are untyped bodies).
 */
export type RawHistoryClient = Client<paths, Media>;

/**
 * openapi-fetch's `createClient<paths>` over the same transport (bearer token, correlation id,
 * safe retries, size guard), base URL, headers and query serializer as `client`. Its results are
 * openapi-fetch's `{ data, error, response }` (type an error with `toHistoryError(error,
 * response)`). Its path `/` is the all-types endpoint `<baseUrl>` itself (openapi-fetch would
 * write it with a trailing slash).
 * @example
 * import { createHistoryClient } from '@commerce-kit/history-client';
 * import { createOpenapiFetchHistoryClient } from '@commerce-kit/history-client/openapi-fetch';
 *
 * const history = createHistoryClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
 * const raw = createOpenapiFetchHistoryClient(history);
 * raw.use({ onRequest: ({ schemaPath }) => void console.log(schemaPath) });
 * const { data } = await raw.GET('/{resourceType}', { params: { path: { resourceType: 'product-selection' } } });
 */
export function createOpenapiFetchHistoryClient(client: HistoryClient): RawHistoryClient {
  const { transport, baseUrl } = client;
  const root = `${baseUrl}/`;
  return createClient<paths, Media>({
    baseUrl,
    fetch: (request: Request) =>
      transport(
        request.url === root || request.url.startsWith(`${root}?`)
          ? new Request(baseUrl + request.url.slice(root.length), request)
          : request,
      ),
    querySerializer: commerceQuerySerializer,
    headers: client.headers,
  });
}
