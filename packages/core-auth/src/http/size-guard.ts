/** URL plus headers above about 15 KB are blocked by the service (431). */
import { invalidOption } from '../errors.js';
import { InvalidRequestError } from './errors.js';
import type { TransportMiddleware } from './types.js';

/** The default limit: 15 KB. */
export const DEFAULT_MAX_URL_AND_HEADERS_BYTES = 15 * 1024;

const encoder = new TextEncoder();
/** UTF-8 bytes of a string: its length when it is ASCII (URLs and headers nearly always are). */
const bytes = (text: string): number => (/[\u0080-\uffff]/.test(text) ? encoder.encode(text).length : text.length);

/** UTF-16 code units: a lower bound of the UTF-8 bytes, a third of an upper one (the cheap first look). */
const chars = (text: string): number => text.length;

/**
 * The URL plus every header line (`name: value` and CRLF), each string measured by `measure`. A
 * record of headers (a draft's, on every request) is read without a callback.
 */
function measureUrlAndHeaders(
  request: { url: string; headers: Headers | Record<string, string> },
  measure: (text: string) => number,
): { total: number; url: number; headers: number } {
  const url = measure(request.url);
  let headers = 0;
  if (request.headers instanceof Headers) request.headers.forEach((value, name) => void (headers += measure(name) + measure(value) + 4));
  else for (const name in request.headers) headers += measure(name) + measure(request.headers[name]!) + 4;
  return { total: url + headers, url, headers };
}

/**
 * Bytes of the URL plus every header line (`name: value` and CRLF), as the service counts them.
 * @internal
 */
export function urlAndHeadersBytes(request: { url: string; headers: Headers | Record<string, string> }): {
  total: number;
  url: number;
  headers: number;
} {
  return measureUrlAndHeaders(request, bytes);
}

/**
 * The step that refuses a request whose URL plus headers exceed `maxBytes`.
 * @throws {ConfigurationError} `INVALID_OPTION` for a limit that is not a positive integer
 * @throws {InvalidRequestError} `REQUEST_TOO_LARGE` per request, before sending
 */
export function sizeGuardMiddleware(maxBytes: number = DEFAULT_MAX_URL_AND_HEADERS_BYTES): TransportMiddleware {
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    throw invalidOption('maxUrlAndHeadersBytes must be a positive integer');
  }
  return (draft, next) => {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: most requests are under the limit by their length alone.
    const size = measureUrlAndHeaders(draft, chars).total * 3 > maxBytes ? urlAndHeadersBytes(draft) : undefined;
    if (size !== undefined && size.total > maxBytes) {
      throw new InvalidRequestError(
        `URL plus headers take ${size.total} bytes (URL ${size.url}, headers ${size.headers}), over the limit of ${maxBytes}: split the query`,
        { code: 'REQUEST_TOO_LARGE', cause: { ...size, limit: maxBytes } },
      );
    }
    return next(draft);
  };
}
