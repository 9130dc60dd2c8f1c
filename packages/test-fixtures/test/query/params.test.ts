import { describe, expect, it } from 'vitest';
import { makeQueryParams, parseQueryParams } from '../../src/emulator/query/index.js';
import { invalidInput } from './helpers.js';

const parse = (query: string, withTotal = true, limit?: number) =>
  parseQueryParams(new URLSearchParams(query), limit === undefined ? { withTotal } : { withTotal, limit });

describe('parseQueryParams', () => {
  it('applies defaults', () => {
    expect(parse('')).toEqual({ where: [], vars: {}, sort: [], expand: [], limit: 20, offset: 0, withTotal: true });
    expect(parse('', false, 50)).toMatchObject({ limit: 50, withTotal: false });
  });

  it('reads repeatable parameters and variables', () => {
    const params = parse(
      'where=key%20%3D%20%3Ak&where=version%20%3E%201&var.k=a&var.ids=1&var.ids=2&sort=key%20asc&sort=id%20desc&expand=a&expand=b[*]&limit=500&offset=10000&withTotal=false',
    );
    expect(params).toEqual({
      where: ['key = :k', 'version > 1'],
      vars: { k: ['a'], ids: ['1', '2'] },
      sort: ['key asc', 'id desc'],
      expand: ['a', 'b[*]'],
      limit: 500,
      offset: 10000,
      withTotal: false,
    });
  });

  it('accepts the bounds', () => {
    expect(parse('limit=0&offset=0')).toMatchObject({ limit: 0, offset: 0 });
    expect(parse('withTotal=true', false).withTotal).toBe(true);
  });

  it.each([
    ['limit=501', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=%2B5', 'limit'],
    ['limit=1e2', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    ['offset=10001', 'offset'],
    ['offset=-5', 'offset'],
    ['offset=x', 'offset'],
    ['withTotal=yes', 'withTotal'],
    ['withTotal=TRUE', 'withTotal'],
    ['withTotal=1', 'withTotal'],
    ['limit=1&limit=2', 'limit'],
    ['var.=x', 'var.'],
    ['expand=a[', 'expand'],
    ['expand=a[x]', 'expand'],
  ])('%s -> 400 InvalidInput', (query, parameter) => {
    expect(invalidInput(() => parse(query))).toMatch(new RegExp(`^Malformed parameter: ${parameter.replace('.', '\\.')}: `));
  });

  it('names the allowed range', () => {
    expect(invalidInput(() => parse('limit=600'))).toBe("Malformed parameter: limit: Value '600' is not an integer between 0 and 500.");
    expect(invalidInput(() => parse('offset=10001'))).toBe(
      "Malformed parameter: offset: Value '10001' is not an integer between 0 and 10000.",
    );
  });
});

describe('makeQueryParams', () => {
  it('validates values from GraphQL arguments with the same rules', () => {
    expect(makeQueryParams({ where: 'a = 1', sort: 'id asc', limit: 5, offset: '2', vars: { x: 'y' } }, { withTotal: true })).toEqual({
      where: ['a = 1'],
      vars: { x: ['y'] },
      sort: ['id asc'],
      expand: [],
      limit: 5,
      offset: 2,
      withTotal: true,
    });
    invalidInput(() => makeQueryParams({ limit: 501 }, { withTotal: true }));
    invalidInput(() => makeQueryParams({ limit: 1.5 }, { withTotal: true }));
    invalidInput(() => makeQueryParams({ offset: -1 }, { withTotal: true }));
  });
});
