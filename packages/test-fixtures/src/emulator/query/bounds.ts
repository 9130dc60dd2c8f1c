import type { PredicateNode } from './ast.js';
import type { Vars } from './compile.js';

export interface IdBound {
  readonly value: string;
  readonly inclusive: boolean;
}

/**
 * The ids a query can match, derived from its top-level conjuncts on `id` (`id > "x"`,
 * `id <= :v`, `id = "x"`, `id in ("a", "b")`). Only a narrowing: the full predicate is still
 * evaluated on every candidate. `empty` when a conjunct can never hold (`id = 5`).
 */
export interface IdRange {
  readonly lower?: IdBound;
  readonly upper?: IdBound;
  readonly empty?: boolean;
}

/**
 * Analyses the predicates' ASTs (all ANDed) for a range of ids, so that the service's recommended iteration
 * (`sort=id asc`, `where=id > "<last>"`) reads one page from the ordered id index instead of
 * scanning. Strings compare as the Collection orders ids (JS `<`).
 *
 * @example
 * idRange([compilePredicate('id > :last and key is defined').ast], { last: 'abc' }); // { lower: { value: 'abc', inclusive: false } }
 */
export function idRange(predicates: readonly PredicateNode[], vars: Vars): IdRange {
  let lower: IdBound | undefined;
  let upper: IdBound | undefined;
  const raise = (bound: IdBound) => {
    if (!lower || bound.value > lower.value || (bound.value === lower.value && !bound.inclusive)) lower = bound;
  };
  const cut = (bound: IdBound) => {
    if (!upper || bound.value < upper.value || (bound.value === upper.value && !bound.inclusive)) upper = bound;
  };
  for (const predicate of predicates) {
    for (const conjunct of predicate.type === 'and' ? predicate.items : [predicate]) {
      if (conjunct.type === 'compare' && conjunct.field.name === 'id') {
        const value = stringValues(conjunct.value, vars);
        if (value === 'never') return { empty: true };
        if (value === undefined || value.length !== 1) continue;
        const v = value[0]!;
        switch (conjunct.op) {
          case '>':
            raise({ value: v, inclusive: false });
            break;
          case '>=':
            raise({ value: v, inclusive: true });
            break;
          case '<':
            cut({ value: v, inclusive: false });
            break;
          case '<=':
            cut({ value: v, inclusive: true });
            break;
          case '=':
            raise({ value: v, inclusive: true });
            cut({ value: v, inclusive: true });
            break;
          default:
            break;
        }
      } else if (conjunct.type === 'in' && !conjunct.negated && conjunct.field.name === 'id') {
        const all = inValues(conjunct, vars);
        if (all === undefined) continue;
        if (all.length === 0) return { empty: true };
        all.sort();
        raise({ value: all[0]!, inclusive: true });
        cut({ value: all[all.length - 1]!, inclusive: true });
      }
    }
  }
  if (lower && upper && (lower.value > upper.value || (lower.value === upper.value && !(lower.inclusive && upper.inclusive)))) {
    return { empty: true };
  }
  return { ...(lower ? { lower } : {}), ...(upper ? { upper } : {}) };
}

/** The string values of an `in (...)` list (non-strings can never match); undefined when a variable is unknown. */
function inValues(conjunct: Extract<PredicateNode, { type: 'in' }>, vars: Vars): string[] | undefined {
  const all: string[] = [];
  for (const node of conjunct.values) {
    const values = stringValues(node, vars);
    if (values === undefined) return undefined;
    if (values !== 'never') all.push(...values);
  }
  return all;
}

/** The string values of a value node; 'never' for a non-string literal (ids are strings), undefined when unknown. */
function stringValues(node: Extract<PredicateNode, { type: 'compare' }>['value'], vars: Vars): readonly string[] | 'never' | undefined {
  if (node.kind === 'literal') return typeof node.value === 'string' ? [node.value] : 'never';
  const raw = Object.prototype.hasOwnProperty.call(vars, node.name) ? vars[node.name] : undefined;
  if (raw === undefined) return undefined;
  return typeof raw === 'string' ? [raw] : raw;
}

/**
 * The keys a query can match, from a top-level conjunct `key = "x"`, `key = :v` or
 * `key in (...)`, so that a query by key is a lookup in the key index rather than a scan.
 * Only a narrowing: the full predicate is still evaluated on every candidate. Undefined when no
 * such conjunct exists.
 *
 * @example
 * keyCandidates([compilePredicate('key = :k').ast], { k: 'summer' }); // ['summer']
 */
export function keyCandidates(predicates: readonly PredicateNode[], vars: Vars): readonly string[] | undefined {
  for (const predicate of predicates) {
    for (const conjunct of predicate.type === 'and' ? predicate.items : [predicate]) {
      if (conjunct.type === 'compare' && conjunct.op === '=' && conjunct.field.name === 'key') {
        const values = stringValues(conjunct.value, vars);
        if (values === 'never') return [];
        if (values !== undefined) return values;
      } else if (conjunct.type === 'in' && !conjunct.negated && conjunct.field.name === 'key') {
        const all = inValues(conjunct, vars);
        if (all !== undefined) return all;
      }
    }
  }
  return undefined;
}
