/**
 * Chains middleware around `fetch`, onion style: the first middleware sees the request first and
 * the answer last.
 */
import { NetworkError } from './errors.js';
import type { FetchFunction, Next, TransportMiddleware } from './types.js';

/**
 * The chain as one `next` function. At its end `fetch` is called with the request alone; a
 * `TypeError` it rejects with (the network failed) becomes a {@link NetworkError}, so that the
 * retry middleware can tell a network failure from a bug further up.
 *
 * @example
 * const send = compose([correlationIdMiddleware(), authMiddleware(provider)], fetch);
 * const response = await send(new Request('https://api.europe-west1.gcp.commercetools.com/p/stores'));
 */
export function compose(middleware: readonly TransportMiddleware[], fetch: FetchFunction): Next {
  const terminal: Next = async (request) => {
    try {
      return await fetch(request);
    } catch (error) {
      if (error instanceof TypeError && !(error instanceof NetworkError) && !request.signal.aborted) {
        throw new NetworkError({ request, attempts: 1, cause: error });
      }
      throw error;
    }
  };
  return middleware.reduceRight<Next>((inner, piece) => (request) => piece(request, inner), terminal);
}

/**
 * The transport's own copy of a request, built from `fetch`'s arguments: the middleware may set
 * its headers in place without touching the caller's object (which openapi-fetch, for one, hands
 * to its own middleware afterwards: it must never see the bearer token). A body is read into
 * memory once, so that each attempt can send a copy (`request.clone()`) and the retry rule can
 * look at a JSON body.
 *
 * @example
 * const request = await bufferedRequest('https://api.example.com/p/stores', { method: 'POST', body: JSON.stringify(draft) });
 */
export async function bufferedRequest(input: RequestInfo | URL, init?: RequestInit): Promise<Request> {
  const request = new Request(input, init);
  if (request.body === null) return request;
  const body = await request.arrayBuffer();
  return new Request(request, { body });
}

/**
 * What to hand to `next` when it may be called again with the same request: the request itself
 * when it has no body (nothing is consumed), else a copy.
 *
 * @example
 * const first = await next(sendable(request));
 */
export function sendable(request: Request): Request {
  return request.body === null ? request : request.clone();
}
