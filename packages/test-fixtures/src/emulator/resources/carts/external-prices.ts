import { errors } from '../../http/errors.js';
import type { ActionHandlers } from '../kit/resource-type.js';
import { lineItemOf, repriceLine, setExternalPrice } from './line-items.js';
import type { Cart, CartUpdateAction } from './shapes.js';

/**
 * The Cart actions of external line prices (https://docs.commercetools.com/api/projects/carts#set-lineitem-price):
 * without a price, a line of that external mode goes back to `Platform` and its price is selected again.
 */
export const externalPriceActions: ActionHandlers<Cart, CartUpdateAction> = {
  setLineItemPrice(cart, action, ctx) {
    const line = lineItemOf(cart, action);
    if (setExternalPrice(cart, line, { externalPrice: action.externalPrice }, 'action')) return;
    if (line.priceMode !== 'ExternalPrice') return;
    line.priceMode = 'Platform';
    repriceLine(ctx, cart, line);
  },
  setLineItemTotalPrice(cart, action, ctx) {
    const line = lineItemOf(cart, action);
    if (line.lineItemMode === 'GiftLineItem') throw errors.invalidOperation('setLineItemTotalPrice cannot be used on a gift Line Item.');
    if (setExternalPrice(cart, line, { externalTotalPrice: action.externalTotalPrice }, 'action')) return;
    if (line.priceMode !== 'ExternalTotal') return;
    line.priceMode = 'Platform';
    repriceLine(ctx, cart, line);
  },
};
