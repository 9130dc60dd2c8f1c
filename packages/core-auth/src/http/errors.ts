/**
 * The errors of the transport layer: a request refused before it was sent, and a network
 * failure that outlived its retries. Their evidence names headers and sizes, never a token.
 */
import { FieldedError } from '../errors.js';
import { urlOf } from './url.js';

/**
 * Why a request was refused before it was sent:
 * - `INVALID_CORRELATION_ID`: an `X-Correlation-ID` that is not 8 to 256 of `[A-Za-z0-9_-]`
 *   (the service would answer 400);
 * - `INVALID_EXTERNAL_USER_ID`: an `X-External-User-ID` that looks like an e-mail address, is
 *   empty or longer than 256 characters (no personal data);
 * - `REQUEST_TOO_LARGE`: URL plus headers above the limit (blocked above about 15 KB);
 * - `INVALID_PATH_PARAMETER`: a path parameter that is empty, or `.` or `..` as a whole segment,
 *   which would address another endpoint (URL parsing removes dot segments, encoded or not).
 */
export type InvalidRequestErrorCode =
  'INVALID_CORRELATION_ID' | 'INVALID_EXTERNAL_USER_ID' | 'REQUEST_TOO_LARGE' | 'INVALID_PATH_PARAMETER';

/**
 * A request the transport refused to send, because the service would refuse it or because it
 * would leak personal data. Nothing reached the network.
 */
export class InvalidRequestError extends FieldedError<{ code: InvalidRequestErrorCode }> {
  override readonly name = 'InvalidRequestError';
  declare readonly code: InvalidRequestErrorCode;

  constructor(message: string, options: { code: InvalidRequestErrorCode; cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The network failed (`fetch` rejected with a `TypeError`: connection refused or cut, DNS, TLS) and
 * retrying did not help, or the request was not safe to retry.
 */
export class NetworkError extends TypeError {
  override readonly name = 'NetworkError';
  /** Stable for every instance of this class. */
  readonly code = 'NETWORK_ERROR' as const;
  /** The `X-Correlation-ID` the request was sent with: quote it to support. */
  declare readonly correlationId: string | undefined;
  /** How many times the request was sent. */
  declare readonly attempts: number;
  /**
   * HTTP method, origin (`undefined` for a relative URL) and URL path of the request; no query:
   * it may hold personal data.
   */
  declare readonly request: { method: string; origin: string | undefined; path: string };

  constructor(options: { method: string; url: string; correlationId: string | undefined; attempts: number; cause: unknown }) {
    const url = urlOf(options.url);
    const origin = /^[a-z][a-z\d+.-]*:/i.test(options.url) ? url.origin : undefined;
    const attempts = `${options.attempts} attempt${options.attempts === 1 ? '' : 's'}`;
    super(`network error on ${options.method} ${origin ?? ''}${url.pathname} after ${attempts}${hintFor(origin)}`, {
      cause: options.cause,
    });
    this.correlationId = options.correlationId;
    this.attempts = options.attempts;
    this.request = { method: options.method, origin, path: url.pathname };
  }
}

/**
 * `http://127.0.0.1` without a port is the origin of an in-process emulator (`emulator.urls()` of
 * `@commerce-kit/test-fixtures`), which only its own `fetch` reaches: nothing listens there.
 */
const IN_PROCESS_EMULATOR = 'http://127.0.0.1';

/** What to do about a network failure at `origin`, when we know. */
function hintFor(origin: string | undefined): string {
  return origin === IN_PROCESS_EMULATOR
    ? ` (${IN_PROCESS_EMULATOR}, without a port, is an in-process emulator's origin: pass fetch: emulator.fetch to the client and the token provider, or serve it on a port with startEmulator)`
    : '';
}
