/** Secrets cut out of the evidence of an error (internal; not exported from the package index). */

/** What replaces a secret. */
export const REDACTED = '[REDACTED]';

/**
 * Members whose value is a secret whatever it is, in any case: access, refresh and id tokens,
 * `token`, passwords, client secrets, API keys, `Authorization`.
 */
const SECRET_MEMBER = /^((access|refresh|id)_?token|token|password|(client_?)?secret|(x-)?api_?key|authorization)$/i;

/**
 * Replaces every occurrence of a known secret in a string, as is and percent-encoded; the longest
 * first, so that a secret that contains another is replaced whole.
 */
export function redactText(text: string, secrets: readonly (string | undefined)[]): string {
  for (const secret of secrets.flatMap((s) => (s ? [s, encodeURIComponent(s)] : [])).sort((a, b) => b.length - a.length)) {
    text = text.replaceAll(secret, REDACTED);
  }
  return text;
}

/**
 * A deep copy of a JSON value without secrets: members named like a secret are replaced whole,
 * known secret strings are cut out of every other string.
 */
export function redactValue(value: unknown, secrets: readonly (string | undefined)[]): unknown {
  return value === undefined
    ? value
    : JSON.parse(
        JSON.stringify(value, (key, member: unknown) =>
          SECRET_MEMBER.test(key) ? REDACTED : typeof member === 'string' ? redactText(member, secrets) : member,
        ),
      );
}
