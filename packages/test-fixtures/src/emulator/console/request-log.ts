import type { MiddlewareHandler } from 'hono';
import { CONTROL_PREFIX } from '../control/prefix.js';
import { CORRELATION_HEADER } from '../http/correlation.js';
import { readUpTo } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { projectOfPath } from '../http/served-request.js';
import { maskBody, maskHeaders, maskPath, maskQuery } from './mask-secrets.js';

/** How many exchanges the log keeps: the oldest goes when a new one comes. */
export const REQUEST_LOG_CAPACITY = 200;
/** The largest body the log keeps (in bytes); a larger one is told by its size only, never cut (a cut body could not be masked). */
export const MAX_LOGGED_BODY_BYTES = 32 * 1024;

/** A request or an answer as the log keeps it, secrets masked. */
export interface LoggedMessage {
  headers: Record<string, string>;
  /** The body, masked; absent when there is none or it is larger than {@link MAX_LOGGED_BODY_BYTES}. */
  body?: string;
  /** The body's size in bytes (as far as it was read: past the limit, at least this). */
  bodyBytes: number;
  /** True when the body is not kept: larger than {@link MAX_LOGGED_BODY_BYTES}, or answered without being read. */
  bodyOmitted: boolean;
}

/** One line of the log's listing. */
export interface LoggedRequestSummary {
  /** Increases by one per request: the newest has the highest. */
  id: number;
  /** When the request arrived (the wall clock, ISO 8601), whatever the emulator's clock says. */
  at: string;
  method: string;
  path: string;
  /** The query string with its `?`, secrets masked; '' for none. */
  query: string;
  /** The answer's status; `null` when a fault rule cut the connection. */
  status: number | null;
  durationMs: number;
  correlationId?: string;
  projectKey?: string;
}

/** One exchange in full: the summary, the request and the answer. */
export interface LoggedRequest extends LoggedRequestSummary {
  request: LoggedMessage;
  /** Absent when the connection was cut. */
  response?: LoggedMessage;
}

/** Which exchanges a listing returns. */
export interface RequestLogFilter {
  /** `503`, a class `5xx`, or `cut` (a connection cut by a fault rule). */
  status?: string;
  /** Part of the path (case-sensitive). */
  path?: string;
  correlationId?: string;
  /** Only exchanges with a higher id (polling for new ones). */
  after?: number;
  limit: number;
}

/**
 * The emulator's recent requests and answers (not the control API's), for the web console:
 * bounded in number and in body size, secrets masked as they are recorded, so nothing secret is
 * ever kept. Recording costs every request a copy of its bodies, so unless asked from the start
 * it begins at the first read.
 */
export class RequestLog {
  private readonly entries: LoggedRequest[] = [];
  private nextId = 1;

  /** @param recording records from the start; otherwise from the first {@link list}. */
  constructor(
    public recording = false,
    readonly capacity = REQUEST_LOG_CAPACITY,
  ) {}

  /** Newest first. The first listing starts the recording, if it had not started. */
  list(filter: RequestLogFilter): { results: LoggedRequestSummary[]; lastId: number } {
    this.recording = true;
    const results: LoggedRequestSummary[] = [];
    for (let i = this.entries.length - 1; i >= 0 && results.length < filter.limit; i--) {
      const entry = this.entries[i]!;
      if (filter.after !== undefined && entry.id <= filter.after) break;
      if (matches(entry, filter)) results.push(summaryOf(entry));
    }
    return { results, lastId: this.nextId - 1 };
  }

  get(id: number): LoggedRequest | undefined {
    return this.entries.find((entry) => entry.id === id);
  }

  clear(): void {
    this.entries.length = 0;
  }

  /** Keeps an exchange (the oldest goes past the capacity). */
  add(entry: Omit<LoggedRequest, 'id'>): LoggedRequest {
    const kept = { id: this.nextId++, ...entry };
    this.entries.push(kept);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return kept;
  }
}

function summaryOf({ request: _request, response: _response, ...summary }: LoggedRequest): LoggedRequestSummary {
  return summary;
}

function matches(entry: LoggedRequest, { status, path, correlationId }: RequestLogFilter): boolean {
  if (path !== undefined && !entry.path.includes(path)) return false;
  if (correlationId !== undefined && entry.correlationId !== correlationId) return false;
  if (status === undefined) return true;
  if (status === 'cut') return entry.status === null;
  if (/^[1-5]xx$/.test(status)) return entry.status !== null && Math.floor(entry.status / 100) === Number(status[0]);
  return entry.status === Number(status);
}

/** Headers and a body (read up to the limit), masked. */
async function logged(headers: Headers, body: ReadableStream<Uint8Array> | null): Promise<LoggedMessage> {
  const masked = maskHeaders(headers);
  // A failed body (the client went away) keeps what was read.
  const { bytes, size, over } =
    body === null ? { bytes: new Uint8Array(0), size: 0, over: false } : await readUpTo(body, MAX_LOGGED_BODY_BYTES);
  if (over) return { headers: masked, bodyBytes: size, bodyOmitted: true };
  if (bytes.byteLength === 0) return { headers: masked, bodyBytes: 0, bodyOmitted: false };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return { headers: masked, body: maskBody(text, headers.get('content-type')), bodyBytes: bytes.byteLength, bodyOmitted: false };
}

/**
 * The request, its body read from `copy` (a clone taken before the emulator read the original).
 * A body the emulator answered without reading (a 413 on its Content-Length, a 401, a fault) is
 * not read here either: its client may never send it.
 */
function loggedRequest(request: Request, copy: Request | undefined): Promise<LoggedMessage> {
  if (copy?.body && !request.bodyUsed) {
    copy.body.cancel().catch(() => undefined);
    return Promise.resolve({ headers: maskHeaders(request.headers), bodyBytes: 0, bodyOmitted: true });
  }
  return logged(request.headers, copy?.body ?? null);
}

/**
 * The middleware that fills the log: every request but the control API's (the console's own
 * polling would crowd out what it shows), once answered or cut.
 */
export function recordingRequests(log: RequestLog): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!log.recording || url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) return next();
    const started = performance.now();
    const at = new Date().toISOString();
    const raw = c.req.raw;
    const copy = raw.method === 'GET' || raw.method === 'HEAD' || raw.body === null ? undefined : raw.clone();
    const keep = async (response: Response | undefined) => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const correlationId = response?.headers.get(CORRELATION_HEADER) ?? c.get('correlationId');
      const projectKey = projectOfPath(url.pathname);
      log.add({
        at,
        method: c.req.method,
        path: maskPath(url.pathname),
        query: maskQuery(url.search),
        status: response?.status ?? null,
        durationMs,
        ...(correlationId ? { correlationId } : {}),
        ...(projectKey === undefined ? {} : { projectKey }),
        request: await loggedRequest(raw, copy),
        ...(response === undefined ? {} : { response: await logged(response.headers, response.clone().body) }),
      });
    };
    try {
      await next();
    } catch (error) {
      await keep(undefined);
      throw error;
    }
    await keep(c.res);
  };
}
