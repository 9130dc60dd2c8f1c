import type { Hono } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { AppEnv } from '../../http/env.js';
import type { StoredResource } from '../../store/collection.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The longest the cleanup waits between two looks at every resource, in the emulator's time: a
 * write tells it when a resource expires, but a restored snapshot does not, so it looks at least
 * this often.
 */
export const RETENTION_SWEEP_INTERVAL_MS = 60_000;

/** What the cleanup of one resource type keeps. */
export interface RetentionRules<T extends StoredResource> {
  typeId: string;
  /** The days a resource is kept after its last modification (its own, else the project's). */
  days(resource: T): number;
  /** The most the project keeps; beyond it the least recently modified go. */
  limit: number;
  /** True when `a` was modified after `b`. */
  modifiedAfter(a: T, b: T): boolean;
  /** Called for each resource the cleanup deleted (it sends no change event). */
  forget?(id: string): void;
}

/**
 * The spec's automatic cleanup of one resource type (Carts, Shopping Lists): a resource untouched
 * for its retention days is deleted, whatever its state; any modification resets the timer. When
 * the project holds more than its limit, the least recently modified are deleted until it holds
 * the limit. The live service runs this as a background task; the emulator runs it at the start
 * of each request of the project, on the emulator's clock, so that no request sees an expired
 * resource: a test moves the manual clock past the retention and the resource is gone. A cleanup
 * sends no Message and leaves no Change History Record.
 */
class Retention<T extends StoredResource> {
  /** Nothing expires before this (the earliest expiry seen at the last sweep or written since). */
  private nextSweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly context: EmulatorContext,
    private readonly rules: RetentionRules<T>,
  ) {
    if (!Number.isSafeInteger(rules.limit) || rules.limit < 1) throw new RangeError(`the ${rules.typeId} limit must be a positive integer`);
    context.state.onChange((event) => {
      if (event.typeId === rules.typeId && event.after) this.nextSweepAt = Math.min(this.nextSweepAt, this.expiryOf(event.after as T));
    });
  }

  /** Deletes what retention and the limit no longer allow. Cheap unless a resource is due or the limit is passed. */
  run(): void {
    const now = this.context.state.clock.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    this.enforceLimit();
  }

  private expiryOf(resource: T): number {
    return Date.parse(resource.lastModifiedAt) + this.rules.days(resource) * DAY_MS;
  }

  private sweep(now: number): void {
    let next = now + RETENTION_SWEEP_INTERVAL_MS;
    for (const resource of [...this.collection().values()]) {
      const expiry = this.expiryOf(resource);
      if (expiry <= now) this.delete(resource.id);
      else next = Math.min(next, expiry);
    }
    this.nextSweepAt = next;
  }

  private enforceLimit(): void {
    const over = this.collection().size - this.rules.limit;
    if (over <= 0) return;
    const byLastModified = [...this.collection().values()].sort((a, b) => (this.rules.modifiedAfter(a, b) ? 1 : -1));
    for (const resource of byLastModified.slice(0, over)) this.delete(resource.id);
  }

  private collection() {
    return this.context.state.collection<T>(this.rules.typeId);
  }

  private delete(id: string): void {
    this.collection().delete(id);
    this.rules.forget?.(id);
  }
}

/**
 * Runs the cleanup of a resource type before every request of the project that comes after this
 * registration (register it before the routes that read the type).
 *
 * @example
 * registerRetention(api, context, { typeId: 'cart', days: () => 90, limit: 10_000_000, modifiedAfter });
 */
export function registerRetention<T extends StoredResource>(api: Hono<AppEnv>, context: EmulatorContext, rules: RetentionRules<T>): void {
  const retention = new Retention(context, rules);
  api.use('/:projectKey/*', async (_c, next) => {
    retention.run();
    await next();
  });
}
