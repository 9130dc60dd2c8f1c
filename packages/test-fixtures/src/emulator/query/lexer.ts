import type { ApiError } from '../http/errors.js';
import { excerpt, syntaxError as defaultFail } from './malformed.js';

export type ComparisonOperator = '=' | '!=' | '<>' | '<' | '>' | '<=' | '>=';

/** One token of a predicate. `pos` is the 1-based character position of its first character. */
export type Token =
  | { readonly kind: 'ident'; readonly text: string; readonly lower: string; readonly pos: number }
  | { readonly kind: 'string'; readonly value: string; readonly text: string; readonly pos: number }
  | { readonly kind: 'number'; readonly value: number; readonly text: string; readonly pos: number }
  | { readonly kind: 'var'; readonly name: string; readonly text: string; readonly pos: number }
  | { readonly kind: 'op'; readonly op: ComparisonOperator; readonly text: string; readonly pos: number }
  | { readonly kind: '(' | ')' | ','; readonly text: string; readonly pos: number }
  | { readonly kind: 'eof'; readonly text: ''; readonly pos: number };

const IDENT_START = /[A-Za-z_]/;
// Locales (`en-US`) and custom field names may contain dashes.
const PLAIN_IDENT_PART = /[A-Za-z0-9_-]/;
// Cart predicates name fields with dots (`customer.email`, `attributes.size`).
const DOTTED_IDENT_PART = /[A-Za-z0-9_.-]/;
const VAR_NAME = /[A-Za-z0-9_]/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export interface TokenizeOptions {
  /** Identifiers may contain dots (cart predicates). */
  readonly dotted?: boolean;
  /** The error for a syntax error, given its detail (default: the `where` parameter's InvalidInput). */
  readonly fail?: (detail: string) => ApiError;
}

/**
 * Splits a predicate into tokens, in one pass. Keywords are not recognised here: they are identifiers that the
 * parser compares case-insensitively (`lower`), so that a field may still be called `key` or `all`.
 *
 * @example
 * tokenize('name(en = "x")').map((t) => t.kind); // ['ident', '(', 'ident', 'op', 'string', ')', 'eof']
 */
export function tokenize(source: string, options: TokenizeOptions = {}): Token[] {
  const syntaxError = options.fail ?? defaultFail;
  const identPart = options.dotted ? DOTTED_IDENT_PART : PLAIN_IDENT_PART;
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const pos = i + 1;
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c, text: c, pos });
      i++;
      continue;
    }
    if (c === '"') {
      i = readString(source, i, tokens, syntaxError);
      continue;
    }
    if (c === '=') {
      tokens.push({ kind: 'op', op: '=', text: '=', pos });
      i++;
      continue;
    }
    if (c === '!') {
      if (source[i + 1] === '=') {
        tokens.push({ kind: 'op', op: '!=', text: '!=', pos });
        i += 2;
        continue;
      }
      throw syntaxError(`Unexpected character '!' at position ${pos}.`);
    }
    if (c === '<' || c === '>') {
      const next = source[i + 1];
      if (next === '=') {
        const op = c === '<' ? '<=' : '>=';
        tokens.push({ kind: 'op', op, text: op, pos });
        i += 2;
      } else if (c === '<' && next === '>') {
        tokens.push({ kind: 'op', op: '<>', text: '<>', pos });
        i += 2;
      } else {
        tokens.push({ kind: 'op', op: c, text: c, pos });
        i++;
      }
      continue;
    }
    if (c === ':') {
      let j = i + 1;
      while (j < n && VAR_NAME.test(source[j]!)) j++;
      if (j === i + 1) throw syntaxError(`Expected a variable name after ':' at position ${pos}.`);
      tokens.push({ kind: 'var', name: source.slice(i + 1, j), text: source.slice(i, j), pos });
      i = j;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(source);
      if (!m) throw syntaxError(`Unexpected character '${c}' at position ${pos}.`);
      const end = i + m[0].length;
      if (end < n && identPart.test(source[end]!)) {
        let j = end;
        while (j < n && identPart.test(source[j]!)) j++;
        throw syntaxError(`Unexpected token '${excerpt(source.slice(i, j))}' at position ${pos}.`);
      }
      tokens.push({ kind: 'number', value: Number(m[0]), text: m[0], pos });
      i = end;
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && identPart.test(source[j]!)) j++;
      const text = source.slice(i, j);
      tokens.push({ kind: 'ident', text, lower: text.toLowerCase(), pos });
      i = j;
      continue;
    }
    throw syntaxError(`Unexpected character '${c}' at position ${pos}.`);
  }
  tokens.push({ kind: 'eof', text: '', pos: n + 1 });
  return tokens;
}

/** Reads a double-quoted string starting at `start`; returns the index after the closing quote. */
function readString(source: string, start: number, tokens: Token[], syntaxError: (detail: string) => ApiError): number {
  let value = '';
  let i = start + 1;
  let chunk = i;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '"') {
      value += source.slice(chunk, i);
      tokens.push({ kind: 'string', value, text: source.slice(start, i + 1), pos: start + 1 });
      return i + 1;
    }
    if (c === '\\') {
      value += source.slice(chunk, i);
      const e = source[i + 1];
      if (e === undefined) break;
      if (e === 'u') {
        const hex = source.slice(i + 2, i + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw syntaxError(`Invalid unicode escape at position ${i + 1}.`);
        value += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else {
        // Unknown escapes stand for the escaped character itself (`\'` is `'`).
        value += ESCAPES[e] ?? e;
        i += 2;
      }
      chunk = i;
      continue;
    }
    i++;
  }
  throw syntaxError(`Unterminated string starting at position ${start + 1}.`);
}
