import { describe, expect, it } from 'vitest';
import { Collection } from '../../src/emulator/store/collection.js';
import type { StoredResource } from '../../src/emulator/store/collection.js';
import { parseQueryParams, runOnArray, runQuery } from '../../src/emulator/query/index.js';
import type { QuerySchema, RunParams } from '../../src/emulator/query/index.js';
import { invalidInput } from './helpers.js';

interface Thing extends StoredResource {
  n: number;
  group: string;
  ref?: { typeId: string; id: string };
}

function id(i: number): string {
  return `id-${String(i).padStart(6, '0')}`;
}

function makeCollection(count: number): Collection<Thing> {
  const collection = new Collection<Thing>('thing');
  // Small collections are filled in a scrambled order (the collection orders ids itself); large ones
  // in id order, because inserting into the middle of the ordered index costs O(n) each.
  const order = Array.from({ length: count }, (_, i) => (count <= 1000 ? (i * 7919) % count : i));
  for (const i of order) {
    collection.insert({
      id: id(i),
      version: 1,
      key: `k${i}`,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastModifiedAt: '2026-01-01T00:00:00.000Z',
      n: i,
      group: i % 2 === 0 ? 'even' : 'odd',
    });
  }
  return collection;
}

const params = (query: string, withTotal = true): RunParams => parseQueryParams(new URLSearchParams(query), { withTotal });
const ids = (results: readonly { id: string }[]) => results.map((r) => r.id);

describe('runQuery', () => {
  const small = makeCollection(30);

  it('pages in ascending id order by default, with total', () => {
    const page = runQuery(small, params('limit=5&offset=3'));
    expect(page).toMatchObject({ limit: 5, offset: 3, count: 5, total: 30 });
    expect(ids(page.results)).toEqual([id(3), id(4), id(5), id(6), id(7)]);
    expect(Object.keys(page)).toEqual(['limit', 'offset', 'count', 'total', 'results']);
  });

  it('omits total when withTotal=false', () => {
    const page = runQuery(small, params('limit=2', false));
    expect(page).not.toHaveProperty('total');
    expect(page.count).toBe(2);
    expect(runQuery(small, params('withTotal=false'))).not.toHaveProperty('total');
  });

  it('filters with where (ANDed), vars and the endpoint filter', () => {
    const page = runQuery(small, params('where=group%20%3D%20%3Ag&where=n%20%3E%3D%2010&var.g=even&limit=3'), {
      filter: (r) => r.n !== 12,
    });
    expect(ids(page.results)).toEqual([id(10), id(14), id(16)]);
    expect(page.total).toBe(9); // 10, 14, 16, ..., 28
  });

  it('sorts by other fields, with id as tiebreak', () => {
    const page = runQuery(small, params('sort=group%20desc&sort=n%20desc&limit=3'));
    expect(ids(page.results)).toEqual([id(29), id(27), id(25)]);
    const tie = runQuery(small, params('sort=group%20asc&limit=3'));
    expect(ids(tie.results)).toEqual([id(0), id(2), id(4)]);
  });

  it('sorts by id descending and honours id ranges in both directions', () => {
    expect(ids(runQuery(small, params('sort=id%20desc&limit=2')).results)).toEqual([id(29), id(28)]);
    const below = runQuery(small, params(`sort=id%20desc&limit=3&where=${encodeURIComponent(`id < "${id(10)}"`)}`));
    expect(ids(below.results)).toEqual([id(9), id(8), id(7)]);
    expect(below.total).toBe(10);
    const between = runQuery(small, params(`where=${encodeURIComponent(`id >= "${id(5)}" and id <= "${id(7)}"`)}`));
    expect(ids(between.results)).toEqual([id(5), id(6), id(7)]);
    const exact = runQuery(small, params(`where=${encodeURIComponent(`id = "${id(4)}"`)}`));
    expect(ids(exact.results)).toEqual([id(4)]);
    const list = runQuery(small, params(`where=${encodeURIComponent(`id in ("${id(2)}", "${id(9)}")`)}`));
    expect(ids(list.results)).toEqual([id(2), id(9)]);
    expect(runQuery(small, params('where=id%20%3D%205')).results).toEqual([]);
    expect(runQuery(small, params(`where=${encodeURIComponent(`id > "${id(9)}" and id < "${id(3)}"`)}`)).total).toBe(0);
  });

  it('does not use an id bound from inside or/not', () => {
    const page = runQuery(small, params(`where=${encodeURIComponent(`id > "${id(27)}" or n = 1`)}`));
    expect(ids(page.results)).toEqual([id(1), id(28), id(29)]);
    const negated = runQuery(small, params(`where=${encodeURIComponent(`not(id > "${id(1)}")`)}`));
    expect(ids(negated.results)).toEqual([id(0), id(1)]);
  });

  it('returns empty pages past the end and for limit=0', () => {
    expect(runQuery(small, params('offset=100'))).toMatchObject({ count: 0, total: 30, results: [] });
    expect(runQuery(small, params('limit=0'))).toMatchObject({ count: 0, total: 30, results: [] });
    expect(runQuery(small, params('limit=0&where=n%20%3C%205'))).toMatchObject({ count: 0, total: 5 });
  });

  it('checks predicates, variables and sort even on an empty collection', () => {
    const empty = new Collection<Thing>('thing');
    invalidInput(() => runQuery(empty, params('where=key%20%3D')));
    invalidInput(() => runQuery(empty, params('where=key%20%3D%20%3Anope')));
    invalidInput(() => runQuery(empty, params('sort=key%20sideways')));
    const schema: QuerySchema = { type: 'object', properties: { id: { type: 'string' }, key: { type: 'string' } } };
    invalidInput(() => runQuery(empty, params('where=kye%20%3D%20%22x%22'), { schema }));
    invalidInput(() => runQuery(empty, params('sort=kye'), { schema }));
  });

  it('expands results when given a resolver', () => {
    const collection = new Collection<Thing>('thing');
    collection.insert({ id: 'a', version: 1, createdAt: 't', lastModifiedAt: 't', n: 1, group: 'x', ref: { typeId: 'other', id: 'o1' } });
    const page = runQuery(collection, params('expand=ref'), { resolve: (typeId, refId) => ({ typeId, refId }) });
    expect(page.results[0]?.ref).toEqual({ typeId: 'other', id: 'o1', obj: { typeId: 'other', refId: 'o1' } });
    expect(collection.get('a')?.ref).toEqual({ typeId: 'other', id: 'o1' });
  });
});

describe('total cap', () => {
  const big = makeCollection(12_000);

  it('caps total at 10 000 when a predicate is used', () => {
    expect(runQuery(big, params('where=n%20%3E%3D%200&limit=1')).total).toBe(10_000);
    expect(runQuery(big, params('where=n%20%3E%3D%200&limit=1&sort=n%20desc')).total).toBe(10_000);
    expect(runQuery(big, params('where=n%20%3C%209000&limit=1')).total).toBe(9_000);
  });

  it('does not cap without a predicate, even with an endpoint filter', () => {
    expect(runQuery(big, params('limit=1')).total).toBe(12_000);
    expect(runQuery(big, params('limit=1'), { filter: () => true }).total).toBe(12_000);
  });

  it('still returns the right page near the cap', () => {
    const page = runQuery(big, params('where=n%20%3E%3D%200&offset=10000&limit=500'));
    expect(page.total).toBe(10_000);
    expect(page.count).toBe(500);
    expect(page.results[0]?.id).toBe(id(10_000));
  });
});

describe('efficiency of the iteration recipe', () => {
  it('iterates 100 000 items with `id > last` in pages of 500, touching about one page per request', () => {
    const collection = makeCollection(100_000);
    let touched = 0;
    let maxTouched = 0;
    const filter = () => {
      touched++;
      return true;
    };
    const seen: string[] = [];
    let last: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ withTotal: 'false', limit: '500', sort: 'id asc' });
      if (last !== undefined) {
        query.append('where', 'id > :last and group is defined');
        query.append('var.last', last);
      }
      touched = 0;
      const page = runQuery(collection, parseQueryParams(query, { withTotal: true }), { filter });
      maxTouched = Math.max(maxTouched, touched);
      for (const item of page.results) seen.push(item.id);
      if (page.count < 500) break;
      last = page.results[page.results.length - 1]!.id;
    }
    expect(seen).toHaveLength(100_000);
    expect(new Set(seen).size).toBe(100_000);
    expect(seen[0]).toBe(id(0));
    expect(seen.at(-1)).toBe(id(99_999));
    // About one page touched per request, whatever the machine: the measure of the recipe's cost.
    expect(maxTouched).toBeLessThanOrEqual(500);
  });

  it('walks backwards with `id < last` and `id desc`, and stops early without sort', () => {
    const collection = makeCollection(100_000);
    let touched = 0;
    const filter = () => {
      touched++;
      return true;
    };
    const page = runQuery(collection, params(`sort=id%20DESC&limit=500&where=${encodeURIComponent(`id < "${id(50_000)}"`)}`, false), {
      filter,
    });
    expect(page.results[0]?.id).toBe(id(49_999));
    expect(page.results.at(-1)?.id).toBe(id(49_500));
    expect(touched).toBe(500);

    touched = 0;
    const plain = runQuery(collection, params('limit=20&offset=40', false), { filter });
    expect(plain.results[0]?.id).toBe(id(40));
    expect(touched).toBe(60);

    touched = 0;
    const selective = runQuery(collection, params('limit=10&where=group%20%3D%20%22odd%22', false), { filter });
    expect(ids(selective.results).at(-1)).toBe(id(19));
    expect(touched).toBe(20);
  });
});

describe('runOnArray', () => {
  const products = [
    { product: { typeId: 'product', id: 'p3' }, variantSelection: { type: 'includeAll' } },
    { product: { typeId: 'product', id: 'p1' } },
    { product: { typeId: 'product', id: 'p2' }, variantSelection: { type: 'exclusion' } },
  ];

  it('keeps array order, filters, sorts and pages with the same rules', () => {
    expect(runOnArray(products, params('')).results.map((p) => p.product.id)).toEqual(['p3', 'p1', 'p2']);
    expect(runOnArray(products, params('sort=product.id%20asc')).results.map((p) => p.product.id)).toEqual(['p1', 'p2', 'p3']);
    const filtered = runOnArray(products, params('where=variantSelection%20is%20defined&limit=1'));
    expect(filtered).toMatchObject({ count: 1, total: 2, limit: 1, offset: 0 });
    expect(filtered.results[0]?.product.id).toBe('p3');
    const byRef = runOnArray(products, params('where=product(id%20%3D%20%22p2%22)'));
    expect(byRef.results).toHaveLength(1);
  });
});
