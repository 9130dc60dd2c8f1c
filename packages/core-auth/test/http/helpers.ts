/**
 * Test setup for the transport: a real emulator, a real token provider, and a recording wrapper
 * around the emulator's fetch (it records what reaches the service; it mocks nothing).
 */
import { ManualClock } from '@commerce-kit/test-fixtures/emulator/clock.js';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { recordRequests, type RequestRecording } from '@commerce-kit/test-fixtures/recording.js';
import { createTokenProvider, type TokenProvider } from '../../src/index.js';

export const PROJECT = 'test-project';

/** A sleep that records the delays it is asked for and returns at once. */
export { recordingSleep } from '@commerce-kit/test-fixtures/recording.js';

export interface Setup {
  emu: Emulator;
  clock: ManualClock;
  /** Records requests to the API and to the authorization service. */
  rec: RequestRecording;
  provider: TokenProvider;
  /** `<api>/<projectKey>` */
  base: string;
}

/** A fresh emulator (manual clock) and a client-credentials token provider for its bootstrap client. */
export function setup(): Setup {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));
  const emu = createEmulator({ projectKey: PROJECT, clock });
  const rec = recordRequests(emu.fetch);
  const provider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: emu.urls().auth,
    projectKey: PROJECT,
    credentials: { clientId: emu.credentials.clientId, clientSecret: emu.credentials.clientSecret },
    fetch: rec.fetch,
  });
  return { emu, clock, rec, provider, base: `${emu.urls().api}/${PROJECT}` };
}

/** JSON request init. */
export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

/** Everything an error shows of itself: string form, JSON, inspection with its cause, stack. */
export async function everythingShown(error: unknown): Promise<string> {
  const { inspect } = await import('node:util');
  return [String(error), JSON.stringify(error), inspect(error, { depth: 20, showHidden: true }), (error as Error).stack ?? ''].join('\n');
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
