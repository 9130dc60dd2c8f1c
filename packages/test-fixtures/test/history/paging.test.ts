import { beforeAll, describe, expect, it } from 'vitest';
import { createHistoryApi, errorOf, type HistoryApi } from './helpers.js';

/**
 * Change History paging: limit default 20 and at most 500, offset default 0 and at most 10 000,
 * `total` only with `withTotal`, newest first. 25 stores are written one millisecond apart.
 */
describe('Change History paging', () => {
  let api: HistoryApi;
  const keys = (page: { results: { resource: { key?: string } }[] }) => page.results.map((r) => r.resource.key);
  const store = (n: number) => `store-${String(n).padStart(2, '0')}`;

  beforeAll(async () => {
    api = await createHistoryApi();
    for (let n = 1; n <= 25; n++) expect((await api.call('POST', '/stores', { key: store(n) })).status).toBe(201);
  });

  it('returns at most 20 Records by default, from offset 0, newest first', async () => {
    for (const path of ['', '/store', '/stores']) {
      const { status, body } = await api.history(path);
      expect(status, path).toBe(200);
      expect(body).toMatchObject({ limit: 20, offset: 0, count: 20 });
      expect(body.total, path).toBeUndefined();
      expect(keys(body), path).toEqual(Array.from({ length: 20 }, (_, i) => store(25 - i)));
    }
  });

  it('takes limit up to 500 and offset up to 10 000; count is the size of the page', async () => {
    expect((await api.history('/store?limit=500')).body).toMatchObject({ limit: 500, count: 25 });
    const rest = (await api.history('/store?offset=20')).body;
    expect(rest).toMatchObject({ limit: 20, offset: 20, count: 5 });
    expect(keys(rest)).toEqual([store(5), store(4), store(3), store(2), store(1)]);
    expect((await api.history('/store?offset=10000&withTotal=true')).body).toMatchObject({
      offset: 10000,
      count: 0,
      total: 25,
      results: [],
    });
  });

  it('carries total only when withTotal=true', async () => {
    expect((await api.history('/store?withTotal=true&limit=1')).body).toMatchObject({ count: 1, total: 25 });
    expect((await api.history('/store?withTotal=false')).body.total).toBeUndefined();
  });

  it('refuses limit and offset outside their bounds or not whole numbers, with 400 BadRequest naming the parameter', async () => {
    for (const query of [
      'limit=501',
      'limit=-1',
      'limit=1.5',
      'limit=ten',
      'limit=',
      'offset=10001',
      'offset=-1',
      'offset=2.5',
      'offset=x',
    ]) {
      for (const path of ['', '/store', '/store/some-id']) {
        const res = await api.history(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        const error = errorOf(res);
        expect(error.code).toBe('BadRequest');
        expect(error.message, query).toContain(query.split('=')[0]!);
      }
    }
  });

  it('orders Records of several types newest first on the all-types endpoint', async () => {
    const extra = await createHistoryApi();
    await extra.call('POST', '/stores', { key: 'first' });
    await extra.call('POST', '/product-selections', { key: 'second', name: { en: 'Second' } });
    await extra.call('POST', '/stores', { key: 'third' });
    const { body } = await extra.history('');
    expect(body.results.map((r) => `${r.resource.typeId}:${r.resource.key}`)).toEqual([
      'store:third',
      'product-selection:second',
      'store:first',
    ]);
    const times = body.results.map((r) => Date.parse(r.modifiedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
