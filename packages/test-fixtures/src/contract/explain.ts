/**
 * Turns ajv's violations of a response into one readable finding: the JSON pointer of the
 * offending member, what is wrong with it, and the type the schema expects there. A `oneOf` with a
 * discriminator (a Message by `type`, an error by `code`) is re-checked against the alternative
 * the value names, so the finding points inside it rather than at "must match exactly one schema".
 */
import type { OpenApiDocument, OpenApiValidator, SchemaViolation } from '../emulator/validation/openapi-validator.js';

type Node = Record<string, unknown>;

/** The finding for one failed response. */
export interface Explanation {
  field: string;
  message: string;
  expectedType: string;
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const segmentsOf = (pointer: string) => (pointer === '' ? [] : pointer.replace(/^#?\//, '').split('/').map(unescape));

function lookup(document: OpenApiDocument, pointer: string): Node | undefined {
  let node: unknown = document;
  for (const segment of segmentsOf(pointer)) node = (node as Node | undefined)?.[segment];
  return typeof node === 'object' && node !== null ? (node as Node) : undefined;
}

/** Follows `$ref`s; returns the node and the name of the last component passed through. */
function deref(document: OpenApiDocument, node: Node): { node: Node; name?: string } {
  let current = node;
  let name: string | undefined;
  for (let hops = 0; hops < 32 && typeof current['$ref'] === 'string'; hops++) {
    const ref = current['$ref'];
    name = ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : name;
    const target = lookup(document, ref);
    if (!target) break;
    current = target;
  }
  return name === undefined ? { node: current } : { node: current, name };
}

function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const segment of segmentsOf(pointer)) value = (value as Record<string, unknown> | undefined)?.[segment];
  return value;
}

/** The `oneOf` alternative a value names through the discriminator, as a `$ref` pointer. */
function discriminated(node: Node, value: unknown): { property: string; ref?: string; known: string[] } | undefined {
  const discriminator = node['discriminator'] as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  if (!discriminator?.propertyName || !discriminator.mapping) return undefined;
  const tag = (value as Record<string, unknown> | undefined)?.[discriminator.propertyName];
  const ref = typeof tag === 'string' ? discriminator.mapping[tag] : undefined;
  return { property: discriminator.propertyName, ...(ref !== undefined ? { ref } : {}), known: Object.keys(discriminator.mapping) };
}

/** Every schema node that constrains the member `segment` of a value of `node`. */
function children(document: OpenApiDocument, raw: Node, segment: string, value: unknown, depth = 0): Node[] {
  if (depth > 24) return [];
  const { node } = deref(document, raw);
  const found: Node[] = [];
  const properties = node['properties'] as Record<string, Node> | undefined;
  if (properties?.[segment]) found.push(properties[segment]);
  for (const part of (node['allOf'] as Node[] | undefined) ?? []) found.push(...children(document, part, segment, value, depth + 1));
  const alternatives = (node['oneOf'] ?? node['anyOf']) as Node[] | undefined;
  if (alternatives) {
    const chosen = discriminated(node, value)?.ref;
    const candidates = chosen !== undefined ? [{ $ref: chosen }] : alternatives;
    for (const alternative of candidates) found.push(...children(document, alternative, segment, value, depth + 1));
  }
  if (node['items'] && /^\d+$/.test(segment)) found.push(node['items'] as Node);
  const additional = node['additionalProperties'];
  if (found.length === 0 && typeof additional === 'object' && additional !== null) found.push(additional as Node);
  return found;
}

/** The schema nodes at an instance pointer below the schema at `rootPointer`. */
function schemasAt(document: OpenApiDocument, rootPointer: string, body: unknown, field: string): Node[] {
  const root = lookup(document, rootPointer);
  if (!root) return [];
  let nodes: Node[] = [root];
  let path = '';
  for (const segment of segmentsOf(field)) {
    const value = valueAt(body, path);
    nodes = nodes.flatMap((node) => children(document, node, segment, value));
    path += `/${escape(segment)}`;
    if (nodes.length === 0) return [];
  }
  return nodes;
}

function typeText(document: OpenApiDocument, raw: Node): { text: string; rank: number } {
  const { node, name } = deref(document, raw);
  const named = (text: string) => (name !== undefined ? `${name} (${text})` : text);
  if ('const' in node) return { text: JSON.stringify(node['const']), rank: 4 };
  if (Array.isArray(node['enum'])) return { text: node['enum'].map((v) => JSON.stringify(v)).join(' | '), rank: 3 };
  const alternatives = (node['oneOf'] ?? node['anyOf']) as Node[] | undefined;
  let base: string;
  const type = node['type'];
  if (typeof type === 'string') base = type;
  else if (Array.isArray(type)) base = type.join(' | ');
  else if (alternatives)
    base = `one of ${alternatives.map((alternative) => deref(document, alternative).name ?? typeText(document, alternative).text).join(' | ')}`;
  else if (node['properties'] || node['allOf']) base = 'object';
  else return { text: named('any JSON value'), rank: 0 };
  const extras = [
    typeof node['format'] === 'string' ? `format ${node['format']}` : undefined,
    typeof node['minimum'] === 'number' ? `minimum ${node['minimum']}` : undefined,
    typeof node['maximum'] === 'number' ? `maximum ${node['maximum']}` : undefined,
    typeof node['pattern'] === 'string' ? `pattern ${node['pattern']}` : undefined,
  ].filter((extra): extra is string => extra !== undefined);
  const text = extras.length > 0 ? `${base}, ${extras.join(', ')}` : base;
  return { text: named(text), rank: name !== undefined ? 2 : 1 };
}

/** A readable name for what the schema expects at `field`. */
export function expectedTypeAt(document: OpenApiDocument, rootPointer: string, body: unknown, field: string): string {
  const described = schemasAt(document, rootPointer, body, field).map((node) => typeText(document, node));
  if (described.length === 0) return 'unknown (no schema for this member)';
  return described.reduce((best, next) => (next.rank > best.rank ? next : best)).text;
}

function plain(document: OpenApiDocument, rootPointer: string, body: unknown, violation: SchemaViolation): Explanation {
  if (violation.keyword === 'required') {
    const field = `${violation.path}/${escape(String(violation.params['missingProperty']))}`;
    return { field, message: 'is missing', expectedType: expectedTypeAt(document, rootPointer, body, field) };
  }
  if (violation.keyword === 'additionalProperties') {
    const field = `${violation.path}/${escape(String(violation.params['additionalProperty']))}`;
    return { field, message: 'is not allowed here', expectedType: 'no such member' };
  }
  return { field: violation.path, message: violation.message, expectedType: expectedTypeAt(document, rootPointer, body, violation.path) };
}

const prefixed = (prefix: string, explanation: Explanation): Explanation => ({ ...explanation, field: `${prefix}${explanation.field}` });

/**
 * The one finding to report for the violations of `body` against the schema at `rootPointer`.
 *
 * @example
 * explainViolations(document, validator, '#/components/schemas/ProductSelection', body, violations);
 * // { field: '/name/en', message: 'must be string', expectedType: 'string' }
 */
export function explainViolations(
  document: OpenApiDocument,
  validator: OpenApiValidator,
  rootPointer: string,
  body: unknown,
  violations: readonly SchemaViolation[],
  depth = 0,
): Explanation {
  const first = violations[0];
  if (!first) return { field: '', message: 'does not match the schema', expectedType: 'unknown' };
  const union = violations
    .filter((violation) => violation.keyword === 'oneOf' || violation.keyword === 'anyOf')
    .sort((a, b) => a.path.length - b.path.length)[0];
  if (!union || depth > 8) return plain(document, rootPointer, body, first);

  const value = valueAt(body, union.path);
  const nodes =
    union.path === ''
      ? [lookup(document, rootPointer)].filter((n): n is Node => n !== undefined)
      : schemasAt(document, rootPointer, body, union.path);
  const node = nodes.map((n) => deref(document, n).node).find((n) => Array.isArray(n['oneOf']) || Array.isArray(n['anyOf']));
  if (!node) return plain(document, rootPointer, body, first);
  const tagged = discriminated(node, value);
  if (tagged && tagged.ref === undefined) {
    const field = `${union.path}/${escape(tagged.property)}`;
    const tag = (value as Record<string, unknown> | undefined)?.[tagged.property];
    return {
      field,
      message: `is ${JSON.stringify(tag)}, which names no alternative`,
      expectedType: tagged.known.map((k) => JSON.stringify(k)).join(' | '),
    };
  }
  const alternatives = ((node['oneOf'] ?? node['anyOf']) as Node[]).map((alternative) =>
    typeof alternative['$ref'] === 'string' ? alternative['$ref'] : undefined,
  );
  const refs = tagged?.ref !== undefined ? [tagged.ref] : alternatives.filter((ref): ref is string => ref !== undefined);
  const outcomes = refs.map((ref) => ({ ref, violations: validator.validateRef(ref, value) }));
  const failing = outcomes.filter((outcome) => outcome.violations.length > 0);
  if (failing.length === 0 || failing.length < outcomes.length) {
    // Every named alternative accepts the value (or some do while the union still failed): the
    // union itself is the problem, e.g. a ResourceIdentifier with both `id` and `key`.
    return { field: union.path, message: union.message, expectedType: typeText(document, node).text };
  }
  // The alternative the value got furthest into explains best.
  const best = failing.reduce((a, b) => ((b.violations[0]?.path.length ?? 0) > (a.violations[0]?.path.length ?? 0) ? b : a));
  return prefixed(union.path, explainViolations(document, validator, best.ref, value, best.violations, depth + 1));
}
