/** Rounds and waits of the helpers: the transport's retry vocabulary and full-jitter backoff, abortable. */
import { abortableSleep, fullJitterDelay, resolveRetryOptions, type RetryOptions } from '@commerce-kit/core-auth/http';

/**
 * How a helper repeats: the members of the transport's `RetryOptions` that apply to it.
 * `maxRetries` counts the rounds after the first, as for the transport.
 */
export type HelperRetry = Pick<RetryOptions, 'maxRetries' | 'baseDelayMs' | 'maxDelayMs' | 'random' | 'sleep'>;

/**
 * The helper's retry budget and waiter: `wait(n)` sleeps a full-jitter draw below
 * `min(maxDelayMs, baseDelayMs * 2^n)`, or `exactMs` when given (a `Retry-After`).
 * @throws {ConfigurationError} `INVALID_OPTION` for a bad member, checked as the transport checks it
 */
export function helperRetry(options: HelperRetry | undefined, defaults: { maxRetries: number; baseDelayMs: number; maxDelayMs: number }) {
  const o = resolveRetryOptions({ ...defaults, ...options });
  const random = options?.random ?? Math.random;
  const sleep = options?.sleep ?? abortableSleep;
  return {
    attempts: o.maxRetries + 1,
    wait: (retry: number, signal: AbortSignal | undefined, exactMs?: number): Promise<void> =>
      sleep(exactMs ?? fullJitterDelay(retry, o, random), signal),
  };
}
