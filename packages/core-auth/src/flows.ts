/** The flows of the authorization service, one stateless function each. */
import { invalidOption } from './errors.js';
import type * as generated from './generated/auth.js';
import {
  type AuthConfig,
  type ScopeRequest,
  isText,
  member,
  postForm,
  readOAuthAnswer,
  requireText,
  scopeParam,
  segment,
} from './oauth-http.js';

export type { AuthConfig, AuthEndpoint, ClientCredentials, ScopeRequest } from './oauth-http.js';

/** A token answer, as generated from the repository's `schemas/openapi/auth.yaml`. */
export type TokenResponse = generated.TokenResponse;

/** The answer of the password and anonymous session flows: always with a refresh token. */
export type TokenResponseWithRefreshToken = generated.TokenResponseWithRefreshToken;

/** An active token, as introspection describes it; `exp` is in MILLISECONDS since the epoch. */
export type ActiveIntrospection = generated.ActiveIntrospectionResponse;

/** Introspection's answer: active, or inactive (unknown, expired, revoked, or not ours to see). */
export type IntrospectionResponse = generated.IntrospectionResponse;

/**
 * A token request, as data (internal): the path under `{auth_url}`, the form (`undefined` members
 * are not sent), and whether the answer must carry a refresh token (the grant starts a session).
 */
export type TokenRequest = [path: string, form: Record<string, string | undefined>, withRefreshToken?: boolean];

/**
 * What the `…Request` builders read (internal); each checks the members its flow needs. The
 * token provider's options are such an object.
 */
export interface TokenRequestParams {
  scope?: ScopeRequest | undefined;
  username?: string;
  password?: string;
  storeKey?: string | undefined;
  anonymousId?: string | undefined;
  refreshToken?: string;
}

/** A builder of the token request of one flow (internal). */
export type TokenRequestBuilder = (config: AuthConfig, params: TokenRequestParams) => TokenRequest;

const isSeconds = (value: unknown): value is number => Number.isFinite(value) && (value as number) >= 0;
const isBearer = (value: unknown): value is string => isText(value) && value.toLowerCase() === 'bearer';

/**
 * Sends a token request and checks the answer (internal): `readOAuthAnswer`, then the members of a
 * token answer in their order.
 */
export async function requestToken(config: AuthConfig, [path, form, withRefreshToken]: TokenRequest): Promise<TokenResponse> {
  const response = await postForm(config, path, form);
  const body = await readOAuthAnswer(response, [config.credentials.clientSecret, form.username, form.password, form.refresh_token]);
  const accessToken = member(response, body, 'access_token');
  // RFC 6749 7.1: the type is case-insensitive.
  member(response, body, 'token_type', isBearer, '"Bearer"');
  const token: TokenResponse = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: member(response, body, 'expires_in', isSeconds, 'a number >= 0'),
    scope: member(response, body, 'scope'),
  };
  if (withRefreshToken || body.refresh_token !== undefined) token.refresh_token = member(response, body, 'refresh_token');
  return token;
}

/** The request of {@link clientCredentialsFlow} (internal). */
export const clientCredentialsRequest: TokenRequestBuilder = (_config, params) => [
  '/oauth/token',
  { grant_type: 'client_credentials', scope: scopeParam(params.scope) },
];

/**
 * The request of {@link passwordFlow}, or with `inStore` (default: whether `params.storeKey` is
 * given) of {@link inStorePasswordFlow} (internal).
 */
export const passwordRequest = (config: AuthConfig, params: TokenRequestParams, inStore = params.storeKey !== undefined): TokenRequest => [
  `/oauth/${segment(config.projectKey)}${inStore ? `/in-store/key=${segment(requireText(params.storeKey, 'storeKey'))}` : ''}/customers/token`,
  {
    grant_type: 'password',
    username: requireText(params.username, 'username'),
    password: requireText(params.password, 'password'),
    scope: scopeParam(params.scope),
  },
  true,
];

/** The request of {@link anonymousSessionFlow} (internal). */
export const anonymousRequest: TokenRequestBuilder = (config, { scope, anonymousId }) => [
  `/oauth/${segment(config.projectKey)}/anonymous/token`,
  {
    grant_type: 'client_credentials',
    scope: scopeParam(scope),
    anonymous_id: anonymousId === undefined ? undefined : requireText(anonymousId, 'anonymousId'),
  },
  true,
];

/** The request of {@link refreshTokenFlow} (internal). */
export const refreshRequest: TokenRequestBuilder = (_config, params) => [
  '/oauth/token',
  { grant_type: 'refresh_token', refresh_token: requireText(params.refreshToken, 'refreshToken') },
];

/**
 * Client credentials flow: a token for the API client itself, without refresh token.
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
  return requestToken(config, clientCredentialsRequest(config, params));
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
 * with a refresh token; its scope holds `customer:<id>` (see `tokenIdentity`).
 * @throws {OAuthError} `invalid_customer_account_credentials` (400; also for a customer of a
 *   Store), `invalid_client` (401), `invalid_scope` (400)
 * @example
 * const token = await passwordFlow(config, { username: 'jen@example.com', password, scope: ['manage_my_profile:my-project'] });
 * tokenIdentity(token.scope).customerId;
 */
export async function passwordFlow(config: AuthConfig, params: PasswordParams): Promise<TokenResponseWithRefreshToken> {
  return requestToken(config, passwordRequest(config, params, false)) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Password flow for a customer of one Store: the token is valid only for that Store.
 * @throws {OAuthError} `invalid_customer_account_credentials` (400; also for a customer of
 *   another Store), `invalid_client` (401), `invalid_scope` (400)
 * @example
 * const token = await inStorePasswordFlow(config, { storeKey: 'eu-store', username: 'jen@example.com', password });
 */
export async function inStorePasswordFlow(
  config: AuthConfig,
  params: PasswordParams & { storeKey: string },
): Promise<TokenResponseWithRefreshToken> {
  return requestToken(config, passwordRequest(config, params, true)) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Anonymous session flow: a token for an anonymous id, with a refresh token, which is the only
 * way back to that id. The client needs `create_anonymous_token`. Ask for it
 * only when a visitor-specific resource (a cart) is created.
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
  return requestToken(config, anonymousRequest(config, params)) as Promise<TokenResponseWithRefreshToken>;
}

/**
 * Refresh token flow: a new access token for the session of a refresh token. The service does
 * not issue a new refresh token: keep using the one you have.
 * @throws {OAuthError} `invalid_grant` (400: unknown, revoked or expired refresh token),
 *   `invalid_client` (401)
 * @example
 * const next = await refreshTokenFlow(config, { refreshToken: stored.refresh_token });
 */
export async function refreshTokenFlow(config: AuthConfig, params: { refreshToken: string }): Promise<TokenResponse> {
  return requestToken(config, refreshRequest(config, params));
}

/**
 * Introspection: whether a token is active, its scope and expiry. A client always sees its own
 * tokens; with `introspect_oauth_tokens` (or `manage_project`) any token of the project; any
 * other token reads as `{ active: false }`. Results may be cached, but a token can be revoked
 * before its `exp`.
 * @throws {OAuthError} `invalid_client` (401)
 * @example
 * const info = await introspectToken(config, { token: accessToken });
 * if (info.active) console.log(info.scope, new Date(info.exp));
 */
export async function introspectToken(config: AuthConfig, params: { token: string }): Promise<IntrospectionResponse> {
  const token = requireText(params.token, 'token');
  const response = await postForm(config, '/oauth/introspect', { token });
  const body = await readOAuthAnswer(response, [config.credentials.clientSecret, token]);
  return member(response, body, 'active', (value): value is boolean => typeof value === 'boolean', 'a boolean')
    ? {
        active: true,
        scope: member(response, body, 'scope'),
        exp: member(response, body, 'exp', Number.isFinite as (value: unknown) => value is number, 'a number'),
        client_id: member(response, body, 'client_id'),
      }
    : { active: false };
}

/** Revocation leaves the token alive on 429 and on every 5xx: those are retried. */
const REVOCATION_RETRIED = [429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/**
 * Revocation of an access or refresh token issued to this client. 200 is final: the token was
 * revoked, or it was unknown or invalid. A 5xx, a 429 or a network error leaves the token alive:
 * the call is retried as `config.retry` says (`Retry-After` when given, else backoff), every 5xx
 * included; `config.signal` aborts the attempts and the waits. When every attempt fails, the
 * last failure is thrown and the token must be assumed to still exist.
 * @throws {OAuthError} on another 4xx with an OAuth error body, e.g. `invalid_client` (401)
 * @throws {ResponseError} `UNEXPECTED_STATUS` when the last attempt got a 5xx or 429, or a 4xx
 *   without OAuth error body; `NetworkError` (a `TypeError`) when the last attempt failed in the network
 * @example
 * await revokeToken(config, { token: refreshToken, tokenTypeHint: 'refresh_token' });
 * await revokeToken({ ...config, retry: { maxRetries: 5, baseDelayMs: 1000 } }, { token });
 */
export async function revokeToken(
  config: AuthConfig,
  params: { token: string; tokenTypeHint?: 'access_token' | 'refresh_token' },
): Promise<void> {
  const token = requireText(params.token, 'token');
  const hint = params.tokenTypeHint;
  if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token')
    throw invalidOption('tokenTypeHint must be access_token or refresh_token');
  const response = await postForm(config, '/oauth/token/revoke', { token, token_type_hint: hint }, REVOCATION_RETRIED);
  await readOAuthAnswer(response, [config.credentials.clientSecret, token], true);
}
