import { ApiError } from '../http/errors.js';

/**
 * Errors of the Change History: the same body as the HTTP API, with the codes
 * `BadRequest` 400, `Unauthorized` 401, `Forbidden` 403, `TooManyRequests` 429 and
 * `OverCapacity` 503. Errors raised by code shared with the HTTP API (authentication, the
 * request guards, fault injection) are translated by status on the way out.
 */

const CODES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'TooManyRequests',
  503: 'OverCapacity',
};

export const historyErrors = {
  badRequest: (message: string) => new ApiError(400, [{ code: 'BadRequest', message }]),
  /** 403 naming the missing scope as the HTTP API does, with `error: insufficient_scope`. */
  forbidden: (scope: string) =>
    new ApiError(403, [{ code: 'Forbidden', message: `Insufficient scope. One of the following scopes is missing: ${scope}.` }], {
      oauthError: 'insufficient_scope',
    }),
};

/** True for a request to the Change History service of the emulator (`/history/...`). */
export function isHistoryRequest(url: string): boolean {
  const { pathname } = new URL(url);
  return pathname === '/history' || pathname.startsWith('/history/');
}

/**
 * The error as the Change History answers it: for a `/history` request, the code of its status
 * (400, 401, 403, 429 or 503); any other request, or a status without a history code, is left alone.
 *
 * @example
 * asHistoryError(c.req.url, errors.invalidToken()) // 401, code Unauthorized, error invalid_token
 */
export function asHistoryError(url: string, error: ApiError): ApiError {
  const code = CODES[error.status];
  if (code === undefined || !isHistoryRequest(url) || error.errors.every((e) => e.code === code)) return error;
  return new ApiError(
    error.status,
    error.errors.map((e) => ({ ...e, code })),
    { ...(error.oauthError !== undefined ? { oauthError: error.oauthError } : {}), headers: error.headers },
  );
}
