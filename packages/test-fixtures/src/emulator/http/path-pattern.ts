import { RE2JS } from 're2js';

/** Longest pattern a fault rule takes, in characters of its source. */
export const MAX_PATH_PATTERN_LENGTH = 1_000;

/** JS RegExp flags and what they become; `g`, `y` and `d` mean nothing to a single test. */
const FLAGS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0, g: 0, y: 0, d: 0 };

/**
 * A fault rule's path RegExp, compiled for RE2's linear-time engine (re2js), so that no pattern
 * can make matching a request path backtrack for seconds and block the emulator (`^/x(a+)+$`
 * against `/xaaaa...a!`). The syntax is JavaScript's without what needs backtracking:
 * backreferences and lookaround are refused, as is a source over {@link MAX_PATH_PATTERN_LENGTH}
 * characters; the message says why.
 *
 * @example
 * const matches = linearMatcher(/^\/my-project\/product-selections/);
 * matches('/my-project/product-selections?limit=1'); // true
 * linearMatcher(/(a)\1/); // throws Error: ... backreference ...
 */
export function linearMatcher(pattern: RegExp): (path: string) => boolean {
  if (pattern.source.length > MAX_PATH_PATTERN_LENGTH) {
    throw new Error(`it has ${pattern.source.length} characters; at most ${MAX_PATH_PATTERN_LENGTH}`);
  }
  let flags = 0;
  for (const flag of pattern.flags) {
    const value = FLAGS[flag];
    if (value === undefined) throw new Error(`the flag ${flag} is not supported (i, m, s, u are)`);
    flags |= value;
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern.source), flags);
  } catch (error) {
    throw new Error(`it cannot be matched in linear time (no backreferences or lookaround): ${(error as Error).message}`);
  }
  return (path) => compiled.matcher(path).find();
}
