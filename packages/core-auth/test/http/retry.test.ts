import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  NetworkError,
  createTransport,
  fullJitterDelay,
  isIdempotentRequest,
  parseRetryAfter,
  type RetryEvent,
  type RetryOptions,
} from '../../src/http/index.js';
import { json, recordingSleep, rejection, setup } from './helpers.js';

const SELECTIONS = '/test-project/product-selections';

async function createSelection(s: ReturnType<typeof setup>, key: string): Promise<{ id: string; version: number }> {
  const transport = createTransport({ fetch: s.emu.fetch, auth: s.provider, retry: false });
  const res = await transport(`${s.base}/product-selections`, json('POST', { key, name: { en: key } }));
  expect(res.status).toBe(201);
  return res.json();
}

describe('retry middleware: what is retried', () => {
  it('retries a GET after 503, with the same correlation id on every attempt', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const events: RetryEvent[] = [];
    const transport = createTransport({
      fetch: s.rec.fetch,
      auth: s.provider,
      retry: { sleep, random: () => 0.5, onRetry: (e) => events.push(e) },
    });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'GET', path: SELECTIONS, times: 2 });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(200);
    const api = s.rec.api();
    expect(api).toHaveLength(3);
    const ids = new Set(api.map((r) => r.headers.get('x-correlation-id')));
    expect(ids.size).toBe(1);
    expect(res.headers.get('x-correlation-id')).toBe([...ids][0]);
    // Full jitter, base 200: draws of 0.5 from [0, 200) and [0, 400).
    expect(delays).toEqual([100, 200]);
    expect(events.map((e) => [e.attempt, e.status, e.fromRetryAfter])).toEqual([
      [1, 503, false],
      [2, 503, false],
    ]);
  });

  it('retries 502 and 504 too, but not 500 (the action may have completed)', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 502, method: 'GET', path: SELECTIONS, times: 1 });
    s.emu.faults.inject({ kind: 'error', status: 504, method: 'GET', path: SELECTIONS, times: 1 });
    expect((await transport(`${s.base}/product-selections`)).status).toBe(200);
    expect(s.rec.api()).toHaveLength(3);
    s.emu.faults.inject({ kind: 'error', status: 500, method: 'GET', path: SELECTIONS, times: 1 });
    expect((await transport(`${s.base}/product-selections`)).status).toBe(500);
    expect(s.rec.api()).toHaveLength(4);
  });

  it('NEVER retries a create after 503: one request, the 503 comes back, nothing created', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: SELECTIONS, times: 1 });
    const res = await transport(`${s.base}/product-selections`, json('POST', { key: 'no-retry', name: { en: 'x' } }));
    expect(res.status).toBe(503);
    expect((await res.json()).errors[0].code).toBe('OverCapacity');
    expect(s.rec.api().filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(s.emu.context.state.collection('product-selection').getByKey('no-retry')).toBeUndefined();
  });

  it('retries an update (POST with a numeric version) after 503', async () => {
    const s = setup();
    const created = await createSelection(s, 'upd');
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: `${SELECTIONS}/${created.id}`, times: 1 });
    const res = await transport(
      `${s.base}/product-selections/${created.id}`,
      json('POST', { version: created.version, actions: [{ action: 'changeName', name: { en: 'new' } }] }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).version).toBe(2);
    expect(s.rec.api()).toHaveLength(2);
  });

  it('an update cut AFTER commit is retried and answered 409, never applied twice', async () => {
    const s = setup();
    const created = await createSelection(s, 'cut-after');
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: `${SELECTIONS}/${created.id}`, times: 1 });
    const res = await transport(
      `${s.base}/product-selections/${created.id}`,
      json('POST', { version: 1, actions: [{ action: 'changeName', name: { en: 'once' } }] }),
    );
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(s.emu.context.state.collection('product-selection').get(created.id)!.version).toBe(2);
  });

  it('retries a DELETE only with a version parameter', async () => {
    const s = setup();
    const created = await createSelection(s, 'del');
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'DELETE', path: SELECTIONS, times: 1 });
    const res = await transport(`${s.base}/product-selections/${created.id}?version=${created.version}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(s.rec.api()).toHaveLength(2);
  });

  it('retries a GET after network cuts', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'cut', method: 'GET', path: SELECTIONS, times: 2 });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(200);
    expect(s.rec.api()).toHaveLength(3);
  });

  it('throws NetworkError (a TypeError) once retries are used up, with attempts and the correlation id', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep, maxRetries: 2 } });
    s.emu.faults.inject({ kind: 'cut', method: 'GET', path: SELECTIONS });
    const error = await rejection(transport(`${s.base}/product-selections`));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', attempts: 3, request: { method: 'GET', path: SELECTIONS } });
    expect((error as NetworkError).correlationId).toBe(s.rec.api()[0]!.headers.get('x-correlation-id'));
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(delays).toHaveLength(2);
  });

  it('a create cut by the network is not retried: NetworkError after one attempt', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: SELECTIONS, times: 1 });
    const error = await rejection(transport(`${s.base}/product-selections`, json('POST', { key: 'cut-create', name: { en: 'x' } })));
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', attempts: 1 });
    expect(s.rec.api()).toHaveLength(1);
    expect(s.emu.context.state.collection('product-selection').getByKey('cut-create')).toBeDefined();
  });

  it('does not take a TypeError thrown elsewhere (a bug, a token source) for a network error', async () => {
    const s = setup();
    let calls = 0;
    const transport = createTransport({
      fetch: s.rec.fetch,
      auth: {
        getToken: async () => {
          calls += 1;
          throw new TypeError('bug');
        },
        invalidate: () => undefined,
      },
    });
    const error = await rejection(transport(`${s.base}/product-selections`));
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('bug');
    expect(calls).toBe(1);
  });
});

describe('retry middleware: when and how long', () => {
  it('honours Retry-After on 429 (seconds) instead of the backoff', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const events: RetryEvent[] = [];
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep, onRetry: (e) => events.push(e) } });
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, method: 'GET', path: SELECTIONS, times: 1 });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(200);
    expect(delays).toEqual([2000]);
    expect(events[0]).toMatchObject({ status: 429, delayMs: 2000, fromRetryAfter: true, path: SELECTIONS });
  });

  it('bounds the attempts: after 3 retries the last 503 is the answer', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep, random: () => 0.999 } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'GET', path: SELECTIONS });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(503);
    expect(s.rec.api()).toHaveLength(4);
    expect(delays).toEqual([199, 399, 799]);
  });

  it('bounds the total time: a wait that would end past maxElapsedMs is not started', async () => {
    const s = setup();
    let now = 0;
    const delays: number[] = [];
    const transport = createTransport({
      fetch: s.rec.fetch,
      auth: s.provider,
      retry: { now: () => now, sleep: async (ms) => void (delays.push(ms), (now += ms)), maxElapsedMs: 5_000, maxRetries: 10 },
    });
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, method: 'GET', path: SELECTIONS });
    const res = await transport(`${s.base}/product-selections`);
    expect(res.status).toBe(429);
    expect(delays).toEqual([2000, 2000]);
    expect(s.rec.api()).toHaveLength(3);
  });

  it('an abort during the backoff stops the wait at once', async () => {
    const s = setup();
    const controller = new AbortController();
    // The default sleep, on fake timers: the signal aborts 20 ms into a 20 s wait, and only those 20 ms pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let waitStarted = false;
      const onRetry = () => {
        waitStarted = true;
        setTimeout(() => controller.abort(), 20);
      };
      const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { onRetry } });
      s.emu.faults.inject({ kind: 'error', status: 503, retryAfterSeconds: 20, method: 'GET', path: SELECTIONS });
      const pending = rejection(transport(`${s.base}/product-selections`, { signal: controller.signal }));
      for (let turn = 0; !waitStarted && turn < 1_000; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(waitStarted).toBe(true);
      await vi.advanceTimersByTimeAsync(20);
      const error = await pending;
      expect((error as Error).name).toBe('AbortError');
      expect(s.rec.api()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an aborted signal sends nothing', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider });
    const error = await rejection(transport(`${s.base}/product-selections`, { signal: AbortSignal.abort() }));
    expect((error as Error).name).toBe('AbortError');
    expect(s.rec.api()).toHaveLength(0);
  });

  it('retry: false sends once', async () => {
    const s = setup();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: false });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'GET', path: SELECTIONS, times: 1 });
    expect((await transport(`${s.base}/product-selections`)).status).toBe(503);
    expect(s.rec.api()).toHaveLength(1);
  });

  it('an isIdempotent override can allow a read-only POST', async () => {
    const s = setup();
    const { sleep } = recordingSleep();
    const transport = createTransport({
      fetch: s.rec.fetch,
      auth: s.provider,
      retry: { sleep, isIdempotent: (_request, body) => (body?.includes('"query"') ? true : undefined) },
    });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: '/test-project/graphql', times: 1 });
    const res = await transport(`${s.base}/graphql`, json('POST', { query: '{ productSelections { total } }' }));
    expect(s.rec.api()).toHaveLength(2);
    expect(res.status).not.toBe(503);
  });
  it('a request fetch itself refuses (a body on a GET, a URL that does not parse) fails at once with its TypeError, not as a network error', async () => {
    const s = setup();
    const { sleep, delays } = recordingSleep();
    const transport = createTransport({ fetch: s.rec.fetch, auth: s.provider, retry: { sleep } });
    for (const [input, init] of [
      [`${s.base}/stores`, { method: 'GET', body: 'x' }],
      ['http://[not a url', {}],
    ] as const) {
      const error = await rejection(transport(input, init));
      expect(error).toBeInstanceOf(TypeError);
      expect(error).not.toBeInstanceOf(NetworkError);
    }
    expect(delays).toEqual([]);
    expect(s.rec.api()).toHaveLength(0);
  });

  it('refuses a bad or misspelt retry option when the transport is made, naming it', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ maxRetries: 1.5 }, /retry\.maxRetries must be an integer >= 0/],
      [{ baseDelayMs: -1 }, /retry\.baseDelayMs must be a number >= 0/],
      [{ maxElapsedMs: Number.POSITIVE_INFINITY }, /retry\.maxElapsedMs/],
      [{ statuses: [503, 200] }, /retry\.statuses must be a list of 4xx\/5xx statuses/],
      [{ onRetry: 'log' }, /retry\.onRetry must be a function/],
      [{ maxRetry: 5 }, /retry\.maxRetry must be left out: there is no such option/],
    ];
    for (const [retry, message] of bad) {
      let thrown: unknown;
      try {
        createTransport({ retry: retry as RetryOptions });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(retry)).toBeInstanceOf(ConfigurationError);
      expect((thrown as ConfigurationError).code).toBe('INVALID_OPTION');
      expect((thrown as Error).message).toMatch(message);
    }
    // Left-out options (undefined) take their defaults.
    expect(() => createTransport({ retry: { maxRetries: undefined, statuses: [429] } })).not.toThrow();
  });
});

describe('retry policy', () => {
  const url = (path: string) => new URL(`https://api.example.com/p${path}`);

  it('classifies idempotent requests', () => {
    expect(isIdempotentRequest('GET', url('/stores'), undefined)).toBe(true);
    expect(isIdempotentRequest('HEAD', url('/stores'), undefined)).toBe(true);
    expect(isIdempotentRequest('DELETE', url('/stores/1?version=3'), undefined)).toBe(true);
    expect(isIdempotentRequest('DELETE', url('/stores/1'), undefined)).toBe(false);
    expect(isIdempotentRequest('DELETE', url('/stores/1?version=abc'), undefined)).toBe(false);
    expect(isIdempotentRequest('POST', url('/stores/1'), '{"version":3,"actions":[]}')).toBe(true);
    expect(isIdempotentRequest('POST', url('/stores/1'), '{"version":"3","actions":[]}')).toBe(false);
    expect(isIdempotentRequest('POST', url('/stores'), '{"key":"eu"}')).toBe(false);
    expect(isIdempotentRequest('POST', url('/stores'), 'not json')).toBe(false);
    expect(isIdempotentRequest('POST', url('/stores'), undefined)).toBe(false);
    expect(isIdempotentRequest('PUT', url('/stores/1'), '{"version":1}')).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:27:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('draws full jitter below an exponential, capped ceiling', () => {
    const o = { baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([0, 1, 2, 3, 4, 10].map((n) => fullJitterDelay(n, o, () => 0.999999))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(fullJitterDelay(5, o, () => 0)).toBe(0);
  });

  it('honours an HTTP-date Retry-After from the service', async () => {
    const s = setup();
    const now = Date.now();
    const { sleep, delays } = recordingSleep();
    const dated = async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await s.emu.fetch(input as Request, init);
      if (delays.length > 0) return res;
      return new Response('{}', { status: 429, headers: { 'retry-after': new Date(now + 3_000).toUTCString() } });
    };
    const transport = createTransport({ fetch: dated, auth: s.provider, retry: { sleep, now: () => now } });
    expect((await transport(`${s.base}/stores`)).status).toBe(200);
    expect(delays[0]).toBeGreaterThan(1_000);
    expect(delays[0]).toBeLessThanOrEqual(3_000);
  });
});
