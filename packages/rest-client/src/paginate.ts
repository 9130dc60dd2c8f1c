/**
 * Iterating over every element of a query endpoint the way the service recommends: never offset
 * (capped at 10 000, repeats elements when inserts happen, slow), but `withTotal=false`, `sort=id
 * asc` and `where id > "<last id>"` ANDed with the caller's own predicates, until a page comes back
 * shorter than the limit.
 */
import { CommerceApiError } from './errors.js';
import type { GetData, PathParams, PathParamsOption, PathsWith, QueryParams, RestClient, RestResult } from './types.js';
import { invalidOption } from '@commerce-kit/core-auth/http';

type ResultsOf<Path extends PathsWith<'get'>> = GetData<Path> extends { results: (infer R)[] } ? R : never;

/** Query endpoints whose elements have an `id`, so the cursor recipe applies. */
export type PaginatedPath = {
  [P in PathsWith<'get'>]: [ResultsOf<P>] extends [never] ? never : ResultsOf<P> extends { id: string } ? P : never;
}[PathsWith<'get'>];

/** The element type of a {@link PaginatedPath}. */
export type PageElement<Path extends PaginatedPath> = ResultsOf<Path>;

/** Parameters the recipe sets itself, so the caller may not. */
type Reserved = 'sort' | 'offset' | 'limit' | 'withTotal';

/** Options of {@link paginate}. */
export type PaginateOptions<Path extends PaginatedPath> = {
  /** The endpoint's query parameters, without `sort`, `offset`, `limit` and `withTotal`. `where` entries are ANDed with the cursor. */
  query?: Omit<QueryParams<Path, 'get'>, Reserved>;
  /** Elements per request, 1 to 500. Default 500. */
  pageSize?: number;
  /** Aborts the current request and ends the iteration with the signal's reason. */
  signal?: AbortSignal;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
} & PathParamsOption<Path, 'get'>;

type OptionsArg<Path extends PaginatedPath> = [PathParams<Path, 'get'>] extends [never]
  ? [options?: PaginateOptions<Path>]
  : [options: PaginateOptions<Path>];

function cursorPredicate(lastId: string): string {
  return `id > "${lastId.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function check(options: { query?: Record<string, unknown>; pageSize?: number }): number {
  const pageSize = options.pageSize ?? 500;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 500) {
    throw invalidOption('pageSize must be an integer from 1 to 500');
  }
  for (const name of ['sort', 'offset', 'limit', 'withTotal']) {
    if (options.query?.[name] !== undefined) {
      throw invalidOption(`query.${name} is set by paginate (sort by id, no offset, no total); use pageSize for the limit`);
    }
  }
  return pageSize;
}

/**
 * The pages (arrays of elements) of a query, in `id` order. Each page is one request.
 * @throws {CommerceApiError} when a request is answered with an error (e.g. 400 InvalidInput for a bad predicate)
 * @throws {ConfigurationError} for a `pageSize` out of 1..500 or a reserved query parameter
 * @example
 * for await (const page of paginatePages(client, '/product-selections', { pageSize: 200 })) {
 *   await index(page);
 * }
 */
export async function* paginatePages<Path extends PaginatedPath>(
  client: RestClient,
  path: Path,
  ...[options]: OptionsArg<Path>
): AsyncGenerator<PageElement<Path>[], void, undefined> {
  const o = (options ?? {}) as {
    query?: Record<string, unknown>;
    pageSize?: number;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    path?: unknown;
  };
  const pageSize = check(o);
  const given = o.query?.['where'];
  const callerWhere: string[] = given === undefined ? [] : Array.isArray(given) ? (given as string[]) : [String(given)];
  // Untyped on purpose: ReturnType<RestClient['GET']> makes tsc work out the answer of every GET path.
  const get = client.GET as unknown as (url: string, init: unknown) => Promise<RestResult<unknown>>;
  let lastId: string | undefined;
  for (;;) {
    const where = lastId === undefined ? callerWhere : [...callerWhere, cursorPredicate(lastId)];
    const query = { ...o.query, ...(where.length > 0 ? { where } : {}), sort: ['id asc'], limit: pageSize, withTotal: false };
    const result = await get(path, {
      params: { query, ...(o.path === undefined ? {} : { path: o.path }) },
      ...(o.signal === undefined ? {} : { signal: o.signal }),
      ...(o.headers === undefined ? {} : { headers: o.headers }),
    });
    if (result.error !== undefined) throw new CommerceApiError(result.error);
    const results = (result.data as unknown as { results: PageElement<Path>[] }).results;
    if (results.length > 0) yield results;
    if (results.length < pageSize) return;
    lastId = (results[results.length - 1] as { id: string }).id;
  }
}

/**
 * Every element of a query, in `id` order, fetched page by page as the loop asks for them.
 * Breaking out of the loop stops the requests.
 * @throws {CommerceApiError} when a request is answered with an error
 * @throws {ConfigurationError} for a `pageSize` out of 1..500 or a reserved query parameter
 * @example
 * for await (const selection of paginate(client, '/product-selections', { query: { where: ['productCount > 0'] } })) {
 *   console.log(selection.key, selection.productCount);
 * }
 */
export async function* paginate<Path extends PaginatedPath>(
  client: RestClient,
  path: Path,
  ...options: OptionsArg<Path>
): AsyncGenerator<PageElement<Path>, void, undefined> {
  for await (const page of paginatePages(client, path, ...options)) yield* page;
}
