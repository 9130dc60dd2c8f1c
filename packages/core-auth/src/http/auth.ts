/**
 * `Authorization: Bearer <token>` from a token source, and one retry with a fresh
 * token when the API refuses the token (401 `invalid_token`): tokens expire, are revoked, or are
 * dropped when their API client is deleted, and the cache cannot know.
 */
import type { TokenSource, TransportMiddleware, TransportRequest } from './types.js';
import { invalidOption } from '../errors.js';

/** `invalid_token` as the `error` of a `WWW-Authenticate` challenge, or as `"error"` or `"code"` of a JSON body. */
const CHALLENGE = /(^|[\s,])error\s*=\s*"?invalid_token\b/i;
const BODY = /"(error|code)"\s*:\s*"invalid_token"/;

/**
 * Whether a 401 answer says the token was refused (`invalid_token` in `WWW-Authenticate`, or in
 * the JSON body as `error` or as an error `code`), as opposed to any other 401.
 * @internal
 */
export async function isInvalidTokenAnswer(response: Response): Promise<boolean> {
  return (
    response.status === 401 &&
    (CHALLENGE.test(response.headers.get('www-authenticate') ?? '') ||
      BODY.test(
        await response
          .clone()
          .text()
          .catch(() => ''),
      ))
  );
}

/**
 * The step that adds the bearer token; on a 401 `invalid_token` it drops the token at the source
 * and sends the request ONCE more with a fresh one (safe for every method: a refused token means
 * the request was not processed).
 * @throws {ConfigurationError} `INVALID_OPTION` at creation when `source` lacks a method
 */
export function authMiddleware(source: TokenSource): TransportMiddleware {
  if (typeof source?.getToken !== 'function' || typeof source.invalidate !== 'function') {
    throw invalidOption('auth must have getToken() and invalidate()');
  }
  const withToken = (draft: TransportRequest, token: string): TransportRequest => {
    draft.token = token;
    draft.headers['authorization'] = `Bearer ${token}`;
    return draft;
  };
  return async (draft, next) => {
    if (draft.headers['authorization'] !== undefined && draft.token === undefined) return await next(draft);
    const options = { signal: draft.init.signal ?? undefined };
    const used = await source.getToken(options);
    const response = await next(withToken(draft, used));
    if (response.status !== 401 || !(await isInvalidTokenAnswer(response))) return response;
    // Someone else may already have replaced the token: then use theirs, and do not drop it.
    let fresh = await source.getToken(options);
    if (fresh === used) {
      await source.invalidate(used);
      fresh = await source.getToken(options);
    }
    await response.body?.cancel().catch(() => undefined);
    return await next(withToken(draft, fresh));
  };
}
