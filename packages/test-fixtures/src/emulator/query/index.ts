/**
 * The emulator's query engine: predicates (parse, check against a schema, compile, cache), sort,
 * paging parameters, running a paged query on a Collection or an array, and reference expansion.
 */
export type { FieldName, PredicateNode, ValueNode } from './ast.js';
export { idRange } from './bounds.js';
export type { IdBound, IdRange } from './bounds.js';
export { bindWhere, clearPredicateCache, compilePredicate, predicateCacheSize } from './compile.js';
export type { CompiledPredicate, CompileOptions, VariableUse, Vars } from './compile.js';
export { expandPaths, parseExpansionPath } from './expand.js';
export type { ExpansionStep, Resolver } from './expand.js';
export { tokenize } from './lexer.js';
export type { ComparisonOperator, Token } from './lexer.js';
export { LruCache } from './lru.js';
export { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET, TOTAL_CAP, makeQueryParams, parseQueryParams } from './params.js';
export type { QueryDefaults, QueryInput, QueryParams } from './params.js';
export { parsePredicate } from './parser.js';
export { runOnArray, runQuery } from './run.js';
export type { PagedQueryResult, RunOptions, RunParams } from './run.js';
export { ANY_SCHEMA, arrayKind, childSchema } from './schema.js';
export type { QuerySchema, SchemaNode } from './schema.js';
export { parseSort, sortItems } from './sort.js';
export type { SortDirection, SortKey, SortOptions, SortSpec } from './sort.js';
export { compareStrings } from './values.js';
