/** Safe retries. */
import { networkError } from './request.js';
import { invalidOption } from '../errors.js';
import { NetworkError } from './errors.js';
import { urlOf } from './url.js';
import { fullJitterDelay, isIdempotentRequest, parseRetryAfter } from './retry-policy.js';
import { abortableSleep, type Sleep } from './sleep.js';
import type { RequestSummary, TransportMiddleware } from './types.js';

/** Why a retry happens, as {@link RetryOptions.onRetry} is told. */
export interface RetryEvent {
  /** The attempt that failed, 1 for the first. */
  attempt: number;
  /** How long the transport waits before the next attempt. */
  delayMs: number;
  /** Whether `delayMs` comes from a `Retry-After` header. */
  fromRetryAfter: boolean;
  /** The status that is retried, or `undefined` for a network error. */
  status: number | undefined;
  method: string;
  /** URL path, without the query (it may hold personal data). */
  path: string;
  correlationId: string | undefined;
}

/** Options of `retryMiddleware`; every one has a default. */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** Ceiling of the first backoff draw, doubled for each further retry. Default 200 ms. */
  baseDelayMs?: number;
  /** Upper bound of a backoff draw (not of `Retry-After`). Default 10 000 ms. */
  maxDelayMs?: number;
  /**
   * Total time for all attempts and waits. A wait that would end past it is not started: the
   * last answer is returned (or the network error thrown). Default 30 000 ms.
   */
  maxElapsedMs?: number;
  /** Statuses that are retried. Default `[429, 502, 503, 504]`. 500 is not: the action may have completed. */
  statuses?: readonly number[];
  /**
   * Overrides the idempotency rule for some requests, e.g. a GraphQL POST that only reads.
   * Return `undefined` to keep the default rule.
   */
  isIdempotent?: (request: RequestSummary, body: string | undefined) => boolean | undefined;
  /** Random numbers in [0, 1) for the jitter. Default `Math.random`. */
  random?: () => number;
  /** How to wait. Default: a timer that the request's signal aborts. */
  sleep?: Sleep;
  /** Clock for the total time. Default `Date.now`. */
  now?: () => number;
  /** Called before each wait, e.g. for logging or metrics. */
  onRetry?: (event: RetryEvent) => void;
}

/**
 * The options with their defaults, checked.
 * @internal
 */
export type ResolvedRetryOptions = Required<Omit<RetryOptions, 'isIdempotent' | 'onRetry'>> &
  Pick<RetryOptions, 'isIdempotent' | 'onRetry'>;

/** The defaults of {@link RetryOptions}; the two hooks have none. */
const DEFAULTS: Record<string, unknown> = {
  maxRetries: 3,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxElapsedMs: 30_000,
  statuses: [429, 502, 503, 504],
  random: Math.random,
  sleep: abortableSleep,
  now: Date.now,
  isIdempotent: undefined,
  onRetry: undefined,
};

/**
 * Fills in the defaults of {@link RetryOptions} and checks the values; a misspelt option is
 * refused rather than ignored.
 * @throws {ConfigurationError} `INVALID_OPTION`
 * @internal
 */
export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  const resolved = { ...DEFAULTS };
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const fallback = DEFAULTS[name];
    // Each kind of option: [what it must be, whether it is].
    const [expected, ok] =
      typeof fallback === 'number'
        ? name === 'maxRetries'
          ? ['an integer >= 0', Number.isInteger(value) && value >= 0]
          : ['a number >= 0', typeof value === 'number' && value >= 0 && value < Infinity]
        : Array.isArray(fallback)
          ? [
              'a list of 4xx/5xx statuses',
              Array.isArray(value) && value.every((status) => Number.isInteger(status) && status >= 400 && status <= 599),
            ]
          : name in DEFAULTS
            ? ['a function', typeof value === 'function']
            : ['left out: there is no such option', false];
    if (!ok) throw invalidOption(`retry.${name} must be ${expected}`);
    resolved[name] = value;
  }
  return resolved as ResolvedRetryOptions;
}

/**
 * The step that sends idempotent requests again after a retryable outcome.
 * @throws {ConfigurationError} `INVALID_OPTION` at creation
 */
export function retryMiddleware(options: RetryOptions = {}): TransportMiddleware {
  const o = resolveRetryOptions(options);
  return async (draft, next) => {
    const { signal } = draft.init;
    const body = draft.body instanceof ArrayBuffer ? new TextDecoder().decode(draft.body) : draft.body;
    // A hook is asked before anything is sent; the rule of isIdempotentRequest (pure) only once it matters.
    let idempotent = o.isIdempotent?.(draft, body);
    const started = o.now();
    for (let attempt = 1; ; attempt++) {
      signal?.throwIfAborted();
      let response: Response | undefined;
      let failure: NetworkError | undefined;
      try {
        // Every attempt sends the same draft: its body is held, and the auth step replaces its own token.
        response = await next(draft);
        if (!o.statuses.includes(response.status)) return response;
      } catch (error) {
        // Only rejections of fetch itself are network errors; a guard's error, an abort or a bug is not retried.
        if (!(error instanceof NetworkError) || signal?.aborted) throw error;
        failure = error;
      }
      const retryAfter = response && parseRetryAfter(response.headers.get('retry-after'), o.now());
      const delayMs = retryAfter ?? fullJitterDelay(attempt - 1, o, o.random);
      if (
        !(idempotent ??= isIdempotentRequest(draft.method, urlOf(draft.url), body)) ||
        attempt > o.maxRetries ||
        o.now() - started + delayMs > o.maxElapsedMs
      ) {
        if (response) return response;
        throw attempt > 1 ? networkError(draft, attempt, failure!.cause) : failure;
      }
      o.onRetry?.({
        attempt,
        delayMs,
        fromRetryAfter: retryAfter !== undefined,
        status: response?.status,
        method: draft.method,
        // The path without the query: it may hold personal data.
        path: urlOf(draft.url).pathname,
        correlationId: draft.headers['x-correlation-id'],
      });
      // Nothing to learn from a body that is not read.
      await response?.body?.cancel().catch(() => undefined);
      await o.sleep(delayMs, signal ?? undefined);
    }
  };
}
