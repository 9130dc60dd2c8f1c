import { isDeepStrictEqual } from 'node:util';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { variantFor } from '../carts/variants.js';
import { customFieldActions, customFieldsFrom } from '../kit/custom-fields.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

export type ShoppingList = Schemas['ShoppingList'];
export type ShoppingListLineItem = Schemas['ShoppingListLineItem'];
export type TextLineItem = Schemas['TextLineItem'];
type Action = Schemas['ShoppingListUpdateAction'];

/** How an action names a line of either kind: by id or by key. */
interface LineAddress {
  id?: string;
  key?: string;
}

/** The line an action names (400 InvalidOperation when neither id nor key, or none such). */
function lineOf<L extends { id: string; key?: string }>(lines: L[], { id, key }: LineAddress, kind: 'lineItem' | 'textLineItem'): L {
  if (id === undefined && key === undefined) throw errors.invalidOperation(`Either '${kind}Id' or '${kind}Key' is required.`);
  const line = lines.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!line) throw errors.invalidOperation(`The ShoppingList has no ${kind} with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return line;
}

const lineItemOf = (list: ShoppingList, a: { lineItemId?: string; lineItemKey?: string }) =>
  lineOf(list.lineItems, { id: a.lineItemId, key: a.lineItemKey }, 'lineItem');
const textLineItemOf = (list: ShoppingList, a: { textLineItemId?: string; textLineItemKey?: string }) =>
  lineOf(list.textLineItems, { id: a.textLineItemId, key: a.textLineItemKey }, 'textLineItem');

/** A line key is unique within its list, across both kinds of line (400 DuplicateField). */
function assertLineKeyFree(list: ShoppingList, key: string | undefined, field: string): void {
  if (key !== undefined && [...list.lineItems, ...list.textLineItems].some((line) => line.key === key))
    throw errors.duplicateField(field, key);
}

/**
 * Adds a Product Variant line, or adds its quantity to the line of the same variant with the same
 * Custom Fields (a line without `variantId` is not the master variant's line). Sends
 * ShoppingListLineItemAdded with the line as it then is.
 */
export function addLineItem(ctx: WriteContext, list: ShoppingList, draft: Schemas['ShoppingListLineItemDraft'], field: string): void {
  const { product, data, variant } = variantFor(ctx.state, draft, field, { published: false });
  const variantId = draft.variantId ?? (draft.sku !== undefined ? variant.id : undefined);
  const custom = customFieldsFrom(ctx, draft.custom, 'shopping-list', `${field}.custom.type`);
  const quantity = draft.quantity ?? 1;
  const same = list.lineItems.find(
    (line) => line.productId === product.id && line.variantId === variantId && isDeepStrictEqual(line.custom, custom),
  );
  if (same) {
    same.quantity += quantity;
    ctx.emit('ShoppingListLineItemAdded', { lineItem: structuredClone(same) });
    return;
  }
  assertLineKeyFree(list, draft.key, `${field}.key`);
  const line: ShoppingListLineItem = {
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    productId: product.id,
    ...(variantId !== undefined ? { variantId } : {}),
    name: structuredClone(data.name),
    productType: { typeId: 'product-type', id: product.productType.id },
    published: product.masterData.published,
    quantity,
    addedAt: draft.addedAt ?? ctx.now,
    ...(custom ? { custom } : {}),
  };
  list.lineItems.push(line);
  ctx.emit('ShoppingListLineItemAdded', { lineItem: structuredClone(line) });
}

/** Adds a text line (its key unique within the list). */
export function addTextLineItem(ctx: WriteContext, list: ShoppingList, draft: Schemas['TextLineItemDraft'], field: string): void {
  assertLineKeyFree(list, draft.key, `${field}.key`);
  const custom = customFieldsFrom(ctx, draft.custom, 'shopping-list-text-line-item', `${field}.custom.type`);
  list.textLineItems.push({
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: structuredClone(draft.name),
    ...(draft.description !== undefined ? { description: structuredClone(draft.description) } : {}),
    quantity: draft.quantity ?? 1,
    addedAt: draft.addedAt ?? ctx.now,
    ...(custom ? { custom } : {}),
  });
}

/** Sets a Product line's quantity; 0 removes it (ShoppingListLineItemRemoved with the line as it was). */
function setLineItemQuantity(ctx: WriteContext, list: ShoppingList, line: ShoppingListLineItem, quantity: number): void {
  if (quantity > 0) {
    line.quantity = quantity;
    return;
  }
  list.lineItems = list.lineItems.filter((item) => item !== line);
  ctx.emit('ShoppingListLineItemRemoved', { lineItem: structuredClone(line) });
}

/** Sets a text line's quantity; 0 removes it. */
function setTextLineItemQuantity(list: ShoppingList, line: TextLineItem, quantity: number): void {
  if (quantity > 0) line.quantity = quantity;
  else list.textLineItems = list.textLineItems.filter((item) => item !== line);
}

/** A new order of every line of a kind: each id once (400 InvalidOperation otherwise). */
function reordered<L extends { id: string }>(lines: L[], order: string[], field: string): L[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  if (order.length !== lines.length || new Set(order).size !== order.length || !order.every((id) => byId.has(id))) {
    throw errors.invalidOperation(`${field} must name every line of the ShoppingList once, and only those.`);
  }
  return order.map((id) => byId.get(id)!);
}

/** The Custom Field actions of the lines (`setLineItemCustomType`, ...), on the line the action names. */
function lineCustomActions<L extends object>(resourceTypeId: Schemas['ResourceTypeId']) {
  const custom = customFieldActions<ShoppingList>(resourceTypeId);
  return {
    setType: (
      ctx: WriteContext,
      line: L,
      type: Schemas['TypeResourceIdentifier'] | undefined,
      fields: Schemas['FieldContainer'] | undefined,
    ) =>
      custom.setCustomType(
        line as unknown as ShoppingList,
        { action: 'setCustomType', ...(type ? { type } : {}), ...(fields ? { fields } : {}) },
        ctx,
      ),
    setField: (ctx: WriteContext, line: L, name: string, value: unknown) =>
      custom.setCustomField(line as unknown as ShoppingList, { action: 'setCustomField', name, value }, ctx),
  };
}

const lineItemCustom = lineCustomActions<ShoppingListLineItem>('shopping-list');
const textLineItemCustom = lineCustomActions<TextLineItem>('shopping-list-text-line-item');

/** The line actions of a Shopping List, shared by the project's and the My Shopping List endpoints. */
export const lineActions: ActionHandlers<ShoppingList, Action> = {
  addLineItem(list, { action: _action, ...draft }, ctx) {
    addLineItem(ctx, list, draft, 'action');
  },
  addTextLineItem(list, { action: _action, ...draft }, ctx) {
    addTextLineItem(ctx, list, draft, 'action');
  },
  changeLineItemQuantity(list, action, ctx) {
    setLineItemQuantity(ctx, list, lineItemOf(list, action), action.quantity);
  },
  removeLineItem(list, action, ctx) {
    const line = lineItemOf(list, action);
    setLineItemQuantity(ctx, list, line, action.quantity === undefined ? 0 : Math.max(0, line.quantity - action.quantity));
  },
  changeLineItemsOrder(list, { lineItemOrder }) {
    list.lineItems = reordered(list.lineItems, lineItemOrder, 'lineItemOrder');
  },
  setLineItemCustomType(list, { type, fields, ...address }, ctx) {
    lineItemCustom.setType(ctx, lineItemOf(list, address), type, fields);
  },
  setLineItemCustomField(list, { name, value, ...address }, ctx) {
    lineItemCustom.setField(ctx, lineItemOf(list, address), name, value);
  },
  changeTextLineItemName(list, action) {
    textLineItemOf(list, action).name = structuredClone(action.name);
  },
  changeTextLineItemQuantity(list, action) {
    setTextLineItemQuantity(list, textLineItemOf(list, action), action.quantity);
  },
  removeTextLineItem(list, action) {
    const line = textLineItemOf(list, action);
    setTextLineItemQuantity(list, line, action.quantity === undefined ? 0 : Math.max(0, line.quantity - action.quantity));
  },
  changeTextLineItemsOrder(list, { textLineItemOrder }) {
    list.textLineItems = reordered(list.textLineItems, textLineItemOrder, 'textLineItemOrder');
  },
  setTextLineItemDescription(list, action) {
    const line = textLineItemOf(list, action);
    if (action.description === undefined) delete line.description;
    else line.description = structuredClone(action.description);
  },
  setTextLineItemCustomType(list, { type, fields, ...address }, ctx) {
    textLineItemCustom.setType(ctx, textLineItemOf(list, address), type, fields);
  },
  setTextLineItemCustomField(list, { name, value, ...address }, ctx) {
    textLineItemCustom.setField(ctx, textLineItemOf(list, address), name, value);
  },
};
