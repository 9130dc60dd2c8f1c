import { describe, expect, it } from 'vitest';
import { clearPredicateCache, compilePredicate, parsePredicate, predicateCacheSize } from '../../src/emulator/query/index.js';
import type { QuerySchema, Vars } from '../../src/emulator/query/index.js';
import { invalidInput } from './helpers.js';

const product = {
  id: 'p1',
  key: 'shirt',
  version: 3,
  price: 1999,
  published: true,
  createdAt: '2026-01-31T12:00:00.000Z',
  name: { en: 'Blue Shirt', 'de-DE': 'Blaues Hemd' },
  tags: ['summer', 'sale'],
  sizes: [38, 40, 42],
  emptyList: [],
  productSelection: { typeId: 'product-selection', id: 'ps-1' },
  variants: [
    { sku: 'A-1', stock: 0, attributes: [{ name: 'color', value: 'blue' }] },
    { sku: 'A-2', stock: 5, attributes: [{ name: 'color', value: 'red' }] },
  ],
  custom: { type: { typeId: 'type', id: 't1' }, fields: { rank: 7, flag: false, label: 'x' } },
  quote: 'say "hi"\\now',
};

function matches(where: string, vars: Vars = {}, resource: unknown = product): boolean {
  return compilePredicate(where).evaluate(resource, vars);
}

describe('comparison operators', () => {
  it.each([
    ['key = "shirt"', true],
    ['key = "pants"', false],
    ['key != "pants"', true],
    ['key != "shirt"', false],
    ['key <> "pants"', true],
    ['price > 1000', true],
    ['price > 1999', false],
    ['price >= 1999', true],
    ['price < 2000', true],
    ['price <= 1998', false],
    ['price = 1999.0', true],
    ['price = 1.999e3', true],
    ['published = true', true],
    ['published = false', false],
    ['published != false', true],
    ['published > false', false],
    ['key > "s"', true],
    ['key < "t"', true],
    ['createdAt > "2026-01-01T00:00:00.000Z"', true],
    ['createdAt < "2026-01-31T12:00:00.001Z"', true],
    ['createdAt >= "2026-02-01"', false],
    ['quote = "say \\"hi\\"\\\\now"', true],
    ['key = "\\u0073hirt"', true],
  ])('%s -> %s', (where, expected) => {
    expect(matches(where)).toBe(expected);
  });

  it('compares strings case-sensitively, by code point', () => {
    expect(matches('key = "SHIRT"')).toBe(false);
    expect(matches('key > "Z"')).toBe(true);
    expect(matches('s < "\uffff"', {}, { s: '\u{1F600}' })).toBe(false);
  });

  it('treats a missing field as false for every operator, including !=', () => {
    for (const op of ['=', '!=', '<>', '<', '>', '<=', '>=']) expect(matches(`missing ${op} "x"`)).toBe(false);
    expect(matches('missing in ("x")')).toBe(false);
    expect(matches('missing not in ("x")')).toBe(false);
    expect(matches('nullField = "x"', {}, { nullField: null })).toBe(false);
  });

  it('treats comparisons between different types as false, never as errors', () => {
    expect(matches('price = "1999"')).toBe(false);
    expect(matches('price != "1999"')).toBe(false);
    expect(matches('key = 5')).toBe(false);
    expect(matches('key > 5')).toBe(false);
    expect(matches('published = "true"')).toBe(false);
    expect(matches('name = "Blue Shirt"')).toBe(false);
    expect(matches('productSelection = "ps-1"')).toBe(false);
  });

  it('applies comparisons to arrays of primitives element-wise (one element suffices)', () => {
    expect(matches('tags = "sale"')).toBe(true);
    expect(matches('tags = "winter"')).toBe(false);
    expect(matches('sizes > 41')).toBe(true);
    expect(matches('sizes > 42')).toBe(false);
    // `!=` on an array: no element is equal.
    expect(matches('tags != "winter"')).toBe(true);
    expect(matches('tags != "sale"')).toBe(false);
    expect(matches('emptyList != "x"')).toBe(false);
  });
});

describe('in, not in, contains', () => {
  it.each([
    ['key in ("a", "shirt")', true],
    ['key in ("a", "b")', false],
    ['key not in ("a", "b")', true],
    ['key not in ("a", "shirt")', false],
    ['price in (1, 1999)', true],
    ['price in ("1999")', false],
    ['price not in ("1999")', false],
    ['tags in ("sale", "x")', true],
    ['tags not in ("x", "y")', true],
    ['tags not in ("summer")', false],
    ['tags contains any ("winter", "sale")', true],
    ['tags contains any ("winter")', false],
    ['tags contains all ("summer", "sale")', true],
    ['tags contains all ("summer", "winter")', false],
    ['sizes contains all (38, 42)', true],
    ['sizes contains any (39)', false],
    ['key contains any ("shirt")', false],
    ['missing contains any ("x")', false],
  ])('%s -> %s', (where, expected) => {
    expect(matches(where)).toBe(expected);
  });
});

describe('is defined, is empty', () => {
  it.each([
    ['key is defined', true],
    ['key is not defined', false],
    ['missing is defined', false],
    ['missing is not defined', true],
    ['emptyList is defined', true],
    ['tags is empty', false],
    ['tags is not empty', true],
    ['emptyList is empty', true],
    ['emptyList is not empty', false],
    ['missing is empty', true],
    ['missing is not empty', false],
    ['key is empty', false],
  ])('%s -> %s', (where, expected) => {
    expect(matches(where)).toBe(expected);
  });
});

describe('logic and precedence', () => {
  it('binds and tighter than or', () => {
    // true or (false and false)
    expect(matches('key = "shirt" or key = "x" and price = 1')).toBe(true);
    // (false and true) or false
    expect(matches('key = "x" and price = 1999 or price = 1')).toBe(false);
    // (true or false) and false
    expect(matches('(key = "shirt" or key = "x") and price = 1')).toBe(false);
  });

  it('negates with not(p), including missing fields', () => {
    expect(matches('not(key = "x")')).toBe(true);
    expect(matches('not(key = "shirt")')).toBe(false);
    expect(matches('not(missing = "x")')).toBe(true);
    expect(matches('not(not(key = "shirt"))')).toBe(true);
    expect(matches('not(key = "x" or price = 1) and not(tags is empty)')).toBe(true);
  });

  it('accepts keywords in any case', () => {
    expect(matches('key = "shirt" AND price >= 1 Or key = "x"')).toBe(true);
    expect(matches('NOT(key IN ("x")) and tags CONTAINS ANY ("sale") and tags contains ALL ("sale") and key IS NOT DEFINED')).toBe(false);
    expect(matches('key Is Defined and emptyList IS EMPTY and price = TRUE')).toBe(false);
    expect(matches('published = TRUE')).toBe(true);
  });

  it('evaluates long chains of and/or', () => {
    const ors = Array.from({ length: 30 }, (_, i) => `price = ${i}`).join(' or ');
    expect(matches(`${ors} or key = "shirt"`)).toBe(true);
    expect(matches(`${ors}`)).toBe(false);
    const ands = Array.from({ length: 30 }, () => 'key = "shirt"').join(' and ');
    expect(matches(ands)).toBe(true);
  });

  it('flattens nested and/or in the AST', () => {
    const ast = parsePredicate('a = 1 and (b = 2 and c = 3) and d = 4');
    expect(ast.type).toBe('and');
    expect(ast.type === 'and' && ast.items.length).toBe(4);
  });
});

describe('nested fields', () => {
  it('matches inside objects, localized strings and references', () => {
    expect(matches('name(en = "Blue Shirt")')).toBe(true);
    expect(matches('name(en = "blue shirt")')).toBe(false);
    expect(matches('name(de-DE = "Blaues Hemd")')).toBe(true);
    expect(matches('name(fr is defined)')).toBe(false);
    expect(matches('name(en = "x" or de-DE = "Blaues Hemd")')).toBe(true);
    expect(matches('productSelection(id = "ps-1")')).toBe(true);
    expect(matches('productSelection(id = "ps-2")')).toBe(false);
    expect(matches('productSelection(typeId = "product-selection" and id = "ps-1")')).toBe(true);
    expect(matches('custom(fields(rank > 5 and flag = false))')).toBe(true);
    expect(matches('custom(type(id = "t1"))')).toBe(true);
  });

  it('on an array, needs one element to satisfy the whole inner predicate', () => {
    expect(matches('variants(sku = "A-1" and stock = 0)')).toBe(true);
    expect(matches('variants(sku = "A-1" and stock = 5)')).toBe(false);
    expect(matches('variants(sku = "A-1") and variants(stock = 5)')).toBe(true);
    expect(matches('variants(attributes(name = "color" and value = "red") and sku = "A-2")')).toBe(true);
    expect(matches('variants(attributes(name = "color" and value = "red") and sku = "A-1")')).toBe(false);
  });

  it('is false on a missing or primitive field', () => {
    expect(matches('missing(id = "x")')).toBe(false);
    expect(matches('key(id = "x")')).toBe(false);
    expect(matches('not(missing(id = "x"))')).toBe(true);
  });
});

describe('variables', () => {
  it('binds variables at evaluation time, not at compile time', () => {
    const p = compilePredicate('key = :key');
    expect(p.evaluate(product, { key: 'shirt' })).toBe(true);
    expect(p.evaluate(product, { key: 'pants' })).toBe(false);
    expect(p.bind({ key: ['shirt'] })(product)).toBe(true);
    expect(compilePredicate('key = :key')).toBe(p);
  });

  it('coerces variable strings to the runtime type of the field', () => {
    expect(matches('price = :p', { p: '1999' })).toBe(true);
    expect(matches('price > :p', { p: '200' })).toBe(true);
    expect(matches('price > :p', { p: '3000' })).toBe(false);
    expect(matches('price = :p', { p: 'abc' })).toBe(false);
    expect(matches('price != :p', { p: 'abc' })).toBe(false);
    expect(matches('price = :p', { p: '' })).toBe(false);
    expect(matches('published = :b', { b: 'true' })).toBe(true);
    expect(matches('published = :b', { b: 'false' })).toBe(false);
    expect(matches('published = :b', { b: 'yes' })).toBe(false);
    expect(matches('sizes contains all (:a, 42)', { a: '38' })).toBe(true);
    expect(matches('custom(fields(rank = :r))', { r: '7' })).toBe(true);
  });

  it('uses a repeated variable as a list', () => {
    expect(matches('key in :keys', { keys: ['a', 'shirt'] })).toBe(true);
    expect(matches('key in :keys', { keys: ['a', 'b'] })).toBe(false);
    expect(matches('key not in :keys', { keys: ['a', 'b'] })).toBe(true);
    expect(matches('key in ("z", :keys)', { keys: ['a', 'shirt'] })).toBe(true);
    expect(matches('price in :prices', { prices: ['1', '1999'] })).toBe(true);
    expect(matches('tags contains all :t', { t: ['sale', 'summer'] })).toBe(true);
    expect(matches('tags contains all :t', { t: ['sale', 'winter'] })).toBe(false);
    expect(matches('tags contains any :t', { t: ['winter', 'summer'] })).toBe(true);
  });

  it('rejects unknown variables, even when nothing is evaluated', () => {
    const message = invalidInput(() => compilePredicate('key = :missing').bind({}));
    expect(message).toContain("':missing'");
    expect(message).toContain('position 7');
    invalidInput(() => matches('key = :constructor'));
  });

  it('rejects a list variable where a single value is needed', () => {
    expect(invalidInput(() => matches('key = :k', { k: ['a', 'b'] }))).toContain("':k'");
  });
});

describe('syntax errors', () => {
  it.each([
    ['name = "x" foo', "Unexpected token 'foo' at position 12."],
    ['key = ', 'Unexpected end of input at position 7.'],
    ['', 'Unexpected end of input at position 1.'],
    ['key "x"', 'Unexpected token \'"x"\' at position 5.'],
    ['key = foo', "Unexpected token 'foo' at position 7."],
    ['key == "x"', "Unexpected token '=' at position 6."],
    ['(key = "x"', 'Unexpected end of input at position 11.'],
    ['key = "x")', "Unexpected token ')' at position 10."],
    ['key in ()', "Unexpected token ')' at position 9."],
    ['key in "x"', 'Unexpected token \'"x"\' at position 8.'],
    ['key is nothing', "Unexpected token 'nothing' at position 8."],
    ['key contains some ("x")', "Unexpected token 'some' at position 14."],
    ['key not like "x"', "Unexpected token 'like' at position 9."],
    ['key = "x" and', 'Unexpected end of input at position 14.'],
    ['key = "unterminated', 'Unterminated string starting at position 7.'],
    ['key = "x" & price = 1', "Unexpected character '&' at position 11."],
    ['key ! "x"', "Unexpected character '!' at position 5."],
    ['key = 12abc', "Unexpected token '12abc' at position 7."],
    ['key = :', "Expected a variable name after ':' at position 7."],
    ['a.b = 1', "Unexpected character '.' at position 2."],
  ])('%j', (where, detail) => {
    expect(invalidInput(() => compilePredicate(where))).toBe(`Malformed parameter: where: Syntax error while parsing 'where'. ${detail}`);
  });

  it('limits nesting depth', () => {
    const deep = `${'('.repeat(100)}key = "x"${')'.repeat(100)}`;
    expect(invalidInput(() => compilePredicate(deep))).toContain('nested deeper');
    const ok = `${'('.repeat(50)}key = "shirt"${')'.repeat(50)}`;
    expect(matches(ok)).toBe(true);
  });

  it('parses a field named like a keyword', () => {
    expect(matches('all = 1 and in = 2 and not = 3', {}, { all: 1, in: 2, not: 3 })).toBe(true);
  });
});

describe('schema checks', () => {
  const localized: QuerySchema = { type: 'object', additionalProperties: { type: 'string' } };
  const reference: QuerySchema = {
    type: 'object',
    properties: { typeId: { type: 'string' }, id: { type: 'string' }, obj: { type: 'object' } },
  };
  const schema: QuerySchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      key: { type: 'string' },
      price: { type: 'number' },
      name: localized,
      tags: { type: 'array', items: { type: 'string' } },
      productSelection: reference,
      variants: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            sku: { type: 'string' },
            attributes: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, value: {} } } },
          },
        },
      },
      custom: { type: 'object', properties: { type: reference, fields: { type: 'object' } } },
      shape: {
        oneOf: [
          { type: 'object', properties: { radius: { type: 'number' } } },
          { type: 'object', properties: { side: { type: 'number' } } },
        ],
      },
      mixed: { allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] },
      discriminated: {
        type: 'object',
        oneOf: [
          { type: 'object', properties: { type: { enum: ['a'] }, a: { type: 'string' } } },
          { type: 'object', properties: { type: { enum: ['b'] }, b: { type: 'number' } } },
        ],
      },
      unresolved: { $ref: '#/components/schemas/Later' },
    },
  };

  it('accepts known fields at every level', () => {
    const p = compilePredicate(
      'key = "shirt" and name(en = "Blue Shirt") and productSelection(id = "ps-1") and variants(attributes(name = "color")) and custom(fields(anything = 7)) and tags is not empty',
      { schema },
    );
    expect(p.evaluate(product)).toBe(false); // custom.fields.anything is missing
    expect(compilePredicate('shape(radius > 1 or side > 1) and mixed(a = "x" and b = "y")', { schema }).evaluate({})).toBe(false);
  });

  it('rejects unknown fields, naming field and position', () => {
    expect(invalidInput(() => compilePredicate('key = "x" and nmae(en = "x")', { schema }))).toBe(
      "Malformed parameter: where: Unknown field 'nmae' at position 15.",
    );
    expect(invalidInput(() => compilePredicate('productSelection(idd = "x")', { schema }))).toContain("'idd' at position 18");
    expect(invalidInput(() => compilePredicate('variants(attributes(nam = "x"))', { schema }))).toContain("'nam'");
    expect(invalidInput(() => compilePredicate('key(x = 1)', { schema }))).toContain("'x'");
    expect(invalidInput(() => compilePredicate('shape(diameter = 1)', { schema }))).toContain("'diameter'");
    expect(invalidInput(() => compilePredicate('mixed(c = "1")', { schema }))).toContain("'c'");
    expect(
      compilePredicate('discriminated(type = "a" and a = "x" or b = 1)', { schema }).evaluate({ discriminated: { type: 'a', a: 'x' } }),
    ).toBe(true);
    expect(invalidInput(() => compilePredicate('discriminated(c = 1)', { schema }))).toContain("'c'");
    // A reference left unresolved gives no information: everything below it is accepted.
    expect(compilePredicate('unresolved(anything(deep = 1))', { schema }).evaluate({})).toBe(false);
  });

  it('rejects is empty and contains on fields that are not arrays', () => {
    expect(invalidInput(() => compilePredicate('key is empty', { schema }))).toContain("'key' at position 1 is not an array");
    invalidInput(() => compilePredicate('price contains any (1)', { schema }));
  });

  it('accepts every field without a schema', () => {
    expect(compilePredicate('whatever(deep(er = 1))').evaluate({ whatever: { deep: { er: 1 } } })).toBe(true);
  });

  it('caches per predicate and schema identity', () => {
    clearPredicateCache();
    const withSchema = compilePredicate('key = "x"', { schema });
    expect(compilePredicate('key = "x"', { schema })).toBe(withSchema);
    const without = compilePredicate('key = "x"');
    expect(without).not.toBe(withSchema);
    // Unknown field passes without schema but not with another schema object.
    compilePredicate('nope = 1');
    invalidInput(() => compilePredicate('nope = 1', { schema }));
    expect(predicateCacheSize()).toBe(3);
  });

  it('bounds the cache', () => {
    clearPredicateCache();
    for (let i = 0; i < 1200; i++) compilePredicate(`price = ${i}`);
    expect(predicateCacheSize()).toBe(1000);
  });
});
