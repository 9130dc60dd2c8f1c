/**
 * The shapes the transport is made of: a `fetch`-compatible function, the onion middleware that
 * wraps it, and the token source the auth middleware asks.
 */

/**
 * What `fetch` looks like to the transport: the first argument may be a `Request`, a string or a URL.
 *
 * @example
 * const viaProxy: FetchFunction = (input, init) => fetch(input, { ...init, keepalive: true });
 */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Passes a request on to the next middleware (or, at the end of the chain, to `fetch`).
 *
 * @example
 * const logging: TransportMiddleware = (request, next: Next) => next(request);
 */
export type Next = (request: Request) => Promise<Response>;

/**
 * A middleware of the caller (the transport's `middleware` option, or `compose`). It gets a
 * `Request` made for it (its own copy: change it in place, or pass on another one) and `next`, and
 * may call `next` several times (each call needs a request whose body is unread: pass
 * `request.clone()`), or throw before anything is sent. The transport's own steps run over a
 * plain draft of the request instead (see `Draft`), which is cheaper.
 *
 * @example
 * const timing: TransportMiddleware = async (request, next) => {
 *   const started = Date.now();
 *   try {
 *     return await next(request);
 *   } finally {
 *     console.log(request.method, new URL(request.url).pathname, Date.now() - started, 'ms');
 *   }
 * };
 */
export type TransportMiddleware = (request: Request, next: Next) => Promise<Response>;

/**
 * Where the auth middleware gets its bearer token. core-auth's `createTokenProvider` is one;
 * anything with these two methods will do.
 *
 * @example
 * const source: TokenSource = createTokenProvider({ flow: 'client_credentials', authUrl, projectKey, credentials });
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
