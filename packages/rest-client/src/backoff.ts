/** Waits between the attempts of the helpers: exponential backoff with full jitter, abortable. */
import { abortableSleep, invalidOption, fullJitterDelay, type Sleep } from './transport.js';

/**
 * How a helper waits between attempts.
 *
 * @example
 * updateWithRetry(client, { ...options, backoff: { baseDelayMs: 100, maxDelayMs: 1_000 } });
 */
export interface BackoffOptions {
  /** Ceiling of the first draw, doubled per attempt. */
  baseDelayMs?: number;
  /** Upper bound of any draw. */
  maxDelayMs?: number;
  /** Random numbers in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** How to wait. Default: a timer the signal aborts. */
  sleep?: Sleep;
}

/**
 * A waiter: `wait(n)` sleeps a full-jitter draw below `min(maxDelayMs, baseDelayMs * 2^n)`, or
 * `exactMs` when given (a `Retry-After`).
 *
 * @throws {ConfigurationError} `INVALID_OPTION` for negative delays
 * @example
 * const wait = backoff({ baseDelayMs: 50 }, { baseDelayMs: 50, maxDelayMs: 2_000 });
 * await wait(0, signal);
 */
export function backoff(options: BackoffOptions | undefined, defaults: { baseDelayMs: number; maxDelayMs: number }) {
  const baseDelayMs = options?.baseDelayMs ?? defaults.baseDelayMs;
  const maxDelayMs = options?.maxDelayMs ?? defaults.maxDelayMs;
  for (const [name, value] of [
    ['baseDelayMs', baseDelayMs],
    ['maxDelayMs', maxDelayMs],
  ] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw invalidOption(`backoff.${name} must be a number >= 0`);
    }
  }
  const random = options?.random ?? Math.random;
  const sleep = options?.sleep ?? abortableSleep;
  return (retry: number, signal: AbortSignal | undefined, exactMs?: number): Promise<void> =>
    sleep(exactMs ?? fullJitterDelay(retry, { baseDelayMs, maxDelayMs }, random), signal);
}

/**
 * Checks a bounded attempt count.
 *
 * @throws {ConfigurationError} `INVALID_OPTION`
 * @example
 * attemptsOption(undefined, 5) // 5
 */
export function attemptsOption(value: number | undefined, fallback: number): number {
  const attempts = value ?? fallback;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 1_000) {
    throw invalidOption('maxAttempts must be an integer from 1 to 1000');
  }
  return attempts;
}
