/**
 * Which GraphQL requests may be sent again after a 429, 502, 503, 504 or a network error: the
 * rule of the REST client, read from the document. A query reads. A mutation whose root fields
 * are all `update…` or `delete…` carries a `version` (the schema requires it): sent twice, the
 * second attempt fails with ConcurrentModification or ResourceNotFound, so it is never applied
 * twice. Anything else, above all a create, is not retried. A document this scanner does not
 * understand (a fragment spread at the root, unbalanced braces) counts as not idempotent.
 */

/** Strips strings and comments, which may contain anything that looks like syntax. */
function skeleton(document: string): string {
  return document
    .replace(/"""[\s\S]*?"""/g, '""')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/#[^\n\r]*/g, '');
}

interface Operation {
  kind: string;
  fields: string[];
}

/** The operations of a document with the names of their root fields (aliases resolved). */
function operationsOf(text: string): Operation[] | undefined {
  const operations: Operation[] = [];
  let kind: string | undefined;
  let depth = 0;
  let parens = 0;
  let afterColon = false;
  for (const [t] of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*|\.\.\.|[{}():]/g)) {
    if (t === '(' || t === ')') {
      parens += t === '(' ? 1 : -1;
      continue;
    }
    // Arguments and variable definitions (which may hold object values in braces) do not count.
    if (parens > 0) continue;
    if (t === '{') {
      if (depth === 0) operations.push({ kind: kind ?? 'query', fields: [] });
      depth++;
    } else if (t === '}') {
      depth--;
      if (depth < 0) return undefined;
      if (depth === 0) kind = undefined;
    } else if (depth === 0) {
      if (kind === undefined) kind = t;
    } else if (depth === 1) {
      const operation = operations[operations.length - 1]!;
      if (t === '...') return undefined;
      if (t === ':') afterColon = true;
      else if (afterColon) {
        operation.fields[operation.fields.length - 1] = t;
        afterColon = false;
      } else operation.fields.push(t);
    }
  }
  return depth === 0 && parens === 0 ? operations.filter((o) => o.kind !== 'fragment') : undefined;
}

/**
 * Whether a GraphQL request may be retried without being applied twice.
 *
 * @example
 * isIdempotentDocument('query { productSelections { total } }') // true
 * isIdempotentDocument('mutation ($v: Long!) { updateStore(key: "b", version: $v, actions: []) { id } }') // true
 * isIdempotentDocument('mutation { createProductSelection(draft: { name: [] }) { id } }') // false
 */
export function isIdempotentDocument(document: string): boolean {
  const operations = operationsOf(skeleton(document));
  if (operations === undefined || operations.length === 0) return false;
  return operations.every(
    (o) =>
      o.kind === 'query' ||
      (o.kind === 'mutation' && o.fields.length > 0 && o.fields.every((field) => /^(update|delete)[A-Z]/.test(field))),
  );
}
