/**
 * The customer's side of the in-store application's callbacks: the application calls
 * `GET <callback_path>/<user_key>` for a user token and `GET <callback_path>/<cart_id>` for a
 * payment or return cart, with `X-Api-Key: <CALLBACK_API_KEY>`, over HTTPS.
 */
import { invalidOption } from './errors.js';
import { isLoopbackHost } from './regions.js';

/**
 * What a resolver returns: a `Response` (sent as is), a JSON value (sent as 200
 * `application/json`), or `undefined`/`null` for "not mine / not found" (404, or the next
 * resolver).
 */
export type CallbackResult = Response | object | string | number | boolean | null | undefined;

/** Which resolver a path segment belongs to. */
export type CallbackKind = 'user' | 'cart';

/** Options of {@link createCallbackHandler}. */
export interface CallbackHandlerOptions {
  /** The Callback API Key registered in the in-store console. Compared in constant time. */
  apiKey: string;
  /** The path of the registered Token Retrieval URL, e.g. `/in-store/callback`. */
  basePath: string;
  /** Returns the token for a user key. */
  resolveUserToken?: (userKey: string, request: Request) => CallbackResult | Promise<CallbackResult>;
  /** Returns the payment or return cart with this id. */
  resolveCart?: (cartId: string, request: Request) => CallbackResult | Promise<CallbackResult>;
  /**
   * Tells a user key from a cart id, for services that can (e.g. cart ids are UUIDs and user
   * keys are not). Return `undefined` to answer 404. Default: none; both resolvers are asked in
   * turn, `resolveUserToken` first, and the first non-empty answer wins.
   */
  classify?: (segment: string, request: Request) => CallbackKind | undefined;
  /**
   * Accept plain `http:` when the request URL's host is loopback. Default `false`: the host of
   * `request.url` comes from the `Host` header, which a client chooses, so this is for local
   * development and the emulator only.
   */
  allowInsecureLoopback?: boolean;
  /**
   * Count `X-Forwarded-Proto: https` as HTTPS, for a server behind a TLS-terminating proxy that
   * sets (and does not pass through) that header. Default `false`.
   */
  trustForwardedProto?: boolean;
  /** Told about a resolver that threw; the caller gets a bare 500. Default: none. */
  onError?: (error: unknown, request: Request) => void;
}

const encoder = new TextEncoder();

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/**
 * Compares two secrets without leaking, through timing, how much of them matched or how long
 * the expected one is: both are hashed to 32 bytes, and every byte is compared.
 * @example
 * await timingSafeEqualText(request.headers.get('x-api-key') ?? '', apiKey) // true or false
 */
export async function timingSafeEqualText(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return equalDigests(a, b);
}

/** Every byte is visited whatever the first difference: no early exit. */
function equalDigests(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
}

function reply(status: number, message: string, headers: Record<string, string> = {}): Response {
  // The body never echoes anything from the request: not the key, not the path.
  return new Response(JSON.stringify({ statusCode: status, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function toResponse(result: Exclude<CallbackResult, null | undefined>): Response {
  if (result instanceof Response) return result;
  return new Response(JSON.stringify(result), {
    status: 200,
    // A user token must not be cached on the way.
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * A framework-agnostic handler of the in-store callbacks: `(request: Request) => Promise<Response>`.
 * Checks, in this order:
 * 1. transport: not HTTPS → 403 (unless `allowInsecureLoopback` and a loopback host, or
 *    `trustForwardedProto` and `X-Forwarded-Proto: https`). 403 rather than 421: the request
 *    reached the right server, which refuses to serve it in clear;
 * 2. path: not `<basePath>/<one segment>` → 404 (before the key, so a mounted handler does not
 *    answer 401 for paths that are not its own);
 * 3. `X-Api-Key`: missing or wrong → 401 (constant-time comparison);
 * 4. method: not GET → 405 with `Allow: GET`;
 * 5. resolvers (see `classify`): an empty answer from all → 404; a resolver that throws → 500.
 * @throws {ConfigurationError} `INVALID_OPTION` at creation (no key, bad basePath, no resolver)
 * @example
 * const handle = createCallbackHandler({
 *   apiKey: process.env.CALLBACK_API_KEY!,
 *   basePath: '/in-store/callback',
 *   resolveUserToken: async (userKey) => ({ token: await tokens.forUser(userKey) }),
 *   resolveCart: async (cartId) => carts.find(cartId),
 * });
 * // Hono: app.all('/in-store/callback/*', (c) => handle(c.req.raw));
 * // Next.js route handler: export const GET = handle;
 */
export function createCallbackHandler(options: CallbackHandlerOptions): (request: Request) => Promise<Response> {
  const { apiKey, resolveUserToken, resolveCart, classify, onError } = options;
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw invalidOption('apiKey must be a non-empty string');
  }
  if (typeof options.basePath !== 'string' || !options.basePath.startsWith('/')) {
    throw invalidOption('basePath must start with "/"');
  }
  if (resolveUserToken === undefined && resolveCart === undefined) {
    throw invalidOption('at least one of resolveUserToken and resolveCart is required');
  }
  const prefix = `${options.basePath.replace(/\/+$/, '')}/`;
  const expectedDigest = digest(apiKey);

  const secure = (request: Request, url: URL): boolean => {
    if (url.protocol === 'https:') return true;
    if (options.trustForwardedProto && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https')
      return true;
    return url.protocol === 'http:' && options.allowInsecureLoopback === true && isLoopbackHost(url.hostname);
  };

  const keyMatches = async (given: string | null): Promise<boolean> => {
    // A missing key is hashed as '' (never the configured key, which is not empty), so that
    // its absence costs the same time as a wrong one.
    const [a, b] = await Promise.all([digest(given ?? ''), expectedDigest]);
    return equalDigests(a, b);
  };

  const resolve = async (kind: CallbackKind, segment: string, request: Request): Promise<CallbackResult> => {
    const resolver = kind === 'user' ? resolveUserToken : resolveCart;
    return resolver === undefined ? undefined : resolver(segment, request);
  };

  return async (request) => {
    const url = new URL(request.url);
    if (!secure(request, url)) return reply(403, 'Callbacks are served over HTTPS only.');
    if (!url.pathname.startsWith(prefix)) return reply(404, 'Not found.');
    let segment: string;
    try {
      segment = decodeURIComponent(url.pathname.slice(prefix.length));
    } catch {
      return reply(404, 'Not found.');
    }
    if (segment === '' || url.pathname.slice(prefix.length).includes('/')) return reply(404, 'Not found.');
    if (!(await keyMatches(request.headers.get('x-api-key')))) return reply(401, 'Missing or invalid X-Api-Key.');
    if (request.method !== 'GET') return reply(405, 'Method not allowed.', { allow: 'GET' });
    try {
      const kinds: CallbackKind[] = classify
        ? [classify(segment, request)].filter((k): k is CallbackKind => k !== undefined)
        : ['user', 'cart'];
      for (const kind of kinds) {
        const result = await resolve(kind, segment, request);
        if (result !== undefined && result !== null) return toResponse(result);
      }
      return reply(404, 'Not found.');
    } catch (error) {
      onError?.(error, request);
      return reply(500, 'Internal error.');
    }
  };
}
