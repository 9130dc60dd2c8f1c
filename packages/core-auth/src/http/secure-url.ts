/** Tokens travel over TLS: the transport refuses plain `http:` to a host that is not loopback. */
import { assertSecureUrl } from '../regions.js';
import type { DraftStep } from './draft.js';

/** `https:` without credentials, the common case, told without parsing the URL. */
const PLAIN_HTTPS = /^https:\/\/[^/?#@]*(?:[/?#]|$)/i;
/** A URL with a scheme; a relative one (a browser's `fetch` takes them) goes to the page's origin. */
const ABSOLUTE = /^[a-z][a-z\d+.-]*:/i;

/**
 * The step that refuses a request URL the clients refuse as a base URL.
 *
 * @throws {ConfigurationError} `INSECURE_URL`, `CREDENTIALS_IN_URL`, `INVALID_URL` per request, before sending
 */
export const secureUrlStep: DraftStep = (draft, next) => {
  if (!PLAIN_HTTPS.test(draft.url) && ABSOLUTE.test(draft.url)) assertSecureUrl(draft.url);
  return next(draft);
};
