/**
 * Bounds of the date filter (`date.from`, `date.to`; GraphQL `date: { from, to }`): an ISO 8601
 * date-time, a non-negative whole number of hours before the service's now, or `now`.
 */
import type { DateFilterValue } from './generated/history.js';
import { invalidOption } from '@commerce-kit/core-auth/http';

/** The service's current time, as a bound. */
export const now = 'now' as const satisfies DateFilterValue;

/**
 * A bound `hours` before the service's now. Relative bounds are measured by the service, so they
 * need no agreement between clocks.
 * @throws {ConfigurationError} `INVALID_OPTION` unless `hours` is a non-negative whole number
 * @example
 * await client.queryRecordsByType('store', { 'date.from': hoursAgo(24 * 7) }); // the last week
 */
export function hoursAgo(hours: number): number {
  if (!Number.isSafeInteger(hours) || hours < 0) {
    throw invalidOption(`hoursAgo expects a non-negative whole number of hours, got ${String(hours)}`);
  }
  return hours;
}

/**
 * An absolute bound: a `Date`, epoch milliseconds or an ISO string, as the ISO 8601 UTC
 * date-time with milliseconds the service reads.
 * @throws {ConfigurationError} `INVALID_OPTION` for an invalid date
 * @example
 * await client.queryRecords({ 'date.from': dateTime(new Date('2026-03-01T00:00:00Z')), 'date.to': now });
 */
export function dateTime(value: Date | number | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidOption(`dateTime expects a valid date, got ${String(value)}`);
  return date.toISOString();
}
