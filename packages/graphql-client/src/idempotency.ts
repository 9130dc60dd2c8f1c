/**
 * Which GraphQL requests may be sent again after a 429, 502, 503, 504 or a network error: the rule
 * of the REST client, read from the document.
 */

/** Strips strings and comments, which may contain anything that looks like syntax. */
function skeleton(document: string): string {
  return document
    .replace(/"""[\s\S]*?"""/g, '""')
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/#[^\n\r]*/g, '');
}

/** A mutation field that carries a `version` by the schema: `update…` or `delete…`. */
const VERSIONED = /^(update|delete)[A-Z]/;

/**
 * Whether a GraphQL request may be retried without being applied twice.
 * @example
 * isIdempotentDocument('query { productSelections { total } }') // true
 * isIdempotentDocument('mutation ($v: Long!) { updateStore(key: "b", version: $v, actions: []) { id } }') // true
 * isIdempotentDocument('mutation { createProductSelection(draft: { name: [] }) { id } }') // false
 */
export function isIdempotentDocument(document: string): boolean {
  let depth = 0;
  let parens = 0;
  let kind: string | undefined;
  let afterColon = false;
  let fields: string[] = [];
  let operations = 0;
  for (const [t] of skeleton(document).matchAll(/\w+|\.\.\.|[{}():]/g)) {
    // Arguments and variable definitions (which may hold object values in braces) do not count.
    if (t === '(' || t === ')') parens += t === '(' ? 1 : -1;
    else if (parens > 0) continue;
    else if (t === '{') {
      if (depth++ === 0) {
        kind ??= 'query';
        fields = [];
      }
    } else if (t === '}') {
      if (--depth < 0) return false;
      if (depth > 0) continue;
      if (kind !== 'fragment') {
        operations++;
        if (kind !== 'query' && !(kind === 'mutation' && fields.length > 0 && fields.every((field) => VERSIONED.test(field)))) return false;
      }
      kind = undefined;
    } else if (depth === 0) kind ??= t;
    else if (depth === 1) {
      // A fragment spread at the root hides the root fields: not understood, so not retried.
      if (t === '...') return false;
      if (t === ':') afterColon = true;
      else if (afterColon) {
        fields[fields.length - 1] = t;
        afterColon = false;
      } else fields.push(t);
    }
  }
  return operations > 0 && depth === 0 && parens === 0;
}
