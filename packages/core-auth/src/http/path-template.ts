/**
 * Path parameters: `{name}` in a path template replaced by its value, encoded with
 * `encodeURIComponent`. A template is split once and the parts kept, so a call only joins strings.
 */

/** Templates split at their parameters (odd indices are the names), by template. */
const templates = new Map<string, string[]>();

/**
 * Fills the `{name}` parameters of a path template. A value is encoded with
 * `encodeURIComponent`; a missing (`undefined` or `null`) value leaves its placeholder as it is,
 * as openapi-fetch does. Only openapi-fetch's default style (`{name}`, a scalar value) is
 * supported: the commerce paths use nothing else.
 *
 * @example
 * fillPath('/stores/key={key}', { key: 'eu west' }) // '/stores/key=eu%20west'
 */
export function fillPath(template: string, values: Record<string, unknown>): string {
  let parts = templates.get(template);
  if (parts === undefined) {
    // Paths given untyped may be endless; the typed ones are a few hundred.
    if (templates.size >= 1_000) templates.clear();
    parts = template.split(/\{([^{}]+)\}/);
    templates.set(template, parts);
  }
  let path = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    const value = values[name];
    path += (value === undefined || value === null ? `{${name}}` : encodeURIComponent(value as string)) + parts[i + 1]!;
  }
  return path;
}
