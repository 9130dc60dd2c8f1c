/**
 * Request headers as a plain record with lower-case names, merged by openapi-fetch's rules
 * (`mergeHeaders`) without building a `Headers` object: the transport builds the one request that
 * is sent.
 */

/**
 * Headers of one call: a `Headers`, pairs, or a record whose values may be numbers, booleans or
 * lists (appended), `null` (removes the header) or `undefined` (skipped).
 */
export type HeadersOption =
  NonNullable<RequestInit['headers']> | Record<string, string | number | boolean | (string | number | boolean)[] | null | undefined>;

type Pairs = Iterable<[string, unknown]>;

/**
 * Merges `headers` into `into` (names lower-cased, so a later `accept-language` replaces an earlier
 * `Accept-Language`): a value replaces, a list appends each of its values (joined with `, `, as
 * `Headers.append` does), `null` removes the header, `undefined` is skipped.
 * @internal
 */
export function mergeHeaders(into: Record<string, string>, headers: HeadersOption | undefined): Record<string, string> {
  if (typeof headers !== 'object' || headers === null) return into;
  // Headers and `[name, value][]` iterate as pairs; a record gives its entries. (Cast: without the
  // DOM.Iterable lib, a consumer's type check does not know that Headers iterate.)
  const entries = (headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers)) as unknown as Pairs;
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (value === null) delete into[key];
    else if (Array.isArray(value)) for (const one of value) into[key] = Object.hasOwn(into, key) ? `${into[key]}, ${one}` : `${one}`;
    else if (value !== undefined) into[key] = `${value as string}`;
  }
  return into;
}
