import type { Hono } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { AppEnv } from '../../http/env.js';
import { forgetCartWrites, modifiedAfter, type Cart } from './owner.js';
import { cartSettingsOf } from '../project/cart-settings.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The longest the cleanup waits between two looks at every cart, in the emulator's time: a write
 * tells it when a cart expires, but a restored snapshot does not, so it looks at least this often.
 */
export const CART_SWEEP_INTERVAL_MS = 60_000;

/**
 * The automatic cleanup of a project's carts (the spec's retention and limit): a cart untouched for
 * its `deleteDaysAfterLastModification` days is deleted, whatever its state; any modification
 * resets the timer. When the project holds more carts than its limit (the `carts.limit` option),
 * the least recently modified are deleted until it holds the limit. The live service runs this as a background task; the emulator runs it at the start of each
 * request of the project, on the emulator's clock, so that no request sees an expired cart: a test
 * moves the manual clock past a cart's retention and the cart is gone. Carts have no deletion
 * message and no Change History, so a cleanup leaves no trace but the missing cart.
 */
export class CartRetention {
  /** No cart expires before this (the earliest expiry seen at the last sweep or written since). */
  private nextSweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly context: EmulatorContext,
    private readonly limit: number,
  ) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('the cart limit must be a positive integer');
    context.state.onChange((event) => {
      if (event.typeId === 'cart' && event.after) this.nextSweepAt = Math.min(this.nextSweepAt, this.expiryOf(event.after as Cart));
    });
  }

  /** Deletes what retention and the limit no longer allow. Cheap unless a cart is due or the limit is passed. */
  run(): void {
    const now = this.context.state.clock.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    this.enforceLimit();
  }

  private expiryOf(cart: Cart): number {
    // Every Cart gets its number of days on creation; the project's applies to one without (a snapshot's).
    const days = cart.deleteDaysAfterLastModification ?? cartSettingsOf(this.context.state).deleteDaysAfterLastModification;
    return Date.parse(cart.lastModifiedAt) + days * DAY_MS;
  }

  private sweep(now: number): void {
    const carts = this.context.state.collection<Cart>('cart');
    let next = now + CART_SWEEP_INTERVAL_MS;
    for (const cart of [...carts.values()]) {
      const expiry = this.expiryOf(cart);
      if (expiry <= now) this.delete(cart.id);
      else next = Math.min(next, expiry);
    }
    this.nextSweepAt = next;
  }

  private enforceLimit(): void {
    const carts = this.context.state.collection<Cart>('cart');
    const over = carts.size - this.limit;
    if (over <= 0) return;
    const state = this.context.state;
    const byLastModified = [...carts.values()].sort((a, b) => (modifiedAfter(state, a, b) ? 1 : -1));
    for (const cart of byLastModified.slice(0, over)) this.delete(cart.id);
  }

  private delete(id: string): void {
    this.context.state.collection('cart').delete(id);
    forgetCartWrites(this.context.state, id);
  }
}

/**
 * Runs the project's cart cleanup before every request of the project that comes after this
 * registration (register it before the routes that read carts).
 *
 * @example
 * registerCartRetention(api, context); // then the carts' routes
 */
export function registerCartRetention(api: Hono<AppEnv>, context: EmulatorContext): void {
  const retention = new CartRetention(context, context.options.carts.limit);
  api.use('/:projectKey/*', async (_c, next) => {
    retention.run();
    await next();
  });
}
