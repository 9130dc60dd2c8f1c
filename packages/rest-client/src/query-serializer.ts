/**
 * Query strings as the commerce API reads them (spec 4.2, contract-notes 1): repeatable
 * parameters (`where`, `sort`, `expand`) as repeated keys, and the `var` object as
 * `var.<name>=<value>`, a list as the same key repeated (for `in :name`).
 */

type Scalar = string | number | boolean;

function scalar(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(`query parameter ${name}: expected a string, number or boolean, got ${value === null ? 'null' : typeof value}`);
}

function pair(name: string, value: Scalar | unknown): string {
  return `${encodeURIComponent(name)}=${encodeURIComponent(scalar(name, value))}`;
}

function many(name: string, value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((v) => v !== undefined && v !== null).map((v) => pair(name, v));
  return [pair(name, value)];
}

/**
 * Serializes the query object of a request. `undefined` and `null` are left out; an array
 * repeats its key; an object (only `var` has one) spreads into `<key>.<name>` parameters.
 *
 * @example
 * commerceQuerySerializer({ where: ['key = :k', 'version > 1'], var: { k: 'summer', ids: ['a', 'b'] }, sort: ['id asc'], limit: 20 })
 * // 'where=key%20%3D%20%3Ak&where=version%20%3E%201&var.k=summer&var.ids=a&var.ids=b&sort=id%20asc&limit=20'
 */
export function commerceQuerySerializer(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) parts.push(...many(`${name}.${key}`, inner));
      continue;
    }
    parts.push(...many(name, value));
  }
  return parts.join('&');
}
