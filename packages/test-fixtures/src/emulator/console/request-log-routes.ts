import type { Hono } from 'hono';
import { json } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { CORRELATION_ID } from '../http/correlation.js';
import type { RequestLog, RequestLogFilter } from './request-log.js';

/** The most exchanges one listing returns (and the default). */
export const MAX_REQUEST_LOG_PAGE = 200;
const DEFAULT_REQUEST_LOG_PAGE = 50;
/** The longest path filter taken. */
const MAX_PATH_FILTER = 1024;

/** Reads the listing's query parameters; 400 InvalidInput naming the first bad one. */
function filterOf(query: (name: string) => string | undefined): RequestLogFilter {
  const limitText = query('limit');
  const limit = limitText === undefined ? DEFAULT_REQUEST_LOG_PAGE : /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_REQUEST_LOG_PAGE))
    throw errors.invalidInput(`limit must be an integer from 1 to ${MAX_REQUEST_LOG_PAGE}.`);
  const status = query('status') || undefined;
  if (status !== undefined && !/^(cut|[1-5]xx|[1-5]\d\d)$/.test(status))
    throw errors.invalidInput('status must be a status code (503), a class (5xx) or cut.');
  const path = query('path') || undefined;
  if (path !== undefined && path.length > MAX_PATH_FILTER)
    throw errors.invalidInput(`path must have at most ${MAX_PATH_FILTER} characters.`);
  const correlationId = query('correlationId') || undefined;
  if (correlationId !== undefined && !CORRELATION_ID.test(correlationId))
    throw errors.invalidInput('correlationId must be 8 to 256 characters of [A-Za-z0-9_-].');
  const afterText = query('after');
  if (afterText !== undefined && !/^\d{1,15}$/.test(afterText)) throw errors.invalidInput('after must be a request id (an integer >= 0).');
  return {
    limit,
    ...(status === undefined ? {} : { status }),
    ...(path === undefined ? {} : { path }),
    ...(correlationId === undefined ? {} : { correlationId }),
    ...(afterText === undefined ? {} : { after: Number(afterText) }),
  };
}

/**
 * The request log on the control API (behind its access rule):
 * - `GET /requests?status=&path=&correlationId=&after=&limit=`: summaries, newest first, and
 *   `lastId` (the newest id, for polling with `after`);
 * - `GET /requests/{id}`: one exchange with its request and answer, secrets masked;
 * - `DELETE /requests`: empties the log.
 */
export function registerRequestLogRoutes(control: Hono<AppEnv>, log: RequestLog): void {
  control.get('/requests', (c) => json({ ...log.list(filterOf((name) => c.req.query(name))), capacity: log.capacity }));
  control.get('/requests/:id', (c) => {
    const id = c.req.param('id');
    const entry = /^\d{1,15}$/.test(id) ? log.get(Number(id)) : undefined;
    if (!entry) throw errors.notFound(`No request with id '${id}' in the request log (it keeps the last ${log.capacity}).`);
    return json(entry);
  });
  control.delete('/requests', () => {
    log.clear();
    return new Response(null, { status: 204 });
  });
}
