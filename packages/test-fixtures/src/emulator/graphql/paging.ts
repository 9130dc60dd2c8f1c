import { makeQueryParams, runOnArray, runQuery, type QuerySchema } from '../query/index.js';
import type { Collection, StoredResource } from '../store/collection.js';
import { commerceContract } from '../validation/contract.js';

/** The paging arguments every list field takes. */
export interface PageArgs {
  where?: string | null;
  sort?: readonly string[] | null;
  limit?: number | null;
  offset?: number | null;
}

/** The GraphQL query result types: `{ offset, count, total, exists, results }`. */
export interface QueryResult<T> {
  offset: number;
  count: number;
  total: number;
  exists: boolean;
  results: T[];
}

/**
 * The REST query engine with GraphQL arguments: the same predicate grammar, sort, limits (limit
 * 0..500, default 20; offset 0..10 000) and InvalidInput errors. `schemaName` is the REST schema
 * of the listed elements, so `where` and `sort` name REST fields. `total` is always computed.
 */
function params(args: PageArgs) {
  return makeQueryParams({
    where: args.where ?? undefined,
    sort: args.sort ?? undefined,
    limit: args.limit ?? undefined,
    offset: args.offset ?? undefined,
    withTotal: true,
  });
}

function result<T>(page: { offset: number; count: number; total?: number; results: T[] }): QueryResult<T> {
  const total = page.total ?? 0;
  return { offset: page.offset, count: page.count, total, exists: total > 0, results: page.results };
}

const schema = (name: string) => commerceContract().schema(name) as QuerySchema;

/** A page of an array (assignments, products of a selection, ...). */
export function pageOfArray<T>(items: readonly T[], args: PageArgs, schemaName: string): QueryResult<T> {
  return result(runOnArray(items, params(args), { schema: schema(schemaName) }));
}

/** A page of a stored collection (Product Selections, messages). */
export function pageOfCollection<T extends StoredResource>(collection: Collection<T>, args: PageArgs, schemaName: string): QueryResult<T> {
  return result(runQuery(collection, params(args), { schema: schema(schemaName) }));
}
