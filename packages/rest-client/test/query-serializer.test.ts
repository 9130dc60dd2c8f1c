import { describe, expect, it } from 'vitest';
import { commerceQuerySerializer } from '../src/index.js';

describe('commerceQuerySerializer', () => {
  it('repeats keys for lists, spreads var into var.<name>, encodes names and values', () => {
    expect(
      commerceQuerySerializer({
        where: ['key = :k', 'name(en = "a&b")'],
        var: { k: 'sümmer', ids: ['a', 'b'], n: 3, flag: true },
        sort: ['createdAt desc', 'id asc'],
        expand: ['productSelections[*].productSelection'],
        limit: 20,
        withTotal: false,
        skipped: undefined,
        nothing: null,
      }),
    ).toBe(
      'where=key%20%3D%20%3Ak&where=name(en%20%3D%20%22a%26b%22)&var.k=s%C3%BCmmer&var.ids=a&var.ids=b&var.n=3&var.flag=true' +
        '&sort=createdAt%20desc&sort=id%20asc&expand=productSelections%5B*%5D.productSelection&limit=20&withTotal=false',
    );
  });

  it('round-trips through URLSearchParams as the service reads it', () => {
    const params = new URLSearchParams(commerceQuerySerializer({ where: 'a = 1', var: { 'x.y': ['1', '2'] }, sort: [] }));
    expect(params.getAll('where')).toEqual(['a = 1']);
    expect(params.getAll('var.x.y')).toEqual(['1', '2']);
    expect(params.has('sort')).toBe(false);
    expect(commerceQuerySerializer(undefined)).toBe('');
  });

  it('refuses nested objects', () => {
    expect(() => commerceQuerySerializer({ var: { a: { b: 1 } } })).toThrow(TypeError);
  });
});
