import { ManualClock, type Clock } from '../clock.js';
import { errors } from '../http/errors.js';

/** What the control API tells of the emulator's clock. */
export interface ClockState {
  /** The emulator's time, ISO 8601 UTC with milliseconds. */
  now: string;
  /** The same in milliseconds since the epoch. */
  epochMs: number;
  /** True when the clock only moves when told (a {@link ManualClock}); false for the wall clock. */
  manual: boolean;
}

/** @example clockState(new ManualClock(0)); // { now: '1970-01-01T00:00:00.000Z', epochMs: 0, manual: true } */
export function clockState(clock: Clock): ClockState {
  const epochMs = clock.now();
  return { now: new Date(epochMs).toISOString(), epochMs, manual: clock instanceof ManualClock };
}

/**
 * Moves a manual clock as a control request asks: `{ "advanceMs": 172800000 }` moves it forward,
 * `{ "set": "2026-12-01T00:00:00Z" }` (or milliseconds since the epoch) sets it. Exactly one of
 * the two; the clock never moves backwards. Bad input is 400 `InvalidInput` and leaves the clock
 * alone; a wall clock is 400 `InvalidOperation`.
 *
 * @example
 * moveClock(clock, { advanceMs: 48 * 3600 * 1000 }); // every access token issued before has expired
 */
export function moveClock(clock: Clock, body: unknown): void {
  if (!(clock instanceof ManualClock)) {
    throw errors.invalidOperation(
      'The emulator runs on the wall clock, which cannot be moved: start it with --manual-clock (CLI) or the clock option new ManualClock().',
    );
  }
  const request = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  const fields = request === undefined ? [] : Object.keys(request);
  if (request === undefined || fields.length !== 1 || !['advanceMs', 'set'].includes(fields[0]!)) {
    throw errors.invalidInput('The body must be { "advanceMs": <ms> } or { "set": "<ISO 8601 instant>" | <ms since the epoch> }.');
  }
  if ('advanceMs' in request) {
    const ms = request['advanceMs'];
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) throw errors.invalidInput('advanceMs must be an integer >= 0.');
    if (clock.now() + ms > LATEST_INSTANT_MS) {
      throw errors.invalidInput(
        `advanceMs ${ms} would move the clock past ${new Date(LATEST_INSTANT_MS).toISOString()}, the last instant a date can hold.`,
      );
    }
    clock.advance(ms);
    return;
  }
  const target = parseInstant(request['set']);
  if (target === undefined) {
    throw errors.invalidInput(
      `set must be an ISO 8601 instant with a time zone (e.g. 2026-12-01T00:00:00Z) or an integer of ms since the epoch, up to ${new Date(LATEST_INSTANT_MS).toISOString()}.`,
    );
  }
  if (target < clock.now()) {
    throw errors.invalidInput(
      `set ${new Date(target).toISOString()} is before the clock's time ${new Date(clock.now()).toISOString()}: the clock never moves backwards.`,
    );
  }
  clock.set(target);
}

/**
 * The last instant a JavaScript date can hold (8.64e15 ms, +275760-09-13). A clock moved past it
 * would make every timestamp of every answer an error, with no way back (a clock never moves
 * backwards), so no control request may move it there.
 */
const LATEST_INSTANT_MS = 8.64e15;

/** ISO 8601 with a date, a time and a zone (`Z` or `±hh:mm`), as the CLI's --manual-clock takes it. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** True when every part of a date and time is in its range (no 30 February, no hour 24). */
function inRange(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  zoneHours: number,
  zoneMinutes: number,
): boolean {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    zoneHours <= 23 &&
    zoneMinutes <= 59
  );
}

/**
 * An instant as milliseconds since the epoch: an ISO 8601 string with a zone, or a safe integer of
 * ms, from the epoch to the last instant a date can hold; undefined for anything else (a date
 * without a zone would depend on the machine's zone, and an impossible one such as 30 February
 * would silently become another day).
 *
 * @example
 * parseInstant('2026-03-01T09:00:00Z'); // 1772355600000
 * parseInstant('2026-03-01'); // undefined
 * parseInstant('2026-02-30T00:00:00Z'); // undefined
 */
export function parseInstant(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && value <= LATEST_INSTANT_MS ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const parts = INSTANT.exec(value);
  if (parts === null) return undefined;
  const [year, month, day, hour, minute, second = 0, zoneHours = 0, zoneMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (!inRange(year!, month!, day!, hour!, minute!, second, zoneHours, zoneMinutes)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) || ms < 0 || ms > LATEST_INSTANT_MS ? undefined : ms;
}
