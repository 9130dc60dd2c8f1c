/** `User-Agent`, for runtimes that let a script set it (Node, Deno, edge runtimes; browsers keep their own). */
import { asMiddleware, type DraftStep } from './draft.js';
import type { TransportMiddleware } from './types.js';
import { invalidOption } from './errors.js';

/**
 * The step that sets `User-Agent` on requests that do not carry one.
 *
 * @throws {ConfigurationError} `INVALID_OPTION` for an empty value or one with line breaks
 * @example
 * const step = userAgentStep('my-shop-backend/2.3.0');
 */
export function userAgentStep(userAgent: string): DraftStep {
  if (typeof userAgent !== 'string' || userAgent.trim() === '' || /[\r\n]/.test(userAgent)) {
    throw invalidOption('userAgent must be a non-empty single-line string');
  }
  return (draft, next) => {
    draft.headers['user-agent'] ??= userAgent;
    return next(draft);
  };
}

/**
 * Sets `User-Agent` on requests that do not carry one.
 *
 * @throws {ConfigurationError} `INVALID_OPTION` for an empty value or one with line breaks
 * @example
 * createTransport({ userAgent: 'my-shop-backend/2.3.0' });
 */
export const userAgentMiddleware = (userAgent: string): TransportMiddleware => asMiddleware(userAgentStep(userAgent));
