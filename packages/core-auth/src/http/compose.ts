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
  // A TypeError of fetch itself (not of a token source further up, not an abort) is the network failing.
  const asNetworkError = (request: Request, error: unknown): unknown =>
    error instanceof TypeError && !(error instanceof NetworkError) && !request.signal.aborted ? new NetworkError({ request, attempts: 1, cause: error }) : error;
  // Not an async function: one promise less per request.
  const terminal: Next = (request) => {
    try {
      return fetch(request).then(undefined, (error: unknown) => {
        throw asNetworkError(request, error);
      });
    } catch (error) {
      return Promise.reject(asNetworkError(request, error));
    }
  };
  const chain = middleware.reduceRight<Next>((inner, piece) => (request) => piece(request, inner), terminal);
  // A guard may throw before it calls `next`: the chain still answers with a rejection.
  return (request) => {
    try {
      return chain(request);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/** Bodies read into memory by {@link bufferedRequest}, by request: a copy to send again is made from them, never by `clone()`. */
const bodies = new WeakMap<Request, string | ArrayBuffer>();

/**
 * The transport's own copy of a request, built from `fetch`'s arguments: the middleware may set
 * its headers in place without touching the caller's object (which openapi-fetch, for one, hands
 * to its own middleware afterwards: it must never see the bearer token). A body is read into
 * memory once (a string body is taken as it is), so that a further attempt can send a copy (see
 * {@link sendable}) and the retry rule can look at a JSON body.
 *
 * @example
 * const request = await bufferedRequest('https://api.example.com/p/stores', { method: 'POST', body: JSON.stringify(draft) });
 */
export async function bufferedRequest(input: RequestInfo | URL, init?: RequestInit): Promise<Request> {
  return ownRequest(input, init);
}

/**
 * {@link bufferedRequest} without a promise where none is needed: the request at once when it
 * has no body or a string body (nearly every call), else a promise of it.
 *
 * @example
 * const request = ownRequest(url, init);
 * const ready = request instanceof Request ? request : await request;
 */
export function ownRequest(input: RequestInfo | URL, init?: RequestInit): Request | Promise<Request> {
  const request = new Request(input, init);
  const given = init?.body;
  if (given === undefined || given === null) {
    // A Request passed as `input` may bring its own body.
    if (!(input instanceof Request) || request.body === null) return request;
  } else if (typeof given === 'string') {
    bodies.set(request, given);
    return request;
  }
  return request.arrayBuffer().then((body) => {
    const copy = new Request(request, { body });
    bodies.set(copy, body);
    return copy;
  });
}

/**
 * The body of a request, read into memory without consuming it (by {@link bufferedRequest}, or
 * now from a clone): `undefined` when it has none.
 *
 * @example
 * const body = await heldBody(request);
 */
export async function heldBody(request: Request): Promise<string | ArrayBuffer | undefined> {
  if (request.body === null) return undefined;
  let body = bodies.get(request);
  if (body === undefined) {
    body = await request.clone().arrayBuffer();
    bodies.set(request, body);
  }
  return body;
}

/**
 * Gets a request ready to be sent again after it was sent: returns what to send the next time.
 * That is the request itself when it has no body (nothing of it is consumed), else a copy with
 * the body held in memory and the headers as they are now, before anything further down the
 * chain sets its own (the auth middleware its token).
 *
 * @example
 * const again = await replayable(request);
 * let response = await next(request);
 * if (response.status === 503) response = await next(again());
 */
export async function replayable(request: Request): Promise<() => Request> {
  return request.body === null ? () => request : replayableWith(request, (await heldBody(request))!);
}

/**
 * {@link replayable} for a request whose body is already held (from {@link heldBody}).
 *
 * @example
 * const again = replayableWith(request, await heldBody(request));
 */
export function replayableWith(request: Request, body: string | ArrayBuffer): () => Request {
  const headers = new Headers(request.headers);
  return () => {
    const copy = new Request(request, { body, headers });
    bodies.set(copy, body);
    return copy;
  };
}

/**
 * What to hand to `next` when it may be called again with the same request: the request itself
 * when it has no body (nothing is consumed), else a copy with an unread body (made from the body
 * {@link bufferedRequest} read, else by `clone()`).
 *
 * @example
 * const first = await next(sendable(request));
 */
export function sendable(request: Request): Request {
  const body = bodies.get(request);
  if (body === undefined) return request.body === null ? request : request.clone();
  const copy = new Request(request, { body });
  bodies.set(copy, body);
  return copy;
}
