import { errors } from '../../http/errors.js';
import { allVariants, type Product, type ProductData, type ProductVariant } from './data.js';
import { changeData, changeVariant, stagedFlag } from './staging.js';
import { assertDistinctPrices, priceFrom, pricesFrom, type Price, type PriceDraft } from '../kit/prices.js';
import type { WriteContext } from '../kit/write-context.js';

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
    const variant = changeVariant(product, action, (target) => {
      target.prices.push(structuredClone(price));
      assertDistinctPrices(target.prices);
    });
    ctx.emit('ProductPriceAdded', { variantId: variant.id, price, staged: stagedFlag(action) });
  },

  /** Replaces every Price of the variant (an empty list removes them all). */
  setPrices(product: Product, action: Action, ctx: WriteContext) {
    const prices = pricesFrom(ctx, action['prices'] as PriceDraft[], 'prices');
    const variant = changeVariant(product, action, (target) => (target.prices = structuredClone(prices)));
    ctx.emit('ProductPricesSet', { variantId: variant.id, prices, staged: stagedFlag(action) });
  },

  changePrice(product: Product, action: Action, ctx: WriteContext) {
    const priceId = action['priceId'] as string;
    const price: Price = priceFrom(ctx, action['price'] as PriceDraft, 'price', priceId);
    const { variant, index } = priceAt(product.masterData.staged, priceId);
    const oldPrice = structuredClone(variant.prices[index]!);
    ctx.emit('ProductPriceChanged', { variantId: variant.id, oldPrice, newPrice: price, staged: stagedFlag(action) });
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, priceId);
      variant.prices[index] = structuredClone(price);
      assertDistinctPrices(variant.prices);
    });
  },

  removePrice(product: Product, action: Action, ctx: WriteContext) {
    const { variant, index } = priceAt(product.masterData.staged, action['priceId'] as string);
    ctx.emit('ProductPriceRemoved', { variantId: variant.id, price: structuredClone(variant.prices[index]!), staged: stagedFlag(action) });
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, action['priceId'] as string);
      variant.prices.splice(index, 1);
    });
  },

  /** Sets or (without `key`) removes a Price's key. */
  setPriceKey(product: Product, action: Action, ctx: WriteContext) {
    const key = action['key'] as string | undefined;
    const priceId = action['priceId'] as string;
    const { variant, index } = priceAt(product.masterData.staged, priceId);
    const oldKey = variant.prices[index]!.key;
    ctx.emit('ProductPriceKeySet', {
      variantId: variant.id,
      priceId,
      ...(oldKey !== undefined ? { oldKey } : {}),
      ...(key !== undefined ? { key } : {}),
      staged: stagedFlag(action),
    });
    changeData(product, action['staged'], (data) => {
      const { variant, index } = priceAt(data, action['priceId'] as string);
      const price = variant.prices[index]!;
      if (key === undefined) delete price.key;
      else price.key = key;
      assertDistinctPrices(variant.prices);
    });
  },
};
