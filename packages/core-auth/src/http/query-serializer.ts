/**
 * Query strings as the commerce API reads them: repeatable parameters
 * (`where`, `sort`, `expand`) as repeated keys, and the `var` object as `var.<name>=<value>`, a
 * list as the same key repeated (for `in :name`).
 */

function scalar(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return encodeURIComponent(value);
  throw new TypeError(`query parameter ${name}: expected a string, number or boolean, got ${value === null ? 'null' : typeof value}`);
}

/** `query` with `name=value` added, once per element of a list; `undefined` and `null` add nothing. */
function add(query: string, name: string, value: unknown): string {
  if (value === undefined || value === null) return query;
  const key = `${encodeURIComponent(name)}=`;
  if (!Array.isArray(value)) return `${query === '' ? '' : `${query}&`}${key}${scalar(name, value)}`;
  for (const one of value) if (one !== undefined && one !== null) query += `${query === '' ? '' : '&'}${key}${scalar(name, one)}`;
  return query;
}

/**
 * Serializes the query object of a request. `undefined` and `null` are left out; an array
 * repeats its key; an object (only `var` has one) spreads into `<key>.<name>` parameters.
 * @example
 * commerceQuerySerializer({ where: ['key = :k', 'version > 1'], var: { k: 'summer', ids: ['a', 'b'] }, sort: ['id asc'], limit: 20 })
 * // 'where=key%20%3D%20%3Ak&where=version%20%3E%201&var.k=summer&var.ids=a&var.ids=b&sort=id%20asc&limit=20'
 */
export function commerceQuerySerializer(query: Record<string, unknown> | undefined): string {
  let serialized = '';
  for (const name in query) {
    const value = query[name];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const key in value) serialized = add(serialized, `${name}.${key}`, (value as Record<string, unknown>)[key]);
    } else serialized = add(serialized, name, value);
  }
  return serialized;
}
