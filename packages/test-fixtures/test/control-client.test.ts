import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEmulator, EmulatorControlError, type EmulatorControl } from '../src/control-client.js';
import { createEmulator, type Emulator } from '../src/emulator/app.js';
import { ManualClock } from '../src/emulator/clock.js';
import { InvalidFaultRuleError } from '../src/emulator/http/faults.js';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.js';
import { controlContractFetch } from './helpers/control-contract.js';

/**
 * `connectEmulator()`, the typed client of the control API, against an emulator on a loopback
 * port (as test files in a runner's workers reach the one their global setup started), and
 * in-process through `emulator.fetch`.
 */

const PROJECT = 'control-client';
const START = Date.parse('2026-03-01T09:00:00.000Z');

let server: RunningEmulator;
let control: EmulatorControl;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startEmulator({ projectKey: PROJECT, clock, clientId: 'harness', clientSecret: 'harness-secret' });
  // Every answer is checked against schemas/openapi/emulator-control.yaml.
  control = connectEmulator({
    origin: server.origin,
    clientId: 'harness',
    clientSecret: 'harness-secret',
    fetch: controlContractFetch(fetch, server.origin),
  });
});
afterAll(() => server.close());

async function bearer(): Promise<string> {
  const res = await fetch(`${server.urls.auth}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('harness:harness-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

function selections(token: string, init: RequestInit = {}, query = ''): Promise<Response> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) };
  return fetch(`${server.urls.api}/${PROJECT}/product-selections${query}`, { ...init, headers });
}

describe('connectEmulator over a port', () => {
  it('health answers without credentials', async () => {
    const anonymous = connectEmulator({ origin: `${server.origin}/`, clientId: 'nobody', clientSecret: 'nothing' });
    expect(await anonymous.health()).toMatchObject({ status: 'ready', projectKey: PROJECT });
  });

  it('reset empties the project; snapshot and restore put it back', async () => {
    const token = await bearer();
    const created = await selections(token, { method: 'POST', body: JSON.stringify({ key: 'summer', name: { en: 'Summer' } }) });
    const { id } = (await created.json()) as { id: string };
    const snapshot = await control.snapshot();
    expect(snapshot).toMatchObject({ format: 'commerce-emulator-state', version: 1, projectKey: PROJECT });

    await control.reset();
    expect(((await (await selections(token)).json()) as { total: number }).total).toBe(0);

    await control.restore(snapshot);
    const back = (await (await selections(token)).json()) as { results: { id: string }[] };
    expect(back.results.map((r) => r.id)).toEqual([id]);
    await control.reset();
  });

  it('adds a rule with a RegExp path, lists it, sees it fire, removes it', async () => {
    const token = await bearer();
    const rule = await control.faults.add({ kind: 'error', status: 503, method: 'GET', path: /\/product-selections\?limit=1$/, times: 2 });
    expect(rule).toMatchObject({ kind: 'error', status: 503, method: 'GET', pathPattern: '\\/product-selections\\?limit=1$', times: 2 });
    expect(rule.id).toMatch(/^fault-\d+$/);

    expect((await selections(token, {}, '?limit=1')).status).toBe(503);
    expect((await selections(token)).status).toBe(200);
    expect(await control.faults.list()).toEqual([{ ...rule, times: 1 }]);

    await control.faults.remove(rule.id);
    expect(await control.faults.list()).toEqual([]);
    expect((await selections(token, {}, '?limit=1')).status).toBe(200);

    await control.faults.add({ kind: 'cut', path: '/nowhere' });
    await control.faults.clear(3);
    expect(await control.faults.list()).toEqual([]);
  });

  it('moves the manual clock', async () => {
    const now = clock.now();
    expect(await control.clock.get()).toEqual({ now: new Date(now).toISOString(), epochMs: now, manual: true });
    expect((await control.clock.advance(60_000)).epochMs).toBe(now + 60_000);
    const at = new Date(now + 48 * 3600 * 1000);
    expect(await control.clock.set(at)).toEqual({ now: at.toISOString(), epochMs: at.getTime(), manual: true });
    expect((await control.clock.set('2027-01-01T00:00:00Z')).now).toBe('2027-01-01T00:00:00.000Z');
    expect(clock.now()).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });

  it('throws EmulatorControlError with the status, code and message of a refusal', async () => {
    const wrong = connectEmulator({ origin: server.origin, clientId: 'harness', clientSecret: 'not-the-secret' });
    const denied = await wrong.reset().catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(EmulatorControlError);
    expect(denied).toMatchObject({ status: 401, code: 'invalid_client' });
    expect((denied as Error).message).toMatch(/^POST \/_emulator\/reset: 401 The emulator's control API takes/);
    expect((denied as Error).message).not.toContain('not-the-secret');

    const bad = await control.faults.add({ kind: 'error', status: 501 as 500 }).catch((error: unknown) => error);
    expect(bad).toMatchObject({
      name: 'EmulatorControlError',
      status: 400,
      code: 'InvalidInput',
      message: 'POST /_emulator/faults: 400 invalid fault rule: status must be one of 429, 500, 502, 503, 504.',
    });
    await expect(control.clock.set('2020-01-01T00:00:00Z')).rejects.toMatchObject({ status: 400, code: 'InvalidInput' });
    await expect(control.faults.remove('fault-999')).rejects.toMatchObject({ status: 404, code: 'ResourceNotFound' });
    expect(await control.faults.list()).toEqual([]);
  });

  it('refuses a RegExp path with flags before sending, since flags cannot travel', async () => {
    await expect(control.faults.add({ kind: 'cut', path: /x/i })).rejects.toThrow(
      new InvalidFaultRuleError('a path RegExp sent as JSON cannot have flags (/x/i)'),
    );
    expect(await control.faults.list()).toEqual([]);
  });
});

/** What `fetch` does when nothing listens at the origin. */
const refused = () =>
  Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }));

describe('connectEmulator().ready()', () => {
  it('waits until an emulator starting later answers', async () => {
    // Nothing answers the first two attempts; the emulator starts at the third.
    let attempts = 0;
    let late: Emulator | undefined;
    const startingLater: typeof fetch = (input, init) => {
      if (++attempts === 3) late = createEmulator({ projectKey: 'late-project' });
      return late ? late.fetch(input, init) : refused();
    };
    const waiting = connectEmulator({ origin: 'http://127.0.0.1', clientId: 'x', clientSecret: 'y', fetch: startingLater });
    expect(await waiting.ready({ intervalMs: 20 })).toMatchObject({ status: 'ready', projectKey: 'late-project' });
    expect(attempts).toBe(3);
  });

  it('gives up after timeoutMs with NotReady and the last error as cause', async () => {
    const error = await connectEmulator({ origin: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', fetch: refused })
      .ready({ timeoutMs: 200, intervalMs: 50 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmulatorControlError);
    expect(error).toMatchObject({
      status: 0,
      code: 'NotReady',
      message: `the emulator at http://127.0.0.1:9 did not answer within 200 ms`,
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});

describe('connectEmulator in-process', () => {
  it('reaches an emulator through its fetch; a wall clock cannot be moved', async () => {
    const emulator = createEmulator({ projectKey: PROJECT });
    const local = connectEmulator({ origin: 'http://127.0.0.1', ...emulator.credentials, fetch: emulator.fetch });
    await local.faults.add({ kind: 'error', status: 502, times: 1 });
    expect(emulator.faults.list()).toHaveLength(1);
    expect((await local.clock.get()).manual).toBe(false);
    await expect(local.clock.advance(1)).rejects.toMatchObject({ status: 400, code: 'InvalidOperation' });
  });
});
