import { errors } from '../../http/errors.js';
import { allVariants, type Product, type ProductData, type ProductVariant } from './data.js';
import { changeData, changeVariant, stagedFlag } from './staging.js';
import { externalDiscounted } from '../product-discounts/apply.js';
import { assertDistinctPrices, priceFrom, pricesFrom, type Price } from '../kit/prices.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';

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

/** The Prices with the one at `index` last: the one an action changed, checked against the others. */
const withLast = (prices: readonly Price[], index: number): Price[] => [...prices.filter((_, i) => i !== index), prices[index]!];

/**
 * The Embedded Price actions of a Product. A new Price gets a generated id, the same in staged and
 * current data when both change (`staged: false`); `changePrice` keeps the id. Scopes and keys stay
 * distinct per variant, and the validity periods of one scope apart (400 DuplicatePriceScope,
 * OverlappingPriceValidity, DuplicatePriceKey); the conflicting Price named is another than the
 * one the action adds or changes.
 */
export const priceActions: ActionHandlers<Product, Schemas['ProductUpdateAction']> = {
  addPrice(product, action, ctx) {
    const price = priceFrom(ctx, action.price, 'price');
    const variant = changeVariant(product, action, (target) => {
      target.prices.push(structuredClone(price));
      assertDistinctPrices(target.prices);
    });
    ctx.emit('ProductPriceAdded', { variantId: variant.id, price, staged: stagedFlag(action.staged) });
  },

  /** Replaces every Price of the variant (an empty list removes them all). */
  setPrices(product, action, ctx) {
    const prices = pricesFrom(ctx, action.prices, 'prices');
    const variant = changeVariant(product, action, (target) => (target.prices = structuredClone(prices)));
    ctx.emit('ProductPricesSet', { variantId: variant.id, prices, staged: stagedFlag(action.staged) });
  },

  changePrice(product, { priceId, price: draft, staged }, ctx) {
    const price = priceFrom(ctx, draft, 'price', priceId);
    const { variant, index } = priceAt(product.masterData.staged, priceId);
    const oldPrice = structuredClone(variant.prices[index]!);
    ctx.emit('ProductPriceChanged', { variantId: variant.id, oldPrice, newPrice: price, staged: stagedFlag(staged) });
    changeData(product, staged, (data) => {
      const { variant, index } = priceAt(data, priceId);
      variant.prices[index] = structuredClone(price);
      assertDistinctPrices(withLast(variant.prices, index));
    });
  },

  removePrice(product, { priceId, staged }, ctx) {
    const { variant, index } = priceAt(product.masterData.staged, priceId);
    ctx.emit('ProductPriceRemoved', { variantId: variant.id, price: structuredClone(variant.prices[index]!), staged: stagedFlag(staged) });
    changeData(product, staged, (data) => {
      const { variant, index } = priceAt(data, priceId);
      variant.prices.splice(index, 1);
    });
  },

  /** Sets or (without `discounted`) removes the value of an external Product Discount on a Price. */
  setDiscountedPrice(product, { priceId, staged, discounted }, ctx) {
    const data = product.masterData.staged;
    const { variant, index } = priceAt(data, priceId);
    const price = variant.prices[index]!;
    const value = discounted && externalDiscounted(ctx.state, { product, data, variant, price }, discounted, Date.parse(ctx.now));
    ctx.emit('ProductPriceExternalDiscountSet', {
      variantId: variant.id,
      ...(variant.key !== undefined ? { variantKey: variant.key } : {}),
      ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
      priceId,
      ...(value ? { discounted: value } : {}),
      staged: stagedFlag(staged),
    });
    changeData(product, staged, (target) => {
      const { variant, index } = priceAt(target, priceId);
      setOptional(variant.prices[index]!, 'discounted', value && structuredClone(value));
    });
  },

  /** Sets or (without `key`) removes a Price's key. */
  setPriceKey(product, { priceId, key, staged }, ctx) {
    const { variant, index } = priceAt(product.masterData.staged, priceId);
    const oldKey = variant.prices[index]!.key;
    ctx.emit('ProductPriceKeySet', {
      variantId: variant.id,
      priceId,
      ...(oldKey !== undefined ? { oldKey } : {}),
      ...(key !== undefined ? { key } : {}),
      staged: stagedFlag(staged),
    });
    changeData(product, staged, (data) => {
      const { variant, index } = priceAt(data, priceId);
      setOptional(variant.prices[index]!, 'key', key);
      assertDistinctPrices(withLast(variant.prices, index));
    });
  },
};
