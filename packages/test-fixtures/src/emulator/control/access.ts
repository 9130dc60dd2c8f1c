import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { parseBasicAuthorization } from '../auth/basic.js';
import type { AppEnv } from '../http/env.js';
import { ApiError } from '../http/errors.js';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of two strings of any length (their digests are compared). */
function same(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Lets through only requests that authenticate with HTTP Basic as the bootstrap API client (the
 * id and secret the emulator was started with): a harness knows them, a page that a browser
 * happens to load does not, so no web page can wipe or fault the emulator. The credentials are
 * compared with the options, not with the client registry, so deleting the bootstrap client
 * through the API does not lock the harness out.
 *
 * @example
 * control.use('*', bootstrapClientOnly({ clientId: 'my-client', clientSecret: 'my-secret' }));
 * // curl -u my-client:my-secret -X POST http://127.0.0.1:8080/_emulator/reset
 */
export function bootstrapClientOnly(credentials: { clientId: string; clientSecret: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = parseBasicAuthorization(c.req.header('authorization'));
    // Every candidate is compared, so the time taken does not tell which part was wrong.
    const idMatches = given?.clientIds.map((id) => same(id, credentials.clientId)).includes(true) ?? false;
    const secretMatches = given?.secrets.map((secret) => same(secret, credentials.clientSecret)).includes(true) ?? false;
    if (!idMatches || !secretMatches) {
      throw new ApiError(
        401,
        [{ code: 'invalid_client', message: "The emulator's control API takes the bootstrap API client's id and secret with HTTP Basic authentication." }],
        { oauthError: 'invalid_client', headers: { 'WWW-Authenticate': 'Basic realm="commerce emulator control", charset="UTF-8"' } },
      );
    }
    await next();
  };
}
