import { systemClock, type Clock } from './clock.js';

/** Options of {@link createEmulator}; every one has a default. */
export interface EmulatorOptions {
  /** The emulator's own project, whose bootstrap client is the one below. Default `demo-project`. */
  projectKey?: string;
  /**
   * More projects to serve from the start, each fully isolated and with a bootstrap client of its
   * own (`emulator.project(key).credentials`). More can be added later with `emulator.project(key)`
   * or `POST /_emulator/projects`.
   */
  projects?: readonly string[];
  /**
   * The durable mode: every project is kept in a SQLite database in this directory (created when
   * missing), written before each answer is sent, and read back when an emulator starts on it.
   * Uses `node:sqlite` where Node has it (22.13+), else the optional peer dependency `better-sqlite3`
   * (version 12), which must then be installed. One emulator at a time uses a data dir. Default:
   * none, every project lives in memory only.
   */
  dataDir?: string;
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
    /** "basic" records only admin-console changes; "premium" also API changes. Default "premium". */
    offering?: 'basic' | 'premium';
    /** Records older than this are dropped, in days. Default 365. */
    retentionDays?: number;
    /** Maximum number of records kept; the oldest go first. Default 1 000 000. */
    maxRecords?: number;
  };
  carts?: {
    /**
     * Maximum number of Carts a project keeps; beyond it the least recently modified are deleted
     * (the spec's cleanup). Default 10 000 000, the live service's limit of Carts per project.
     */
    limit?: number;
  };
  shoppingLists?: {
    /**
     * Maximum number of Shopping Lists a project keeps; beyond it the least recently modified are
     * deleted (the spec's cleanup). Default 10 000 000.
     */
    limit?: number;
  };
  /** Seed of the fault injector's random source. Default 1. */
  faultSeed?: number;
  /**
   * CORS, for browser apps served from another origin. `true` (default): any origin
   * (`Access-Control-Allow-Origin: *`); `{ origins: ['http://localhost:5173'] }`: only these exact
   * origins (scheme, host and optional port, no path); `false`: no CORS headers, and an `OPTIONS`
   * preflight is an ordinary request. One exception with a list of origins, over a socket
   * (`startEmulator`): a request Node's HTTP parser refuses (URL plus headers over 15 KB: 431) is
   * answered before its `Origin` can be read, so without CORS headers; a browser then reports a
   * CORS error instead of the 431. With `true` that answer carries them.
   */
  cors?: boolean | { origins: readonly string[] };
  /**
   * The control API at `<origin>/_emulator` (reset, fault rules, the manual clock, a readiness
   * probe), for harnesses that talk to the emulator over a port; it takes the bootstrap client's
   * credentials. Default `true`; `false` leaves only the service's own endpoints.
   */
  control?: boolean;
  /**
   * The control API's request log (`GET /_emulator/requests`, the web console's), secrets masked:
   * `true` records from the start; by default it starts at its first read (the console's sign-in),
   * so a test suite that never looks pays nothing for it. The CLI turns it on.
   */
  requestLog?: boolean;
}

/** {@link EmulatorOptions} with every default filled in (see {@link resolveOptions}). */
export type ResolvedEmulatorOptions = {
  projectKey: string;
  /** The other projects served from the start. */
  projects: readonly string[];
  /** The durable mode's directory, if any. */
  dataDir: string | undefined;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  fetch: typeof fetch;
  auth: Required<NonNullable<EmulatorOptions['auth']>>;
  history: Required<NonNullable<EmulatorOptions['history']>>;
  carts: Required<NonNullable<EmulatorOptions['carts']>>;
  shoppingLists: Required<NonNullable<EmulatorOptions['shoppingLists']>>;
  faultSeed: number;
  /** Off, any origin (`'*'`), or a list of exact origins. */
  cors: false | { origins: '*' | readonly string[] };
  control: boolean;
  requestLog: boolean;
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
  const projectKey = checkProjectKey(options.projectKey ?? 'demo-project');
  if (options.projects !== undefined && !Array.isArray(options.projects))
    throw new TypeError('invalid projects option: an array of project keys expected');
  const projects = [...new Set((options.projects ?? []).map(checkProjectKey))].filter((key) => key !== projectKey);
  if (options.dataDir !== undefined && (typeof options.dataDir !== 'string' || options.dataDir === ''))
    throw new TypeError('invalid dataDir option: a directory path expected');
  return {
    projectKey,
    projects,
    dataDir: options.dataDir,
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
    carts: { limit: options.carts?.limit ?? 10_000_000 },
    shoppingLists: { limit: options.shoppingLists?.limit ?? 10_000_000 },
    faultSeed: options.faultSeed ?? 1,
    cors: resolveCors(options.cors),
    control: resolveControl(options.control),
    requestLog: resolveFlag('requestLog', options.requestLog, false),
  };
}

/**
 * Checks a project key (2 to 36 of `[a-z0-9-]`, not `auth`, `history` or `oauth`: TypeError
 * otherwise) and returns it.
 */
export function checkProjectKey(projectKey: unknown): string {
  if (typeof projectKey !== 'string' || !/^[a-z0-9-]{2,36}$/.test(projectKey) || RESERVED_PROJECT_KEYS.has(projectKey)) {
    throw new TypeError(`invalid project key ${JSON.stringify(projectKey)}: 2 to 36 of [a-z0-9-], not auth, history or oauth`);
  }
  return projectKey;
}

/** `scheme://host[:port]`: what a browser sends in `Origin` (no user info, path, query or fragment). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

/**
 * Checks one entry of `cors.origins` (TypeError unless it is an origin as a browser writes it in
 * the `Origin` header, since the emulator compares them exactly) and returns it.
 *
 * @example
 * checkCorsOrigin('http://localhost:5173'); // 'http://localhost:5173'
 * checkCorsOrigin('http://localhost:5173/app'); // throws TypeError: a browser sends it as http://localhost:5173
 */
export function checkCorsOrigin(origin: unknown): string {
  const invalid = (why: string) =>
    new TypeError(`invalid CORS origin ${JSON.stringify(origin)}: ${why}; an origin is scheme://host[:port], e.g. http://localhost:5173`);
  if (typeof origin !== 'string') throw invalid('not a string');
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  // A browser writes an http(s) origin in one way only (lower case, no default port, no path):
  // anything else would never match, so name the origin it would send.
  const web = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
  if (web && url.origin !== origin) throw invalid(`a browser sends it as ${url.origin}`);
  if (!url || !ORIGIN.test(origin)) throw invalid('not an origin');
  return origin;
}

/** `cors` as resolved: `true` or absent is any origin; a list is checked entry by entry. */
function resolveCors(cors: EmulatorOptions['cors']): ResolvedEmulatorOptions['cors'] {
  if (cors === undefined || cors === true) return { origins: '*' };
  if (cors === false) return false;
  if (typeof cors !== 'object' || cors === null || !Array.isArray(cors.origins)) {
    throw new TypeError('invalid cors option: true, false or { origins: [...] } expected');
  }
  if (cors.origins.length === 0) throw new TypeError('invalid cors option: origins is empty; pass cors: false to turn CORS off');
  return { origins: [...new Set(cors.origins.map(checkCorsOrigin))] };
}

/** A boolean option as resolved: its default when absent; TypeError when not a boolean. */
function resolveFlag(name: string, value: unknown, fallback: boolean): boolean {
  if (value !== undefined && typeof value !== 'boolean') throw new TypeError(`invalid ${name} option: true or false expected`);
  return (value as boolean | undefined) ?? fallback;
}

/** `control` as resolved: on unless `false`. */
function resolveControl(control: EmulatorOptions['control']): boolean {
  if (control !== undefined && typeof control !== 'boolean') throw new TypeError('invalid control option: true or false expected');
  return control ?? true;
}
