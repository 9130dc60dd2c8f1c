/**
 * Compares strings by Unicode code point, as the service sorts (case-sensitive: 'B' < 'a').
 * JS `<` compares UTF-16 code units, which differs only when a surrogate pair meets a character
 * in U+E000..U+FFFF; that case is corrected here.
 *
 * @example
 * compareStrings('B', 'a'); // -1
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) return codePointRank(x) - codePointRank(y);
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Surrogates (U+D800..U+DFFF) encode code points above U+FFFF, so they rank above U+E000..U+FFFF. */
function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

export type Scalar = string | number | boolean;

/**
 * Orders a field value against a literal of the predicate; `undefined` when they cannot be compared
 * (different types, objects, missing values): such a comparison is false, never an error.
 * Booleans compare for equality only (`undefined` from ordering operators is handled by the caller).
 *
 * @example
 * compareToLiteral(5, 3); // 2 (> 0)
 * compareToLiteral(5, '5'); // undefined
 */
export function compareToLiteral(field: unknown, literal: Scalar): number | undefined {
  switch (typeof field) {
    case 'string':
      return typeof literal === 'string' ? compareStrings(field, literal) : undefined;
    case 'number':
      return typeof literal === 'number' ? (field < literal ? -1 : field > literal ? 1 : 0) : undefined;
    case 'boolean':
      return typeof literal === 'boolean' ? (field === literal ? 0 : field ? 1 : -1) : undefined;
    default:
      return undefined;
  }
}

/**
 * A `:variable` always arrives as a string; it takes the runtime type of the field it is compared
 * with (`"5"` against a number field is 5, `"true"` against a boolean is true). `undefined` when the
 * string is not a value of that type.
 *
 * @example
 * coerceVariable(3, '5'); // 5
 * coerceVariable(true, 'yes'); // undefined
 */
export function coerceVariable(field: unknown, value: string): Scalar | undefined {
  switch (typeof field) {
    case 'string':
      return value;
    case 'number': {
      if (value.trim() === '') return undefined;
      const n = Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    default:
      return undefined;
  }
}

/** The own property `name` of a plain object; `undefined` for anything else (never the prototype's). */
export function ownField(value: unknown, name: string): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.prototype.hasOwnProperty.call(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * True for a non-null object that is not an array (a JSON object).
 *
 * @example
 * isPlainObject({ en: 'x' }); // true
 * isPlainObject(['x']); // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
