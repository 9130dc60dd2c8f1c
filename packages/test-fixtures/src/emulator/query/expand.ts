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

/**
 * Returns a deep copy of `resource` in which the references named by each path carry `obj` (a deep
 * copy of the resolved resource). A path continues into an expanded reference without writing
 * `obj` (`customer.customerGroup` expands `customer`, then the group inside it); writing `obj`
 * explicitly works too. Dangling references and paths that do not exist are left alone; only a
 * malformed path is an error. The input is never mutated.
 *
 * @example
 * expandPaths(store, ['productSelections[*].productSelection'], (typeId, id) => db[typeId]?.get(id));
 */
export function expandPaths<T>(resource: T, expand: readonly string[], resolve: Resolver): T {
  const paths = expand.map(parseExpansionPath);
  const copy = deepCopy(resource);
  for (const steps of paths) walk(copy, steps, 0, resolve);
  return copy;
}

function isReference(value: unknown): value is Reference {
  return isPlainObject(value) && typeof value['typeId'] === 'string' && typeof value['id'] === 'string';
}

/** Sets `obj` on a reference (a copy, so expanding inside it never touches the store); false when dangling. */
function ensureExpanded(reference: Reference, resolve: Resolver): boolean {
  if (reference.obj !== undefined) return isPlainObject(reference.obj);
  const target = resolve(reference.typeId, reference.id);
  if (target === undefined) return false;
  reference.obj = deepCopy(target);
  return true;
}

function walk(node: unknown, steps: readonly ExpansionStep[], at: number, resolve: Resolver): void {
  const step = steps[at];
  if (step === undefined) {
    if (isReference(node)) ensureExpanded(node, resolve);
    return;
  }
  if (step.kind === 'all') {
    if (Array.isArray(node)) for (const element of node) walk(element, steps, at + 1, resolve);
    return;
  }
  if (step.kind === 'index') {
    if (Array.isArray(node) && step.index < node.length) walk(node[step.index], steps, at + 1, resolve);
    return;
  }
  if (!isPlainObject(node)) return;
  if (isReference(node)) {
    // The path goes on below a reference: into its target, expanding it on the way.
    if (!ensureExpanded(node, resolve)) return;
    walk(node.obj, steps, step.name === 'obj' ? at + 1 : at, resolve);
    return;
  }
  if (!Object.prototype.hasOwnProperty.call(node, step.name)) return;
  walk(node[step.name], steps, at + 1, resolve);
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
