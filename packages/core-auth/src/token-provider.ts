/**
 * A token provider: caches a token, refreshes it ahead of expiry, and sends ONE token request
 * however many callers wait for it (spec 5 rule 6: request tokens sparingly).
 */
import { ConfigurationError, OAuthError } from './errors.js';
import {
  anonymousSessionFlow,
  clientCredentialsFlow,
  inStorePasswordFlow,
  passwordFlow,
  refreshTokenFlow,
  type AuthConfig,
  type ScopeRequest,
  type TokenResponse,
} from './flows.js';
import { checkConfig, requireText, scopeParam } from './oauth-http.js';
import { parseScopes, tokenIdentity, type Scope } from './scopes.js';
import { memoryTokenStore, type TokenEntry, type TokenStore } from './token-store.js';

/** A source of the current time in milliseconds since the epoch; tests pass a manual clock. */
export interface Clock {
  now(): number;
}

/** Options every flow of {@link createTokenProvider} takes. */
export interface TokenProviderCommonOptions extends Omit<AuthConfig, 'signal'> {
  /** Where the token is kept. Default {@link memoryTokenStore}. */
  store?: TokenStore;
  /**
   * How long before expiry a token is replaced, in seconds. Default 300. For a token that lives
   * less than twice as long, it is replaced at half its lifetime instead.
   */
  refreshSkewSeconds?: number;
  /** Default: `Date.now`. */
  clock?: Clock;
}

/** Options of {@link createTokenProvider}, by flow. */
export type TokenProviderOptions = TokenProviderCommonOptions &
  (
    | { flow: 'client_credentials'; scope?: ScopeRequest }
    | {
        flow: 'password';
        username: string;
        /** Kept in memory to log in again when the refresh token has expired; never stored. */
        password: string;
        /** Log in to this Store (in-store password flow). Default: the global flow. */
        storeKey?: string;
        scope?: ScopeRequest;
      }
    | {
        flow: 'anonymous';
        scope?: ScopeRequest;
        /** Id for a NEW session; ignored when the store already holds one (the id is then taken). */
        anonymousId?: string;
      }
    | {
        flow: 'refresh_token';
        /** Used when the store holds no refresh token. There is no fallback when it expires. */
        refreshToken: string;
      }
  );

/** What the provider knows about its current token. */
export interface TokenInfo {
  /** Space-separated granted scopes. */
  scope: string;
  /** {@link scope}, parsed. */
  scopes: Scope[];
  /** When the access token expires, ms since the epoch; 0 once invalidated. */
  expiresAt: number;
  customerId?: string;
  anonymousId?: string;
  /** Whether a refresh token is held (password and anonymous sessions). */
  hasRefreshToken: boolean;
}

/** See {@link createTokenProvider}. */
export interface TokenProvider {
  /**
   * A valid access token: the cached one, or a new one from a single request shared with every
   * concurrent caller. `signal` abandons this caller's wait only, never the shared request.
   */
  getToken(options?: { signal?: AbortSignal }): Promise<string>;
  /**
   * Drops the access token after the API refused it (401). Pass the refused token so that many
   * callers refused at once drop it once, not the replacement another caller already fetched.
   * The refresh token is kept.
   */
  invalidate(token?: string): Promise<void>;
  /** Scope, expiry and identity of the current token, without any request; `undefined` before the first. */
  getTokenInfo(): Promise<TokenInfo | undefined>;
}

const FLOWS = ['client_credentials', 'password', 'anonymous', 'refresh_token'] as const;

function invalid(message: string): ConfigurationError {
  return new ConfigurationError(message, { code: 'INVALID_OPTION' });
}

function checkOptions(options: TokenProviderOptions): void {
  if (!(FLOWS as readonly string[]).includes(options.flow)) throw invalid(`flow must be one of ${FLOWS.join(', ')}`);
  checkConfig(options);
  if (options.flow === 'password') {
    requireText(options.username, 'username');
    requireText(options.password, 'password');
    if (options.storeKey !== undefined) requireText(options.storeKey, 'storeKey');
  }
  if (options.flow === 'anonymous' && options.anonymousId !== undefined) requireText(options.anonymousId, 'anonymousId');
  if (options.flow === 'refresh_token') requireText(options.refreshToken, 'refreshToken');
  if ('scope' in options) scopeParam(options.scope);
  const skew = options.refreshSkewSeconds;
  if (skew !== undefined && (!Number.isFinite(skew) || skew < 0)) throw invalid('refreshSkewSeconds must be a number >= 0');
  const { store, clock } = options;
  if (store !== undefined && (typeof store.get !== 'function' || typeof store.set !== 'function' || typeof store.clear !== 'function')) {
    throw invalid('store must have get, set and clear');
  }
  if (clock !== undefined && typeof clock.now !== 'function') throw invalid('clock must have now()');
}

function abandonable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Creates a token provider for one flow. `getToken()` returns a cached token while it is
 * fresh; `refreshSkewSeconds` before expiry it fetches a new one: with the refresh token where
 * the session has one (password, anonymous, refresh_token flows), falling back to a new grant
 * when the refresh token is refused with `invalid_grant` (password: logs in again; anonymous:
 * starts a NEW anonymous session, with a new id; refresh_token: no fallback, the error is
 * thrown and the store cleared). Concurrent callers share one request.
 *
 * The provider writes through to `store` and awaits the write: a failing store fails that
 * `getToken()` call (the token is still cached in memory for the next one). The client secret
 * and the password stay inside the provider; the store never sees them.
 *
 * @throws {ConfigurationError} at creation, on misuse
 * @example
 * const provider = createTokenProvider({
 *   flow: 'client_credentials',
 *   authUrl: regionUrls('europe-west1.gcp').auth,
 *   projectKey: 'my-project',
 *   credentials: { clientId, clientSecret },
 *   scope: ['view_products:my-project'],
 * });
 * const res = await fetch(url, { headers: { authorization: `Bearer ${await provider.getToken()}` } });
 * if (res.status === 401) await provider.invalidate();
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  checkOptions(options);
  const config: AuthConfig = { authUrl: options.authUrl, projectKey: options.projectKey, credentials: { ...options.credentials } };
  if (options.fetch !== undefined) config.fetch = options.fetch;
  const store = options.store ?? memoryTokenStore();
  const clock = options.clock ?? { now: () => Date.now() };
  const skewMs = (options.refreshSkewSeconds ?? 300) * 1000;

  let entry: TokenEntry | undefined;
  /** When the cached access token stops being handed out. */
  let refreshAt = 0;
  let loaded = false;
  let loading: Promise<void> | undefined;
  let inflight: Promise<string> | undefined;
  let writes: Promise<void> = Promise.resolve();

  const fresh = (): boolean => entry?.accessToken !== undefined && clock.now() < Math.min(refreshAt, entry.expiresAt);

  // The store is read once; after that the provider's memory is the truth and the store follows.
  const load = (): Promise<void> =>
    (loading ??= store.get().then(
      (stored) => {
        loaded = true;
        if (stored !== undefined && entry === undefined) {
          entry = stored;
          refreshAt = stored.expiresAt - skewMs;
        }
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  // Writes are chained so that they land in the order they were decided.
  const persist = (next: TokenEntry | undefined): Promise<void> => {
    const write = writes.catch(() => undefined).then(() => (next === undefined ? store.clear() : store.set(next)));
    writes = write;
    return write;
  };

  const grant = (newSession: boolean): Promise<TokenResponse> => {
    switch (options.flow) {
      case 'client_credentials':
        return clientCredentialsFlow(config, { scope: options.scope });
      case 'password': {
        const params = { username: options.username, password: options.password, scope: options.scope };
        return options.storeKey === undefined ? passwordFlow(config, params) : inStorePasswordFlow(config, { ...params, storeKey: options.storeKey });
      }
      case 'anonymous':
        return anonymousSessionFlow(config, { scope: options.scope, anonymousId: newSession ? options.anonymousId : undefined });
      case 'refresh_token':
        return refreshTokenFlow(config, { refreshToken: options.refreshToken });
    }
  };

  const acquire = async (): Promise<string> => {
    await load();
    if (fresh()) return entry!.accessToken!;
    const startedAt = clock.now();
    const previous = entry;
    const refreshToken = previous?.refreshToken ?? (options.flow === 'refresh_token' ? options.refreshToken : undefined);
    let response: TokenResponse;
    let refreshed = false;
    if (refreshToken === undefined) {
      response = await grant(previous === undefined);
    } else {
      try {
        response = await refreshTokenFlow(config, { refreshToken });
        refreshed = true;
      } catch (error) {
        if (!(error instanceof OAuthError && error.error === 'invalid_grant')) throw error;
        if (options.flow === 'refresh_token' || options.flow === 'client_credentials') {
          entry = undefined;
          // The refusal is the news; a store that cannot forget does not hide it.
          await persist(undefined).catch(() => undefined);
          throw error;
        }
        response = await grant(false);
      }
    }
    const lifetimeMs = response.expires_in * 1000;
    const next: TokenEntry = { accessToken: response.access_token, expiresAt: startedAt + lifetimeMs, scope: response.scope };
    // The refresh flow issues no new refresh token (contract-notes 4): the used one stays valid.
    const nextRefreshToken = response.refresh_token ?? (refreshed ? refreshToken : undefined);
    if (nextRefreshToken !== undefined) next.refreshToken = nextRefreshToken;
    entry = next;
    refreshAt = startedAt + Math.max(lifetimeMs - skewMs, lifetimeMs / 2);
    await persist(next);
    return response.access_token;
  };

  const getToken: TokenProvider['getToken'] = ({ signal } = {}) => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (inflight === undefined && fresh()) return Promise.resolve(entry!.accessToken!);
    inflight ??= acquire().finally(() => {
      inflight = undefined;
    });
    return signal === undefined ? inflight : abandonable(inflight, signal);
  };

  const invalidate: TokenProvider['invalidate'] = (token) => {
    const drop = (): Promise<void> => {
      if (entry?.accessToken === undefined || (token !== undefined && token !== entry.accessToken)) return Promise.resolve();
      refreshAt = 0;
      if (entry.refreshToken === undefined) {
        entry = undefined;
        return persist(undefined);
      }
      entry = { expiresAt: 0, scope: entry.scope, refreshToken: entry.refreshToken };
      return persist(entry);
    };
    // Once loaded, the drop is synchronous, so no caller is handed the refused token afterwards.
    return loaded ? drop() : load().then(drop);
  };

  const getTokenInfo: TokenProvider['getTokenInfo'] = async () => {
    await load();
    if (entry === undefined) return undefined;
    const info: TokenInfo = {
      scope: entry.scope,
      scopes: parseScopes(entry.scope),
      expiresAt: entry.accessToken === undefined ? 0 : entry.expiresAt,
      hasRefreshToken: entry.refreshToken !== undefined,
    };
    const { customerId, anonymousId } = tokenIdentity(entry.scope);
    if (customerId !== undefined) info.customerId = customerId;
    if (anonymousId !== undefined) info.anonymousId = anonymousId;
    return info;
  };

  return { getToken, invalidate, getTokenInfo };
}
