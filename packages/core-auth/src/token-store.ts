/** Where a token provider keeps its token between calls, and between page loads in a browser. */

/** What a {@link TokenStore} keeps. */
export interface TokenEntry {
  /** Absent once invalidated (a 401 from the API) while the refresh token is still worth keeping. */
  accessToken?: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number;
  /**
   * When the access token was requested, in milliseconds since the epoch: with `expiresAt` it
   * gives the token's lifetime, so that a provider that loads the entry refreshes it when the
   * one that fetched it would have (see `refreshSkewSeconds`). Absent in entries written
   * before it existed, which are refreshed `refreshSkewSeconds` before `expiresAt`.
   */
  issuedAt?: number;
  /** The granted scopes, space-separated. */
  scope: string;
  /** The refresh token of a password or anonymous session. */
  refreshToken?: string;
}

/**
 * A pluggable, asynchronous place for one token entry. Implementations can wrap a cookie, a
 * key-value store or a database row; the provider calls `get` once, then writes through.
 */
export interface TokenStore {
  get(): Promise<TokenEntry | undefined>;
  set(entry: TokenEntry): Promise<void>;
  clear(): Promise<void>;
}

/**
 * A store in memory, the default: the token lives as long as the provider.
 * @example
 * const provider = createTokenProvider({ ...config, flow: 'client_credentials', store: memoryTokenStore() });
 */
export function memoryTokenStore(): TokenStore {
  let current: TokenEntry | undefined;
  return {
    get: async () => current && { ...current },
    set: async (entry) => {
      current = { ...entry };
    },
    clear: async () => {
      current = undefined;
    },
  };
}

/** The subset of the Web Storage API a {@link webStorageTokenStore} uses. */
export type WebStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isEntry(value: unknown): value is TokenEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const optionalString = (v: unknown) => v === undefined || (typeof v === 'string' && v !== '');
  return (
    typeof entry.expiresAt === 'number' &&
    typeof entry.scope === 'string' &&
    optionalString(entry.accessToken) &&
    optionalString(entry.refreshToken) &&
    (entry.issuedAt === undefined || typeof entry.issuedAt === 'number')
  );
}

/**
 * A store in Web Storage (`localStorage`, `sessionStorage`), so a browser keeps an anonymous
 * session across page loads: its refresh token is the only way back to that anonymous id
 *. A missing, unreadable or tampered entry reads as empty.
 * @example
 * const provider = createTokenProvider({
 *   ...config,
 *   flow: 'anonymous',
 *   scope: ['manage_my_orders:my-project'],
 *   store: webStorageTokenStore(localStorage, 'commerce-session'),
 * });
 */
export function webStorageTokenStore(storage: WebStorageLike, key: string): TokenStore {
  return {
    get: async () => {
      const text = storage.getItem(key);
      if (text === null) return undefined;
      try {
        const parsed: unknown = JSON.parse(text);
        if (!isEntry(parsed)) return undefined;
        const entry: TokenEntry = { expiresAt: parsed.expiresAt, scope: parsed.scope };
        if (parsed.accessToken !== undefined) entry.accessToken = parsed.accessToken;
        if (parsed.refreshToken !== undefined) entry.refreshToken = parsed.refreshToken;
        if (parsed.issuedAt !== undefined) entry.issuedAt = parsed.issuedAt;
        return entry;
      } catch {
        return undefined;
      }
    },
    set: async (entry) => {
      storage.setItem(key, JSON.stringify(entry));
    },
    clear: async () => {
      storage.removeItem(key);
    },
  };
}
