import { isoTimestamp } from '../../clock.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { byIdOrKey } from './deliveries.js';
import type { Order } from './rules.js';

type ReturnInfo = Schemas['ReturnInfo'];
type ReturnItem = Schemas['ReturnItem'];

/** The items of every return of the Order. */
const returnItemsOf = (returns: readonly ReturnInfo[]) => returns.flatMap((info) => info.items);

/**
 * A return item from its draft: a new id, the `paymentState` its `shipmentState` implies
 * (`Advised`: `NonRefundable`, otherwise `Initial`), an item of the Order whose returned quantity,
 * counting `earlier` returns, stays within its quantity (400 InvalidOperation), a key no other
 * return item has (400 DuplicateField).
 */
function returnItemFrom(ctx: WriteContext, order: Order, earlier: readonly ReturnItem[], draft: Schemas['ReturnItemDraft']): ReturnItem {
  const { lineItemId, customLineItemId } = draft;
  if ((lineItemId === undefined) === (customLineItemId === undefined)) {
    throw errors.invalidOperation("A return item needs exactly one of 'lineItemId' and 'customLineItemId'.");
  }
  const items = lineItemId !== undefined ? order.lineItems : order.customLineItems;
  const item = byIdOrKey<{ id: string; quantity: number }>(
    items,
    lineItemId ?? customLineItemId,
    undefined,
    lineItemId !== undefined ? 'Line Item' : 'Custom Line Item',
  );
  const returned = earlier.filter((r) => (r.lineItemId ?? r.customLineItemId) === item.id).reduce((sum, r) => sum + r.quantity, 0);
  if (returned + draft.quantity > item.quantity) {
    throw errors.invalidOperation(
      `The item '${item.id}' has a quantity of ${item.quantity}: ${returned} returned already, ${draft.quantity} more cannot be.`,
    );
  }
  if (draft.key !== undefined && earlier.some((r) => r.key === draft.key)) throw errors.duplicateField('key', draft.key);
  const now = isoTimestamp(ctx.state.clock);
  return {
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    type: lineItemId !== undefined ? 'LineItemReturnItem' : 'CustomLineItemReturnItem',
    ...(lineItemId !== undefined ? { lineItemId } : { customLineItemId: customLineItemId! }),
    quantity: draft.quantity,
    ...(draft.comment !== undefined ? { comment: draft.comment } : {}),
    shipmentState: draft.shipmentState,
    paymentState: draft.shipmentState === 'Advised' ? 'NonRefundable' : 'Initial',
    createdAt: now,
    lastModifiedAt: now,
  };
}

/** ReturnInfos from their drafts, after the Order's `kept` ones (each item checked against all before it). */
function returnsFrom(
  ctx: WriteContext,
  order: Order,
  kept: readonly ReturnInfo[],
  drafts: readonly Schemas['ReturnInfoDraft'][],
): ReturnInfo[] {
  const all = [...kept];
  for (const draft of drafts) {
    const items: ReturnItem[] = [];
    for (const itemDraft of draft.items) items.push(returnItemFrom(ctx, order, [...returnItemsOf(all), ...items], itemDraft));
    all.push({
      items,
      ...(draft.returnTrackingId !== undefined ? { returnTrackingId: draft.returnTrackingId } : {}),
      ...(draft.returnDate !== undefined ? { returnDate: draft.returnDate } : {}),
    });
  }
  return all.slice(kept.length);
}

/** A return item of the Order by id or key, made changed now. */
function returnItem(ctx: WriteContext, order: Order, id: string | undefined, key: string | undefined): ReturnItem {
  const item = byIdOrKey(returnItemsOf(order.returnInfo ?? []), id, key, 'return item');
  item.lastModifiedAt = isoTimestamp(ctx.state.clock);
  return item;
}

/**
 * The returns of an Order (https://docs.commercetools.com/api/projects/orders#add-returninfo) and
 * its synchronization with other systems (`updateSyncInfo`).
 */
export const orderReturnActions: ActionHandlers<Order, Schemas['OrderUpdateAction']> = {
  addReturnInfo(order, action, ctx) {
    const [info] = returnsFrom(ctx, order, order.returnInfo ?? [], [action]);
    order.returnInfo = [...(order.returnInfo ?? []), info!];
    ctx.emit('ReturnInfoAdded', { returnInfo: structuredClone(info) });
  },
  setReturnInfo(order, action, ctx) {
    order.returnInfo = returnsFrom(ctx, order, [], action.items ?? []);
    ctx.emit('ReturnInfoSet', { returnInfo: structuredClone(order.returnInfo) });
  },
  setReturnShipmentState(order, action, ctx) {
    const item = returnItem(ctx, order, action.returnItemId, action.returnItemKey);
    item.shipmentState = action.shipmentState;
    ctx.emit('OrderReturnShipmentStateChanged', { returnItemId: item.id, returnShipmentState: action.shipmentState });
  },
  setReturnPaymentState(order, action, ctx) {
    returnItem(ctx, order, action.returnItemId, action.returnItemKey).paymentState = action.paymentState;
  },
  updateSyncInfo(order, action, ctx) {
    const channel = ctx.resolveIdentifier('channel', action.channel, 'channel');
    order.syncInfo.push({
      channel: { typeId: 'channel', id: channel.id },
      ...(action.externalId !== undefined ? { externalId: action.externalId } : {}),
      syncedAt: action.syncedAt ?? isoTimestamp(ctx.state.clock),
    });
  },
};
