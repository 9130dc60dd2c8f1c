import { centMoney, multiplyCents, sumCents } from '../kit/taxes.js';
import type { WriteContext } from '../kit/write-context.js';
import type { Cart } from './shapes.js';
import { applyShipping, applyShippingPredicate } from './shipping.js';
import { applyTaxes } from './taxes.js';
import { INITIAL_STATE_ID } from '../states/built-in.js';

export { INITIAL_STATE_ID } from '../states/built-in.js';

/**
 * Computes everything of a Cart that follows from its items, in integer cents: each item's
 * `totalPrice` (unit × quantity) and quantity state, the shipping price and state, the taxes,
 * `totalPrice` (items and shipping) and `totalLineItemQuantity`. Run after every change of a
 * Cart; what the Orders and the merge call after changing a Cart themselves.
 *
 * @example
 * applyChange(context, cartType, cart, caller, actions, (working, ctx) => { ...; recalculateCart(ctx, working); });
 */
export function recalculateCart(ctx: WriteContext, cart: Cart): void {
  const { currencyCode, fractionDigits } = cart.totalPrice;
  const money = (cents: number) => centMoney(cents, currencyCode, fractionDigits);
  const initial = (quantity: number) => [{ quantity, state: { typeId: 'state' as const, id: INITIAL_STATE_ID } }];
  for (const line of cart.lineItems) {
    line.totalPrice = money(multiplyCents(line.price.value.centAmount, line.quantity));
    line.state = initial(line.quantity);
  }
  for (const line of cart.customLineItems) {
    line.totalPrice = money(multiplyCents(line.money.centAmount, line.quantity));
    line.state = initial(line.quantity);
  }
  const itemsValue = sumCents([...cart.lineItems, ...cart.customLineItems].map((line) => line.totalPrice.centAmount));
  applyShipping(ctx, cart, itemsValue);
  applyTaxes(ctx.state, cart);
  cart.totalPrice = money(sumCents([itemsValue, cart.shippingInfo?.price.centAmount ?? 0]));
  if (cart.lineItems.length > 0) cart.totalLineItemQuantity = sumCents(cart.lineItems.map((line) => line.quantity));
  else delete cart.totalLineItemQuantity;
  applyShippingPredicate(ctx, cart);
}
