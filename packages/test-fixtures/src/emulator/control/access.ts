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

/**
 * True for a request a browser sends on behalf of a web page: browsers add `Origin` to every
 * cross-origin request and to every form post, and `Sec-Fetch-Site` (other than `none`, a URL typed
 * by the user) to every request a page makes. Harnesses (curl, fetch in Node, other languages'
 * HTTP clients) send neither.
 */
function fromWebPage(origin: string | undefined, fetchSite: string | undefined): boolean {
  return origin !== undefined || (fetchSite !== undefined && fetchSite !== 'none');
}

/**
 * Lets through only requests of a test harness that authenticate with HTTP Basic as the bootstrap
 * API client (the id and secret the emulator was started with):
 * - a request a web page makes is refused (403) before its credentials are looked at, so no page a
 *   browser happens to load can wipe, restore or fault the emulator, not even with credentials the
 *   browser remembers or a form post that needs no preflight;
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
    if (fromWebPage(c.req.header('origin'), c.req.header('sec-fetch-site'))) {
      throw new ApiError(403, [
        {
          code: 'Forbidden',
          message:
            "The emulator's control API does not take requests from web pages (Origin or Sec-Fetch-Site header): call it from the test harness.",
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
