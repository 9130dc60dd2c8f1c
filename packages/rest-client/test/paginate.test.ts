import { beforeAll, describe, expect, it } from 'vitest';
import { CommerceApiError, ConfigurationError, paginate, paginatePages, type ProductSelection } from '../src/index.js';
import { pool, rejection, setup, type Setup } from './helpers.js';

const TOTAL = 1_250;

describe('paginate over 1 250 Product Selections', () => {
  let s: Setup;
  beforeAll(async () => {
    s = setup();
    const created = await pool(
      50,
      Array.from({ length: TOTAL }, (_, i) => async () => {
        const { error } = await s.client.POST('/product-selections', {
          body: { key: `sel-${String(i).padStart(4, '0')}`, name: { en: i % 2 === 0 ? 'even' : 'odd' } },
        });
        return error;
      }),
    );
    expect(created.filter((e) => e !== undefined)).toEqual([]);
  }, 60_000);

  it('walks every element once, in id order, with the cursor recipe and never offset', async () => {
    const before = s.rec.api().length;
    const seen: ProductSelection[] = [];
    for await (const selection of paginate(s.client, '/product-selections')) seen.push(selection);
    expect(seen).toHaveLength(TOTAL);
    const ids = seen.map((x) => x.id);
    expect(new Set(ids).size).toBe(TOTAL);
    expect([...ids].sort()).toEqual(ids);
    const requests = s.rec.api().slice(before);
    expect(requests).toHaveLength(3); // 500 + 500 + 250
    for (const [index, request] of requests.entries()) {
      const query = new URLSearchParams(request.search);
      expect(query.get('withTotal')).toBe('false');
      expect(query.getAll('sort')).toEqual(['id asc']);
      expect(query.get('limit')).toBe('500');
      expect(query.has('offset')).toBe(false);
      expect(query.getAll('where')).toEqual(index === 0 ? [] : [`id > "${ids[index * 500 - 1]}"`]);
    }
  });

  it("ANDs the cursor with the caller's own where (and var)", async () => {
    const before = s.rec.api().length;
    const keys: string[] = [];
    for await (const selection of paginate(s.client, '/product-selections', {
      query: { where: ['name(en = :label)'], var: { label: 'even' } },
      pageSize: 100,
    })) {
      expect(selection.name['en']).toBe('even');
      keys.push(selection.key!);
    }
    expect(keys).toHaveLength(TOTAL / 2);
    expect(new Set(keys).size).toBe(TOTAL / 2);
    const requests = s.rec.api().slice(before);
    expect(requests).toHaveLength(7); // 6 × 100 + 25
    const last = new URLSearchParams(requests[6]!.search);
    expect(last.getAll('where')).toEqual(['name(en = :label)', expect.stringMatching(/^id > "[0-9a-f-]+"$/)]);
    expect(last.get('var.label')).toBe('even');
  });

  it('asks once more when the last page is exactly full, and yields pages too', async () => {
    const sizes: number[] = [];
    for await (const page of paginatePages(s.client, '/product-selections', { query: { where: ['key < "sel-1000"'] }, pageSize: 250 }))
      sizes.push(page.length);
    expect(sizes).toEqual([250, 250, 250, 250]);
  });

  it('stops requesting when the loop breaks', async () => {
    const before = s.rec.api().length;
    let n = 0;
    for await (const _ of paginate(s.client, '/product-selections', { pageSize: 10 })) {
      if (++n === 15) break;
    }
    expect(s.rec.api().length - before).toBe(2);
  });

  it('keeps no state between iterations: two at once on one client do not interfere', async () => {
    const count = async (where: string) => {
      let n = 0;
      for await (const _ of paginate(s.client, '/product-selections', { query: { where: [where] }, pageSize: 77 })) n += 1;
      return n;
    };
    expect(await Promise.all([count('name(en = "odd")'), count('name(en = "even")'), count('key >= "sel-1200"')])).toEqual([625, 625, 50]);
  });

  it('does not repeat or skip elements when others are inserted meanwhile', async () => {
    const local = setup();
    for (let i = 0; i < 30; i += 1) await local.client.POST('/product-selections', { body: { key: `x-${i}`, name: { en: 'x' } } });
    const ids: string[] = [];
    let inserted = 0;
    for await (const selection of paginate(local.client, '/product-selections', { pageSize: 7 })) {
      ids.push(selection.id);
      if (inserted < 10) await local.client.POST('/product-selections', { body: { key: `late-${inserted++}`, name: { en: 'late' } } });
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every element that existed at the start is seen.
    expect(ids.length).toBeGreaterThanOrEqual(30);
  });

  it('throws CommerceApiError for an error answer, ConfigurationError for misuse', async () => {
    const bad = await rejection(paginate(s.client, '/product-selections', { query: { where: ['no such field = 1'] } }).next());
    expect(bad).toBeInstanceOf(CommerceApiError);
    expect(bad).toMatchObject({ error: { code: 'InvalidInput', statusCode: 400 } });
    for (const options of [
      { pageSize: 0 },
      { pageSize: 501 },
      { query: { sort: ['key asc'] } },
      { query: { offset: 10 } },
      { query: { limit: 10 } },
    ]) {
      expect(await rejection(paginate(s.client, '/product-selections', options as never).next())).toBeInstanceOf(ConfigurationError);
    }
  });
});
