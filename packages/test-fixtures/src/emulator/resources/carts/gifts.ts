import { ApiError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { WriteContext } from '../kit/write-context.js';
import { eligibility, isGiftOf, projectDiscounts, type ApplyOptions, type DiscountValue } from './discounts.js';
import { productSnapshot } from './line-items.js';
import { linePrice } from './pricing.js';
import type { Cart, LineItem } from './shapes.js';
import { variantFor } from './variants.js';

type GiftValue = Extract<DiscountValue, { type: 'giftLineItem' }>;

/** A gift line of a variant: quantity 1, mode GiftLineItem; undefined when the variant has no Price for the Cart. */
function giftLine(ctx: WriteContext, cart: Cart, value: GiftValue): LineItem | undefined {
  let found;
  let price;
  try {
    found = variantFor(ctx.state, { productId: value.product.id, variantId: value.variantId }, 'value');
    price = linePrice(cart, found.product.id, found.variant, { quantity: 1 }, ctx.state.clock.now());
  } catch (error) {
    // Decision: a gift whose Product is gone, unpublished or without a Price is not added.
    if (error instanceof ApiError) return undefined;
    throw error;
  }
  return {
    id: newId(),
    ...productSnapshot(found),
    price,
    quantity: 1,
    totalPrice: price.value,
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    state: [],
    perMethodTaxRate: [],
    priceMode: 'Platform',
    lineItemMode: 'GiftLineItem',
    addedAt: ctx.now,
    lastModifiedAt: ctx.now,
  };
}

/**
 * Adds the gift line of every matching Cart Discount with a `giftLineItem` value the Cart lacks
 * (https://docs.commercetools.com/api/projects/cartDiscounts#cartdiscountvaluegiftlineitem), unless
 * the Cart refused that gift, and removes the gift lines no matching discount gives any more.
 * Evaluated on the Cart as priced without Cart Discounts; whether any line came or went. Gift
 * lines only ever come from here: `addLineItem` adds Standard lines.
 */
export function syncGiftLines(ctx: WriteContext, cart: Cart, options: ApplyOptions): boolean {
  const now = ctx.now;
  const gifts: { id: string; value: GiftValue }[] = [];
  // Without Cart Discounts (BestDeal's Product-Discount side) no gift applies.
  if (options.withCartDiscounts && (cart.directDiscounts ?? []).length === 0) {
    for (const prepared of projectDiscounts(ctx.state)) {
      if (prepared.value.type !== 'giftLineItem') continue;
      if (eligibility(prepared, cart, now, options) !== 'Eligible' || !prepared.matchesCart(cart, ctx.state)) continue;
      gifts.push({ id: prepared.ref.id, value: prepared.value });
    }
  }
  const before = cart.lineItems.length;
  cart.lineItems = cart.lineItems.filter(
    (line) => line.lineItemMode !== 'GiftLineItem' || gifts.some((gift) => isGiftOf(line, gift.value)),
  );
  let changed = cart.lineItems.length !== before;
  const refused = new Set((cart.refusedGifts ?? []).map((reference) => reference.id));
  for (const gift of gifts) {
    if (refused.has(gift.id) || cart.lineItems.some((line) => isGiftOf(line, gift.value))) continue;
    const line = giftLine(ctx, cart, gift.value);
    if (!line) continue;
    cart.lineItems.push(line);
    changed = true;
  }
  return changed;
}

/**
 * Records the Cart Discounts that gave a gift line the caller removes in `refusedGifts`, so that
 * they do not add it again (https://docs.commercetools.com/api/projects/carts#refusedgifts).
 */
export function refuseGift(cart: Cart, line: LineItem, quantityLeft: number): void {
  if (line.lineItemMode !== 'GiftLineItem' || quantityLeft > 0) return;
  const refused = cart.refusedGifts ?? [];
  for (const entry of line.discountedPricePerQuantity)
    for (const { discount } of entry.discountedPrice.includedDiscounts)
      if (discount.typeId === 'cart-discount' && !refused.some((reference) => reference.id === discount.id))
        refused.push({ typeId: 'cart-discount', id: discount.id } as unknown as (typeof refused)[number]);
  cart.refusedGifts = refused;
}
