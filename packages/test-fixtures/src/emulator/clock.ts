/** A source of the current time, so tests can move time forward (e.g. 200 days for refresh tokens). */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that only moves when told to.
 *
 * @example
 * const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));
 * clock.advance(200 * 24 * 3600 * 1000);
 */
export class ManualClock implements Clock {
  /** Starts at `current` (ms since the epoch; default: the wall clock's now). */
  constructor(private current: number = Date.now()) {}
  /** The clock's time in ms since the epoch; it changes only through {@link advance} and {@link set}. */
  now(): number {
    return this.current;
  }
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    if (ms < 0) throw new RangeError('a clock only moves forward');
    this.current += ms;
  }
  /** Sets the clock to an absolute time (never backwards). */
  set(epochMs: number): void {
    this.advance(epochMs - this.current);
  }
}

/** ISO 8601 UTC with milliseconds, as the service writes timestamps. */
export function isoTimestamp(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
