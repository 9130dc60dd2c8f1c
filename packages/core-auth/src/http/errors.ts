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
export type InvalidRequestErrorCode = 'INVALID_CORRELATION_ID' | 'INVALID_EXTERNAL_USER_ID' | 'REQUEST_TOO_LARGE' | 'INVALID_PATH_PARAMETER';

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
  /** HTTP method and URL path (no query: it may hold personal data) of the request. */
  declare readonly request: { method: string; path: string };

  constructor(options: { method: string; url: string; correlationId: string | undefined; attempts: number; cause: unknown }) {
    const path = urlOf(options.url).pathname;
    super(`network error on ${options.method} ${path} after ${options.attempts} attempt${options.attempts === 1 ? '' : 's'}`, {
      cause: options.cause,
    });
    this.correlationId = options.correlationId;
    this.attempts = options.attempts;
    this.request = { method: options.method, path };
  }
}
