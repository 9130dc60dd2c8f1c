/** `User-Agent`, for runtimes that let a script set it (Node, Deno, edge runtimes; browsers keep their own). */
import type { TransportMiddleware } from './types.js';
import { invalidOption } from '../errors.js';

/**
 * The step that sets `User-Agent` on requests that do not carry one.
 * @throws {ConfigurationError} `INVALID_OPTION` for an empty value or one with line breaks
 */
export function userAgentMiddleware(userAgent: string): TransportMiddleware {
  if (typeof userAgent !== 'string' || userAgent.trim() === '' || /[\r\n]/.test(userAgent)) {
    throw invalidOption('userAgent must be a non-empty single-line string');
  }
  return (draft, next) => {
    draft.headers['user-agent'] ??= userAgent;
    return next(draft);
  };
}
