/** Waits between the attempts of the helpers: the transport's full-jitter backoff, abortable. */
import { abortableSleep, fullJitterDelay, invalidOption, resolveRetryOptions, type RetryOptions } from '@commerce-kit/core-auth/http';

/** How a helper waits between attempts: the backoff members of the transport's `RetryOptions`. */
export type Backoff = Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random' | 'sleep'>;

/**
 * A waiter: `wait(n)` sleeps a full-jitter draw below `min(maxDelayMs, baseDelayMs * 2^n)`, or
 * `exactMs` when given (a `Retry-After`).
 * @throws {ConfigurationError} `INVALID_OPTION` for a bad member, checked as the transport checks it
 */
export function backoff(options: Backoff | undefined, defaults: { baseDelayMs: number; maxDelayMs: number }) {
  const o = resolveRetryOptions({ ...defaults, ...options });
  const random = options?.random ?? Math.random;
  const sleep = options?.sleep ?? abortableSleep;
  return (retry: number, signal: AbortSignal | undefined, exactMs?: number): Promise<void> =>
    sleep(exactMs ?? fullJitterDelay(retry, o, random), signal);
}

/**
 * Checks a bounded attempt count.
 * @throws {ConfigurationError} `INVALID_OPTION`
 */
export function attemptsOption(value: number | undefined, fallback: number): number {
  const attempts = value ?? fallback;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 1_000) {
    throw invalidOption('maxAttempts must be an integer from 1 to 1000');
  }
  return attempts;
}
