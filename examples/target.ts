/**
 * Where the quickstart runs: the embedded emulator by default, the live service when the
 * environment (or an `.env` file) names a region, project and API client.
 */
import { regionUrls, REGIONS, type Region } from '@commerce-kit/core-auth';
import { createEmulator } from '@commerce-kit/test-fixtures';
import { existsSync, readFileSync } from 'node:fs';

/** Everything the quickstart needs to reach a service. */
export interface Target {
  kind: 'emulator' | 'live';
  projectKey: string;
  urls: { api: string; auth: string; history: string };
  credentials: { clientId: string; clientSecret: string };
  /** The emulator's in-process fetch, or the global one. */
  fetch: typeof fetch;
  /** A suffix for keys, so repeated runs against the live service do not collide. */
  suffix: string;
}

/** Reads `KEY=value` lines of an `.env` file (comments and blank lines ignored). */
function readDotEnv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match && !line.trimStart().startsWith('#')) values[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

const LIVE_VARIABLES = ['COMMERCE_REGION', 'COMMERCE_PROJECT_KEY', 'COMMERCE_CLIENT_ID', 'COMMERCE_CLIENT_SECRET'] as const;

/**
 * The live service when all four COMMERCE_* variables are set (environment first, then `.env`),
 * else a fresh in-process emulator.
 */
export async function targetFromEnvironment(environment: NodeJS.ProcessEnv, dotEnvPath = '.env'): Promise<Target> {
  const env = { ...readDotEnv(dotEnvPath), ...environment };
  const given = LIVE_VARIABLES.filter((name) => env[name]);
  if (given.length === LIVE_VARIABLES.length) {
    const region = env['COMMERCE_REGION'] as Region;
    if (!(REGIONS as readonly string[]).includes(region)) throw new Error(`COMMERCE_REGION must be one of ${REGIONS.join(', ')}`);
    return {
      kind: 'live',
      projectKey: env['COMMERCE_PROJECT_KEY']!,
      urls: regionUrls(region),
      credentials: { clientId: env['COMMERCE_CLIENT_ID']!, clientSecret: env['COMMERCE_CLIENT_SECRET']! },
      fetch: globalThis.fetch,
      suffix: `-${Date.now().toString(36)}`,
    };
  }
  if (given.length > 0) {
    console.warn(`Only ${given.join(', ')} set: all of ${LIVE_VARIABLES.join(', ')} are needed for the live service; using the emulator.`);
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
