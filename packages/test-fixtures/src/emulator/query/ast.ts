import type { ComparisonOperator } from './lexer.js';

/** A field name as written, with its 1-based position (for error messages). */
export interface FieldName {
  readonly name: string;
  readonly pos: number;
}

/** A literal or a `:variable`; variables are strings from the query string, bound at evaluation time. */
export type ValueNode =
  | { readonly kind: 'literal'; readonly value: string | number | boolean; readonly pos: number }
  | { readonly kind: 'var'; readonly name: string; readonly pos: number };

/** The parsed form of a predicate. `and`/`or` are flattened: `a and b and c` is one node with three items. */
export type PredicateNode =
  | { readonly type: 'and' | 'or'; readonly items: readonly PredicateNode[] }
  | { readonly type: 'not'; readonly inner: PredicateNode }
  | { readonly type: 'compare'; readonly field: FieldName; readonly op: ComparisonOperator; readonly value: ValueNode }
  /** `in (..)` / `not in (..)`; a list variable (`in :ids`) or a variable inside the list contributes all its values. */
  | { readonly type: 'in'; readonly field: FieldName; readonly negated: boolean; readonly values: readonly ValueNode[] }
  | { readonly type: 'contains'; readonly field: FieldName; readonly mode: 'any' | 'all'; readonly values: readonly ValueNode[] }
  | { readonly type: 'defined' | 'empty'; readonly field: FieldName; readonly negated: boolean }
  /** `field(p)`: on an object, `p` applies to it; on an array, one element must satisfy all of `p`. */
  | { readonly type: 'nested'; readonly field: FieldName; readonly inner: PredicateNode };
