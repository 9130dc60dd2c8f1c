import type { MiddlewareHandler } from 'hono';
import { ADMIN_USER_HEADER } from '../auth/admin-console.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { CORRELATION_HEADER } from './correlation.js';
import type { AppEnv } from './env.js';

/**
 * CORS, so that a browser app on another origin (a dev server on `http://localhost:5173`) can call
 * the emulator as it calls the live service. Written here rather than with `hono/cors`, which
 * answers every `OPTIONS` as a preflight, sends the allow lists to origins it refuses, and sets its
 * headers before the handler runs (an error answer built afterwards need not keep them).
 */

/**
 * Every method the emulator routes (HEAD through GET). The emulator routes no PUT or PATCH (the
 * authorization service only answers them with 405), so they are not listed: a browser preflights
 * a cross-origin PUT or PATCH, finds the method missing here and blocks the request, and the app
 * gets a CORS failure (a network error) instead of the 405.
 */
export const CORS_ALLOW_METHODS = 'GET, HEAD, POST, DELETE';
/**
 * The request headers the clients send, and {@link ADMIN_USER_HEADER}, so that a browser app can
 * make admin console changes; an explicit list, never a reflection of the preflight's.
 */
export const CORS_ALLOW_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  CORRELATION_HEADER,
  'X-External-User-ID',
  'User-Agent',
  ADMIN_USER_HEADER,
].join(', ');
/** The response headers the clients read, beyond the CORS-safelisted ones; the emulator sends no Location. */
export const CORS_EXPOSE_HEADERS = [CORRELATION_HEADER, 'Retry-After', 'WWW-Authenticate'].join(', ');
/** How long a browser may reuse a preflight's answer, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

function addVaryOrigin(headers: Headers): void {
  const vary = headers.get('vary');
  if (vary === null) headers.set('vary', 'Origin');
  else if (!vary.split(',').some((name) => name.trim().toLowerCase() === 'origin')) headers.set('vary', `${vary}, Origin`);
}

/**
 * The CORS middleware; it runs before every other one. A preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) is answered here with 204 and never reaches the correlation id,
 * the limits, fault injection or authentication; an origin that is not allowed gets the 204 without
 * any allow header, so the browser blocks the request. Every other answer, errors included, gets
 * `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers` when the origin is allowed.
 * With a list of origins the allowed origin is reflected and every answer varies on `Origin`.
 * Off (`false`), it does nothing: an `OPTIONS` is then an ordinary request.
 *
 * Paths under `exceptUnder` (the control API, which refuses web pages) get no CORS at all: their
 * preflight goes through to the routes like any `OPTIONS` (and is refused there), and their answers
 * carry no allow header, so no page is invited to call them or can read what they answer.
 *
 * @example
 * app.use('*', cors({ origins: ['http://localhost:5173'] }, CONTROL_PREFIX));
 */
export function cors(config: ResolvedEmulatorOptions['cors'], exceptUnder?: string): MiddlewareHandler<AppEnv> {
  if (config === false) return (_c, next) => next();
  const { origins } = config;
  const excepted = (path: string) => exceptUnder !== undefined && (path === exceptUnder || path.startsWith(`${exceptUnder}/`));
  const allowedOrigin = (origin: string | undefined): string | undefined => {
    if (origins === '*') return '*';
    return origin !== undefined && origins.includes(origin) ? origin : undefined;
  };
  return async (c, next) => {
    if (excepted(c.req.path)) return next();
    const origin = c.req.header('origin');
    const allowOrigin = allowedOrigin(origin);
    if (c.req.method === 'OPTIONS' && origin !== undefined && c.req.header('access-control-request-method') !== undefined) {
      const headers = new Headers();
      if (origins !== '*') addVaryOrigin(headers);
      if (allowOrigin !== undefined) {
        headers.set('access-control-allow-origin', allowOrigin);
        headers.set('access-control-allow-methods', CORS_ALLOW_METHODS);
        headers.set('access-control-allow-headers', CORS_ALLOW_HEADERS);
        headers.set('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      }
      return new Response(null, { status: 204, headers });
    }
    // A cut connection rejects here and has no answer to decorate.
    await next();
    const headers = c.res.headers;
    if (origins !== '*') addVaryOrigin(headers);
    if (allowOrigin !== undefined) {
      headers.set('access-control-allow-origin', allowOrigin);
      headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
    }
  };
}
