/**
 * The {@link TransportRequest} of a call, made once from `fetch`'s arguments and sent as
 * `fetch(url, init)` at the end of the chain: the transport builds no `Request` of its own.
 */
import { NetworkError } from './errors.js';
import type { FetchFunction, Next, TransportMiddleware, TransportRequest } from './types.js';

/** The methods `fetch` upper-cases (any other keeps its case). */
const NORMALISED = /^(delete|get|head|options|post|put)$/i;

/**
 * The request of `fetch`'s arguments: at once for a URL with no body or a string body (nearly
 * every call), else (a `Request`, a stream, `FormData`, ...) by way of a `Request`, whose body is read.
 */
export function toTransportRequest(input: RequestInfo | URL, init: RequestInit = {}): TransportRequest | Promise<TransportRequest> {
  const { body, headers: given, method = 'GET', ...rest } = init;
  if ((typeof input === 'string' || input instanceof URL) && (body === undefined || body === null || typeof body === 'string')) {
    const headers: Record<string, string> = {};
    // A record (what the clients pass) is read as it is; `Headers` and pairs are merged as `Headers` merges them.
    if (given instanceof Headers || Array.isArray(given)) new Headers(given).forEach((value, name) => void (headers[name] = value));
    else for (const name in given) headers[name.toLowerCase()] = String(given[name]);
    return {
      url: String(input),
      method: NORMALISED.test(method) ? method.toUpperCase() : method,
      headers,
      body: body ?? undefined,
      init: rest,
    };
  }
  return fromRequest(new Request(input, init));
}

/** The transport request of a `Request` (its body is read, so the request is used up). */
async function fromRequest(request: Request): Promise<TransportRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => void (headers[name] = value));
  const { url, method, signal, redirect, credentials, cache, mode, referrerPolicy, integrity, keepalive } = request;
  return {
    url,
    method,
    headers,
    body: request.body === null ? undefined : await request.arrayBuffer(),
    init: { signal, redirect, credentials, cache, mode, referrerPolicy, integrity, keepalive },
  };
}

/** What `fetch` is given for a request. */
const initOf = (request: TransportRequest): RequestInit => ({
  ...request.init,
  method: request.method,
  headers: request.headers,
  body: request.body ?? null,
});

/** The {@link NetworkError} of a request after `attempts` attempts; `cause` is what `fetch` failed with. */
export const networkError = (request: TransportRequest, attempts: number, cause: unknown): NetworkError =>
  new NetworkError({ method: request.method, url: request.url, correlationId: request.headers['x-correlation-id'], attempts, cause });

/**
 * Runs `middleware` around `last`, onion style: the first sees the request first and the answer
 * last. One that throws before it calls `next` still makes the chain answer with a rejection.
 */
export function chain(middleware: readonly TransportMiddleware[], last: Next): Next {
  const run = middleware.reduceRight<Next>((inner, piece) => (request) => piece(request, inner), last);
  return (request) => {
    try {
      return run(request);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/** The end of the chain: `fetch(url, init)`. */
export function sendWith(fetch: FetchFunction): Next {
  return (request) => {
    const init = initOf(request);
    const failed = (error: unknown): never => {
      if (!(error instanceof TypeError) || error instanceof NetworkError || init.signal?.aborted) throw error;
      try {
        new Request(request.url, init);
      } catch {
        throw error;
      }
      throw networkError(request, 1, error);
    };
    try {
      return fetch(request.url, init).then(undefined, failed);
    } catch (error) {
      return new Promise(() => failed(error));
    }
  };
}
