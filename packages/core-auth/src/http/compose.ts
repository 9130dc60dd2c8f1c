/**
 * Chains `Request` middleware around `fetch`, onion style: the first middleware sees the request
 * first and the answer last. (The transport itself runs its steps over drafts: see `draft.ts`.)
 */
import { chain, draftOf, sendWith } from './draft.js';
import type { FetchFunction, Next, TransportMiddleware } from './types.js';

/**
 * The chain as one `next` function. At its end the request goes to `fetch` (as a URL and its
 * `RequestInit`); a `TypeError` of the network becomes a {@link NetworkError}, so that the retry
 * middleware can tell a network failure from a bug further up.
 *
 * @example
 * const send = compose([correlationIdMiddleware(), authMiddleware(provider)], fetch);
 * const response = await send(new Request('https://api.europe-west1.gcp.commercetools.com/p/stores'));
 */
export function compose(middleware: readonly TransportMiddleware[], fetch: FetchFunction): Next {
  const send = sendWith(fetch);
  return chain(middleware, async (request) => send(await draftOf(request)));
}
