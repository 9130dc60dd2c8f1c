import { errors } from '../http/errors.js';
import type { ApiError } from '../http/errors.js';

/**
 * The InvalidInput error for a bad query parameter. Every message starts with
 * `Malformed parameter: <name>: ` so that a client (and a test) can tell which parameter was wrong.
 *
 * @example
 * throw malformed('limit', "Value '600' is not an integer between 0 and 500.");
 */
export function malformed(parameter: string, detail: string): ApiError {
  return errors.invalidInput(`Malformed parameter: ${parameter}: ${detail}`);
}

/**
 * The InvalidInput error for a syntax error in a predicate, naming the 1-based character position.
 *
 * @example
 * throw syntaxError("Unexpected token 'foo' at position 12.");
 */
export function syntaxError(detail: string): ApiError {
  return malformed('where', `Syntax error while parsing 'where'. ${detail}`);
}

/** Shortens a token or a source excerpt for an error message, so huge inputs do not produce huge messages. */
export function excerpt(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
