/**
 * Resolves the local `$ref`s of a component schema into one object graph, for the query engine's
 * field checks. Each component is resolved once and shared, so recursive shapes (a Customer
 * reference inside a Customer's createdBy) become cycles rather than infinite trees; consumers
 * only walk along a field path, so cycles are harmless.
 */
export function dereferenceSchema(components: Record<string, unknown>, name: string, memo = new Map<string, unknown>()): unknown {
  const cached = memo.get(name);
  if (cached !== undefined) return cached;
  const target: Record<string, unknown> = {};
  memo.set(name, target);
  const source = components[name];
  if (source === undefined) throw new Error(`unknown component schema ${name}`);
  Object.assign(target, resolve(components, source, memo));
  return target;
}

function resolve(components: Record<string, unknown>, node: unknown, memo: Map<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(components, item, memo));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return dereferenceSchema(components, ref.slice('#/components/schemas/'.length), memo);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = resolve(components, value, memo);
  return out;
}
