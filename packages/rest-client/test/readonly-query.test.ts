/**
 * Readonly query lists against the in-process emulator: an `as const` (and a frozen) where, sort,
 * expand and `var` list go on the wire exactly as the same mutable lists do, and select and order
 * what they say.
 */
import { describe, expect, it } from 'vitest';
import { paginate, unwrap } from '../src/index.js';
import { setup, type Setup } from './helpers.js';

async function seed(s: Setup): Promise<void> {
  for (const key of ['autumn', 'spring', 'summer', 'winter']) {
    unwrap(await s.client.POST('/product-selections', { body: { key, name: { en: key.charAt(0).toUpperCase() + key.slice(1) } } }));
  }
}

describe('readonly query lists', () => {
  it('select and sort with an as const where and sort list, sent as the mutable lists are', async () => {
    const s = setup();
    await seed(s);
    const where = ['key in :keys', 'version = :v'] as const;
    const sort = ['name.en desc', 'id asc'] as const;
    const keys = ['spring', 'summer', 'winter'] as const;
    const page = unwrap(
      await s.client.GET('/product-selections', { params: { query: { where, sort, expand: ['x'] as const, var: { keys, v: 1 } } } }),
    );
    expect(page.results.map((r) => r.key)).toEqual(['winter', 'summer', 'spring']);
    expect(page.total).toBe(3);
    const sentReadonly = s.rec.api().at(-1)!.search;

    const mutable = unwrap(
      await s.client.GET('/product-selections', {
        params: {
          query: {
            where: ['key in :keys', 'version = :v'],
            sort: ['name.en desc', 'id asc'],
            expand: ['x'],
            var: { keys: ['spring', 'summer', 'winter'], v: 1 },
          },
        },
      }),
    );
    expect(mutable.results).toEqual(page.results);
    expect(sentReadonly).toBe(s.rec.api().at(-1)!.search);
    expect(sentReadonly).toBe(
      '?where=key%20in%20%3Akeys&where=version%20%3D%20%3Av&sort=name.en%20desc&sort=id%20asc&expand=x&var.keys=spring&var.keys=summer&var.keys=winter&var.v=1',
    );
  });

  it('reads frozen lists without changing them, in a call and in paginate', async () => {
    const s = setup();
    await seed(s);
    const where = Object.freeze(['key != "autumn"'] as const);
    const sort = Object.freeze(['key asc'] as const);
    const page = unwrap(await s.client.GET('/product-selections', { params: { query: { where, sort } } }));
    expect(page.results.map((r) => r.key)).toEqual(['spring', 'summer', 'winter']);
    expect(s.rec.api().at(-1)!.search).toBe('?where=key%20!%3D%20%22autumn%22&sort=key%20asc');

    const walked: string[] = [];
    for await (const selection of paginate(s.client, '/product-selections', { query: { where }, pageSize: 2 }))
      walked.push(selection.key ?? '');
    expect(walked.sort()).toEqual(['spring', 'summer', 'winter']);
    // paginate ANDs its cursor with the caller's predicates in a list of its own.
    expect(s.rec.api().at(-1)!.search).toContain(`where=${encodeURIComponent('key != "autumn"')}&where=id`);
    expect(where).toEqual(['key != "autumn"']);
    expect(sort).toEqual(['key asc']);
  });
});
