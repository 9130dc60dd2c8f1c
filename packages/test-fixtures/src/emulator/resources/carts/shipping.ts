import type { WriteContext } from '../kit/write-context.js';
import type { Cart } from './shapes.js';

/**
 * The shipping of a Cart for its value (Σ item totals): the price of its Shipping Method's rate
 * for the address and currency, and whether the method still matches the Cart.
 */
export function applyShipping(_ctx: WriteContext, cart: Cart, _itemsValue: number): void {
  if (!cart.shippingInfo) return;
}
