import { errors } from '../../http/errors.js';
import type { Cart } from './shapes.js';

/**
 * Refuses any update of a Cart that was merged or ordered: "no further operations are allowed"
 * (https://docs.commercetools.com/api/projects/carts#cartstate); the code is our decision, 400
 * InvalidOperation, and nothing changes.
 */
export function assertUpdatable(cart: Cart): void {
  if (cart.cartState === 'Merged' || cart.cartState === 'Ordered') {
    throw errors.invalidOperation(`The Cart '${cart.id}' is ${cart.cartState}: no further operations are allowed on it.`);
  }
}

/**
 * Marks a Cart (a working copy inside a write, e.g. `applyChange`) as ordered or merged into
 * another: what the Orders and the sign-in merge call. Only an Active Cart can be.
 *
 * @example
 * applyChange(context, cartType, cart, caller, [{ action: 'order' }], (working) => setCartState(working, 'Ordered'));
 */
export function setCartState(cart: Cart, state: 'Ordered' | 'Merged'): void {
  assertUpdatable(cart);
  cart.cartState = state;
}
