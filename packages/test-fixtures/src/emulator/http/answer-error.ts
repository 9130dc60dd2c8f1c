import type { Context } from 'hono';
import { asHistoryError } from '../history/errors.js';
import { CORRELATION_HEADER } from './correlation.js';
import type { AppEnv } from './env.js';
import { ApiError, errors } from './errors.js';
import { ClientDisconnected } from './body.js';
import { ConnectionCut } from './faults.js';

/**
 * The answer to an error thrown while handling a request (Hono's `onError`): an ApiError as its
 * body (translated for the Change History), anything else a logged 500 `General`; the
 * X-Correlation-ID echoed. A connection that is gone (cut by a fault, or by the client) has no
 * one to answer and is no error of the emulator's: it is thrown on.
 */
export function answerError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ConnectionCut || error instanceof ClientDisconnected) throw error;
  const apiError = asHistoryError(c.req.url, error instanceof ApiError ? error : errors.general(`Internal error: ${error.message}`));
  if (!(error instanceof ApiError)) console.error('[commerce-emulator] unexpected error', error);
  const id = c.get('correlationId');
  return apiError.toResponse(id ? { [CORRELATION_HEADER]: id } : {});
}

/** The answer to a path no route takes: 404 naming method and path. */
export function answerNotFound(c: Context<AppEnv>): Response {
  return errors.notFound(`No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`).toResponse();
}
