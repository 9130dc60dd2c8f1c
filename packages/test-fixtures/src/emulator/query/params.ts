import { parseExpansionPath } from './expand.js';
import { excerpt, malformed } from './malformed.js';

/** Limits of paged queries: `limit` defaults to 20, at most 500; `offset` at most 10 000. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 500;
export const MAX_OFFSET = 10_000;
/** With a query predicate, `total` is capped here. */
export const TOTAL_CAP = 10_000;

/** The common query parameters of a paged query, validated. */
export interface QueryParams {
  /** Every predicate must hold (they are ANDed). */
  where: string[];
  /** `var.<name>` values; a repeated parameter is a list. */
  vars: Record<string, string[]>;
  sort: string[];
  expand: string[];
  limit: number;
  offset: number;
  withTotal: boolean;
}

/** Per-endpoint defaults: whether `total` is returned unless asked otherwise, and the default limit (20). */
export interface QueryDefaults {
  withTotal: boolean;
  limit?: number;
}

/**
 * The commerce service's defaults: every paged answer has `total` unless `withTotal=false`.
 * The Change History passes its own (`withTotal` defaults to false there).
 */
export const SERVICE_QUERY_DEFAULTS: QueryDefaults = { withTotal: true };

/**
 * Reads the common query parameters from a URL. `where`, `sort`, `expand` and
 * `var.<name>` repeat; `limit` (0..500), `offset` (0..10 000) and `withTotal` (`true`/`false`)
 * appear at most once. Anything malformed, negative or too large throws InvalidInput (400).
 * Expansion paths are checked for syntax here; predicates and sort fields when the query runs,
 * because that needs the resource schema. Other parameters are left to the endpoint.
 *
 * @example
 * const params = parseQueryParams(new URL(request.url).searchParams);
 */
export function parseQueryParams(searchParams: URLSearchParams, defaults: QueryDefaults = SERVICE_QUERY_DEFAULTS): QueryParams {
  const vars: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of searchParams) {
    if (!name.startsWith('var.')) continue;
    const varName = name.slice(4);
    if (varName === '') throw malformed(name, 'A variable parameter needs a name (var.<name>).');
    (vars[varName] ??= []).push(value);
  }
  return makeQueryParams(
    {
      where: searchParams.getAll('where'),
      vars,
      sort: searchParams.getAll('sort'),
      expand: searchParams.getAll('expand'),
      limit: single(searchParams, 'limit'),
      offset: single(searchParams, 'offset'),
      withTotal: single(searchParams, 'withTotal'),
    },
    defaults,
  );
}

/** Query parameters from another source than a URL (GraphQL arguments); numbers may come as strings. */
export interface QueryInput {
  where?: readonly string[] | string | undefined;
  vars?: Readonly<Record<string, string | readonly string[]>> | undefined;
  sort?: readonly string[] | string | undefined;
  expand?: readonly string[] | string | undefined;
  limit?: number | string | undefined;
  offset?: number | string | undefined;
  withTotal?: boolean | string | undefined;
}

/**
 * Validates and completes query parameters given as values, with the same rules and errors as
 * `parseQueryParams`.
 *
 * @example
 * makeQueryParams({ where: 'key = "a"', limit: 10 });
 */
export function makeQueryParams(input: QueryInput, defaults: QueryDefaults = SERVICE_QUERY_DEFAULTS): QueryParams {
  const expand = list(input.expand);
  for (const path of expand) parseExpansionPath(path);
  const vars: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of Object.entries(input.vars ?? {})) vars[name] = typeof value === 'string' ? [value] : [...value];
  return {
    where: list(input.where),
    vars,
    sort: list(input.sort),
    expand,
    limit: integer('limit', input.limit, defaults.limit ?? DEFAULT_LIMIT, MAX_LIMIT),
    offset: integer('offset', input.offset, 0, MAX_OFFSET),
    withTotal: boolean('withTotal', input.withTotal, defaults.withTotal),
  };
}

function list(value: readonly string[] | string | undefined): string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
}

function single(searchParams: URLSearchParams, name: string): string | undefined {
  const values = searchParams.getAll(name);
  if (values.length > 1) throw malformed(name, `The parameter may be given only once, got ${values.length} values.`);
  return values[0];
}

function integer(name: string, value: number | string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 0 || n > max) {
    throw malformed(name, `Value '${excerpt(String(value))}' is not an integer between 0 and ${max}.`);
  }
  return n;
}

function boolean(name: string, value: boolean | string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw malformed(name, `Value '${excerpt(value)}' is not 'true' or 'false'.`);
}
