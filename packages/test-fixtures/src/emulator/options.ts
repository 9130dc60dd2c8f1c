import { systemClock, type Clock } from './clock.js';

/** Options of {@link createEmulator}; every one has a default. */
export interface EmulatorOptions {
  /** Project key served by this emulator. Default `demo-project`. */
  projectKey?: string;
  /** Bootstrap API client (scope `manage_project:<projectKey>`). Default: random id and secret. */
  clientId?: string;
  clientSecret?: string;
  /** Injectable clock. Default: the wall clock. */
  clock?: Clock;
  /** `fetch` used for outgoing calls (external OAuth introspection). Default: global fetch. */
  fetch?: typeof fetch;
  auth?: {
    /** Default access token lifetime in seconds. Default 172 800 (48 h). */
    accessTokenValiditySeconds?: number;
    /** Default refresh token lifetime without use, in seconds. Default 200 days. */
    refreshTokenValiditySeconds?: number;
    /** Maximum number of refresh tokens kept; beyond it the least recently used go first. Default 10 000 000. */
    refreshTokenCap?: number;
    /** How long answers of the external OAuth server are cached, in ms. Default 30 minutes. */
    externalTokenCacheMs?: number;
    /** Time limit for the external introspection call, in ms. Default 500. */
    externalIntrospectionTimeoutMs?: number;
  };
  history?: {
    /** "basic" records only admin-console changes; "premium" also API changes (spec 1.3). Default "premium". */
    offering?: 'basic' | 'premium';
    /** Records older than this are dropped, in days. Default 365. */
    retentionDays?: number;
    /** Maximum number of records kept; the oldest go first. Default 1 000 000. */
    maxRecords?: number;
  };
  /** Seed of the fault injector's random source. Default 1. */
  faultSeed?: number;
}

/** {@link EmulatorOptions} with every default filled in (see {@link resolveOptions}). */
export type ResolvedEmulatorOptions = {
  projectKey: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  fetch: typeof fetch;
  auth: Required<NonNullable<EmulatorOptions['auth']>>;
  history: Required<NonNullable<EmulatorOptions['history']>>;
  faultSeed: number;
};

const RESERVED_PROJECT_KEYS = new Set(['auth', 'history', 'oauth']);

/**
 * Fills in every default of {@link EmulatorOptions} and checks the project key (2 to 36 of
 * `[a-z0-9-]`, not `auth`, `history` or `oauth`: TypeError otherwise). `random` makes the
 * bootstrap client's id and secret when they are not given.
 *
 * @example
 * resolveOptions({ projectKey: 'my-project' }, newSecret).auth.accessTokenValiditySeconds; // 172800
 */
export function resolveOptions(options: EmulatorOptions, random: () => string): ResolvedEmulatorOptions {
  const projectKey = options.projectKey ?? 'demo-project';
  if (!/^[a-z0-9-]{2,36}$/.test(projectKey) || RESERVED_PROJECT_KEYS.has(projectKey)) {
    throw new TypeError(`invalid project key ${JSON.stringify(projectKey)}: 2 to 36 of [a-z0-9-], not auth, history or oauth`);
  }
  return {
    projectKey,
    clientId: options.clientId ?? `emulator-${random().slice(0, 16)}`,
    clientSecret: options.clientSecret ?? random(),
    clock: options.clock ?? systemClock,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    auth: {
      accessTokenValiditySeconds: options.auth?.accessTokenValiditySeconds ?? 172_800,
      refreshTokenValiditySeconds: options.auth?.refreshTokenValiditySeconds ?? 200 * 24 * 3600,
      refreshTokenCap: options.auth?.refreshTokenCap ?? 10_000_000,
      externalTokenCacheMs: options.auth?.externalTokenCacheMs ?? 30 * 60 * 1000,
      externalIntrospectionTimeoutMs: options.auth?.externalIntrospectionTimeoutMs ?? 500,
    },
    history: {
      offering: options.history?.offering ?? 'premium',
      retentionDays: options.history?.retentionDays ?? 365,
      maxRecords: options.history?.maxRecords ?? 1_000_000,
    },
    faultSeed: options.faultSeed ?? 1,
  };
}
