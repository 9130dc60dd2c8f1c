import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { parseBasicAuthorization } from '../auth/basic.js';
import type { AppEnv } from '../http/env.js';
import { ApiError } from '../http/errors.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of two strings of any length (their digests are compared). */
function constantTimeEquals(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** A host name as DNS compares it: case-insensitive, the root's trailing dot dropped. */
const normalHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

/**
 * A host name no DNS answer can point elsewhere: an IP address, `localhost` or a name under
 * `.localhost` (given normalized, {@link normalHost}). A page of another site that rebinds its own name to the emulator's address is of
 * "the same origin" for the browser, but under its own name.
 */
function fixedHost(name: string): boolean {
  return /^\[[0-9a-f:.]+\]$/.test(name) || /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name === 'localhost' || name.endsWith('.localhost');
}

/**
 * A host the control API and the console answer to: a name no DNS answer can point elsewhere
 * ({@link fixedHost}), a name of one label (a container's service name, `emulator`, which no other
 * site's page can take), or the host the server binds. Any other name may be one that DNS
 * rebinding pointed at this machine, for a page of another site to read and change the emulator.
 */
function ownHost(hostname: string, boundHost: string | undefined): boolean {
  const name = normalHost(hostname);
  return fixedHost(name) || !name.includes('.') || (boundHost !== undefined && name === normalHost(boundHost));
}

/**
 * Refuses (403) a request whose Host is not the emulator's own ({@link ownHost}): after DNS
 * rebinding a browser sends a page's requests to the emulator under the page's host name, with
 * no `Origin`, as same-origin requests.
 */
export const ownHostOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { hostname } = new URL(c.req.url);
  if (!ownHost(hostname, c.env?.boundHost)) {
    throw new ApiError(403, [
      {
        code: 'Forbidden',
        message: `The emulator's control API and console answer only to a loopback name or an IP address (localhost, 127.0.0.1, [::1]), a one-label name or the host the emulator binds, not to '${hostname}': a name DNS rebinding may have pointed here.`,
      },
    ]);
  }
  await next();
};

/**
 * True for a request a browser sends on behalf of a web page that is not the emulator's own:
 * browsers add `Origin` to every cross-origin request and to every form post, and `Sec-Fetch-Site`
 * (other than `none`, a URL typed by the user) to every request a page makes; harnesses (curl, fetch
 * in Node, other languages' HTTP clients) send neither. The emulator's own page (its web console)
 * sends `Sec-Fetch-Site: same-origin` and its own `Origin`, and is accepted when the emulator is
 * reached by a fixed host (IP address or localhost), so that no rebound name passes for it.
 */
function fromOtherPage(own: URL, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (origin === undefined && (fetchSite === undefined || fetchSite === 'none')) return false;
  const sameOrigin = (origin === undefined || origin === own.origin) && (fetchSite === undefined || fetchSite === 'same-origin');
  return !sameOrigin || !fixedHost(normalHost(own.hostname));
}

/**
 * Lets through only requests of a test harness that authenticate with HTTP Basic as the bootstrap
 * API client (the id and secret the emulator was started with):
 * - a request a page of another web origin makes is refused (403) before its credentials are
 *   looked at, so no page a browser happens to load can wipe, restore or fault the emulator, not
 *   even with credentials the browser remembers or a form post that needs no preflight; the
 *   emulator's own web console (same origin, reached by an IP address or localhost) still needs
 *   the credentials, which it asks for;
 * - a 401 carries no `WWW-Authenticate` challenge, so a browser never prompts for the credentials
 *   and never keeps them.
 * The credentials are compared with the options, not with the client registry, so deleting the
 * bootstrap client through the API does not lock the harness out.
 *
 * @example
 * control.use('*', bootstrapClientOnly({ clientId: 'my-client', clientSecret: 'my-secret' }));
 * // curl -u my-client:my-secret -X POST http://127.0.0.1:8080/_emulator/reset
 */
export function bootstrapClientOnly(credentials: { clientId: string; clientSecret: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (fromOtherPage(new URL(c.req.url), c.req.header('origin'), c.req.header('sec-fetch-site'))) {
      throw new ApiError(403, [
        {
          code: 'Forbidden',
          message:
            "The emulator's control API does not take requests from pages of other web origins (Origin or Sec-Fetch-Site header): call it from the test harness, or open the emulator's console at an IP address or localhost.",
        },
      ]);
    }
    const given = parseBasicAuthorization(c.req.header('authorization'));
    // Every candidate is compared, so the time taken does not tell which part was wrong.
    const idMatches = given?.clientIds.map((id) => constantTimeEquals(id, credentials.clientId)).includes(true) ?? false;
    const secretMatches = given?.secrets.map((secret) => constantTimeEquals(secret, credentials.clientSecret)).includes(true) ?? false;
    if (!idMatches || !secretMatches) {
      throw new ApiError(
        401,
        [
          {
            code: 'invalid_client',
            message: "The emulator's control API takes the bootstrap API client's id and secret with HTTP Basic authentication.",
          },
        ],
        { oauthError: 'invalid_client' },
      );
    }
    await next();
  };
}
