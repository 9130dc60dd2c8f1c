import type { EmulatorState } from '../../state.js';
import type { Cart } from '../carts/shapes.js';
import { errors } from '../../http/errors.js';
import { cartPredicate } from '../kit/cart-predicates/index.js';
import { sumCents } from '../kit/taxes.js';
import type { ShippingMethod } from './index.js';
import { matchingShippingMethods, type ShippingLocation } from './matching.js';

/**
 * Whether a Cart satisfies a method's `predicate` (https://docs.commercetools.com/api/projects/shippingMethods);
 * true for a method without one.
 *
 * @example
 * if (!cartSatisfies(context.state, method, cart)) info.shippingMethodState = 'DoesNotMatchCart';
 */
export function cartSatisfies(state: EmulatorState, method: ShippingMethod, cart: Cart): boolean {
  return method.predicate === undefined || cartPredicate(method.predicate, 'predicate').matches(cart, state);
}

/**
 * The Shipping Methods matching a Cart at a location (its shipping address, or one given; 400
 * InvalidInput without): those matching-location answers for the location and the Cart's
 * currency, and those whose predicate the Cart satisfies, with the tier the Cart's value (the sum
 * of its items' totals) reaches flagged. What REST and GraphQL matching-cart answer.
 *
 * @example
 * const methods = methodsMatchingCart(context.state, cart, cart.shippingAddress);
 */
export function methodsMatchingCart(state: EmulatorState, cart: Cart, where: ShippingLocation | undefined): ShippingMethod[] {
  if (!where) throw errors.invalidInput(`The Cart with ID '${cart.id}' has no shipping address.`);
  const value = sumCents([...cart.lineItems, ...cart.customLineItems].map((line) => line.totalPrice.centAmount));
  const location = { country: where.country, ...(where.state !== undefined ? { state: where.state } : {}) };
  const admits = (method: ShippingMethod) => cartSatisfies(state, method, cart);
  return matchingShippingMethods(state, { ...location, currency: cart.totalPrice.currencyCode }, value, admits);
}
