import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';
import { errors } from './errors.js';

/** URL plus headers above about 15 KB are blocked (431). */
export const MAX_URL_AND_HEADERS_BYTES = 15 * 1024;

/**
 * Largest request body of the REST API and the authorization service: 16 MiB, the largest JSON
 * document the live service stores (https://docs.commercetools.com/api/limits, "JSON document
 * size"). A larger body is 413 before it is read whole; GraphQL has its own, smaller limit.
 */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024 * 1024;

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE']);
const KNOWN_HTTP_VERSIONS = new Set(['1.0', '1.1', '2.0']);

/** Size of the request line's URL plus every header line, as the service counts it. */
export function urlAndHeadersSize(request: Request): number {
  let size = new TextEncoder().encode(request.url).length;
  request.headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  return size;
}

/**
 * Whether a request carries a body. Over a socket only the framing headers tell (the Node
 * adapter gives every request a body stream, empty or not); in-process a Request either has a
 * body or has none.
 */
function hasBody(request: Request, overSocket: boolean): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > 0;
  if (request.headers.has('transfer-encoding')) return true;
  return !overSocket && request.body !== null;
}

/**
 * Blocks disallowed requests before any handler runs: oversized URL plus headers
 * (431), a body on GET/HEAD/DELETE, an Upgrade header, an unknown HTTP version (400).
 */
export const disallowedRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const request = c.req.raw;
  if (urlAndHeadersSize(request) > MAX_URL_AND_HEADERS_BYTES) throw errors.requestHeaderFieldsTooLarge();
  if (METHODS_WITHOUT_BODY.has(request.method) && hasBody(request, c.env?.incoming !== undefined)) {
    throw errors.invalidInput(`A request body is not allowed on ${request.method}; the request was blocked.`);
  }
  if (request.headers.has('upgrade')) {
    throw errors.invalidInput('The Upgrade header is not allowed; the request was blocked.');
  }
  const httpVersion = c.env?.incoming?.httpVersion;
  if (httpVersion !== undefined && !KNOWN_HTTP_VERSIONS.has(httpVersion)) {
    throw errors.unknownHttpVersion(httpVersion);
  }
  await next();
};
