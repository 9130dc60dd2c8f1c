/**
 * The transport's own form of a request: plain fields, headers as a record of lower-case names,
 * the body held in memory. It is made once per call from `fetch`'s arguments, the steps of the
 * transport change it in place, and each attempt is sent as `fetch(url, init)`: the transport
 * builds no `Request` of its own (the `fetch` underneath builds the one it needs), unless a
 * middleware of the caller asks for one. `Headers` and `Request` objects cost several times what
 * plain objects do, per request.
 */
import { NetworkError } from './errors.js';
import type { FetchFunction, TransportMiddleware } from './types.js';

/**
 * One request on its way through the transport.
 *
 * @example
 * const draft: Draft = { url: 'https://api.example.com/p/stores', method: 'GET', headers: {}, body: undefined, init: {} };
 */
export interface Draft {
  url: string;
  /** Upper-case for the methods `fetch` normalises (GET, POST, ...). */
  method: string;
  /** Lower-case names; a name given twice holds both values joined by `, `, as in `Headers`. */
  headers: Record<string, string>;
  /** Read into memory, so that every attempt sends all of it. */
  body: string | ArrayBuffer | undefined;
  /** The other fields of the caller's `RequestInit`: `signal`, `redirect`, `cache`, `credentials`, ... */
  init: RequestInit;
  /** The bearer token the auth step set (absent: any `authorization` header is the caller's own). */
  token?: string;
}

/**
 * What hooks are told of a request: its method and URL (a `Request` is one).
 *
 * @example
 * const isRead = (request: RequestSummary) => request.method === 'GET';
 */
export interface RequestSummary {
  readonly method: string;
  readonly url: string;
}

/** One step of the transport: the onion middleware of {@link TransportMiddleware}, over drafts. */
export type DraftStep = (draft: Draft, next: (draft: Draft) => Promise<Response>) => Promise<Response>;

/** The methods `fetch` upper-cases (any other keeps its case). */
const NORMALISED = /^(delete|get|head|options|post|put)$/i;

/**
 * A draft of `fetch`'s arguments: at once for a URL with no body or a string body (nearly every
 * call), else (a `Request`, a stream, `FormData`, ...) by way of a `Request`, whose body is read.
 *
 * @example
 * const draft = await toDraft('https://api.example.com/p/stores', { headers: { 'Accept-Language': 'de' } });
 */
export function toDraft(input: RequestInfo | URL, init: RequestInit = {}): Draft | Promise<Draft> {
  const { body, headers: given, method = 'GET', ...rest } = init;
  if ((typeof input === 'string' || input instanceof URL) && (body === undefined || body === null || typeof body === 'string')) {
    const headers: Record<string, string> = {};
    // A record (what the clients pass) is read as it is; `Headers` and pairs are merged as `Headers` merges them.
    if (given instanceof Headers || Array.isArray(given)) new Headers(given).forEach((value, name) => void (headers[name] = value));
    else for (const name in given) headers[name.toLowerCase()] = String(given[name]);
    return { url: String(input), method: NORMALISED.test(method) ? method.toUpperCase() : method, headers, body: body ?? undefined, init: rest };
  }
  return draftOf(new Request(input, init));
}

/**
 * The draft of a `Request` (its body is read, so the request is used up).
 *
 * @example
 * const draft = await draftOf(new Request(url, { method: 'POST', body: form }));
 */
export async function draftOf(request: Request): Promise<Draft> {
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

/** What `fetch` is given for a draft. */
const initOf = (draft: Draft): RequestInit => ({ ...draft.init, method: draft.method, headers: draft.headers, body: draft.body ?? null });

/**
 * The {@link NetworkError} of a draft after `attempts` attempts; `cause` is what `fetch` failed with.
 *
 * @example
 * throw networkError(draft, 3, failure.cause);
 */
export const networkError = (draft: Draft, attempts: number, cause: unknown): NetworkError =>
  new NetworkError({ method: draft.method, url: draft.url, correlationId: draft.headers['x-correlation-id'], attempts, cause });

/**
 * A `Request` made from a draft, for a middleware of the caller.
 *
 * @example
 * const request = requestOf(draft);
 */
export function requestOf(draft: Draft): Request {
  return new Request(draft.url, initOf(draft));
}

/**
 * Runs `pieces` around `last`, onion style: the first sees the value first and the answer last.
 * A piece may throw before it calls `next`: the chain still answers with a rejection.
 *
 * @example
 * const send = chain([correlationIdStep(), sizeGuardStep()], sendWith(fetch));
 */
export function chain<T>(
  pieces: readonly ((value: T, next: (value: T) => Promise<Response>) => Promise<Response>)[],
  last: (value: T) => Promise<Response>,
): (value: T) => Promise<Response> {
  const run = pieces.reduceRight<(value: T) => Promise<Response>>((inner, piece) => (value) => piece(value, inner), last);
  return (value) => {
    try {
      return run(value);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * The end of the chain: `fetch(url, init)`. A `TypeError` it fails with is the network failing,
 * and becomes a {@link NetworkError} (which the retry step may retry), unless the request itself
 * is one `fetch` refuses (a bad URL or header, a body on a GET): then it is thrown as it is.
 *
 * @example
 * const send = sendWith((input, init) => fetch(input, init));
 */
export function sendWith(fetch: FetchFunction): (draft: Draft) => Promise<Response> {
  return (draft) => {
    const init = initOf(draft);
    const failed = (error: unknown): never => {
      if (!(error instanceof TypeError) || error instanceof NetworkError || init.signal?.aborted) throw error;
      try {
        requestOf(draft);
      } catch {
        throw error;
      }
      throw networkError(draft, 1, error);
    };
    try {
      return fetch(draft.url, init).then(undefined, failed);
    } catch (error) {
      return new Promise(() => failed(error));
    }
  };
}

/**
 * A step as a `Request` middleware: the request is drafted, the step runs, and what it passes on
 * is a `Request` again.
 *
 * @example
 * export const sizeGuardMiddleware = (maxBytes?: number): TransportMiddleware => asMiddleware(sizeGuardStep(maxBytes));
 */
export function asMiddleware(step: DraftStep): TransportMiddleware {
  return async (request, next) => step(await draftOf(request), (draft) => next(requestOf(draft)));
}

/**
 * A `Request` middleware of the caller as a step: it gets a `Request` made from the draft, and
 * the request it passes on is drafted again (its body read) for the steps after it.
 *
 * @example
 * const step = fromMiddleware((request, next) => next(request));
 */
export function fromMiddleware(middleware: TransportMiddleware): DraftStep {
  return (draft, next) => middleware(requestOf(draft), async (request) => next(await draftOf(request)));
}
