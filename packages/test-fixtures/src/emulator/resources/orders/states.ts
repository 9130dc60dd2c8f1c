import { errors } from '../../http/errors.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { moveQuantity, transitionState, type HeldQuantity } from '../states/transitions.js';
import type { Order } from './rules.js';

/** An item of an Order named by id or key (400 InvalidOperation when the Order has none such, or neither is given). */
function itemOf<I extends { id: string; key?: string }>(
  items: readonly I[],
  id: string | undefined,
  key: string | undefined,
  what: string,
): I {
  if (id === undefined && key === undefined) throw errors.invalidOperation(`Either the ${what} id or its key is required.`);
  const found = items.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!found) throw errors.invalidOperation(`The Order has no ${what} with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return found;
}

/**
 * The Order's State actions (https://docs.commercetools.com/api/projects/orders#transition-state):
 * its workflow State (`transitionState`, OrderStateTransition) and the quantities of its Line
 * Items and Custom Line Items in LineItemStates (LineItemStateTransition,
 * CustomLineItemStateTransition).
 */
export const orderStateActions: ActionHandlers<Order, Schemas['OrderUpdateAction']> = {
  transitionState: transitionState<Order>(
    'OrderState',
    'OrderStateTransition',
    (order) => order.state,
    (order, state) => {
      order.state = state;
    },
    true,
  ),
  transitionLineItemState(order, action, ctx) {
    const line = itemOf(order.lineItems, action.lineItemId, action.lineItemKey, 'Line Item');
    const moved = moveQuantity(ctx, line.state as HeldQuantity[], action);
    ctx.emit('LineItemStateTransition', { lineItemId: line.id, ...(line.key !== undefined ? { lineItemKey: line.key } : {}), ...moved });
  },
  transitionCustomLineItemState(order, action, ctx) {
    const line = itemOf(order.customLineItems, action.customLineItemId, action.customLineItemKey, 'Custom Line Item');
    const moved = moveQuantity(ctx, line.state as HeldQuantity[], action);
    ctx.emit('CustomLineItemStateTransition', {
      customLineItemId: line.id,
      ...(line.key !== undefined ? { customLineItemKey: line.key } : {}),
      ...moved,
    });
  },
};
