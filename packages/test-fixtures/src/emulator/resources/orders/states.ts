import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import { moveQuantity, stateReference, transitionState, type HeldQuantity, type StateRef } from '../states/transitions.js';
import { byIdOrKey } from './deliveries.js';
import type { Order } from './rules.js';

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
    const line = byIdOrKey(order.lineItems, action.lineItemId, action.lineItemKey, 'Line Item');
    const moved = moveQuantity(ctx, line.state as HeldQuantity[], action);
    ctx.emit('LineItemStateTransition', { lineItemId: line.id, ...(line.key !== undefined ? { lineItemKey: line.key } : {}), ...moved });
  },
  transitionCustomLineItemState(order, action, ctx) {
    const line = byIdOrKey(order.customLineItems, action.customLineItemId, action.customLineItemKey, 'Custom Line Item');
    const moved = moveQuantity(ctx, line.state as HeldQuantity[], action);
    ctx.emit('CustomLineItemStateTransition', {
      customLineItemId: line.id,
      ...(line.key !== undefined ? { customLineItemKey: line.key } : {}),
      ...moved,
    });
  },
};

/** The `state` of an Order from its draft: an OrderState (400 InvalidOperation otherwise; decision: no transition rule applies). */
export function draftState(ctx: WriteContext, identifier: ResourceIdentifier | undefined): { state?: StateRef } {
  return identifier === undefined ? {} : { state: stateReference(ctx, identifier, 'OrderState', 'state') };
}
