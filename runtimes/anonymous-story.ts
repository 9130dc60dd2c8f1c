/**
 * A storefront page's anonymous session, kept in `localStorage` across page loads: a token
 * provider of the anonymous session flow whose store is
 * `webStorageTokenStore(localStorage, SESSION_KEY)`, so a reload finds the session's tokens and
 * gets back to the same anonymous id, with the stored access token while it lasts and with the
 * refresh token after that (the only way back to that id). Then two calls a
 * storefront client may make: `GET /me` (the session, as the service sees the token) and
 * `GET /product-projections` (the published catalogue).
 *
 * Browser only (it reads `localStorage`). The page loads its bundle (`anonymous-entry.ts`), which
 * runs it on every load; the test reloads the page and counts the token requests the emulator saw.
 */
import { createTokenProvider, permissionScope, webStorageTokenStore } from '@commerce-kit/core-auth';
import { createRestClient } from '@commerce-kit/rest-client';

/** The `localStorage` key of the session. */
export const SESSION_KEY = 'commerce-session';

/** Where the service is, and the storefront's API client (a public SPA client: no secret worth keeping). */
export interface AnonymousStoryConfig {
  authUrl: string;
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

/** What one page load saw, as plain JSON. */
export interface AnonymousStorySummary {
  /** What `localStorage` held under {@link SESSION_KEY} before the provider read it (null: nothing). */
  storedAtStart: { accessToken: boolean; refreshToken: boolean; expired: boolean } | null;
  /** `getTokenInfo()` right after `getToken()`. */
  info: { anonymousId: string | undefined; hasRefreshToken: boolean; scopes: string[] } | undefined;
  me: { status: number; anonymousId: string | undefined; error: string | undefined };
  projections: { status: number; names: string[]; error: string | undefined };
  /** `getTokenInfo()` after the calls: a 401 on the way made the provider refresh. */
  anonymousIdAfterCalls: string | undefined;
}

/** What the page found stored, without the tokens themselves. */
function storedAtStart(): AnonymousStorySummary['storedAtStart'] {
  const text = localStorage.getItem(SESSION_KEY);
  if (text === null) return null;
  const entry = JSON.parse(text) as { accessToken?: string; refreshToken?: string; expiresAt?: number };
  return { accessToken: !!entry.accessToken, refreshToken: !!entry.refreshToken, expired: (entry.expiresAt ?? 0) <= Date.now() };
}

/**
 * Runs one page load's share of the session against the service at `config`.
 *
 * @example
 * const summary = await runAnonymousStory({ authUrl, apiUrl, projectKey, clientId, clientSecret });
 * console.log(summary.info?.anonymousId === summary.me.anonymousId); // true
 */
export async function runAnonymousStory(config: AnonymousStoryConfig): Promise<AnonymousStorySummary> {
  const { projectKey } = config;
  const stored = storedAtStart();
  const tokenProvider = createTokenProvider({
    flow: 'anonymous',
    authUrl: config.authUrl,
    projectKey,
    credentials: { clientId: config.clientId, clientSecret: config.clientSecret },
    scope: [permissionScope('view_published_products', projectKey), permissionScope('manage_my_profile', projectKey)],
    store: webStorageTokenStore(localStorage, SESSION_KEY),
  });
  const rest = createRestClient({ baseUrl: config.apiUrl, projectKey, auth: { tokenProvider } });

  await tokenProvider.getToken();
  const info = await tokenProvider.getTokenInfo();

  const me = await rest.GET('/me');
  const projections = await rest.GET('/product-projections', { params: { query: { sort: ['key asc'] } } });

  return {
    storedAtStart: stored,
    info: info && {
      anonymousId: info.anonymousId,
      hasRefreshToken: info.hasRefreshToken,
      scopes: info.scopes.map((scope) => (scope.kind === 'permission' ? scope.name : scope.kind)).sort(),
    },
    me: {
      status: me.response.status,
      anonymousId: me.data && 'anonymousId' in me.data ? me.data.anonymousId : undefined,
      error: me.error?.code,
    },
    projections: {
      status: projections.response.status,
      names: projections.data?.results.map((projection) => projection.name['en'] ?? '') ?? [],
      error: projections.error?.code,
    },
    anonymousIdAfterCalls: (await tokenProvider.getTokenInfo())?.anonymousId,
  };
}
