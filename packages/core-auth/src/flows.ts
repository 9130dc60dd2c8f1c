/**
 * The flows of the authorization service (spec 4.1), one stateless function each. Every answer
 * is checked in the same order: status, OAuth error body, content type, JSON, required members.
 * An OAuth error body is thrown as {@link OAuthError}, a broken answer as {@link ResponseError},
 * misuse as {@link ConfigurationError} before anything is sent.
 */
import { ConfigurationError } from './errors.js';
import type * as generated from './generated/auth.js';
import { parseRetryAfter } from './http/retry-policy.js';
import { abortableSleep } from './http/sleep.js';
import { type AuthConfig, type ScopeRequest, checkConfig, checkStatus, discard, field, invalidField, optionalField, postForm, readJsonObject, requireText, scopeParam, segment } from './oauth-http.js';

export type { AuthConfig, ClientCredentials, ScopeRequest } from './oauth-http.js';

/** A token answer (spec 2.6), as generated from `schemas/openapi/auth.yaml`. */
export type TokenResponse = generated.TokenResponse;

/** The answer of the password and anonymous session flows: always with a refresh token. */
export type TokenResponseWithRefreshToken = generated.TokenResponseWithRefreshToken;

/** An active token, as introspection describes it; `exp` is in MILLISECONDS since the epoch (spec 2.6). */
export type ActiveIntrospection = generated.ActiveIntrospectionResponse;

/** Introspection's answer: active, or inactive (unknown, expired, revoked, or not ours to see). */
export type IntrospectionResponse = generated.IntrospectionResponse;

async function tokenResponse(response: Response, secrets: readonly (string | undefined)[], withRefreshToken: boolean): Promise<TokenResponse> {
  await checkStatus(response, 200, secrets);
  const body = await readJsonObject(response);
  const accessToken = field(response, body, 'access_token', 'string');
  // RFC 6749 7.1: the type is case-insensitive.
  if (field(response, body, 'token_type', 'string').toLowerCase() !== 'bearer') throw invalidField(response, 'token_type', '"Bearer"');
  const expiresIn = field(response, body, 'expires_in', 'number');
  if (expiresIn < 0) throw invalidField(response, 'expires_in', 'a non-negative number');
  const scope = field(response, body, 'scope', 'string');
  const refreshToken = withRefreshToken ? field(response, body, 'refresh_token', 'string') : optionalField(response, body, 'refresh_token', 'string');
  const token: TokenResponse = { access_token: accessToken, expires_in: expiresIn, scope, token_type: 'Bearer' };
  if (refreshToken !== undefined) token.refresh_token = refreshToken;
  return token;
}

/**
 * Client credentials flow: a token for the API client itself, without refresh token.
 *
 * @param params.scope Scopes to ask for; default: all scopes of the client. Asking for fewer is
 *   recommended.
 * @throws {OAuthError} `invalid_client` (401), `invalid_scope` (400)
 * @throws {ResponseError} on a broken answer; {@link ConfigurationError} on misuse
 * @example
 * const token = await clientCredentialsFlow(
 *   { authUrl: regionUrls('europe-west1.gcp').auth, projectKey: 'my-project', credentials: { clientId, clientSecret } },
 *   { scope: ['view_products:my-project'] },
 * );
 * // token.access_token, token.expires_in, token.scope
 */
export async function clientCredentialsFlow(config: AuthConfig, params: { scope?: ScopeRequest } = {}): Promise<TokenResponse> {
  const response = await postForm(config, '/oauth/token', { grant_type: 'client_credentials', scope: scopeParam(params.scope) });
  return tokenResponse(response, [config.credentials.clientSecret], false);
}

/** Parameters of the password flows. */
export interface PasswordParams {
  /** The customer's e-mail address. */
  username: string;
  password: string;
  /** Default: all scopes of the client. */
  scope?: ScopeRequest;
}

/**
 * Password flow for a customer not associated with any Store: a token for the `me` endpoints,
 * with a refresh token; its scope holds `customer_id:<id>` (see `tokenIdentity`).
 *
 * @throws {OAuthError} `invalid_customer_account_credentials` (400; also for a customer of a
 *   Store), `invalid_client` (401), `invalid_scope` (400)
 * @example
 * const token = await passwordFlow(config, { username: 'jen@example.com', password, scope: ['manage_my_profile:my-project'] });
 * tokenIdentity(token.scope).customerId;
 */
export async function passwordFlow(config: AuthConfig, params: PasswordParams): Promise<TokenResponseWithRefreshToken> {
  const username = requireText(params.username, 'username');
  const password = requireText(params.password, 'password');
  const path = `/oauth/${segment(config.projectKey)}/customers/token`;
  const response = await postForm(config, path, { grant_type: 'password', username, password, scope: scopeParam(params.scope) });
  return tokenResponse(response, [config.credentials.clientSecret, password, username], true) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Password flow for a customer of one Store: the token is valid only for that Store.
 *
 * @throws {OAuthError} `invalid_customer_account_credentials` (400; also for a customer of
 *   another Store), `invalid_client` (401), `invalid_scope` (400)
 * @example
 * const token = await inStorePasswordFlow(config, { storeKey: 'eu-store', username: 'jen@example.com', password });
 */
export async function inStorePasswordFlow(config: AuthConfig, params: PasswordParams & { storeKey: string }): Promise<TokenResponseWithRefreshToken> {
  const storeKey = requireText(params.storeKey, 'storeKey');
  const username = requireText(params.username, 'username');
  const password = requireText(params.password, 'password');
  const path = `/oauth/${segment(config.projectKey)}/in-store/key=${segment(storeKey)}/customers/token`;
  const response = await postForm(config, path, { grant_type: 'password', username, password, scope: scopeParam(params.scope) });
  return tokenResponse(response, [config.credentials.clientSecret, password, username], true) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Anonymous session flow: a token for an anonymous id, with a refresh token, which is the only
 * way back to that id (spec 4.1 rule 1). The client needs `create_anonymous_token`. Ask for it
 * only when a visitor-specific resource (a cart) is created (spec 5 rule 6).
 *
 * @param params.anonymousId An unused id to use; default: the service generates one.
 * @throws {OAuthError} `invalid_scope` (400, e.g. without `create_anonymous_token`),
 *   `invalid_request` (400, the emulator's answer to an id already in use), `invalid_client` (401)
 * @example
 * const token = await anonymousSessionFlow(config, { scope: ['manage_my_orders:my-project'] });
 * tokenIdentity(token.scope).anonymousId; // keep token.refresh_token to return to this session
 */
export async function anonymousSessionFlow(
  config: AuthConfig,
  params: { scope?: ScopeRequest; anonymousId?: string } = {},
): Promise<TokenResponseWithRefreshToken> {
  const anonymousId = params.anonymousId === undefined ? undefined : requireText(params.anonymousId, 'anonymousId');
  const path = `/oauth/${segment(config.projectKey)}/anonymous/token`;
  const response = await postForm(config, path, { grant_type: 'client_credentials', scope: scopeParam(params.scope), anonymous_id: anonymousId });
  return tokenResponse(response, [config.credentials.clientSecret], true) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Refresh token flow: a new access token for the session of a refresh token. The service does
 * not issue a new refresh token (contract-notes 4): keep using the one you have.
 *
 * @throws {OAuthError} `invalid_grant` (400: unknown, revoked or expired refresh token),
 *   `invalid_client` (401)
 * @example
 * const next = await refreshTokenFlow(config, { refreshToken: stored.refresh_token });
 */
export async function refreshTokenFlow(config: AuthConfig, params: { refreshToken: string }): Promise<TokenResponse> {
  const refreshToken = requireText(params.refreshToken, 'refreshToken');
  const response = await postForm(config, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken });
  return tokenResponse(response, [config.credentials.clientSecret, refreshToken], false);
}

/**
 * Introspection: whether a token is active, its scope and expiry. A client always sees its own
 * tokens; with `introspect_oauth_tokens` (or `manage_project`) any token of the project; any
 * other token reads as `{ active: false }`. Results may be cached, but a token can be revoked
 * before its `exp`.
 *
 * @throws {OAuthError} `invalid_client` (401)
 * @example
 * const info = await introspectToken(config, { token: accessToken });
 * if (info.active) console.log(info.scope, new Date(info.exp));
 */
export async function introspectToken(config: AuthConfig, params: { token: string }): Promise<IntrospectionResponse> {
  const token = requireText(params.token, 'token');
  const response = await postForm(config, '/oauth/introspect', { token });
  const secrets = [config.credentials.clientSecret, token];
  await checkStatus(response, 200, secrets);
  const body = await readJsonObject(response);
  if (!field(response, body, 'active', 'boolean')) return { active: false };
  return {
    active: true,
    scope: field(response, body, 'scope', 'string'),
    exp: field(response, body, 'exp', 'number'),
    client_id: field(response, body, 'client_id', 'string'),
  };
}

/** How {@link revokeToken} retries an answer that leaves the token alive. */
export interface RetryOptions {
  /** Attempts in all, the first included. Default 3. */
  attempts?: number;
  /** Delay before the second attempt, doubled before each further one. Default 500 ms. */
  baseDelayMs?: number;
  /** Upper bound of any delay, `Retry-After` included. Default 10 000 ms. */
  maxDelayMs?: number;
}

function checkRetry(retry: RetryOptions): Required<RetryOptions> {
  const { attempts = 3, baseDelayMs = 500, maxDelayMs = 10_000 } = retry;
  if (!Number.isInteger(attempts) || attempts < 1) throw new ConfigurationError('retry.attempts must be an integer >= 1', { code: 'INVALID_OPTION' });
  for (const [name, value] of [
    ['baseDelayMs', baseDelayMs],
    ['maxDelayMs', maxDelayMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new ConfigurationError(`retry.${name} must be a number >= 0`, { code: 'INVALID_OPTION' });
  }
  return { attempts, baseDelayMs, maxDelayMs };
}

/**
 * Revocation of an access or refresh token issued to this client. 200 is final: the token was
 * revoked, or it was unknown or invalid (spec 7). A 5xx, a 429 or a network error leaves the
 * token alive (spec 4.1 rule 3): the call is retried after a delay (`Retry-After` when given,
 * else exponential backoff), at most `retry.attempts` times; `config.signal` aborts the
 * attempts and the waits. When every attempt fails, the last failure is thrown and the token
 * must be assumed to still exist.
 *
 * @throws {OAuthError} on another 4xx with an OAuth error body, e.g. `invalid_client` (401)
 * @throws {ResponseError} `UNEXPECTED_STATUS` when the last attempt got a 5xx or 429, or a 4xx
 *   without OAuth error body; a `TypeError` when the last attempt failed in the network
 * @example
 * await revokeToken(config, { token: refreshToken, tokenTypeHint: 'refresh_token' });
 * await revokeToken(config, { token, retry: { attempts: 5, baseDelayMs: 1000 } });
 */
export async function revokeToken(
  config: AuthConfig,
  params: { token: string; tokenTypeHint?: 'access_token' | 'refresh_token'; retry?: RetryOptions },
): Promise<void> {
  const token = requireText(params.token, 'token');
  if (params.tokenTypeHint !== undefined && params.tokenTypeHint !== 'access_token' && params.tokenTypeHint !== 'refresh_token') {
    throw new ConfigurationError('tokenTypeHint must be access_token or refresh_token', { code: 'INVALID_OPTION' });
  }
  const { attempts, baseDelayMs, maxDelayMs } = checkRetry(params.retry ?? {});
  checkConfig(config);
  const secrets = [config.credentials.clientSecret, token];
  const form = { token, token_type_hint: params.tokenTypeHint };
  for (let attempt = 1; ; attempt += 1) {
    const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    let response: Response;
    try {
      response = await postForm(config, '/oauth/token/revoke', form);
    } catch (error) {
      // fetch rejects with a TypeError when the network fails; anything else (an abort, a
      // ConfigurationError) is not ours to retry.
      if (!(error instanceof TypeError) || config.signal?.aborted || attempt >= attempts) throw error;
      await abortableSleep(backoff, config.signal);
      continue;
    }
    const retryable = response.status >= 500 || response.status === 429;
    if (response.status === 200 || !retryable || attempt >= attempts) {
      await checkStatus(response, 200, secrets);
      await discard(response);
      return;
    }
    const delay = Math.min(maxDelayMs, parseRetryAfter(response.headers.get('retry-after')) ?? backoff);
    await discard(response);
    await abortableSleep(delay, config.signal);
  }
}
