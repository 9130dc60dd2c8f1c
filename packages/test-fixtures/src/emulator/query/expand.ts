import { errors } from '../http/errors.js';
import { MAX_REQUEST_BODY_BYTES } from '../http/limits.js';
import { LruCache } from './lru.js';
import { excerpt, malformed } from './malformed.js';
import { isPlainObject } from './values.js';

/** One step of an expansion path: a field, every element (`[*]`) or one element (`[0]`) of an array. */
export type ExpansionStep =
  { readonly kind: 'field'; readonly name: string } | { readonly kind: 'all' } | { readonly kind: 'index'; readonly index: number };

/** Finds the resource a reference points to; `undefined` for a dangling reference. */
export type Resolver = (typeId: string, id: string) => object | undefined;

interface Reference {
  typeId: string;
  id: string;
  obj?: unknown;
}

const SEGMENT = /[^.[\]\s]/;
const parsed = new LruCache<string, readonly ExpansionStep[]>(1000);

/**
 * Parses an expansion path: `ref`, `refs[*]`, `refs[0]`, `obj.ref`, `objs[*].ref`,
 * `nested[*][*].ref`, `custom.fields.<name>[*]`. A malformed path (`a[`, `a[x]`, `a..b`) throws
 * InvalidInput naming the 1-based position.
 *
 * @example
 * parseExpansionPath('productSelections[*].productSelection');
 */
export function parseExpansionPath(path: string): readonly ExpansionStep[] {
  const cached = parsed.get(path);
  if (cached) return cached;
  const fail = (at: number): never => {
    const found = at < path.length ? `unexpected '${path[at]}'` : 'unexpected end';
    throw malformed('expand', `Invalid expansion path '${excerpt(path)}': ${found} at position ${at + 1}.`);
  };
  const steps: ExpansionStep[] = [];
  let i = 0;
  for (;;) {
    const start = i;
    while (i < path.length && SEGMENT.test(path[i]!)) i++;
    if (i === start) fail(i);
    steps.push({ kind: 'field', name: path.slice(start, i) });
    while (path[i] === '[') {
      if (path[i + 1] === '*' && path[i + 2] === ']') {
        steps.push({ kind: 'all' });
        i += 3;
        continue;
      }
      let j = i + 1;
      while (j < path.length && path[j]! >= '0' && path[j]! <= '9') j++;
      if (j === i + 1 || path[j] !== ']') fail(j);
      steps.push({ kind: 'index', index: Number(path.slice(i + 1, j)) });
      i = j + 1;
    }
    if (i === path.length) break;
    if (path[i] !== '.') fail(i);
    i++;
  }
  parsed.set(path, steps);
  return steps;
}

/** How many references one path may expand one inside another (`ancestors[*].parent` expands 2). */
export const MAX_EXPANSION_DEPTH = 10;
/**
 * How many bytes of expanded resources one answer may carry (every result of a query together): the
 * live service's largest JSON document, 16 MB (https://docs.commercetools.com/api/limits).
 */
export const MAX_EXPANDED_BYTES = MAX_REQUEST_BODY_BYTES;

/**
 * What the expansions of one answer have used: bytes of expanded resources, counted as they are
 * added, and a copy of each target that nothing expands further, shared by every reference to it.
 * Give one to every {@link expandPaths} of an answer (each result of a query).
 */
export class ExpansionBudget {
  bytes = 0;
  /** A copy of each target that no path goes into (never changed, so shared), with its JSON size. */
  readonly shared = new Map<string, { obj: object; bytes: number }>();
  /** A target as a path expanded inside it, by path, step and target: the next reference to it shares it. */
  readonly walked = new Map<string, { obj: object; bytes: number }>();
  /** The shared copies: a path going into one takes its own copy first. */
  readonly sharedObjects = new WeakSet<object>();

  /** Counts `bytes` more of expanded resources; past {@link MAX_EXPANDED_BYTES}, 400 naming the limit. */
  charge(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > MAX_EXPANDED_BYTES) {
      throw errors.invalidInput(
        `The expanded references of this answer exceed ${MAX_EXPANDED_BYTES} bytes, the limit of expansion: expand fewer or shorter paths.`,
      );
    }
  }
}

/**
 * Returns a deep copy of `resource` in which the references named by each path carry `obj` (the
 * resolved resource: one copy per target, shared where nothing expands inside it). A path continues
 * into an expanded reference without writing `obj` (`customer.customerGroup` expands `customer`,
 * then the group inside it); writing `obj` explicitly works too. Dangling references and paths that
 * do not exist are left alone. A malformed path, a path that expands references more than
 * {@link MAX_EXPANSION_DEPTH} deep one inside another, or expansions past
 * {@link MAX_EXPANDED_BYTES} in the answer (`budget`) are 400 InvalidInput naming the limit. The
 * input is never mutated.
 *
 * @example
 * expandPaths(store, ['productSelections[*].productSelection'], (typeId, id) => db[typeId]?.get(id));
 */
export function expandPaths<T>(resource: T, expand: readonly string[], resolve: Resolver, budget = new ExpansionBudget()): T {
  const paths = expand.map(parseExpansionPath);
  const copy = deepCopy(resource);
  for (const [i, steps] of paths.entries()) walk(copy, steps, 0, { resolve, budget, path: expand[i]!, index: i }, 0);
  return copy;
}

interface Expander {
  resolve: Resolver;
  budget: ExpansionBudget;
  /** The path as given, for the error. */
  path: string;
  /** Which of the answer's paths. */
  index: number;
}

function isReference(value: unknown): value is Reference {
  return isPlainObject(value) && typeof value['typeId'] === 'string' && typeof value['id'] === 'string';
}

/**
 * Sets `obj` on a reference, counting its size against the budget; false when dangling. `into`:
 * the path goes on inside it, so `obj` is a copy of its own (expanding inside it never touches the
 * store or another reference's `obj`); otherwise the target's one shared copy.
 */
function ensureExpanded(reference: Reference, { resolve, budget }: Expander, into: boolean): boolean {
  if (reference.obj !== undefined) {
    if (!isPlainObject(reference.obj)) return false;
    if (into && budget.sharedObjects.has(reference.obj)) reference.obj = deepCopy(reference.obj);
    return true;
  }
  const key = `${reference.typeId}/${reference.id}`;
  let shared = budget.shared.get(key);
  if (shared === undefined) {
    const target = resolve(reference.typeId, reference.id);
    if (target === undefined) return false;
    const obj = deepCopy(target);
    shared = { obj, bytes: JSON.stringify(obj).length };
    budget.shared.set(key, shared);
    budget.sharedObjects.add(obj);
  }
  budget.charge(shared.bytes);
  reference.obj = into ? deepCopy(shared.obj) : shared.obj;
  return true;
}

/** `depth`: how many references the path has expanded one inside another to reach `node`. */
function walk(node: unknown, steps: readonly ExpansionStep[], at: number, expander: Expander, depth: number): void {
  const step = steps[at];
  if (step === undefined) {
    if (isReference(node)) {
      assertWithinDepth(expander, depth + 1);
      ensureExpanded(node, expander, false);
    }
    return;
  }
  if (step.kind === 'all') {
    if (Array.isArray(node)) for (const element of node) walk(element, steps, at + 1, expander, depth);
    return;
  }
  if (step.kind === 'index') {
    if (Array.isArray(node) && step.index < node.length) walk(node[step.index], steps, at + 1, expander, depth);
    return;
  }
  if (!isPlainObject(node)) return;
  if (isReference(node)) {
    // The path goes on below a reference: into its target, expanding it on the way.
    assertWithinDepth(expander, depth + 1);
    const next = step.name === 'obj' ? at + 1 : at;
    if (node.obj !== undefined) {
      if (ensureExpanded(node, expander, true)) walk(node.obj, steps, next, expander, depth + 1);
      return;
    }
    // The same target the same path reached before, at the same step: its expansion is shared.
    const { budget } = expander;
    const key = `${expander.index}:${next}:${depth}:${node.typeId}/${node.id}`;
    const walked = budget.walked.get(key);
    if (walked !== undefined) {
      budget.charge(walked.bytes);
      node.obj = walked.obj;
      return;
    }
    const before = budget.bytes;
    if (!ensureExpanded(node, expander, true)) return;
    const obj = (node as Reference).obj as object;
    walk(obj, steps, next, expander, depth + 1);
    budget.walked.set(key, { obj, bytes: budget.bytes - before });
    budget.sharedObjects.add(obj);
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(node, step.name)) return;
  walk(node[step.name], steps, at + 1, expander, depth);
}

/** Past {@link MAX_EXPANSION_DEPTH}, 400 naming the limit. */
function assertWithinDepth({ path }: Expander, depth: number): void {
  if (depth <= MAX_EXPANSION_DEPTH) return;
  throw errors.invalidInput(
    `The expansion path '${excerpt(path)}' expands references more than ${MAX_EXPANSION_DEPTH} deep, one inside another: the limit of expansion.`,
  );
}

function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // A JSON body can carry an own `__proto__` key; assigning it would change the prototype instead.
      if (key === '__proto__')
        Object.defineProperty(copy, key, { value: deepCopy(value[key]), enumerable: true, writable: true, configurable: true });
      else copy[key] = deepCopy(value[key]);
    }
    return copy as T;
  }
  return value;
}
