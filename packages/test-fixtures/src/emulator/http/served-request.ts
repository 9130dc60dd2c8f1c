import { maskPath } from '../console/mask-secrets.js';
import { CONTROL_PREFIX } from '../control/prefix.js';
import { CORRELATION_HEADER } from './correlation.js';

/**
 * One request served over the socket, as `onRequest` of `serveEmulator` and `startEmulator` gets
 * it (the CLI's request log). Nothing secret: the path without its query string (token values
 * masked), no header but the correlation id, no body.
 */
export interface ServedRequest {
  method: string;
  /** The URL's path, without the query string, token values masked (`password-token=***`). */
  path: string;
  /** The answer's status; `null` when fault injection cut the connection instead. */
  status: number | null;
  /** From the request's arrival to the answer's headers, in milliseconds. */
  durationMs: number;
  /** The answer's `X-Correlation-ID` (absent on a CORS preflight). */
  correlationId?: string;
  /** The project the path names, if any (`/<project>/...`, `/history/<project>/...`, `/auth/oauth/<project>/...`). */
  projectKey?: string;
}

/**
 * The project a path of the emulator names: the API's first segment, the Change History's and
 * the project-specific token endpoints' second; none for `/auth/oauth/token`, introspection or
 * the control API.
 *
 * @example
 * projectOfPath('/history/my-project/product-selection'); // 'my-project'
 * projectOfPath('/auth/oauth/token'); // undefined
 */
export function projectOfPath(path: string): string | undefined {
  const segments = path.split('/').slice(1);
  if (path.startsWith(`${CONTROL_PREFIX}/`) || path === CONTROL_PREFIX) return undefined;
  if (segments[0] === 'history') return segments[1] || undefined;
  if (segments[0] === 'auth') return segments[1] === 'oauth' && segments.length > 3 ? segments[2] : undefined;
  return segments[0] || undefined;
}

type Handler = (request: Request, env: never) => Response | Promise<Response>;

/**
 * Wraps a server's handler so that `onRequest` hears of every request once answered (or cut).
 * A listener that throws does not change the answer.
 */
export function reportingRequests<H extends Handler>(handler: H, onRequest: (served: ServedRequest) => void): H {
  const report = (request: Request, started: number, response: Response | undefined) => {
    const path = new URL(request.url).pathname;
    const correlationId = response?.headers.get(CORRELATION_HEADER) ?? undefined;
    const projectKey = projectOfPath(path);
    try {
      onRequest({
        method: request.method,
        path: maskPath(path),
        status: response?.status ?? null,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(correlationId === undefined ? {} : { correlationId }),
        ...(projectKey === undefined ? {} : { projectKey }),
      });
    } catch (error) {
      console.error('[commerce-emulator] onRequest failed', error);
    }
  };
  return (async (request: Request, env: never) => {
    const started = performance.now();
    try {
      const response = await handler(request, env);
      report(request, started, response);
      return response;
    } catch (error) {
      report(request, started, undefined);
      throw error;
    }
  }) as H;
}
