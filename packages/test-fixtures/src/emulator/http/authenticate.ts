import type { MiddlewareHandler } from 'hono';
import type { AuthService } from '../auth/service.js';
import type { AppEnv } from './env.js';
import { errors } from './errors.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const EXTERNAL_USER_ID_MAX = 256;
const LOOKS_LIKE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Resolves the bearer token of an API request into a principal (401 invalid_token when missing,
 * unknown, expired or revoked). A token in the URL (`access_token=`) is never accepted.
 */
export function authenticate(auth: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const match = header === undefined ? null : BEARER.exec(header);
    if (!match) throw errors.invalidToken();
    const principal = await auth.verifyAccessToken(match[1]!, { correlationId: c.get('correlationId') });
    if (!principal) throw errors.invalidToken('invalid_token');
    c.set('principal', principal);
    const externalUserId = c.req.header('x-external-user-id');
    if (externalUserId !== undefined) {
      if (externalUserId.length === 0 || externalUserId.length > EXTERNAL_USER_ID_MAX || LOOKS_LIKE_EMAIL.test(externalUserId)) {
        throw errors.invalidInput('Invalid X-External-User-ID header: it must not carry personal information such as an e-mail address.');
      }
      c.set('externalUserId', externalUserId);
    } else if (principal.externalUserId !== undefined) {
      c.set('externalUserId', principal.externalUserId);
    }
    await next();
  };
}
