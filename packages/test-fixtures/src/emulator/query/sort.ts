import { excerpt, malformed } from './malformed.js';
import { ANY_SCHEMA, childSchema } from './schema.js';
import type { QuerySchema, SchemaNode } from './schema.js';
import { compareStrings, ownField } from './values.js';
import type { Scalar } from './values.js';

export type SortDirection = 'asc' | 'desc';

export interface SortKey {
  /** `name.en` is `['name', 'en']`; `custom.fields.x` is `['custom', 'fields', 'x']`. */
  readonly path: readonly string[];
  readonly direction: SortDirection;
}

/**
 * A parsed composed sort. Order: the keys in order, then the natural order of the source as a
 * stable tiebreak (ascending id for a Collection, array order for `runOnArray`).
 */
export interface SortSpec {
  readonly keys: readonly SortKey[];
  /**
   * Set when the first key is `id`: ids are unique, so that key alone decides the order and the
   * ordered id index can serve the query without sorting.
   */
  readonly idOrder: SortDirection | undefined;
  /** Compares two items by the keys only (0 for ties). */
  compare(a: unknown, b: unknown): number;
}

export interface SortOptions {
  readonly schema?: QuerySchema | undefined;
}

const EXPRESSION = /^\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)(?:\s+([A-Za-z]+))?\s*$/;

/**
 * Parses `sort` parameters (`<field> <ASC|DESC>`, direction case-insensitive, default ASC; nested
 * paths `a.b`, localized `name.en`, `custom.fields.x`). Bad syntax or, with a schema, an unknown
 * field: InvalidInput.
 *
 * Values compare case-sensitively: strings by code point, numbers numerically, false before true;
 * across types numbers < strings < booleans. A missing value (or an object) ranks after every
 * value, so it comes last ascending and first descending. When a path crosses an array, the
 * smallest value counts ascending and the largest descending.
 *
 * @example
 * const spec = parseSort(['name.en asc', 'createdAt DESC']);
 * items.sort(spec.compare);
 */
export function parseSort(sort: readonly string[], options: SortOptions = {}): SortSpec {
  const keys: SortKey[] = sort.map((expression) => {
    const m = EXPRESSION.exec(expression);
    const direction = m?.[2]?.toLowerCase() ?? 'asc';
    if (!m || (direction !== 'asc' && direction !== 'desc')) {
      throw malformed('sort', `Invalid sort expression '${excerpt(expression)}'; expected '<field> asc' or '<field> desc'.`);
    }
    const path = m[1]!.split('.');
    if (options.schema !== undefined) {
      let schema: SchemaNode | undefined = options.schema;
      for (const segment of path) {
        schema = childSchema(schema ?? ANY_SCHEMA, segment);
        if (schema === undefined) throw malformed('sort', `Unknown field '${m[1]}' in sort expression '${excerpt(expression)}'.`);
      }
    }
    return { path, direction };
  });
  const first = keys[0];
  const idOrder = first !== undefined && first.path.length === 1 && first.path[0] === 'id' ? first.direction : undefined;
  return {
    keys,
    idOrder,
    compare: (a, b) => compareKeyLists(keys, sortKeysOf(keys, a), sortKeysOf(keys, b)),
  };
}

/**
 * Sorts a copy of `items` by `spec`, computing each item's keys once; stable, so ties keep the
 * input order.
 *
 * @example
 * sortItems(matches, parseSort(['key desc']));
 */
export function sortItems<T>(items: readonly T[], spec: SortSpec): T[] {
  if (spec.keys.length === 0) return [...items];
  const decorated = items.map((item, index) => ({ item, index, keys: sortKeysOf(spec.keys, item) }));
  decorated.sort((a, b) => compareKeyLists(spec.keys, a.keys, b.keys) || a.index - b.index);
  return decorated.map((entry) => entry.item);
}

function sortKeysOf(keys: readonly SortKey[], item: unknown): (Scalar | undefined)[] {
  return keys.map((key) => sortValue(item, key));
}

function compareKeyLists(keys: readonly SortKey[], a: readonly (Scalar | undefined)[], b: readonly (Scalar | undefined)[]): number {
  for (let i = 0; i < keys.length; i++) {
    const c = compareSortValues(a[i], b[i]);
    if (c !== 0) return keys[i]!.direction === 'asc' ? c : -c;
  }
  return 0;
}

/** The value an item sorts by for one key: the leaf at the path (min ascending, max descending over arrays). */
function sortValue(item: unknown, key: SortKey): Scalar | undefined {
  let best: Scalar | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (Array.isArray(value)) {
      for (const element of value) visit(element, depth);
      return;
    }
    if (depth === key.path.length) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
      if (best === undefined) best = value;
      else {
        const c = compareSortValues(value, best);
        if (key.direction === 'asc' ? c < 0 : c > 0) best = value;
      }
      return;
    }
    const next = ownField(value, key.path[depth]!);
    if (next !== undefined) visit(next, depth + 1);
  };
  visit(item, 0);
  return best;
}

const RANK = { number: 0, string: 1, boolean: 2 } as const;

function compareSortValues(a: Scalar | undefined, b: Scalar | undefined): number {
  if (a === undefined) return b === undefined ? 0 : 1;
  if (b === undefined) return -1;
  const ta = typeof a as keyof typeof RANK;
  const tb = typeof b as keyof typeof RANK;
  if (ta !== tb) return RANK[ta] - RANK[tb];
  if (ta === 'string') return compareStrings(a as string, b as string);
  if (ta === 'number') return (a as number) - (b as number);
  return a === b ? 0 : a ? 1 : -1;
}
