import { isDeepStrictEqual } from 'node:util';
import { ApiError, errors } from '../../http/errors.js';
import type { ActionHandlers } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { repriceLines } from './line-items.js';
import type { Cart, CartUpdateAction } from './shapes.js';
import { recalculateCart } from './totals.js';

/** The actions a Frozen Cart refuses (https://docs.commercetools.com/api/carts-orders-overview#freeze-a-cart). */
const REFUSED_WHEN_FROZEN: ReadonlySet<string> = new Set([
  'addLineItem',
  'changeLineItemQuantity',
  'removeLineItem',
  'setLineItemDistributionChannel',
  'setLineItemSupplyChannel',
  'addCustomLineItem',
  'changeCustomLineItemQuantity',
  'removeCustomLineItem',
  'changeTaxMode',
  'setLineItemPrice',
  'setLineItemTotalPrice',
]);

/**
 * 400 PriceChanged when a Frozen Cart, computed again now, would get other tax rates on some lines
 * or another shipping rate than it holds: its Tax Categories or Shipping Method changed since
 * (https://docs.commercetools.com/api/errors#pricechanged). The Cart itself is not changed.
 */
export function assertFrozenPricesHold(ctx: WriteContext, cart: Cart): void {
  if (cart.cartState !== 'Frozen') return;
  const now = structuredClone(cart);
  recalculateCart(ctx, now);
  const lineItems = cart.lineItems
    .filter((line, index) => !isDeepStrictEqual(line.taxRate, now.lineItems[index]?.taxRate))
    .map((l) => l.id);
  const shipping = !isDeepStrictEqual(cart.shippingInfo?.shippingRate, now.shippingInfo?.shippingRate);
  if (lineItems.length === 0 && !shipping) return;
  const message = `The price or tax of some line items changed at the time of placing the order: ${lineItems.join(', ')}.`;
  throw new ApiError(400, [{ code: 'PriceChanged', message, lineItems, shipping }]);
}

/**
 * What a Frozen Cart allows before an action: the actions it refuses are 400 InvalidOperation,
 * and every action but unfreezeCart needs its prices to hold ({@link assertFrozenPricesHold}).
 */
export function assertFreezeAllows(ctx: WriteContext, cart: Cart, action: string): void {
  if (cart.cartState !== 'Frozen') return;
  if (REFUSED_WHEN_FROZEN.has(action)) throw errors.invalidOperation(`${action} is not allowed on the Frozen Cart '${cart.id}'.`);
  if (action !== 'unfreezeCart') assertFrozenPricesHold(ctx, cart);
}

/** freezeCart and unfreezeCart, with their Messages CartFrozen and CartUnfrozen. */
export const freezeActions: ActionHandlers<Cart, CartUpdateAction> = {
  freezeCart(cart, { strategy }, ctx) {
    if (strategy === 'HardFreeze') throw errors.notEmulated({ field: 'strategy' });
    if (cart.cartState !== 'Active')
      throw errors.invalidOperation(`The Cart '${cart.id}' is ${cart.cartState}: only an Active Cart can be frozen.`);
    if (cart.lineItems.length === 0 && cart.customLineItems.length === 0)
      throw errors.invalidOperation(`The Cart '${cart.id}' is empty: an empty Cart cannot be frozen.`);
    cart.cartState = 'Frozen';
    cart.freezeStrategy = 'SoftFreeze';
    ctx.emit('CartFrozen');
  },
  unfreezeCart(cart, _action, ctx) {
    if (cart.cartState !== 'Frozen') throw errors.invalidOperation(`The Cart '${cart.id}' is ${cart.cartState}, not Frozen.`);
    cart.cartState = 'Active';
    delete cart.freezeStrategy;
    repriceLines(ctx, cart);
    ctx.emit('CartUnfrozen');
  },
};
