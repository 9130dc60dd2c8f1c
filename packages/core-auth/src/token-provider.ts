/**
 * A token provider: caches a token, refreshes it ahead of expiry, and sends ONE token request
 * however many callers wait for it (request tokens sparingly).
 */
import { OAuthError, invalidOption } from './errors.js';
import {
  anonymousRequest,
  clientCredentialsRequest,
  passwordRequest,
  refreshRequest,
  requestToken,
  type AuthConfig,
  type AuthEndpoint,
  type ScopeRequest,
  type TokenRequestBuilder,
  type TokenRequestParams,
  type TokenResponse,
} from './flows.js';
import { checkConfig } from './oauth-http.js';
import { parseScopes, tokenIdentity, type Scope } from './scopes.js';
import { memoryTokenStore, type TokenEntry, type TokenStore } from './token-store.js';

/** A source of the current time in milliseconds since the epoch; tests pass a manual clock. */
export interface Clock {
  now(): number;
}

/**
 * Options every flow of {@link createTokenProvider} takes. (No `signal`: a provider's requests
 * are shared by its callers; each `getToken()` takes its own.)
 */
export interface TokenProviderCommonOptions extends AuthEndpoint {
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
  /** Of a token that speaks for a user of an external OAuth server (`external_user_id:` in its scope). */
  externalUserId?: string;
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

/**
 * The token request of each flow (a new grant, not a refresh); building it checks the flow's
 * options, so it is built once at creation as well.
 */
const GRANTS: Record<TokenProviderOptions['flow'], TokenRequestBuilder> = {
  client_credentials: clientCredentialsRequest,
  password: passwordRequest,
  anonymous: anonymousRequest,
  refresh_token: refreshRequest,
};

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** `promise`, or the signal's reason as soon as it aborts. */
function abandonable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Creates a token provider for one flow. `getToken()` returns a cached token while it is
 * fresh; `refreshSkewSeconds` before expiry it fetches a new one: with the refresh token where
 * the session has one (password, anonymous, refresh_token flows), falling back to a new grant
 * when the refresh token is refused with `invalid_grant` (password: logs in again; anonymous:
 * starts a NEW anonymous session, with a new id; refresh_token: no fallback, the error is
 * thrown and the store cleared). Concurrent callers share one request.
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
  const { flow, store = memoryTokenStore(), clock = Date, refreshSkewSeconds: skew = 300 } = options;
  if (!Object.hasOwn(GRANTS, flow)) throw invalidOption(`flow must be one of ${Object.keys(GRANTS).join(', ')}`);
  // A copy, without `signal`: a caller's signal must not abort a request other callers share.
  const config: AuthConfig & TokenRequestParams = { ...options, credentials: { ...options.credentials }, signal: undefined };
  checkConfig(config);
  const grant = GRANTS[flow];
  grant(config, config);
  if (!(Number.isFinite(skew) && skew >= 0)) throw invalidOption('refreshSkewSeconds must be a number >= 0');
  if (![store.get, store.set, store.clear].every(isFunction)) throw invalidOption('store must have get, set and clear');
  if (!isFunction(clock.now)) throw invalidOption('clock must have now()');
  const skewMs = skew * 1000;

  let entry: TokenEntry | undefined;
  /** Until when (ms) the cached access token is handed out; -Infinity without one, whatever the clock says. */
  let validUntil = -Infinity;
  /** The cached access token, as the promise every fresh `getToken()` returns (no allocation per call). */
  let cached: Promise<string> | undefined;
  let loaded = false;
  let loading: Promise<void> | undefined;
  let inflight: Promise<string> | undefined;
  let writes: Promise<void> = Promise.resolve();

  const use = (next: TokenEntry | undefined, refreshAt: number): void => {
    entry = next;
    validUntil = -Infinity;
    cached = undefined;
    if (next?.accessToken) {
      validUntil = Math.min(refreshAt, next.expiresAt);
      cached = Promise.resolve(next.accessToken);
    }
  };
  const fresh = (): boolean => clock.now() < validUntil;
  /**
   * When a token is refreshed: `refreshSkewSeconds` before it expires, but not before half its
   * lifetime has passed (a token living less than twice the skew is still used for half its life).
   * An entry without `issuedAt` (written by an older version) counts from the skew alone.
   */
  const refreshTime = ({ issuedAt, expiresAt }: TokenEntry): number =>
    issuedAt === undefined ? expiresAt - skewMs : issuedAt + Math.max(expiresAt - issuedAt - skewMs, (expiresAt - issuedAt) / 2);

  // The store is read once; after that the provider's memory is the truth and the store follows.
  const load = (): Promise<void> =>
    (loading ??= store.get().then(
      (stored) => {
        loaded = true;
        if (stored && !entry) use(stored, refreshTime(stored));
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  // Writes are chained so that they land in the order they were decided.
  const persist = (next: TokenEntry | undefined): Promise<void> =>
    (writes = writes.catch(() => undefined).then(() => (next ? store.set(next) : store.clear())));

  const acquire = async (): Promise<string> => {
    await load();
    if (fresh()) return cached!;
    const startedAt = clock.now();
    // The session's refresh token; before the first answer, the refresh_token flow's own.
    const refreshToken = entry?.refreshToken ?? config.refreshToken;
    // A new session takes the configured anonymous id; a session that existed has used it up.
    const newGrant = grant(config, entry ? { ...config, anonymousId: undefined } : config);
    let response: TokenResponse;
    try {
      response = await requestToken(config, refreshToken ? refreshRequest(config, { refreshToken }) : newGrant);
    } catch (error) {
      if (!refreshToken || !(error instanceof OAuthError && error.error === 'invalid_grant')) throw error;
      // Only a grant that starts a session replaces a refused refresh token: password logs in
      // again, anonymous starts a NEW session (the old id is lost with its refresh token).
      if (!newGrant[2]) {
        use(undefined, 0);
        // The refusal is the news; a store that cannot forget does not hide it.
        await persist(undefined).catch(() => undefined);
        throw error;
      }
      response = await requestToken(config, newGrant);
    }
    const next: TokenEntry = {
      accessToken: response.access_token,
      expiresAt: startedAt + response.expires_in * 1000,
      issuedAt: startedAt,
      scope: response.scope,
    };
    // The refresh flow issues no new refresh token: the used one stays valid.
    const nextRefreshToken = response.refresh_token ?? refreshToken;
    if (nextRefreshToken) next.refreshToken = nextRefreshToken;
    use(next, refreshTime(next));
    await persist(next);
    return response.access_token;
  };

  return {
    getToken(options) {
      const signal = options?.signal;
      if (signal?.aborted) return Promise.reject(signal.reason);
      // The hot path: a fresh token, no request under way.
      if (!inflight && fresh()) return cached!;
      inflight ??= acquire().finally(() => {
        inflight = undefined;
      });
      return signal ? abandonable(inflight, signal) : inflight;
    },

    async invalidate(token) {
      // Once loaded, the drop is synchronous, so no caller is handed the refused token afterwards.
      if (!loaded) await load();
      if (!entry?.accessToken || (token !== undefined && token !== entry.accessToken)) return;
      use(entry.refreshToken ? { expiresAt: 0, scope: entry.scope, refreshToken: entry.refreshToken } : undefined, 0);
      await persist(entry);
    },

    async getTokenInfo() {
      await load();
      if (!entry) return undefined;
      const { scope, accessToken, expiresAt, refreshToken } = entry;
      return {
        scope,
        scopes: parseScopes(scope),
        expiresAt: accessToken ? expiresAt : 0,
        hasRefreshToken: !!refreshToken,
        ...tokenIdentity(scope),
      };
    },
  };
}
