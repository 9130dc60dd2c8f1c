/**
 * Test setup: a real emulator, core-auth's real token provider, and the client under test. The
 * recording wrapper only watches what reaches the emulator; nothing of ours is mocked.
 */
import { createTokenProvider, type TokenProvider } from '@commerce-kit/core-auth';
import { ManualClock } from '@commerce-kit/test-fixtures/emulator/clock.js';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { recordRequests, type RequestRecording } from '@commerce-kit/test-fixtures/recording.js';
import { createRestClient, type RestClient, type RestClientOptions } from '../src/index.js';

export const PROJECT = 'test-project';

/** A sleep that records the delays it is asked for and returns at once. */
export { recordingSleep } from '@commerce-kit/test-fixtures/recording.js';

export interface Setup {
  emu: Emulator;
  clock: ManualClock;
  rec: RequestRecording;
  tokenProvider: TokenProvider;
  client: RestClient;
  /** Another client on the same emulator, e.g. a concurrent writer. */
  makeClient(options?: Partial<RestClientOptions>): RestClient;
}

/** A fresh emulator and a client on it, with a client-credentials token provider (manage_project). */
export function setup(options: Partial<RestClientOptions> = {}, emulator: { faultSeed?: number } = {}): Setup {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));
  const emu = createEmulator({ projectKey: PROJECT, clock, ...emulator });
  const rec = recordRequests(emu.fetch);
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: emu.urls().auth,
    projectKey: PROJECT,
    credentials: { clientId: emu.credentials.clientId, clientSecret: emu.credentials.clientSecret },
    fetch: rec.fetch,
  });
  const makeClient = (more: Partial<RestClientOptions> = {}) =>
    createRestClient({ baseUrl: emu.urls().api, projectKey: PROJECT, auth: { tokenProvider }, fetch: rec.fetch, ...options, ...more });
  return { emu, clock, rec, tokenProvider, client: makeClient(), makeClient };
}

/** A token provider for a further API client of the emulator, with the given scope. */
export function providerWithScope(s: Setup, scope: string): TokenProvider {
  const { client, secret } = s.emu.context.auth.createClient({ name: `c-${scope.length}-${Math.random()}`, scope });
  return createTokenProvider({
    flow: 'client_credentials',
    authUrl: s.emu.urls().auth,
    projectKey: PROJECT,
    credentials: { clientId: client.id, clientSecret: secret },
    fetch: s.rec.fetch,
  });
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
