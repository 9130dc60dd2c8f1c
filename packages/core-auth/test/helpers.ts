import { ManualClock } from '@commerce-kit/test-fixtures/emulator/clock.js';
import { createEmulator, type Emulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import type { AuthConfig } from '../src/index.js';

export const PROJECT = 'test-project';

/** One request the client sent, as the counting wrapper saw it. */
export interface SeenRequest {
  path: string;
  /** `grant_type` of a form body, if any. */
  grantType: string | undefined;
}

/**
 * Wraps the emulator's fetch to count what reaches it (a wrapper around the real service,
 * not a mock of our code).
 */
export function counting(inner: typeof fetch): { fetch: typeof fetch; seen: SeenRequest[]; tokenRequests: () => number } {
  const seen: SeenRequest[] = [];
  const wrapped = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? new URLSearchParams(init.body) : undefined;
    seen.push({ path: url.pathname, grantType: body?.get('grant_type') ?? undefined });
    return inner(input, init);
  }) as typeof fetch;
  return { fetch: wrapped, seen, tokenRequests: () => seen.filter((r) => r.path.endsWith('/token')).length };
}

export interface Setup {
  emu: Emulator;
  clock: ManualClock;
  config: AuthConfig;
  counter: ReturnType<typeof counting>;
}

/** A fresh emulator on a manual clock, and a config for its bootstrap client (manage_project). */
export function setup(options: { clientId?: string; clientSecret?: string } = {}): Setup {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));
  const emu = createEmulator({ projectKey: PROJECT, clock, ...options });
  const counter = counting(emu.fetch);
  const config: AuthConfig = {
    authUrl: emu.urls().auth,
    projectKey: PROJECT,
    credentials: { clientId: emu.credentials.clientId, clientSecret: emu.credentials.clientSecret },
    fetch: counter.fetch,
  };
  return { emu, clock, config, counter };
}

/** A config for a further API client of the emulator. */
export function clientConfig(
  s: Setup,
  draft: { name: string; scope: string; accessTokenValiditySeconds?: number; refreshTokenValiditySeconds?: number },
): AuthConfig {
  const { client, secret } = s.emu.context.auth.createClient(draft);
  return { ...s.config, credentials: { clientId: client.id, clientSecret: secret } };
}

/** Everything an error shows of itself: string form, JSON, Node's inspection with its cause, stack. */
export async function everythingShown(error: unknown): Promise<string> {
  const { inspect } = await import('node:util');
  return [String(error), JSON.stringify(error), inspect(error, { depth: 20, showHidden: true }), (error as Error).stack ?? ''].join('\n');
}
