import type { FieldName, PredicateNode, ValueNode } from './ast.js';
import type { ComparisonOperator } from './lexer.js';
import { LruCache } from './lru.js';
import { malformed } from './malformed.js';
import { parsePredicate } from './parser.js';
import { ANY_SCHEMA, arrayKind, childSchema, schemaIdentity } from './schema.js';
import type { QuerySchema, SchemaNode } from './schema.js';
import { coerceVariable, compareToLiteral, isPlainObject, ownField } from './values.js';
import type { Scalar } from './values.js';

/** Values of `:variables`, as `var.<name>` query parameters give them: a repeated parameter is a list. */
export type Vars = Readonly<Record<string, string | readonly string[]>>;
/** Bound variables: their raw values, and comparers built once per binding rather than per row. */
interface Env {
  readonly values: Readonly<Record<string, readonly string[]>>;
  readonly comparers: Readonly<Record<string, readonly Comparer[]>>;
}
type Evaluator = (value: unknown, env: Env) => boolean;

export interface CompileOptions {
  /** When given, every field must exist in it (InvalidInput naming field and position otherwise). */
  readonly schema?: QuerySchema | undefined;
}

/** Where a variable is used: `list` uses (`in`, `not in`, `contains`) accept a repeated parameter. */
export interface VariableUse {
  readonly name: string;
  readonly pos: number;
  readonly list: boolean;
}

/** A predicate compiled once into closures; cached per (predicate, schema), so keep it immutable. */
export interface CompiledPredicate {
  readonly source: string;
  readonly ast: PredicateNode;
  readonly variables: readonly VariableUse[];
  /** Checks the variables, then returns the fast per-resource test. */
  bind(vars?: Vars): (resource: unknown) => boolean;
  /** One-off evaluation; prefer `bind` in loops. */
  evaluate(resource: unknown, vars?: Vars): boolean;
}

const CACHE_CAPACITY = 1000;
const cache = new LruCache<string, CompiledPredicate>(CACHE_CAPACITY);

/**
 * Parses and compiles a query predicate into a closure, or returns the cached compilation of the
 * same predicate string for the same schema object. Variables are bound later (`bind`), so the
 * cache does not depend on them.
 *
 * @example
 * const p = compilePredicate('price >= :min and tags contains any ("sale")');
 * p.evaluate({ price: 10, tags: ['sale'] }, { min: '5' }); // true
 */
export function compilePredicate(where: string, options: CompileOptions = {}): CompiledPredicate {
  const cacheKey = `${schemaIdentity(options.schema)}\u0000${where}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const ast = parsePredicate(where);
  const variables: VariableUse[] = [];
  const evaluator = compileNode(ast, options.schema ?? ANY_SCHEMA, variables);
  const compiled: CompiledPredicate = {
    source: where,
    ast,
    variables,
    bind(vars = {}) {
      const env = bindVariables(variables, vars);
      return (resource) => evaluator(resource, env);
    },
    evaluate(resource, vars = {}) {
      return evaluator(resource, bindVariables(variables, vars));
    },
  };
  cache.set(cacheKey, compiled);
  return compiled;
}

/** Empties the compilation cache (tests). */
export function clearPredicateCache(): void {
  cache.clear();
}

/** Number of cached compilations; never above 1000. */
export function predicateCacheSize(): number {
  return cache.size;
}

/**
 * Normalises variables and checks that every variable the predicate uses has a value, and that
 * list values are only used where a list is allowed.
 */
function bindVariables(uses: readonly VariableUse[], vars: Vars): Env {
  const env = { values: {} as Record<string, readonly string[]>, comparers: {} as Record<string, readonly Comparer[]> };
  for (const use of uses) {
    const raw = Object.prototype.hasOwnProperty.call(vars, use.name) ? vars[use.name] : undefined;
    const values = raw === undefined ? [] : typeof raw === 'string' ? [raw] : raw;
    if (values.length === 0) {
      throw malformed('where', `Unknown variable ':${use.name}' at position ${use.pos}; pass it as the query parameter 'var.${use.name}'.`);
    }
    if (!use.list && values.length > 1) {
      throw malformed(
        'where',
        `Variable ':${use.name}' at position ${use.pos} has ${values.length} values; only 'in', 'not in' and 'contains' accept a list.`,
      );
    }
    env.values[use.name] = values;
    env.comparers[use.name] ??= values.map(variableComparer);
  }
  return env;
}

function resolveField(schema: SchemaNode, field: FieldName): SchemaNode {
  const child = childSchema(schema, field.name);
  if (child === undefined) throw malformed('where', `Unknown field '${field.name}' at position ${field.pos}.`);
  return child;
}

function compileNode(node: PredicateNode, schema: SchemaNode, variables: VariableUse[]): Evaluator {
  switch (node.type) {
    case 'and': {
      const items = node.items.map((item) => compileNode(item, schema, variables));
      if (items.length === 2) {
        const [a, b] = items as [Evaluator, Evaluator];
        return (v, env) => a(v, env) && b(v, env);
      }
      return (v, env) => {
        for (const item of items) if (!item(v, env)) return false;
        return true;
      };
    }
    case 'or': {
      const items = node.items.map((item) => compileNode(item, schema, variables));
      if (items.length === 2) {
        const [a, b] = items as [Evaluator, Evaluator];
        return (v, env) => a(v, env) || b(v, env);
      }
      return (v, env) => {
        for (const item of items) if (item(v, env)) return true;
        return false;
      };
    }
    case 'not': {
      const inner = compileNode(node.inner, schema, variables);
      return (v, env) => !inner(v, env);
    }
    case 'nested': {
      const name = node.field.name;
      const inner = compileNode(node.inner, resolveField(schema, node.field), variables);
      const match = (x: unknown, env: Env): boolean => {
        if (Array.isArray(x)) {
          for (const element of x) if (match(element, env)) return true;
          return false;
        }
        return isPlainObject(x) && inner(x, env);
      };
      return (v, env) => match(ownField(v, name), env);
    }
    case 'compare': {
      resolveField(schema, node.field);
      return compileCompare(node.field.name, node.op, compileValue(node.value, false, variables));
    }
    case 'in': {
      resolveField(schema, node.field);
      const member = compileMembership(node.values, variables);
      const name = node.field.name;
      if (!node.negated) return (v, env) => someLeaf(ownField(v, name), (x) => member(x, env) === true);
      return (v, env) => negativeOverLeaves(ownField(v, name), (x) => member(x, env));
    }
    case 'contains': {
      requireArray(resolveField(schema, node.field), node.field, `contains ${node.mode}`);
      const name = node.field.name;
      if (node.mode === 'any') {
        const member = compileMembership(node.values, variables);
        return (v, env) => {
          const x = ownField(v, name);
          return Array.isArray(x) && someLeaf(x, (e) => member(e, env) === true);
        };
      }
      const required = node.values.map((value) => compileValue(value, true, variables));
      return (v, env) => {
        const x = ownField(v, name);
        if (!Array.isArray(x)) return false;
        for (const values of required) {
          // Every value of the list (a list variable contributes all of its values) must be present.
          for (const compare of values(env)) if (!someLeaf(x, (e) => compare(e) === 0)) return false;
        }
        return true;
      };
    }
    case 'defined': {
      resolveField(schema, node.field);
      const name = node.field.name;
      return node.negated ? (v) => ownField(v, name) == null : (v) => ownField(v, name) != null;
    }
    case 'empty': {
      requireArray(resolveField(schema, node.field), node.field, node.negated ? 'is not empty' : 'is empty');
      const name = node.field.name;
      if (node.negated) {
        return (v) => {
          const x = ownField(v, name);
          return Array.isArray(x) && x.length > 0;
        };
      }
      return (v) => {
        const x = ownField(v, name);
        return x == null || (Array.isArray(x) && x.length === 0);
      };
    }
  }
}

function requireArray(schema: SchemaNode, field: FieldName, operator: string): void {
  if (arrayKind(schema) === 'scalar') {
    throw malformed('where', `'${operator}' needs an array field, but '${field.name}' at position ${field.pos} is not an array.`);
  }
}

/** Compares one field value with the value node: a number (sign), or undefined when incomparable. */
type Comparer = (x: unknown) => number | undefined;
/** A value node turned into comparers at evaluation time: one for a literal, one per value of a variable. */
type ValueComparers = (env: Env) => readonly Comparer[];

function compileValue(value: ValueNode, list: boolean, variables: VariableUse[]): ValueComparers {
  if (value.kind === 'literal') {
    const literal = value.value;
    const comparers: readonly Comparer[] = [(x) => compareToLiteral(x, literal)];
    return () => comparers;
  }
  variables.push({ name: value.name, pos: value.pos, list });
  const name = value.name;
  return (env) => env.comparers[name] ?? [];
}

function variableComparer(raw: string): Comparer {
  return (x) => {
    const coerced = coerceVariable(x, raw);
    return coerced === undefined ? undefined : compareToLiteral(x, coerced);
  };
}

const ORDERING = new Set<ComparisonOperator>(['<', '>', '<=', '>=']);

function compileCompare(name: string, op: ComparisonOperator, values: ValueComparers): Evaluator {
  if (op === '!=' || op === '<>') {
    // Matches only defined values of a comparable type that differ; on an array: some element is
    // comparable and none is equal.
    return (v, env) => {
      const compare = values(env)[0]!;
      const x = ownField(v, name);
      if (!Array.isArray(x)) {
        const c = x == null ? undefined : compare(x);
        return c !== undefined && c !== 0;
      }
      return negativeOverLeaves(x, (leaf) => {
        const c = compare(leaf);
        return c === undefined ? undefined : c === 0;
      });
    };
  }
  const accept: (c: number) => boolean =
    op === '=' ? (c) => c === 0 : op === '<' ? (c) => c < 0 : op === '>' ? (c) => c > 0 : op === '<=' ? (c) => c <= 0 : (c) => c >= 0;
  const ordering = ORDERING.has(op);
  const test = (x: unknown, compare: Comparer): boolean => {
    if (ordering && typeof x === 'boolean') return false;
    const c = compare(x);
    return c !== undefined && accept(c);
  };
  return (v, env) => {
    const compare = values(env)[0]!;
    const x = ownField(v, name);
    if (!Array.isArray(x)) return x != null && test(x, compare);
    return someLeaf(x, (leaf) => test(leaf, compare));
  };
}

/**
 * Membership in a list of values: true (equal to one), false (comparable to some but equal to none),
 * undefined (comparable to none). String and number literals are looked up in sets.
 */
function compileMembership(values: readonly ValueNode[], variables: VariableUse[]): (x: unknown, env: Env) => boolean | undefined {
  const literals = new Set<Scalar>();
  const types = new Set<string>();
  const varNames: string[] = [];
  for (const value of values) {
    if (value.kind === 'literal') {
      literals.add(value.value);
      types.add(typeof value.value);
    } else {
      variables.push({ name: value.name, pos: value.pos, list: true });
      varNames.push(value.name);
    }
  }
  return (x, env) => {
    if (typeof x !== 'string' && typeof x !== 'number' && typeof x !== 'boolean') return undefined;
    let comparable = types.has(typeof x);
    if (comparable && literals.has(x)) return true;
    for (const name of varNames) {
      for (const raw of env.values[name] ?? []) {
        const coerced = coerceVariable(x, raw);
        if (coerced === undefined) continue;
        comparable = true;
        if (coerced === x) return true;
      }
    }
    return comparable ? false : undefined;
  };
}

/** True when the value, or (for arrays, recursively) one of its elements, satisfies `test`. */
function someLeaf(x: unknown, test: (leaf: unknown) => boolean): boolean {
  if (Array.isArray(x)) {
    for (const element of x) if (someLeaf(element, test)) return true;
    return false;
  }
  return x != null && test(x);
}

/**
 * The negative operators (`!=`, `not in`): `positive` answers true/false for comparable leaves and
 * undefined for incomparable ones. Matches when some leaf is comparable and none is positive.
 */
function negativeOverLeaves(x: unknown, positive: (leaf: unknown) => boolean | undefined): boolean {
  let comparable = false;
  const visit = (value: unknown): boolean => {
    if (Array.isArray(value)) {
      for (const element of value) if (!visit(element)) return false;
      return true;
    }
    if (value == null) return true;
    const result = positive(value);
    if (result === true) return false;
    if (result === false) comparable = true;
    return true;
  };
  return visit(x) && comparable;
}

/**
 * All `where` predicates (ANDed), compiled and bound to the variables, as one test.
 *
 * @example
 * const matches = bindWhere(params.where, params.vars, { schema });
 * matches(resource);
 */
export function bindWhere(where: readonly string[], vars: Vars, options: CompileOptions = {}): (resource: unknown) => boolean {
  const tests = where.map((predicate) => compilePredicate(predicate, options).bind(vars));
  if (tests.length === 0) return () => true;
  if (tests.length === 1) return tests[0]!;
  return (resource) => {
    for (const test of tests) if (!test(resource)) return false;
    return true;
  };
}
