import { errors } from '../http/errors.js';
import { allVariants, type Product, type ProductData, type ProductVariant } from './product-data.js';
import { changeData, changeVariant } from './product-staging.js';
import { assertDistinctPrices, priceFrom, pricesFrom, type Price, type PriceDraft } from './prices.js';
import type { WriteContext } from './write-context.js';

type Action = Record<string, unknown>;

/**
 * The variant and index of the Price `priceId` in one data set; 400 InvalidOperation when the
 * data set has no such Price (decision: the reference names no code).
 */
function priceAt(data: ProductData, priceId: string): { variant: ProductVariant; index: number } {
  for (const variant of allVariants(data)) {
    const index = variant.prices.findIndex((p) => p.id === priceId);
    if (index >= 0) return { variant, index };
  }
  throw errors.invalidOperation(`The Price with id '${priceId}' does not exist.`);
}

/**
 * The Embedded Price actions of a Product. A new Price gets a generated id, the same in staged and
 * current data when both change (`staged: false`); `changePrice` keeps the id. Scopes and keys stay
 * distinct per variant (400 DuplicatePriceScope, 400 DuplicatePriceKey).
 */
export const priceActions = {
  addPrice(product: Product, action: Action, ctx: WriteContext) {
    const price = priceFrom(ctx, action['price'] as PriceDraft, 'price');
    changeVariant(product, action, (variant) => {
      variant.prices.push(structuredClone(price));
      assertDistinctPrices(variant.prices);
    });
  },

  /** Replaces every Price of the variant (an empty list removes them all). */
  setPrices(product: Product, action: Action, ctx: WriteContext) {
    const prices = pricesFrom(ctx, action['prices'] as PriceDraft[], 'prices');
    changeVariant(product, action, (variant) => (variant.prices = structuredClone(prices)));
  },

  changePrice(product: Product, action: Action, ctx: WriteContext) {
    const priceId = action['priceId'] as string;
    const price: Price = priceFrom(ctx, action['price'] as PriceDraft, 'price', priceId);
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, priceId);
      variant.prices[index] = structuredClone(price);
      assertDistinctPrices(variant.prices);
    });
  },

  removePrice(product: Product, action: Action) {
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, action['priceId'] as string);
      variant.prices.splice(index, 1);
    });
  },

  /** Sets or (without `key`) removes a Price's key. */
  setPriceKey(product: Product, action: Action) {
    const key = action['key'] as string | undefined;
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, action['priceId'] as string);
      const price = variant.prices[index]!;
      if (key === undefined) delete price.key;
      else price.key = key;
      assertDistinctPrices(variant.prices);
    });
  },
};
