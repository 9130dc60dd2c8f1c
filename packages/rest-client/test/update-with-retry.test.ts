import { describe, expect, it, vi } from 'vitest';
import { NetworkError, updateWithRetry, type ProductSelection } from '../src/index.js';
import { PROJECT, recordingSleep, rejection, setup, type Setup } from './helpers.js';

async function selection(s: Setup, key: string, name: Record<string, string> = { en: 'A' }): Promise<ProductSelection> {
  const { data, error } = await s.client.POST('/product-selections', { body: { key, name } });
  expect(error).toBeUndefined();
  return data!;
}

/** End-state action: the name holds `locale: text`, whatever else it holds. */
const withLocale = (locale: string, text: string) => (current: ProductSelection) =>
  current.name[locale] === text ? [] : [{ action: 'changeName' as const, name: { ...current.name, [locale]: text } }];

describe('updateWithRetry', () => {
  it('under a concurrent writer: re-reads and rebuilds from the fresh state, losing nothing', async () => {
    const s = setup();
    const other = s.makeClient();
    const created = await selection(s, 'summer');
    const { sleep, delays } = recordingSleep();
    const built: number[] = [];
    const result = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      retry: { sleep, random: () => 0.5 },
      buildActions: (current) => {
        built.push(current.version);
        return withLocale('de', 'Sommer')(current);
      },
      read: async (signal) => {
        const read = await s.client.GET('/product-selections/{ID}', {
          params: { path: { ID: created.id } },
          ...(signal ? { signal } : {}),
        });
        // The other writer strikes between our first read and our write.
        if (built.length === 0) {
          const r = await other.POST('/product-selections/{ID}', {
            params: { path: { ID: created.id } },
            body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B' } }] },
          });
          expect(r.data?.version).toBe(2);
        }
        return read;
      },
    });
    expect(result.error).toBeUndefined();
    expect(result.attempts).toBe(2);
    expect(built).toEqual([1, 2]);
    expect(result.data).toMatchObject({ version: 3, name: { en: 'B', de: 'Sommer' } });
    expect(delays).toEqual([25]); // full jitter: 0.5 × 50 ms
  });

  it('shows why: retrying a 409 once with the new version and the OLD actions (the official SDK) loses the other write', async () => {
    const s = setup();
    const created = await selection(s, 'naive');
    const staleActions = [{ action: 'changeName' as const, name: { ...created.name, de: 'Sommer' } }];
    await s.makeClient().POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B' } }] },
    });
    const first = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 1, actions: staleActions },
    });
    const currentVersion = first.error?.code === 'ConcurrentModification' ? first.error.currentVersion : -1;
    const naive = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: currentVersion, actions: staleActions },
    });
    expect(naive.data?.name).toEqual({ en: 'A', de: 'Sommer' }); // 'B' is gone
  });

  it('many writers on one resource: every change lands, versions count them exactly', async () => {
    const s = setup();
    const created = await selection(s, 'busy');
    const writers = Array.from({ length: 12 }, (_, i) =>
      updateWithRetry(s.makeClient(), {
        path: '/product-selections/key={key}',
        params: { path: { key: 'busy' } },
        retry: { maxRetries: 29, baseDelayMs: 1, maxDelayMs: 5 },
        buildActions: withLocale(`en-x${i}`, `w${i}`),
      }),
    );
    const results = await Promise.all(writers);
    expect(results.every((r) => r.error === undefined)).toBe(true);
    const { data } = await s.client.GET('/product-selections/{ID}', { params: { path: { ID: created.id } } });
    expect(Object.keys(data!.name).sort()).toEqual(['en', ...Array.from({ length: 12 }, (_, i) => `en-x${i}`)].sort());
    expect(data!.version).toBe(13);
  });

  it('is bounded: a writer that always wins leaves the last 409 as the answer', async () => {
    const s = setup();
    const other = s.makeClient();
    const created = await selection(s, 'contended');
    const { sleep, delays } = recordingSleep();
    let n = 0;
    const result = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      retry: { maxRetries: 3, sleep, random: () => 0.999 },
      buildActions: (current) => {
        void other.POST('/product-selections/{ID}', {
          params: { path: { ID: created.id } },
          body: { version: current.version, actions: [{ action: 'changeName', name: { en: `other-${n++}` } }] },
        });
        return withLocale('de', 'never')(current);
      },
      read: async () => {
        await new Promise((r) => setTimeout(r, 5));
        return s.client.GET('/product-selections/{ID}', { params: { path: { ID: created.id } } });
      },
    });
    expect(result.error?.code).toBe('ConcurrentModification');
    expect(result.attempts).toBe(4);
    expect(delays).toEqual([49, 99, 199]);
  });

  it('writes nothing when the resource is already as wanted', async () => {
    const s = setup();
    const created = await selection(s, 'done', { en: 'A', de: 'Sommer' });
    const before = s.rec.api().length;
    const result = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      buildActions: withLocale('de', 'Sommer'),
    });
    expect(result).toMatchObject({ attempts: 0, data: { version: 1 } });
    expect(
      s.rec
        .api()
        .slice(before)
        .map((r) => r.method),
    ).toEqual(['GET']);
    // With `current` given, not even a read.
    const again = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      current: created,
      buildActions: withLocale('en', 'A'),
    });
    expect(again).toMatchObject({ attempts: 0, response: undefined });
  });

  it('after a 500 that committed, re-reads instead of writing twice', async () => {
    const s = setup();
    const created = await selection(s, 'committed');
    const { sleep } = recordingSleep();
    s.emu.faults.inject({
      kind: 'error',
      status: 500,
      when: 'after',
      method: 'POST',
      path: `/${PROJECT}/product-selections/${created.id}`,
      times: 1,
    });
    const result = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      current: created,
      retry: { sleep },
      buildActions: withLocale('de', 'Sommer'),
    });
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ version: 2, name: { en: 'A', de: 'Sommer' } });
    expect(s.rec.api().filter((r) => r.method === 'POST' && r.path.endsWith(created.id))).toHaveLength(1);
  });

  it('after a connection cut that committed, the transport retry sees a 409 and the re-read ends it', async () => {
    const { sleep } = recordingSleep();
    const s = setup({ retry: { sleep } });
    const created = await selection(s, 'cut');
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: `/${PROJECT}/product-selections/${created.id}`, times: 1 });
    const result = await updateWithRetry(s.client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: created.id } },
      current: created,
      retry: { sleep },
      buildActions: withLocale('de', 'Sommer'),
    });
    expect(result.data).toMatchObject({ version: 2, name: { en: 'A', de: 'Sommer' } });
  });

  it('returns other errors at once, and a read error as it is', async () => {
    const s = setup();
    const { data: store } = await s.client.POST('/stores', { body: { key: 'eu' } });
    const offStore = await selection(s, 'not-on-the-store');
    const invalid = await updateWithRetry(s.client, {
      path: '/stores/key={key}',
      params: { path: { key: 'eu' } },
      buildActions: () => [
        { action: 'changeProductSelectionActive', productSelection: { typeId: 'product-selection', id: offStore.id }, active: true },
      ],
    });
    expect(invalid).toMatchObject({ attempts: 1, error: { code: 'InvalidOperation' } });
    expect(store!.version).toBe(1);
    const missing = await updateWithRetry(s.client, {
      path: '/stores/key={key}',
      params: { path: { key: 'nope' } },
      buildActions: () => [],
    });
    expect(missing).toMatchObject({ attempts: 0, error: { code: 'ResourceNotFound' } });
  });

  it('throws NetworkError when unknown outcomes are not to be retried', async () => {
    const s = setup({ retry: false });
    const created = await selection(s, 'net');
    s.emu.faults.inject({ kind: 'cut', method: 'POST', path: `/${PROJECT}/product-selections/${created.id}`, times: 1 });
    const error = await rejection(
      updateWithRetry(s.client, {
        path: '/product-selections/{ID}',
        params: { path: { ID: created.id } },
        current: created,
        retryOnUnknownOutcome: false,
        buildActions: withLocale('de', 'x'),
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('an abort during the backoff ends the call at once', async () => {
    const s = setup();
    const created = await selection(s, 'abort');
    await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B' } }] },
    });
    const controller = new AbortController();
    // The default sleep, on fake timers: the signal aborts 30 ms into a wait of some 60 s, and only those 30 ms pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setTimeout(() => controller.abort(), 30);
      const before = s.rec.api().length;
      const pending = rejection(
        updateWithRetry(s.client, {
          path: '/product-selections/{ID}',
          params: { path: { ID: created.id } },
          current: created, // stale: the first write gets a 409
          retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 0.99 },
          signal: controller.signal,
          buildActions: withLocale('de', 'x'),
        }),
      );
      for (let turn = 0; s.rec.api().length === before && turn < 1_000; turn++) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(30);
      const error = await pending;
      expect((error as Error).name).toBe('AbortError');
    } finally {
      vi.useRealTimers();
    }
  });
});
