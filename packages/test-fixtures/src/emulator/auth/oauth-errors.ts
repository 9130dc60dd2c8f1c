import { ApiError, errors, payloadTooLargeMessage } from '../http/errors.js';

/** `WWW-Authenticate` of a 401 from the authorization service (RFC 6749 5.2: the scheme the client must use). */
export const BASIC_CHALLENGE = 'Basic realm="commerce-emulator", charset="UTF-8"';

/**
 * Errors of the authorization service: the common error body with top-level
 * `error` and `error_description`. Messages never echo a secret, a token or a password.
 */
export const oauthErrors = {
  invalidClient: () =>
    new ApiError(401, [{ code: 'invalid_client', message: 'Please provide valid client credentials using HTTP Basic Authentication.' }], {
      oauthError: 'invalid_client',
      headers: { 'WWW-Authenticate': BASIC_CHALLENGE },
    }),
  invalidRequest: (message: string) => errors.oauth(400, 'invalid_request', message),
  /** A form body over `limit` bytes: 413, refused before it is read whole. */
  payloadTooLarge: (limit: number) => errors.oauth(413, 'invalid_request', payloadTooLargeMessage(limit)),
  unsupportedGrantType: (grantType: string, supported: readonly string[]) =>
    errors.oauth(
      400,
      'unsupported_grant_type',
      `The grant type ${JSON.stringify(grantType.slice(0, 64))} is not supported here; use ${supported.map((g) => `'${g}'`).join(' or ')}.`,
    ),
  invalidGrant: (message = 'The refresh token was not found. It may have expired.') => errors.oauth(400, 'invalid_grant', message),
  invalidScope: (message: string) => errors.oauth(400, 'invalid_scope', message),
  invalidCustomerAccountCredentials: () =>
    errors.oauth(400, 'invalid_customer_account_credentials', 'Customer account with the given credentials not found.'),
};
