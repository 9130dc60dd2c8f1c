/**
 * URL plus headers above about 15 KB are blocked by the service (spec 8; contract-notes 7: 431).
 * The guard fails such a request before it is sent, with the sizes as evidence, so the caller
 * learns which part to shorten instead of reading a 431. It runs last, after the
 * `Authorization` header is set, because the token counts too.
 */
import { InvalidRequestError, invalidOption } from './errors.js';
import type { TransportMiddleware } from './types.js';

/**
 * The default limit: 15 KB.
 *
 * @example
 * sizeGuardMiddleware(DEFAULT_MAX_URL_AND_HEADERS_BYTES);
 */
export const DEFAULT_MAX_URL_AND_HEADERS_BYTES = 15 * 1024;

const encoder = new TextEncoder();
/** UTF-8 bytes of a string: its length when it is ASCII (URLs and headers nearly always are). */
const bytes = (text: string): number => (/[\u0080-\uffff]/.test(text) ? encoder.encode(text).length : text.length);

/**
 * Bytes of the URL plus every header line (`name: value` and CRLF), as the service counts them.
 *
 * @example
 * urlAndHeadersBytes(new Request('https://api.example.com/p/stores', { headers: { accept: 'application/json' } }))
 */
export function urlAndHeadersBytes(request: Request): { total: number; url: number; headers: number } {
  const url = bytes(request.url);
  let headers = 0;
  request.headers.forEach((value, name) => {
    headers += bytes(name) + bytes(value) + 4;
  });
  return { total: url + headers, url, headers };
}

/**
 * Refuses a request whose URL plus headers exceed `maxBytes`.
 *
 * @throws {ConfigurationError} `INVALID_OPTION` for a limit that is not a positive integer
 * @throws {InvalidRequestError} `REQUEST_TOO_LARGE` per request, before sending
 * @example
 * createTransport({ maxUrlAndHeadersBytes: 8 * 1024 }); // stricter than the service
 */
export function sizeGuardMiddleware(maxBytes: number = DEFAULT_MAX_URL_AND_HEADERS_BYTES): TransportMiddleware {
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) {
    throw invalidOption('maxUrlAndHeadersBytes must be a positive integer');
  }
  return (request, next) => {
    const size = urlAndHeadersBytes(request);
    if (size.total > maxBytes) {
      throw new InvalidRequestError(
        `URL plus headers take ${size.total} bytes (URL ${size.url}, headers ${size.headers}), over the limit of ${maxBytes}: split the query`,
        { code: 'REQUEST_TOO_LARGE', cause: { ...size, limit: maxBytes } },
      );
    }
    return next(request);
  };
}
