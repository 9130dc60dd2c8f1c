import type { UnitPrices } from '../kit/taxes.js';
import { centMoney, sumCents } from '../kit/taxes.js';
import type { WriteContext } from '../kit/write-context.js';
import { discountCombinationModeOf } from '../project/cart-settings.js';
import {
  applyItemDiscounts,
  applyShippingDiscounts,
  applyTotalDiscounts,
  discountTaxedTotals,
  writeItemDiscounts,
  type DiscountOutcome,
  type DiscountResult,
} from './discounts.js';
import { CodeDiscounts } from './discount-codes.js';
import type { Cart, CustomLineItem, LineItem } from './shapes.js';
import { syncGiftLines } from './gifts.js';
import { applyShipping, applyShippingPredicate } from './shipping.js';
import { applyTaxes } from './taxes.js';
import { INITIAL_STATE_ID } from '../states/built-in.js';

export { INITIAL_STATE_ID } from '../states/built-in.js';

/** A Line Item's unit price before Cart Discounts: its Product Discount's when it has one. */
const productDiscounted = (line: LineItem): number => (line.price.discounted?.value ?? line.price.value).centAmount;
/** A Line Item's unit price without any discount (BestDeal's Cart-Discount side). */
const undiscounted = (line: LineItem): number => line.price.value.centAmount;

/** What a recalculation tells: per Cart Discount considered, how it fared (for the Discount Codes' states). */
export interface CartRecalculation {
  readonly outcomes: ReadonlyMap<string, DiscountOutcome>;
}

/**
 * Prices a Cart once: its items from `lineStart` with or without the Cart Discounts, then the
 * shipping on the discounted items' value, the taxes on the discounted amounts and the totals.
 * The discounts' predicates see the Cart as priced without them.
 */
function priceCart(
  ctx: WriteContext,
  cart: Cart,
  lineStart: (line: LineItem) => number,
  withCartDiscounts: boolean,
  brought: Set<string>,
): DiscountResult {
  const options = { lineStart, withCartDiscounts, bringsCode: (id: string) => brought.has(id) };
  let plain = applyItemDiscounts(ctx.state, cart, { ...options, withCartDiscounts: false });
  settle(ctx, cart, plain);
  if (syncGiftLines(ctx, cart, options)) {
    plain = applyItemDiscounts(ctx.state, cart, { ...options, withCartDiscounts: false });
    settle(ctx, cart, plain);
  }
  if (!withCartDiscounts) return plain;
  const result = applyItemDiscounts(ctx.state, cart, options);
  if (result.applied) settle(ctx, cart, result);
  return result;
}

/** Writes a pricing onto the Cart: item prices and totals, shipping, taxes, the total and its discount. */
function settle(ctx: WriteContext, cart: Cart, result: DiscountResult): void {
  const units = writeItemDiscounts(cart, result);
  const itemsValue = sumCents([...cart.lineItems, ...cart.customLineItems].map((line) => line.totalPrice.centAmount));
  // freeAbove and the CartValue tiers on the items' value after all discounts
  // (https://docs.commercetools.com/api/projects/project#cartvaluetype).
  applyShipping(ctx, cart, itemsValue);
  const shippingCents = applyShippingDiscounts(cart, result.shipping);
  const unitsOf = (item: LineItem | CustomLineItem): readonly UnitPrices[] =>
    (item as LineItem).priceMode === 'ExternalTotal'
      ? [{ unitCentAmount: item.totalPrice.centAmount, quantity: 1 }]
      : (units.get(item)?.unitPrices ?? []);
  applyTaxes(ctx.state, cart, { units: unitsOf, shippingCents });
  const before = sumCents([itemsValue, cart.shippingInfo ? shippingCents : 0]);
  const taken = applyTotalDiscounts(cart, result.total, before);
  discountTaxedTotals(cart, taken, before);
  const { currencyCode, fractionDigits } = cart.totalPrice;
  cart.totalPrice = centMoney(before - taken, currencyCode, fractionDigits);
}

/**
 * Computes everything of a Cart that follows from its items, in integer cents: the Cart
 * Discounts (or its Direct Discounts) on the items, each item's `discountedPricePerQuantity` and
 * `totalPrice`, its quantity state, the shipping price and its discount, the taxes of the
 * discounted amounts, `totalPrice` with `discountOnTotalPrice` and `totalLineItemQuantity`.
 * Product and Cart Discounts combine as the project's `discountCombinationMode` says. Run after
 * every change of a Cart; what the Orders and the merge call after changing a Cart themselves.
 * Returns how each Cart Discount considered fared (see {@link DiscountOutcome}).
 *
 * @example
 * applyChange(context, cartType, cart, caller, actions, (working, ctx) => { ...; recalculateCart(ctx, working); });
 */
export function recalculateCart(ctx: WriteContext, cart: Cart): CartRecalculation {
  const initial = (quantity: number) => [{ quantity, state: { typeId: 'state' as const, id: INITIAL_STATE_ID } }];
  for (const line of [...cart.lineItems, ...cart.customLineItems]) line.state = initial(line.quantity);
  const brought = new CodeDiscounts(ctx, cart);
  let result: DiscountResult;
  if (discountCombinationModeOf(ctx.state) === 'BestDeal') {
    // The lower Cart total of Product Discounts only and Cart Discounts only
    // (https://docs.commercetools.com/api/releases/2024-12-19-enhanced-control-over-discount-interactions).
    result = priceCart(ctx, cart, undiscounted, true, brought);
    const cartDiscountTotal = cart.totalPrice.centAmount;
    const productOnly = priceCart(ctx, cart, productDiscounted, false, brought);
    const chosen = cartDiscountTotal < cart.totalPrice.centAmount ? 'CartDiscount' : 'ProductDiscount';
    if (chosen === 'CartDiscount') priceCart(ctx, cart, undiscounted, true, brought);
    else result = { ...productOnly, outcomes: result.outcomes };
    cart.discountTypeCombination = { type: 'BestDeal', chosenDiscountType: chosen };
  } else {
    result = priceCart(ctx, cart, productDiscounted, true, brought);
    cart.discountTypeCombination = { type: 'Stacking' };
  }
  if (cart.lineItems.length > 0) cart.totalLineItemQuantity = sumCents(cart.lineItems.map((line) => line.quantity));
  else delete cart.totalLineItemQuantity;
  applyShippingPredicate(ctx, cart);
  brought.settle(result.outcomes);
  return { outcomes: result.outcomes };
}
