import { describe, expect, it } from 'vitest';
import { ConfigurationError, NetworkError, createAndVerify } from '../src/index.js';
import { PROJECT, recordingSleep, rejection, setup, type Setup } from './helpers.js';

const PATH = `/${PROJECT}/product-selections`;

/** How many Product Selections the project holds, and how many with this key (through the API). */
async function stored(s: Setup, key: string): Promise<{ all: number; withKey: number }> {
  const reader = s.makeClient({ fetch: s.emu.fetch });
  const all = await reader.GET('/product-selections', { params: { query: { limit: 0 } } });
  const withKey = await reader.GET('/product-selections', { params: { query: { where: ['key = :key'], var: { key } } } });
  return { all: all.data!.total!, withKey: withKey.data!.total! };
}

describe('createAndVerify', () => {
  it('500 after commit: finds the resource by key instead of creating it again: exactly one', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', path: PATH, times: 1 });
    const result = await createAndVerify(s.client, {
      path: '/product-selections',
      body: { key: 'summer', name: { en: 'Summer' } },
      retry: { sleep },
    });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ verified: true, attempts: 1, data: { key: 'summer', version: 1 } });
    expect(await stored(s, 'summer')).toEqual({ all: 1, withKey: 1 });
    const requests = s.rec.api().map((r) => `${r.method} ${r.path}`);
    expect(requests).toEqual([`POST ${PATH}`, `GET ${PATH}`]);
    const lookup = new URLSearchParams(s.rec.api()[1]!.search);
    expect(lookup.getAll('where')).toEqual(['key = :key']);
    expect(lookup.get('var.key')).toBe('summer');
  });

  it('shows why: a blind retry after that 500 duplicates a resource without key', async () => {
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', path: PATH, times: 1 });
    const first = await s.client.POST('/product-selections', { body: { name: { en: 'Twice' } } });
    expect(first.error?.code).toBe('General');
    await s.client.POST('/product-selections', { body: { name: { en: 'Twice' } } });
    const { data } = await s.client.GET('/product-selections', { params: { query: { where: ['name(en = "Twice")'] } } });
    expect(data?.count).toBe(2);
  });

  it('connection cut after commit: verified, one resource', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'cut', when: 'after', method: 'POST', path: PATH, times: 1 });
    const result = await createAndVerify(s.client, {
      path: '/product-selections',
      body: { key: 'cut', name: { en: 'Cut' } },
      retry: { sleep },
    });
    expect(result).toMatchObject({ verified: true, data: { key: 'cut' } });
    expect(await stored(s, 'cut')).toEqual({ all: 1, withKey: 1 });
  });

  it('failure before commit (cut, 503): absent by key, so created again, once', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'cut', method: 'POST', path: PATH, times: 1 });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: PATH, times: 1 });
    const result = await createAndVerify(s.client, {
      path: '/product-selections',
      body: { key: 'late', name: { en: 'Late' } },
      retry: { sleep },
    });
    expect(result).toMatchObject({ verified: false, attempts: 3, data: { key: 'late' } });
    expect(await stored(s, 'late')).toEqual({ all: 1, withKey: 1 });
    expect(s.rec.api().map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'GET', 'POST']);
    expect(delays).toHaveLength(2);
  });

  it('429 was not processed: waits Retry-After and creates again without a lookup', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 3, method: 'POST', path: PATH, times: 1 });
    const result = await createAndVerify(s.client, {
      path: '/product-selections',
      body: { key: 'limited', name: { en: 'L' } },
      retry: { sleep },
    });
    expect(result).toMatchObject({ attempts: 2, verified: false, data: { key: 'limited' } });
    expect(delays).toEqual([3_000]);
    expect(s.rec.api().map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('a key that already exists on the first attempt is the DuplicateField error, not a success', async () => {
    const s = setup();
    await s.client.POST('/stores', { body: { key: 'eu' } });
    const result = await createAndVerify(s.client, { path: '/stores', body: { key: 'eu', name: { en: 'EU' } } });
    expect(result).toMatchObject({ attempts: 1, verified: false, error: { code: 'DuplicateField', field: 'key' } });
  });

  it('gives up after maxRetries + 1 attempts with the last error, having checked before every new attempt', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 500, method: 'POST', path: PATH });
    const result = await createAndVerify(s.client, {
      path: '/product-selections',
      body: { key: 'never', name: { en: 'N' } },
      retry: { maxRetries: 1, sleep },
    });
    expect(result).toMatchObject({ attempts: 2, error: { code: 'General', statusCode: 500 } });
    expect(s.rec.api().map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'GET']);
    expect(await stored(s, 'never')).toEqual({ all: 0, withKey: 0 });
  });

  it('throws the NetworkError when the outcome stays unknown', async () => {
    const { sleep } = recordingSleep();
    const s = setup({ retry: { sleep } });
    s.emu.faults.inject({ kind: 'cut', path: PATH });
    const error = await rejection(
      createAndVerify(s.client, { path: '/product-selections', body: { key: 'dark', name: { en: 'D' } }, retry: { sleep } }),
    );
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('refuses a draft without key, or a key that differs from it', async () => {
    const s = setup();
    expect(await rejection(createAndVerify(s.client, { path: '/product-selections', body: { name: { en: 'x' } } }))).toBeInstanceOf(
      ConfigurationError,
    );
    expect(
      await rejection(createAndVerify(s.client, { path: '/product-selections', body: { key: 'a', name: { en: 'x' } }, key: 'b' })),
    ).toBeInstanceOf(ConfigurationError);
    expect(s.rec.api()).toHaveLength(0);
  });
});
