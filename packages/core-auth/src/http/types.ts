/** The shapes the transport is made of: `fetch`, its request, its middleware, its token source. */

/** What `fetch` looks like to the transport: the first argument may be a `Request`, a string or a URL. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * One request on its way through the transport: plain fields, headers as a record of lower-case
 * names, the body held in memory so that every attempt sends all of it.
 */
export interface TransportRequest {
  url: string;
  /** Upper-case for the methods `fetch` normalises (GET, POST, ...). */
  method: string;
  /** Lower-case names; a name given twice holds both values joined by `, `, as in `Headers`. */
  headers: Record<string, string>;
  body: string | ArrayBuffer | undefined;
  /** The other fields of the caller's `RequestInit`: `signal`, `redirect`, `cache`, ... */
  init: RequestInit;
  /** The bearer token the transport set (absent: any `authorization` header is the caller's own). */
  token?: string;
}

/** What hooks are told of a request: its method and URL. */
export interface RequestSummary {
  readonly method: string;
  readonly url: string;
}

/** Passes a request on to the next middleware (at the end of the chain, to `fetch`). */
export type Next = (request: TransportRequest) => Promise<Response>;

/**
 * The one form of a transport step, onion style: it gets the request and `next`, may change the
 * request in place or pass on another, may call `next` again (the body is held), or throw before
 * anything is sent.
 */
export type TransportMiddleware = (request: TransportRequest, next: Next) => Promise<Response>;

/**
 * Where the auth middleware gets its bearer token. core-auth's `createTokenProvider` is one;
 * anything with these two methods will do.
 */
export interface TokenSource {
  /** A valid access token; concurrent callers should share one token request. */
  getToken(options?: { signal?: AbortSignal }): Promise<string>;
  /**
   * Forget the access token after the API refused it. Receives the refused token, so that a
   * source can ignore a late refusal of a token it has already replaced.
   */
  invalidate(token?: string): void | Promise<void>;
}
