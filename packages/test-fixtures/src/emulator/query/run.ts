import type { Collection, StoredResource } from '../store/collection.js';
import { idRange, keyCandidates } from './bounds.js';
import type { IdRange } from './bounds.js';
import { compilePredicate } from './compile.js';
import type { Vars } from './compile.js';
import { ExpansionBudget, expandPaths } from './expand.js';
import type { Resolver } from './expand.js';
import { TOTAL_CAP } from './params.js';
import type { QuerySchema } from './schema.js';
import { parseSort, sortItems } from './sort.js';

/** The parameters `runQuery` needs; `QueryParams` from `parseQueryParams` fits. */
export interface RunParams {
  readonly where: readonly string[];
  readonly vars: Vars;
  readonly sort: readonly string[];
  readonly expand: readonly string[];
  readonly limit: number;
  readonly offset: number;
  readonly withTotal: boolean;
}

export interface RunOptions<T> {
  /** Resource schema: unknown fields in `where` and `sort` become InvalidInput. */
  readonly schema?: QuerySchema | undefined;
  /** A condition of the endpoint itself (store scoping...), applied before the predicates; not a predicate for the total cap. */
  readonly filter?: ((resource: T) => boolean) | undefined;
  /** When given, the page's results are expanded along `params.expand` (copies); otherwise the caller expands. */
  readonly resolve?: Resolver | undefined;
}

/** PagedQueryResult; `total` only when `withTotal`. */
export interface PagedQueryResult<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

/** Where the items come from: natural order, and for collections ordered id scans. */
interface Source<T> {
  readonly size: number;
  /** True when the natural order is ascending id and `scan` honours id ranges. */
  readonly idOrdered: boolean;
  scan(range: IdRange, direction: 'asc' | 'desc'): Iterable<T>;
  /** The item with this key, when the source keeps a key index. */
  byKey?(key: string): T | undefined;
}

/**
 * Answers a paged query on a Collection. Order: the sort keys, then ascending id (the collection's
 * order) as a stable tiebreak; without `sort`, ascending id.
 *
 * Cost: when the order is the id order (no sort, or a sort whose first key is `id`), the top-level
 * `id` conjuncts of the predicates select a range of the ordered id index and, with
 * `withTotal=false`, the scan stops after `offset + limit` matches: the service's recommended iteration
 * costs O(log n + page). With `withTotal=true` the range is read to the end (or until the capped
 * total of 10 000 is reached); any other sort reads the whole range and sorts it.
 *
 * @example
 * const page = runQuery(productSelections, parseQueryParams(url.searchParams), { schema });
 */
export function runQuery<T extends StoredResource>(
  collection: Collection<T>,
  params: RunParams,
  options: RunOptions<T> = {},
): PagedQueryResult<T> {
  return execute(collectionSource(collection), params, options);
}

/**
 * `runQuery` over an array (products of a selection, embedded lists). Without `sort` the array's
 * order is kept; it is also the tiebreak after the sort keys.
 *
 * @example
 * runOnArray(selection.products, params, { resolve });
 */
export function runOnArray<T>(items: readonly T[], params: RunParams, options: RunOptions<T> = {}): PagedQueryResult<T> {
  return execute({ size: items.length, idOrdered: false, scan: () => items }, params, options);
}

function idOf(item: unknown): string {
  return (item as { id: string }).id;
}

/** Greater than any id the service generates, to start a descending scan at the end. */
const AFTER_LAST_ID = '\uffff\uffff\uffff\uffff';

function collectionSource<T extends StoredResource>(collection: Collection<T>): Source<T> {
  return {
    get size() {
      return collection.size;
    },
    idOrdered: true,
    ...(collection.keyIndexIsKey ? { byKey: (key: string) => collection.getByKey(key) } : {}),
    *scan(range, direction) {
      const { lower, upper } = range;
      if (direction === 'asc') {
        const items = lower ? collection.valuesFrom(lower.value, lower.inclusive) : collection.values();
        for (const item of items) {
          if (upper && (upper.inclusive ? item.id > upper.value : item.id >= upper.value)) return;
          yield item;
        }
      } else {
        const items = upper ? collection.valuesBefore(upper.value, upper.inclusive) : collection.valuesBefore(AFTER_LAST_ID, true);
        for (const item of items) {
          if (lower && (lower.inclusive ? item.id < lower.value : item.id <= lower.value)) return;
          yield item;
        }
      }
    },
  };
}

function execute<T>(source: Source<T>, params: RunParams, options: RunOptions<T>): PagedQueryResult<T> {
  const { limit, offset, withTotal } = params;
  const compileOptions = { schema: options.schema };
  const predicates = params.where.map((where) => compilePredicate(where, compileOptions));
  // Binding checks the variables, so a bad query fails even on an empty collection.
  const tests = predicates.map((predicate) => predicate.bind(params.vars));
  const sort = parseSort(params.sort, compileOptions);
  const keys = source.byKey
    ? keyCandidates(
        predicates.map((p) => p.ast),
        params.vars,
      )
    : undefined;
  if (keys !== undefined) {
    // A query by key: the candidates come from the key index, in id order, and run as an array.
    const candidates = [...new Set(keys)].map((key) => source.byKey!(key)).filter((item): item is T => item !== undefined);
    candidates.sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
    return execute({ size: candidates.length, idOrdered: false, scan: () => candidates }, params, options);
  }
  const filter = options.filter;
  const matches = (item: T): boolean => {
    if (filter && !filter(item)) return false;
    for (const test of tests) if (!test(item)) return false;
    return true;
  };
  const cap = predicates.length > 0 ? TOTAL_CAP : Number.POSITIVE_INFINITY;
  const pageEnd = offset + limit;

  const inIdOrder = source.idOrdered && (sort.keys.length === 0 || sort.idOrder !== undefined);
  const needsSort = !inIdOrder && sort.keys.length > 0;
  const range = source.idOrdered
    ? idRange(
        predicates.map((p) => p.ast),
        params.vars,
      )
    : {};

  let results: T[];
  let total: number | undefined;
  if (range.empty) {
    results = [];
    total = 0;
  } else if (!needsSort) {
    // The scan order is the result order: stop as soon as the page (and, if asked, the total) is known.
    const knownTotal = !filter && predicates.length === 0 ? source.size : undefined;
    const counting = withTotal && knownTotal === undefined;
    const stopAt = counting ? Math.max(pageEnd, cap) : limit === 0 ? 0 : pageEnd;
    results = [];
    let found = 0;
    if (stopAt > 0) {
      for (const item of source.scan(range, sort.idOrder ?? 'asc')) {
        if (!matches(item)) continue;
        if (found >= offset && found < pageEnd) results.push(item);
        if (++found >= stopAt) break;
      }
    }
    total = knownTotal ?? Math.min(found, cap);
  } else {
    const all: T[] = [];
    for (const item of source.scan(range, 'asc')) if (matches(item)) all.push(item);
    results = sortItems(all, sort).slice(offset, pageEnd);
    total = Math.min(all.length, cap);
  }

  if (options.resolve && params.expand.length > 0) {
    const resolve = options.resolve;
    // One budget for the whole page: its expansions together are bounded.
    const budget = new ExpansionBudget();
    results = results.map((item) => expandPaths(item, params.expand, resolve, budget));
  }
  return withTotal ? { limit, offset, count: results.length, total, results } : { limit, offset, count: results.length, results };
}
