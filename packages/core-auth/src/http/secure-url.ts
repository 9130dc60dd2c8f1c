/** Tokens travel over TLS: the transport refuses plain `http:` to a host that is not loopback. */
import { assertSecureUrl } from '../regions.js';
import type { TransportMiddleware } from './types.js';

/** `https:` without credentials, the common case, told without parsing the URL. */
const PLAIN_HTTPS = /^https:\/\/[^/?#@]*(?:[/?#]|$)/i;
/** A URL with a scheme; a relative one (a browser's `fetch` takes them) goes to the page's origin. */
const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * The middleware that refuses a request URL the clients refuse as a base URL (with
 * `allowInsecureHttp`, plain `http:` to any host but the service's own).
 * @throws {ConfigurationError} `INSECURE_URL`, `CREDENTIALS_IN_URL`, `INVALID_URL` per request, before sending
 */
export function secureUrlMiddleware(allowInsecureHttp: boolean): TransportMiddleware {
  return (request, next) => {
    const { url } = request;
    // A URL that does not parse is left to `fetch`, which refuses it with its own TypeError.
    if (!PLAIN_HTTPS.test(url) && ABSOLUTE.test(url) && URL.canParse(url)) assertSecureUrl(url, { allowInsecureHttp });
    return next(request);
  };
}
