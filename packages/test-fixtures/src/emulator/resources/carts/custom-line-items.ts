import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { customFieldsFrom } from '../kit/custom-fields.js';
import { moneyFrom, type MoneyDraft } from '../kit/money.js';
import type { WriteContext } from '../kit/write-context.js';
import { taxCategoryReference } from '../tax-categories/index.js';
import type { Cart, CustomLineItem, CustomLineItemDraft } from './shapes.js';
import { externalRate } from './taxes.js';

/** Money of a Custom Line Item: in the Cart's currency (400 InvalidOperation otherwise, decision). */
function moneyOf(cart: Cart, draft: MoneyDraft, field: string): CustomLineItem['money'] {
  const money = moneyFrom(draft, field);
  if (money.currencyCode !== cart.totalPrice.currencyCode) {
    throw errors.invalidOperation(
      `${field}: the currency ${money.currencyCode} is not the Cart's currency ${cart.totalPrice.currencyCode}.`,
    );
  }
  return money;
}

/** Adds a Custom Line Item from its draft; in `Platform` tax mode it needs a Tax Category (400 InvalidOperation). */
export function addCustomLineItem(ctx: WriteContext, cart: Cart, draft: CustomLineItemDraft, field: string): void {
  const money = moneyOf(cart, draft.money, `${field}.money`);
  const taxCategory = draft.taxCategory && taxCategoryReference(ctx, draft.taxCategory, `${field}.taxCategory`);
  if (cart.taxMode === 'Platform' && !taxCategory) {
    throw errors.invalidOperation(`${field}: a Custom Line Item needs a taxCategory in a Cart with taxMode Platform.`);
  }
  const taxRate = draft.externalTaxRate && externalRate(cart, draft.externalTaxRate, `${field}.externalTaxRate`);
  const custom = customFieldsFrom(ctx, draft.custom, 'custom-line-item', `${field}.custom.type`);
  if (draft.key !== undefined && cart.customLineItems.some((line) => line.key === draft.key))
    throw errors.duplicateField(`${field}.key`, draft.key);
  cart.customLineItems.push({
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: structuredClone(draft.name),
    money,
    totalPrice: money,
    slug: draft.slug,
    quantity: draft.quantity ?? 1,
    state: [],
    ...(taxCategory ? { taxCategory } : {}),
    ...(taxRate ? { taxRate } : {}),
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    perMethodTaxRate: [],
    ...(custom ? { custom } : {}),
    priceMode: draft.priceMode ?? 'Standard',
  });
}

/** The Custom Line Item an action names by id or key (400 InvalidOperation when neither or none). */
export function customLineItemOf(
  cart: Cart,
  { customLineItemId: id, customLineItemKey: key }: { customLineItemId?: string; customLineItemKey?: string },
): CustomLineItem {
  if (id === undefined && key === undefined) throw errors.invalidOperation("Either 'customLineItemId' or 'customLineItemKey' is required.");
  const line = cart.customLineItems.find((item) => (id !== undefined ? item.id === id : item.key === key));
  if (!line) throw errors.invalidOperation(`The Cart has no Custom Line Item with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return line;
}

/** The handlers of the Custom Line Item actions. */
export const customLineItemActions = {
  addCustomLineItem(cart: Cart, action: CustomLineItemDraft, ctx: WriteContext) {
    addCustomLineItem(ctx, cart, action, 'action');
  },
  removeCustomLineItem(cart: Cart, action: { customLineItemId?: string; customLineItemKey?: string }) {
    const line = customLineItemOf(cart, action);
    cart.customLineItems = cart.customLineItems.filter((item) => item.id !== line.id);
  },
  changeCustomLineItemQuantity(cart: Cart, action: { customLineItemId?: string; customLineItemKey?: string; quantity: number }) {
    const line = customLineItemOf(cart, action);
    if (action.quantity === 0) cart.customLineItems = cart.customLineItems.filter((item) => item.id !== line.id);
    else line.quantity = action.quantity;
  },
  changeCustomLineItemMoney(cart: Cart, action: { customLineItemId?: string; customLineItemKey?: string; money: MoneyDraft }) {
    customLineItemOf(cart, action).money = moneyOf(cart, action.money, 'money');
  },
  setCustomLineItemTaxRate(
    cart: Cart,
    action: Pick<CustomLineItemDraft, 'externalTaxRate'> & { customLineItemId?: string; customLineItemKey?: string },
  ) {
    const line = customLineItemOf(cart, action);
    if (cart.taxMode !== 'External') throw errors.invalidOperation("setCustomLineItemTaxRate needs the Cart's taxMode External.");
    if (action.externalTaxRate) line.taxRate = externalRate(cart, action.externalTaxRate, 'externalTaxRate');
    else delete line.taxRate;
  },
};
