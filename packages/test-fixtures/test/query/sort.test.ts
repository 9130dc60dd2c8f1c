import { describe, expect, it } from 'vitest';
import { parseSort, runOnArray, sortItems } from '../../src/emulator/query/index.js';
import type { QuerySchema } from '../../src/emulator/query/index.js';
import { invalidInput } from './helpers.js';

interface Item {
  id: string;
  key?: string;
  rank?: number;
  name?: Record<string, string>;
  custom?: { fields: Record<string, unknown> };
  variants?: { price: number }[];
}

const items: Item[] = [
  {
    id: 'c',
    key: 'banana',
    rank: 2,
    name: { en: 'Banana', de: 'Banane' },
    custom: { fields: { prio: 3 } },
    variants: [{ price: 5 }, { price: 50 }],
  },
  { id: 'a', key: 'Apple', rank: 10, name: { en: 'apple' }, custom: { fields: { prio: 1 } }, variants: [{ price: 20 }] },
  { id: 'b', key: 'cherry', rank: 2, name: { en: 'Cherry', de: 'Kirsche' }, variants: [{ price: 10 }, { price: 30 }] },
  { id: 'd', rank: 1, name: { de: 'Dattel' }, custom: { fields: { prio: 2 } } },
];

function order(sort: string[], list: readonly Item[] = items): string[] {
  return sortItems(list, parseSort(sort)).map((item) => item.id);
}

describe('parseSort', () => {
  it('parses field, direction (case-insensitive, default asc) and paths', () => {
    expect(parseSort(['key', 'name.en DESC', 'custom.fields.x asc', '  rank   Desc  ']).keys).toEqual([
      { path: ['key'], direction: 'asc' },
      { path: ['name', 'en'], direction: 'desc' },
      { path: ['custom', 'fields', 'x'], direction: 'asc' },
      { path: ['rank'], direction: 'desc' },
    ]);
  });

  it('recognises an id-first sort', () => {
    expect(parseSort(['id asc']).idOrder).toBe('asc');
    expect(parseSort(['id DESC', 'key asc']).idOrder).toBe('desc');
    expect(parseSort(['key asc', 'id asc']).idOrder).toBeUndefined();
    expect(parseSort([]).idOrder).toBeUndefined();
  });

  it.each(['key up', 'key asc desc', '', 'a..b asc', '.a', 'a b c', 'key,asc', 'na me asc'])('rejects %j', (expression) => {
    expect(invalidInput(() => parseSort([expression]))).toMatch(/^Malformed parameter: sort: Invalid sort expression/);
  });

  it('checks fields against a schema', () => {
    const schema: QuerySchema = {
      type: 'object',
      properties: {
        key: { type: 'string' },
        name: { type: 'object', additionalProperties: { type: 'string' } },
        custom: { type: 'object', properties: { fields: { type: 'object' } } },
        variants: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' } } } },
      },
    };
    expect(parseSort(['key', 'name.en', 'name.de-DE desc', 'custom.fields.anything', 'variants.price'], { schema }).keys).toHaveLength(5);
    expect(invalidInput(() => parseSort(['kye asc'], { schema }))).toBe(
      "Malformed parameter: sort: Unknown field 'kye' in sort expression 'kye asc'.",
    );
    invalidInput(() => parseSort(['key.en'], { schema }));
    invalidInput(() => parseSort(['variants.sku'], { schema }));
    invalidInput(() => parseSort(['custom.field.x'], { schema }));
  });
});

describe('sorting', () => {
  it('is case-sensitive (code point order): uppercase before lowercase', () => {
    expect(order(['key asc'])).toEqual(['a', 'c', 'b', 'd']); // Apple, banana, cherry, (missing)
  });

  it('sorts descending with missing values first', () => {
    expect(order(['key desc'])).toEqual(['d', 'b', 'c', 'a']);
  });

  it('sorts numbers numerically', () => {
    expect(order(['rank asc'])).toEqual(['d', 'c', 'b', 'a']); // 1, 2, 2 (stable: input order), 10
    expect(order(['rank desc'])).toEqual(['a', 'c', 'b', 'd']);
  });

  it('composes keys in order', () => {
    expect(order(['rank asc', 'key desc'])).toEqual(['d', 'b', 'c', 'a']);
    expect(order(['rank desc', 'id desc'])).toEqual(['a', 'c', 'b', 'd']);
    expect(order(['rank asc', 'id asc'])).toEqual(['d', 'b', 'c', 'a']);
  });

  it('sorts by a locale of a localized field, missing locale last', () => {
    expect(order(['name.en asc'])).toEqual(['c', 'b', 'a', 'd']); // Banana, Cherry, apple, (none)
    expect(order(['name.de asc'])).toEqual(['c', 'd', 'b', 'a']);
    expect(order(['name.de desc'])).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts by custom fields', () => {
    expect(order(['custom.fields.prio asc'])).toEqual(['a', 'd', 'c', 'b']);
    expect(order(['custom.fields.prio desc'])).toEqual(['b', 'c', 'd', 'a']);
  });

  it('sorts by a path crossing an array: min ascending, max descending', () => {
    expect(order(['variants.price asc'])).toEqual(['c', 'b', 'a', 'd']); // 5, 10, 20
    expect(order(['variants.price desc'])).toEqual(['d', 'c', 'b', 'a']); // (missing), 50, 30, 20
  });

  it('keeps the natural order as tiebreak in runOnArray and ids in runQuery order', () => {
    const ties = [
      { id: 'z', n: 1 },
      { id: 'x', n: 1 },
      { id: 'y', n: 0 },
    ];
    const page = runOnArray(ties, { where: [], vars: {}, sort: ['n asc'], expand: [], limit: 10, offset: 0, withTotal: false });
    expect(page.results.map((r) => r.id)).toEqual(['y', 'z', 'x']);
  });

  it('does not mutate its input', () => {
    const copy = [...items];
    order(['key desc']);
    expect(items).toEqual(copy);
  });
});
