/**
 * Path parameters: `{name}` in a path template replaced by its value, encoded with
 * `encodeURIComponent`. A template is split once and the parts kept, so a call only joins strings.
 */

import { InvalidRequestError } from './errors.js';

/** Templates split at their parameters (odd indices are the names), by template. */
const templates = new Map<string, string[]>();

/**
 * Fills the `{name}` parameters of a path template.
 * @throws {InvalidRequestError} `INVALID_PATH_PARAMETER` for an empty value or a dot segment
 * @internal
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
    if (value === undefined || value === null) path += `{${name}}`;
    else {
      const encoded = encodeURIComponent(value as string);
      if (encoded === '' || ((encoded === '.' || encoded === '..') && isWholeSegment(parts, i))) throw refused(name, encoded);
      path += encoded;
    }
    path += parts[i + 1]!;
  }
  return path;
}

/** Whether the parameter at `parts[i]` fills a whole path segment (`/{ID}/`, `/{ID}` at the end). */
const isWholeSegment = (parts: string[], i: number): boolean => parts[i - 1]!.endsWith('/') && /^(?:\/|\?|$)/.test(parts[i + 1]!);

function refused(name: string, value: string): InvalidRequestError {
  const why = value === '' ? 'is empty' : `is the dot segment ${JSON.stringify(value)}`;
  return new InvalidRequestError(`path parameter ${name} ${why}: the request would address another endpoint`, {
    code: 'INVALID_PATH_PARAMETER',
    cause: { parameter: name, value },
  });
}
