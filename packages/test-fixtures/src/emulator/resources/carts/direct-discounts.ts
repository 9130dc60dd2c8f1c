import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { compileItemPredicate } from '../kit/cart-predicates/index.js';
import { moneyFrom } from '../kit/money.js';
import type { DiscountTarget, DiscountValue } from './discounts.js';
import type { Cart, CartUpdateAction } from './shapes.js';

type SetDirectDiscounts = Extract<CartUpdateAction, { action: 'setDirectDiscounts' }>;
type DirectDiscountDraft = SetDirectDiscounts['discounts'][number];

/** The value of a draft as stored: money lists need entries of distinct currencies (400 InvalidOperation). */
function valueOf(draft: DirectDiscountDraft['value'], field: string): DiscountValue {
  if (draft.type === 'relative') return { type: 'relative', permyriad: draft.permyriad! };
  if (draft.type === 'giftLineItem') throw errors.notEmulated({ field: `${field}.type` });
  const money = (draft.money ?? []).map((entry, index) => moneyFrom(entry, `${field}.money[${index}]`));
  const currencies = money.map((entry) => entry.currencyCode);
  if (money.length === 0) throw errors.invalidOperation(`${field}.money must hold at least one amount.`);
  if (new Set(currencies).size !== currencies.length) throw errors.invalidOperation(`${field}.money holds a currency twice.`);
  const mode = draft.applicationMode ?? (draft.type === 'fixed' ? 'IndividualApplication' : 'ProportionateDistribution');
  return { type: draft.type, money, applicationMode: mode } as DiscountValue;
}

/** The target of a draft, its predicate compiled once to refuse a bad one (400 SyntaxError or SemanticError). */
function targetOf(draft: DirectDiscountDraft['target'], value: DiscountValue, field: string): DiscountTarget | undefined {
  const target = draft as DiscountTarget | undefined;
  if (!target) throw errors.invalidOperation(`${field}.target is required unless the value is a giftLineItem.`);
  if (target.type === 'pattern') throw errors.notEmulated({ field: `${field}.target.type` });
  if ('predicate' in target) {
    const scope = target.type === 'customLineItems' || target.type === 'multiBuyCustomLineItems' ? 'customLineItem' : 'lineItem';
    compileItemPredicate(scope, target.predicate, `${field}.target.predicate`);
  }
  if ('discountedQuantity' in target && target.discountedQuantity > target.triggerQuantity)
    throw errors.invalidOperation(`${field}.target.discountedQuantity must not exceed triggerQuantity.`);
  if (value.type === 'fixed' && (target.type === 'shipping' || target.type === 'totalPrice'))
    throw errors.invalidOperation(`${field}: a fixed value needs a Line Item or Custom Line Item target.`);
  return structuredClone(target);
}

/** The Direct Discount actions (https://docs.commercetools.com/api/projects/carts#set-directdiscounts). */
export const directDiscountActions = {
  /**
   * Replaces the Cart's Direct Discounts (an empty list removes them); each gets a new id. Not
   * with Discount Codes on the Cart (400 InvalidOperation).
   */
  setDirectDiscounts(cart: Cart, action: SetDirectDiscounts) {
    if (action.discounts.length > 0 && cart.discountCodes.length > 0)
      throw errors.invalidOperation('A Cart with Discount Codes cannot have Direct Discounts.');
    cart.directDiscounts = action.discounts.map((draft, index) => {
      const field = `discounts[${index}]`;
      const value = valueOf(draft.value, `${field}.value`);
      const target = targetOf(draft.target, value, field);
      return { id: newId(), value, ...(target ? { target } : {}) } as unknown as Cart['directDiscounts'][number];
    });
  },
};
