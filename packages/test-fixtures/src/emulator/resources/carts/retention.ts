import type { Hono } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { AppEnv } from '../../http/env.js';
import { registerRetention } from '../kit/retention.js';
import { cartSettingsOf } from '../project/cart-settings.js';
import { forgetCartWrites, modifiedAfter, type Cart } from './owner.js';

/**
 * The cleanup of a project's Carts (see registerRetention): a Cart's own
 * `deleteDaysAfterLastModification` (every Cart gets one on creation; the project's applies to one
 * without, a snapshot's), and the `carts.limit` option; within one millisecond the Cart written
 * last was modified last. Carts have no deletion Message and no Change History.
 *
 * @example
 * registerCartRetention(api, context); // then the carts' routes
 */
export function registerCartRetention(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { state } = context;
  registerRetention<Cart>(api, context, {
    typeId: 'cart',
    days: (cart) => cart.deleteDaysAfterLastModification ?? cartSettingsOf(state).deleteDaysAfterLastModification,
    limit: context.options.carts.limit,
    modifiedAfter: (a, b) => modifiedAfter(state, a, b),
    forget: (id) => forgetCartWrites(state, id),
  });
}
