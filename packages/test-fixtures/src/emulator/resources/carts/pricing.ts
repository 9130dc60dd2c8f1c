import { ApiError } from '../../http/errors.js';
import { selectPrice } from '../kit/price-selection.js';
import type { Price } from '../kit/prices.js';
import type { Schemas } from '../kit/resource-type.js';
import type { Cart, LineItem } from './shapes.js';

/** The tier of a Price for a quantity: the one with the highest `minimumQuantity` up to it, if any. */
function tierFor(price: Price, quantity: number): Price['value'] | undefined {
  let best: { minimumQuantity: number; value: Price['value'] } | undefined;
  for (const tier of price.tiers ?? []) {
    if (tier.minimumQuantity <= quantity && (best === undefined || tier.minimumQuantity > best.minimumQuantity)) best = tier;
  }
  return best?.value;
}

/** 400 MatchingPriceNotFound for a variant in a Cart (https://docs.commercetools.com/api/errors#matchingpricenotfound). */
function matchingPriceNotFound(cart: Cart, productId: string, variantId: number, channel: LineItem['distributionChannel']): ApiError {
  const group = cart.customerGroup;
  const message =
    `The variant ${variantId} of product ${productId} does not contain a price for currency ${cart.totalPrice.currencyCode}, ` +
    `${cart.country ?? 'none'}, ${group?.id ?? 'none'}, ${channel?.id ?? 'none'}.`;
  return new ApiError(400, [
    {
      code: 'MatchingPriceNotFound',
      message,
      productId,
      variantId,
      currency: cart.totalPrice.currencyCode,
      ...(cart.country !== undefined ? { country: cart.country } : {}),
      ...(group ? { customerGroup: structuredClone(group) } : {}),
      ...(channel ? { channel: structuredClone(channel) } : {}),
    },
  ]);
}

/**
 * The Price of a variant for a line of the Cart, by the live Line Item price selection: the Cart's
 * currency, country and Customer Group, the line's distribution Channel, now; the tier for the
 * quantity gives its `value` (the tiers stay listed). The Price keeps its `discounted` (a Product
 * Discount's) unless a tier applies. None: 400 MatchingPriceNotFound.
 */
export function linePrice(
  cart: Cart,
  productId: string,
  variant: Pick<Schemas['ProductVariant'], 'id' | 'prices'>,
  line: Pick<LineItem, 'quantity' | 'distributionChannel'>,
  at: number,
): Price {
  const selected = selectPrice(variant.prices ?? [], {
    currency: cart.totalPrice.currencyCode,
    ...(cart.country !== undefined ? { country: cart.country } : {}),
    ...(cart.customerGroup ? { customerGroup: cart.customerGroup.id } : {}),
    ...(line.distributionChannel ? { channel: line.distributionChannel.id } : {}),
    at,
  });
  if (!selected) throw matchingPriceNotFound(cart, productId, variant.id, line.distributionChannel);
  const price = structuredClone(selected);
  const tier = tierFor(price, line.quantity);
  if (tier) {
    price.value = structuredClone(tier);
    // Decision: the Product Discount's value was worked out on the Price's own value, not the tier's.
    delete price.discounted;
  }
  return price;
}
