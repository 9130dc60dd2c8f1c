/**
 * Where the contract tests run: against an in-process emulator by default, or against the live
 * service (or any deployment) when the environment names one. Against a live project the kit is
 * read-only unless `COMMERCE_CONTRACT_MODE=cleanup`, in which case tests may write and must delete
 * what they created.
 */
import { ConfigurationError, REGIONS, regionUrls, resolveBaseUrl, type Region } from '@commerce-kit/core-auth';
import { createEmulator, type Emulator } from '../emulator/app.js';
import type { EmulatorOptions } from '../emulator/options.js';
import { hideSecret, type FetchLike, type ResolvedTarget, type ServiceTarget } from './target.js';

/** `read-only`: only GET (and token, introspection, GraphQL queries); `cleanup`: writes allowed, deleted afterwards. */
export type ContractMode = 'read-only' | 'cleanup';

/** The environment variables the kit reads. */
export const CONTRACT_ENV = [
  'COMMERCE_REGION',
  'COMMERCE_API_URL',
  'COMMERCE_AUTH_URL',
  'COMMERCE_HISTORY_URL',
  'COMMERCE_PROJECT_KEY',
  'COMMERCE_CLIENT_ID',
  'COMMERCE_CLIENT_SECRET',
  'COMMERCE_SCOPE',
  'COMMERCE_CONTRACT_MODE',
] as const;

/** What the environment asks for: the emulator, or a live project. */
export type ContractEnvironment =
  { kind: 'emulator' } | (Omit<ServiceTarget, 'fetch'> & { kind: 'live'; region?: Region; mode: ContractMode });

type Env = Readonly<Record<string, string | undefined>>;

const processEnv = (): Env => (globalThis as { process?: { env?: Env } }).process?.env ?? {};

/**
 * Reads the target from the environment, without side effects: `{ kind: 'emulator' }` when none
 * of `COMMERCE_REGION`, `COMMERCE_API_URL`, `COMMERCE_AUTH_URL`, `COMMERCE_PROJECT_KEY`,
 * `COMMERCE_CLIENT_ID`, `COMMERCE_CLIENT_SECRET` is set; otherwise a live target, which needs the
 * project key, the client id and secret, and a region or both URLs (`COMMERCE_*_URL` win over the
 * region's hosts). `COMMERCE_HISTORY_URL` defaults to the region's history host, or to the API
 * URL's host with `api.` replaced by `history.`. `COMMERCE_CONTRACT_MODE` is `read-only` (default)
 * or `cleanup`.
 *
 * @throws {ConfigurationError} `MISSING_CREDENTIALS` when a live target is named incompletely (names
 *   the missing variables, never a value), `UNKNOWN_REGION`, `INVALID_OPTION` (mode), `INSECURE_URL`.
 * @example
 * const environment = contractEnvironment(); // { kind: 'emulator' } in CI without secrets
 */
export function contractEnvironment(env: Env = processEnv()): ContractEnvironment {
  const value = (name: (typeof CONTRACT_ENV)[number]) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const naming = [
    'COMMERCE_REGION',
    'COMMERCE_API_URL',
    'COMMERCE_AUTH_URL',
    'COMMERCE_PROJECT_KEY',
    'COMMERCE_CLIENT_ID',
    'COMMERCE_CLIENT_SECRET',
  ] as const;
  if (!naming.some((name) => value(name) !== undefined)) return { kind: 'emulator' };

  const region = value('COMMERCE_REGION');
  if (region !== undefined && !(REGIONS as readonly string[]).includes(region)) {
    throw new ConfigurationError(`COMMERCE_REGION ${JSON.stringify(region)} is not a region; expected one of ${REGIONS.join(', ')}`, {
      code: 'UNKNOWN_REGION',
    });
  }
  const hosts = region !== undefined ? regionUrls(region as Region) : undefined;
  const apiUrl = value('COMMERCE_API_URL') ?? hosts?.api;
  const authUrl = value('COMMERCE_AUTH_URL') ?? hosts?.auth;
  const required = {
    COMMERCE_PROJECT_KEY: value('COMMERCE_PROJECT_KEY'),
    COMMERCE_CLIENT_ID: value('COMMERCE_CLIENT_ID'),
    COMMERCE_CLIENT_SECRET: value('COMMERCE_CLIENT_SECRET'),
    'COMMERCE_REGION or COMMERCE_API_URL': apiUrl,
    'COMMERCE_REGION or COMMERCE_AUTH_URL': authUrl,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => v === undefined)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigurationError(`the environment names a live target but lacks ${missing.join(', ')}`, { code: 'MISSING_CREDENTIALS' });
  }
  const mode = value('COMMERCE_CONTRACT_MODE') ?? 'read-only';
  if (mode !== 'read-only' && mode !== 'cleanup') {
    throw new ConfigurationError(`COMMERCE_CONTRACT_MODE ${JSON.stringify(mode)} is not read-only or cleanup`, { code: 'INVALID_OPTION' });
  }
  const api = resolveBaseUrl(apiUrl!);
  const explicitHistory = value('COMMERCE_HISTORY_URL');
  const apiHost = new URL(api);
  const derivedHistory = apiHost.hostname.startsWith('api.') ? `${apiHost.protocol}//history.${apiHost.host.slice(4)}` : undefined;
  const historyUrl = explicitHistory ?? hosts?.history ?? derivedHistory;
  const scope = value('COMMERCE_SCOPE');
  return {
    kind: 'live',
    ...(region !== undefined ? { region: region as Region } : {}),
    apiUrl: api,
    authUrl: resolveBaseUrl(authUrl!),
    ...(historyUrl !== undefined ? { historyUrl: resolveBaseUrl(historyUrl) } : {}),
    projectKey: required.COMMERCE_PROJECT_KEY!,
    clientId: required.COMMERCE_CLIENT_ID!,
    clientSecret: required.COMMERCE_CLIENT_SECRET!,
    ...(scope !== undefined ? { scope } : {}),
    mode,
  };
}

/** A resolved place to run contract tests. */
export interface ContractTarget extends ResolvedTarget {
  readonly kind: 'emulator' | 'live';
  /** `emulator` (anything goes, the data is thrown away), or the live mode. */
  readonly mode: 'emulator' | ContractMode;
  /** True when tests may create, change and delete resources (emulator, or live `cleanup`). */
  readonly writable: boolean;
  readonly historyUrl?: string;
  readonly region?: Region;
  /** The in-process emulator, when the target is one. */
  readonly emulator?: Emulator;
  /** A short id unique to this target, to put into the keys of what a run creates (`ck1a2b3c`). */
  readonly runId: string;
  /** One line for logs, without secrets: `live project my-shop at https://api.… (read-only)`. */
  describe(): string;
}

/** Options of {@link createContractTarget}. */
export interface ContractTargetOptions {
  /** The environment to read; `process.env` by default. */
  env?: Env;
  /** Options of the in-process emulator, when no live target is named. Default project key `contract-project`. */
  emulator?: EmulatorOptions;
  /** Transport to a live target; `globalThis.fetch` by default. */
  fetch?: FetchLike;
}

const newRunId = () => `ck${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`;

/**
 * The target of a contract run: the live project the environment names (see
 * {@link contractEnvironment}), else a fresh in-process emulator.
 *
 * @example
 * const target = createContractTarget();
 * const fetch = checkedFetch(target); // every answer checked against the schemas
 * console.log(`contract tests against ${target.describe()}`);
 */
export function createContractTarget(options: ContractTargetOptions = {}): ContractTarget {
  const environment = contractEnvironment(options.env);
  const runId = newRunId();
  if (environment.kind === 'emulator') {
    const emulator = createEmulator({ projectKey: 'contract-project', ...options.emulator });
    const urls = emulator.urls();
    return hideSecret({
      kind: 'emulator',
      mode: 'emulator',
      writable: true,
      fetch: emulator.fetch,
      apiUrl: urls.api,
      authUrl: urls.auth,
      historyUrl: urls.history,
      projectKey: emulator.projectKey,
      clientId: emulator.credentials.clientId,
      clientSecret: emulator.credentials.clientSecret,
      emulator,
      runId,
      describe: () => `the in-process emulator (project ${emulator.projectKey})`,
    });
  }
  const { kind, mode, ...live } = environment;
  return hideSecret({
    ...live,
    kind,
    mode,
    writable: mode === 'cleanup',
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    runId,
    describe: () => `live project ${live.projectKey} at ${live.apiUrl} (${mode})`,
  });
}
