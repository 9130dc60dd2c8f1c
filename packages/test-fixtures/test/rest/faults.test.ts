import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { adminToken, createApi, createSelection, expectError, ok, raw, type Api } from './helpers.js';

const draft = (key: string) => ({ key, name: { en: key } });

/**
 * Fault injection for client tests: off by default; errors before or after the change, 429 and
 * 503 with Retry-After, latency, cut connections; `times`, `probability`, method and path filters.
 */
describe('fault injection', () => {
  let api: Api;
  /** A fresh emulator whose tokens are fetched before any fault is injected (token requests are requests too). */
  async function warmApi(options: Parameters<typeof createApi>[0] = {}): Promise<Api> {
    const fresh = await createApi(options);
    expect((await fresh.call('GET', '/product-selections')).status).toBe(200);
    await adminToken(fresh);
    return fresh;
  }
  beforeEach(async () => {
    api = await warmApi();
  });

  const exists = async (key: string) => (await api.call('GET', `/product-selections/key=${key}`)).status === 200;

  it('is off by default', async () => {
    expect(api.emulator.faults.active).toBe(false);
    for (let i = 0; i < 5; i++) await createSelection(api, `s${i}`);
    expect(ok(await api.call('GET', '/product-selections')).total).toBe(5);
  });

  describe('errors', () => {
    it('500 before the handler: the change is not made', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 500, method: 'POST', path: '/test-project/product-selections', times: 1 });
      const answer = await api.call('POST', '/product-selections', draft('aa'));
      expectError(answer, 500, 'General');
      expect(answer.headers.get('x-correlation-id')).toBeTruthy();
      expect(await exists('aa')).toBe(false);
    });

    it('500 after the handler: the change is committed although the client sees a failure', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', times: 1 });
      expectError(await api.call('POST', '/product-selections', draft('aa')), 500, 'General');
      expect(await exists('aa')).toBe(true);
      const selection = ok(await api.call('GET', '/product-selections/key=aa'));
      expect(selection.version).toBe(1);

      api.emulator.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', times: 1 });
      expectError(
        await api.call('POST', '/product-selections/key=aa', { version: 1, actions: [{ action: 'changeName', name: { en: 'bb' } }] }),
        500,
        'General',
      );
      expect(ok(await api.call('GET', '/product-selections/key=aa'))).toMatchObject({ version: 2, name: { en: 'bb' } });
    });

    it('502 and 504 answer with the error body', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 502, times: 1 });
      api.emulator.faults.inject({ kind: 'error', status: 504, times: 1 });
      const bad = await raw(api, 'GET', '/product-selections', { check: false });
      expect(bad.status).toBe(502);
      expect(bad.body).toMatchObject({ statusCode: 502, errors: [{ code: 'General' }] });
      const timeout = await raw(api, 'GET', '/product-selections', { check: false });
      expect(timeout.status).toBe(504);
      expect((await api.call('GET', '/product-selections')).status).toBe(200);
    });

    it('503 OverCapacity with Retry-After', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, retryAfterSeconds: 7, times: 1 });
      const answer = await api.call('POST', '/product-selections', draft('aa'));
      expectError(answer, 503, 'OverCapacity');
      expect(answer.headers.get('retry-after')).toBe('7');
      expect(await exists('aa')).toBe(false);
    });

    it('429 TooManyRequests with Retry-After, given or by default', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 3, times: 1 });
      api.emulator.faults.inject({ kind: 'error', status: 429, times: 1 });
      const given = await raw(api, 'GET', '/product-selections', { check: false });
      expect(given.status).toBe(429);
      expect(given.body).toMatchObject({ statusCode: 429, errors: [{ code: 'TooManyRequests' }] });
      expect(given.headers.get('retry-after')).toBe('3');
      const defaulted = await raw(api, 'GET', '/product-selections', { check: false });
      expect(defaulted.status).toBe(429);
      expect(Number(defaulted.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('latency', () => {
    // The emulator waits on a timer: a fake one, so that the tests see how long it waits, not a busy machine.
    beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
    afterEach(() => void vi.useRealTimers());

    /** `answer`, and whether it has settled yet, once the emulator waits on its one latency timer. */
    async function waiting<T>(answer: Promise<T>): Promise<{ answer: Promise<T>; settled: () => boolean }> {
      let settled = false;
      void answer.then(
        () => (settled = true),
        () => (settled = true),
      );
      // Not vi.waitFor: with fake timers it moves them on.
      for (let turn = 0; vi.getTimerCount() === 0 && turn < 1_000; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(vi.getTimerCount()).toBe(1);
      return { answer, settled: () => settled };
    }

    it('delays the answer and then answers normally', async () => {
      api.emulator.faults.inject({ kind: 'latency', latencyMs: 80, times: 1 });
      const creating = await waiting(api.call('POST', '/product-selections', draft('aa')));
      await vi.advanceTimersByTimeAsync(79);
      expect(creating.settled()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await creating.answer).status).toBe(201);
      // No timer runs: the next request answers without waiting.
      expect((await api.call('GET', '/product-selections')).status).toBe(200);
      expect(vi.getTimerCount()).toBe(0);
    });

    it("an abort rejects the in-process fetch at once with the signal's reason, as fetch does; aborted before sending, nothing is sent", async () => {
      const { api: apiUrl } = api.emulator.urls();
      const headers = { authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' };
      api.emulator.faults.inject({ kind: 'latency', latencyMs: 2_000, times: 1 });
      const controller = new AbortController();
      const pending = await waiting(
        api.emulator.fetch(`${apiUrl}/test-project/product-selections`, {
          method: 'POST',
          headers,
          body: JSON.stringify(draft('late')),
          signal: controller.signal,
        }),
      );
      await vi.advanceTimersByTimeAsync(20);
      controller.abort();
      // At once: the emulator still waits out its latency.
      await expect(pending.answer).rejects.toMatchObject({ name: 'AbortError' });
      expect(vi.getTimerCount()).toBe(1);

      const before = ok(await api.call('GET', '/product-selections')).total;
      const aborted = AbortSignal.abort(new Error('given up'));
      const never = api.emulator.fetch(`${apiUrl}/test-project/product-selections`, {
        method: 'POST',
        headers,
        body: JSON.stringify(draft('never')),
        signal: aborted,
      });
      await expect(never).rejects.toThrow('given up');
      expect(ok(await api.call('GET', '/product-selections')).total).toBe(before);
      expect(await exists('never')).toBe(false);
    });

    it('can precede an error', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, latencyMs: 50, times: 1 });
      const failing = await waiting(api.call('GET', '/product-selections'));
      await vi.advanceTimersByTimeAsync(49);
      expect(failing.settled()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expectError(await failing.answer, 503, 'OverCapacity');
    });
  });

  describe('cut connections', () => {
    it('before the handler: the in-process fetch rejects with a TypeError and nothing changes', async () => {
      api.emulator.faults.inject({ kind: 'cut', method: 'POST', times: 1 });
      const error = await api.call('POST', '/product-selections', draft('aa')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe('fetch failed');
      expect(await exists('aa')).toBe(false);
    });

    it('after the handler: the fetch rejects but the change is committed', async () => {
      api.emulator.faults.inject({ kind: 'cut', when: 'after', method: 'POST', times: 1 });
      await expect(api.call('POST', '/product-selections', draft('aa'))).rejects.toBeInstanceOf(TypeError);
      expect(await exists('aa')).toBe(true);
    });
  });

  describe('which requests', () => {
    it('times: exactly N matching requests get the fault, then it is spent', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, times: 2 });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await api.call('GET', '/product-selections')).status);
      expect(statuses).toEqual([503, 503, 200, 200]);
    });

    it('without times the fault stays until removed', async () => {
      const remove = api.emulator.faults.inject({ kind: 'error', status: 500 });
      for (let i = 0; i < 3; i++) expect((await api.call('GET', '/product-selections')).status).toBe(500);
      remove();
      expect(api.emulator.faults.active).toBe(false);
      expect((await api.call('GET', '/product-selections')).status).toBe(200);
    });

    it('method and path (prefix or RegExp) select the requests', async () => {
      await createSelection(api, 'aa');
      api.emulator.faults.inject({ kind: 'error', status: 500, method: 'POST', path: /\/product-selections\/key=aa$/ });
      expect((await api.call('GET', '/product-selections/key=aa')).status).toBe(200);
      expect((await api.call('POST', '/product-selections', draft('bb'))).status).toBe(201);
      expect(
        (await api.call('POST', '/product-selections/key=aa', { version: 1, actions: [{ action: 'setKey', key: 'cc' }] })).status,
      ).toBe(500);
      api.emulator.faults.clear();
      api.emulator.faults.inject({ kind: 'error', status: 503, path: '/test-project/stores' });
      expect((await api.call('GET', '/stores')).status).toBe(503);
      expect((await api.call('GET', '/product-selections')).status).toBe(200);
    });

    it('a path RegExp is matched in linear time: a pattern that backtracks exponentially answers at once', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, path: /^\/x(a+)+$/ });
      // A backtracking engine would take some 2^60 steps here: the answer comes only from a linear-time one.
      const res = await api.emulator.fetch(`${api.emulator.urls().api}/x${'a'.repeat(60)}!`);
      expect(res.status).toBe(404);
      expect((await api.emulator.fetch(`${api.emulator.urls().api}/xaaa`)).status).toBe(503);
    });

    it('refuses a path RegExp that needs backtracking (backreference, lookaround) and installs nothing', () => {
      for (const path of [/^\/(a)\1/, /^\/(?=a)/, /^\/(?<!b)a/, new RegExp(`^/${'a'.repeat(1_000)}`)]) {
        expect(() => api.emulator.faults.inject({ kind: 'error', path }), String(path).slice(0, 20)).toThrow(
          /^invalid fault rule: path \/.*: (it cannot be matched in linear time|it has 100\d characters)/,
        );
      }
      expect(api.emulator.faults.list()).toEqual([]);
    });

    it('takes the flags i, m, s and u of a path RegExp', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, path: /^\/TEST-PROJECT\/STORES/i });
      expect((await api.call('GET', '/stores')).status).toBe(503);
      expect((await api.call('GET', '/product-selections')).status).toBe(200);
    });

    it('probability 0 never fires, 1 always fires', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 500, probability: 0 });
      for (let i = 0; i < 5; i++) expect((await api.call('GET', '/product-selections')).status).toBe(200);
      api.emulator.faults.clear();
      api.emulator.faults.inject({ kind: 'error', status: 500, probability: 1 });
      for (let i = 0; i < 5; i++) expect((await api.call('GET', '/product-selections')).status).toBe(500);
    });

    it('a fractional probability fires some of the time, repeatably from the seed', async () => {
      const run = async (seed: number) => {
        const local = await warmApi({ faultSeed: seed });
        local.emulator.faults.inject({ kind: 'error', status: 503, probability: 0.5 });
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) statuses.push((await local.call('GET', '/product-selections')).status);
        return statuses;
      };
      const first = await run(7);
      expect(first.filter((s) => s === 503).length).toBeGreaterThan(5);
      expect(first.filter((s) => s === 200).length).toBeGreaterThan(5);
      expect(await run(7)).toEqual(first);
    });

    it('probability and times combine: only firing requests use up times', async () => {
      api.emulator.faults.inject({ kind: 'error', status: 503, probability: 0.5, times: 3 });
      let failures = 0;
      for (let i = 0; i < 40; i++) if ((await api.call('GET', '/product-selections')).status === 503) failures++;
      expect(failures).toBe(3);
    });
  });

  describe('over a loopback socket', () => {
    let server: RunningEmulator;
    beforeAll(async () => {
      server = await startEmulator({ projectKey: 'faults-project' });
    });
    afterAll(() => server.close());

    it('a cut drops the connection: fetch rejects', async () => {
      server.emulator.faults.inject({ kind: 'cut', times: 1 });
      await expect(fetch(`${server.urls.auth}/oauth/token`, { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
      const { clientId, clientSecret } = server.emulator.credentials;
      const res = await fetch(`${server.urls.auth}/oauth/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      expect(res.status).toBe(200);
    });
  });
});
