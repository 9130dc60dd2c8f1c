import { describe, expect, it } from 'vitest';
import { parseQueryParams, runQuery } from '../../src/emulator/query/index.js';
import { Collection, type StoredResource } from '../../src/emulator/store/collection.js';

function filled(size: number) {
  const collection = new Collection<StoredResource>('product-selection');
  for (let i = 0; i < size; i++) {
    const id = `id-${String(i).padStart(6, '0')}`;
    collection.insert({ id, key: `key-${i}`, version: 1, createdAt: '', lastModifiedAt: '', flag: i % 2 === 0 });
  }
  return collection;
}

const params = (query: string) => parseQueryParams(new URLSearchParams(query), { withTotal: true });

describe('a query by key uses the key index', () => {
  it('touches only the candidates of `key = ...` and `key in (...)`', () => {
    const collection = filled(20_000);
    let touched = 0;
    const filter = () => {
      touched++;
      return true;
    };
    const one = runQuery(collection, params('where=key%3D%22key-123%22'), { filter });
    expect(one).toMatchObject({ count: 1, total: 1, results: [{ id: 'id-000123' }] });
    const several = runQuery(collection, params('where=key+in+(%3Aa%2C+%22key-7%22)&var.a=key-9&var.a=key-3&sort=id+desc'), { filter });
    expect(several.results.map((r) => r.id)).toEqual(['id-000009', 'id-000007', 'id-000003']);
    expect(touched).toBe(4);
  });

  it('still applies the rest of the predicate, and an unknown key finds nothing', () => {
    const collection = filled(10);
    expect(runQuery(collection, params('where=key%3D%22key-3%22+and+flag%3Dtrue')).results).toEqual([]);
    expect(runQuery(collection, params('where=key%3D%22key-4%22+and+flag%3Dtrue')).results).toHaveLength(1);
    expect(runQuery(collection, params('where=key%3D%22nope%22')).total).toBe(0);
    expect(runQuery(collection, params('where=key%3D%22key-4%22+or+key%3D%22key-5%22')).total).toBe(2);
  });
});
