/**
 * Where the quickstart runs: the embedded emulator by default, a service over the network when
 * the environment (or an `.env` file) names it with the `CTP_*` variables commercetools users keep.
 */
import { regionUrls, REGIONS, type Region } from '@commerce-kit/core-auth';
import { createEmulator } from '@commerce-kit/test-fixtures';

/** Everything the quickstart needs to reach a service. */
export interface Target {
  kind: 'emulator' | 'live';
  projectKey: string;
  urls: { api: string; auth: string; history: string };
  credentials: { clientId: string; clientSecret: string };
  /** The scopes to ask a token for (`CTP_SCOPES`, space-separated); none: all of the client's. */
  scopes?: string;
  /** The emulator's in-process fetch, or the global one. */
  fetch: typeof fetch;
  /** A suffix for keys, so repeated runs against the live service do not collide. */
  suffix: string;
}

/** What the Merchant Center hands out with an API client (its "Environment Variables (.env)"). */
const CTP_VARIABLES = ['CTP_PROJECT_KEY', 'CTP_CLIENT_ID', 'CTP_CLIENT_SECRET', 'CTP_AUTH_URL', 'CTP_API_URL'] as const;
/** The quickstart's earlier names, still read: a region instead of the two URLs. */
const COMMERCE_VARIABLES = ['COMMERCE_REGION', 'COMMERCE_PROJECT_KEY', 'COMMERCE_CLIENT_ID', 'COMMERCE_CLIENT_SECRET'] as const;

/**
 * The Change History's base URL beside an API URL: the live `history.` host of `api.`'s region,
 * else the emulator's layout (`<origin>/history`).
 */
function historyUrlOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname.startsWith('api.')) return `${url.protocol}//history.${url.host.slice('api.'.length)}`;
  return `${url.origin}/history`;
}

/** A service over the network: the live one, or an emulator that wrote its `CTP_*` variables. */
function service(projectKey: string, urls: Target['urls'], clientId: string, clientSecret: string, scopes?: string): Target {
  return {
    kind: 'live',
    projectKey,
    urls,
    credentials: { clientId, clientSecret },
    ...(scopes ? { scopes } : {}),
    fetch: globalThis.fetch,
    suffix: `-${Date.now().toString(36)}`,
  };
}

/**
 * A service over the network when the `CTP_*` variables name one (`CTP_SCOPES` optional), or
 * all four `COMMERCE_*` ones do; else a fresh in-process emulator. An `.env` file is read into
 * the environment first (`process.loadEnvFile`, in quickstart.ts).
 */
export async function targetFromEnvironment(env: NodeJS.ProcessEnv): Promise<Target> {
  const ctp = CTP_VARIABLES.filter((name) => env[name]);
  if (ctp.length === CTP_VARIABLES.length) {
    const api = env['CTP_API_URL']!.replace(/\/+$/, '');
    const urls = { api, auth: env['CTP_AUTH_URL']!.replace(/\/+$/, ''), history: historyUrlOf(api) };
    return service(env['CTP_PROJECT_KEY']!, urls, env['CTP_CLIENT_ID']!, env['CTP_CLIENT_SECRET']!, env['CTP_SCOPES']);
  }
  const given = COMMERCE_VARIABLES.filter((name) => env[name]);
  if (given.length === COMMERCE_VARIABLES.length) {
    const region = env['COMMERCE_REGION'] as Region;
    if (!(REGIONS as readonly string[]).includes(region)) throw new Error(`COMMERCE_REGION must be one of ${REGIONS.join(', ')}`);
    return service(env['COMMERCE_PROJECT_KEY']!, regionUrls(region), env['COMMERCE_CLIENT_ID']!, env['COMMERCE_CLIENT_SECRET']!);
  }
  if (ctp.length > 0 || given.length > 0) {
    console.warn(
      `Only ${[...ctp, ...given].join(', ')} set: all of ${CTP_VARIABLES.join(', ')} are needed for a service over the network; using the embedded emulator.`,
    );
  }
  const emulator = createEmulator({ projectKey: 'quickstart' });
  return {
    kind: 'emulator',
    projectKey: emulator.projectKey,
    urls: emulator.urls(),
    credentials: { clientId: emulator.credentials.clientId, clientSecret: emulator.credentials.clientSecret },
    fetch: emulator.fetch,
    suffix: '',
  };
}
