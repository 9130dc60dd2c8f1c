/**
 * The helpers on endpoints other than Product Selections. `paginate()` is "an
 * async iterator over any query endpoint": Stores, Messages and API clients here, with the
 * caller's own where; `createAndVerify()` on Stores after a 500 that committed.
 */
import { describe, expect, it } from 'vitest';
import { createAndVerify, paginate, paginatePages, unwrap, type PaginatedPath } from '../src/index.js';
import { PROJECT, recordingSleep, setup } from './helpers.js';

/** Every page request the iterator sent for `path`: the recipe, never offset. */
function expectRecipe(search: string[], callerWhere: string[]): void {
  for (const [index, query] of search.map((text) => new URLSearchParams(text)).entries()) {
    expect(query.get('withTotal')).toBe('false');
    expect(query.getAll('sort')).toEqual(['id asc']);
    expect(query.has('offset')).toBe(false);
    const where = query.getAll('where');
    expect(where.slice(0, callerWhere.length)).toEqual(callerWhere);
    expect(where.slice(callerWhere.length)).toEqual(index === 0 ? [] : [expect.stringMatching(/^id > "[^"]+"$/)]);
  }
}

describe('paginate over other query endpoints', () => {
  it('Stores, Messages and API clients: every element once, in id order, with the recipe', async () => {
    const s = setup();
    for (let i = 0; i < 23; i += 1) unwrap(await s.client.POST('/stores', { body: { key: `store-${i}` } }));
    for (let i = 0; i < 4; i += 1)
      unwrap(await s.client.POST('/api-clients', { body: { name: `client-${i}`, scope: `view_stores:${PROJECT}` } }));

    /** Runs one iterator to its end; checks what it sent. */
    const walk = async (path: PaginatedPath, where: string[], elements: () => AsyncIterable<{ id: string }>) => {
      const before = s.rec.api().length;
      const ids: string[] = [];
      for await (const element of elements()) ids.push(element.id);
      const requests = s.rec.api().slice(before);
      expect(requests.every((r) => r.path === `/${PROJECT}${path}`)).toBe(true);
      expectRecipe(
        requests.map((r) => r.search),
        where,
      );
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(ids);
      return { ids, requests: requests.length };
    };

    const stores = await walk('/stores', [], () => paginate(s.client, '/stores', { pageSize: 5 }));
    expect(stores).toMatchObject({ requests: 5 });
    expect(stores.ids).toHaveLength(23);

    const messages = await walk('/messages', ['type = "StoreCreated"'], () =>
      paginate(s.client, '/messages', { query: { where: ['type = "StoreCreated"'] }, pageSize: 10 }),
    );
    expect(messages.ids).toHaveLength(23);
    expect(messages.requests).toBe(3);

    const clients = await walk('/api-clients', ['name != "nobody"'], () =>
      paginate(s.client, '/api-clients', { query: { where: ['name != "nobody"'] }, pageSize: 2 }),
    );
    // The bootstrap client may or may not be listed; the four created are.
    expect(clients.ids.length).toBeGreaterThanOrEqual(4);

    const sizes: number[] = [];
    for await (const page of paginatePages(s.client, '/stores', { query: { where: ['key >= "store-2"'] }, pageSize: 4 }))
      sizes.push(page.length);
    // store-2, store-20 … store-22, store-3 … store-9: 11 stores.
    expect(sizes).toEqual([4, 4, 3]);
  });
});

describe('createAndVerify on Stores', () => {
  it('a 500 after commit is verified by key: one Store, no second create', async () => {
    const { sleep } = recordingSleep();
    const s = setup();
    s.emu.faults.inject({ kind: 'error', status: 500, when: 'after', method: 'POST', path: `/${PROJECT}/stores`, times: 1 });
    const result = await createAndVerify(s.client, { path: '/stores', body: { key: 'eu', name: { en: 'EU' } }, retry: { sleep } });
    expect(result).toMatchObject({ verified: true, attempts: 1, data: { key: 'eu', version: 1 } });
    expect(s.rec.api().map((r) => r.method)).toEqual(['POST', 'GET']);
    const all = unwrap(await s.client.GET('/stores', { params: { query: { withTotal: true } } }));
    expect(all.total).toBe(1);
  });
});
