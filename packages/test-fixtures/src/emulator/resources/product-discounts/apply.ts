import { isDeepStrictEqual } from 'node:util';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import { productPredicate, type PricePoint, type ProductPriceItem } from '../kit/cart-predicates/index.js';
import { moneyFrom } from '../kit/money.js';
import type { Schemas } from '../kit/resource-type.js';
import { centMoney, divideRounded, safeCents } from '../kit/taxes.js';
import type { Price } from '../kit/prices.js';
import { allVariants, type Product, type ProductData } from '../products/data.js';

export type ProductDiscount = Schemas['ProductDiscount'];
type DiscountedPrice = Schemas['DiscountedPrice'];
type UpdatedPrice = Schemas['ProductPriceDiscountsSetUpdatedPrice'];

/** A `sortOrder` as a comparable string: its fraction digits without trailing zeros (`"0.50"` is `"5"`). */
export function sortKey(sortOrder: string): string {
  return sortOrder.slice(sortOrder.indexOf('.') + 1).replace(/0+$/, '');
}

/** True when the Product Discount is active and valid at `at` (ms): `validFrom` inclusive, `validUntil` exclusive. */
export function isInForce(discount: ProductDiscount, at: number): boolean {
  if (!discount.isActive) return false;
  if (discount.validFrom !== undefined && Date.parse(discount.validFrom) > at) return false;
  return discount.validUntil === undefined || Date.parse(discount.validUntil) > at;
}

/** A Product Discount in force with its predicate compiled once. */
interface Ranked {
  readonly discount: ProductDiscount;
  readonly matches: (item: ProductPriceItem, state: EmulatorState) => boolean;
}

/**
 * The Product Discounts in force at `at`, highest `sortOrder` first (sortOrders are unique): the
 * first whose predicate matches a Price is the one that applies to it.
 */
export function rankedDiscounts(state: EmulatorState, at: number): Ranked[] {
  return [...state.collection<ProductDiscount>('product-discount').values()]
    .filter((discount) => isInForce(discount, at))
    .map((discount) => ({ discount, key: sortKey(discount.sortOrder) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .map(({ discount }) => ({ discount, matches: productPredicate(discount.predicate, 'predicate').matches }));
}

/** The first of the ranked Product Discounts whose predicate the Price satisfies, if any. */
export function matchingDiscount(ranked: readonly Ranked[], item: ProductPriceItem, state: EmulatorState): ProductDiscount | undefined {
  return ranked.find((candidate) => candidate.matches(item, state))?.discount;
}

/**
 * The discounted value of a Price under a relative or absolute Product Discount (undefined for an
 * external one, or absolute money in another currency). Relative: the price times
 * (10000 − permyriad) / 10000, a half cent rounded down as the reference says
 * (https://docs.commercetools.com/api/types#discountedprice): 101 cents at 5000 is 50. Absolute:
 * the price minus the money of its currency, never below 0.
 */
export function discountedValue(discount: ProductDiscount, value: PricePoint['value'] & { fractionDigits?: number }) {
  const fractionDigits = value.fractionDigits ?? 2;
  const { value: rule } = discount;
  if (rule.type === 'relative') {
    const cents = divideRounded(BigInt(value.centAmount) * BigInt(10000 - rule.permyriad), 10000n, 'HalfDown');
    return centMoney(safeCents(cents), value.currencyCode, fractionDigits);
  }
  if (rule.type === 'absolute') {
    const off = rule.money.find((money) => money.currencyCode === value.currencyCode);
    return off ? centMoney(Math.max(0, value.centAmount - off.centAmount), value.currencyCode, fractionDigits) : undefined;
  }
  return undefined;
}

/**
 * The `discounted` a Price gets: that of the highest-ranked matching Product Discount. An external
 * one keeps the value `setDiscountedPrice` gave the Price when it names that discount, else none.
 */
export function discountedFor(
  ranked: readonly Ranked[],
  item: ProductPriceItem & { price: { discounted?: DiscountedPrice } },
  state: EmulatorState,
): DiscountedPrice | undefined {
  const discount = matchingDiscount(ranked, item, state);
  if (!discount) return undefined;
  const reference = { typeId: 'product-discount' as const, id: discount.id };
  if (discount.value.type === 'external') return item.price.discounted?.discount.id === discount.id ? item.price.discounted : undefined;
  const value = discountedValue(discount, item.price.value);
  return value ? { value, discount: reference } : undefined;
}

/** Every Embedded Price of a Product with what a predicate sees of it, current data first. */
function* pricesOf(product: Product): Generator<ProductPriceItem & { price: Price; staged: boolean }> {
  const sets: [ProductData, boolean][] = [
    [product.masterData.current, false],
    [product.masterData.staged, true],
  ];
  for (const [data, staged] of sets) {
    for (const variant of allVariants(data)) for (const price of variant.prices) yield { product, data, variant, price, staged };
  }
}

/** True when some Price of the Product would get another `discounted` (a read-only pass: no copy of an unchanged Product). */
export function discountsChange(product: Product, ranked: readonly Ranked[], state: EmulatorState): boolean {
  for (const item of pricesOf(product)) if (!isDeepStrictEqual(discountedFor(ranked, item, state), item.price.discounted)) return true;
  return false;
}

/**
 * Sets `discounted` on every Embedded Price of a Product's current and staged data (in place), as
 * the ranked Product Discounts give it, and answers the Prices whose `discounted` changed, in the
 * shape of ProductPriceDiscountsSet; none when nothing changed.
 */
export function applyProductDiscounts(product: Product, ranked: readonly Ranked[], state: EmulatorState): UpdatedPrice[] {
  const updated: UpdatedPrice[] = [];
  for (const item of pricesOf(product)) {
    const { variant, price, staged } = item;
    const next = discountedFor(ranked, item, state);
    if (isDeepStrictEqual(next, price.discounted)) continue;
    if (next) price.discounted = structuredClone(next);
    else delete price.discounted;
    updated.push({
      variantId: variant.id,
      ...(variant.key !== undefined ? { variantKey: variant.key } : {}),
      ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
      priceId: price.id,
      ...(next ? { discounted: structuredClone(next) } : {}),
      staged,
    });
  }
  return updated;
}

/**
 * The next instant after `at` at which a Product Discount comes into force or leaves it (its
 * `validFrom` or `validUntil`, of the active ones); Infinity when none.
 */
export function nextValidityBound(state: EmulatorState, at: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const discount of state.collection<ProductDiscount>('product-discount').values()) {
    if (!discount.isActive) continue;
    for (const bound of [discount.validFrom, discount.validUntil]) {
      const ms = bound === undefined ? Number.NaN : Date.parse(bound);
      if (ms > at && ms < next) next = ms;
    }
  }
  return next;
}

/**
 * The `discounted` a `setDiscountedPrice` sets on a Price: its discount must be an `external` one in
 * force at `at` whose predicate the Price satisfies, its value in the Price's currency; 400
 * InvalidOperation otherwise (decision: the reference names no code).
 */
export function externalDiscounted(
  state: EmulatorState,
  item: ProductPriceItem & { price: Price },
  draft: Schemas['DiscountedPriceDraft'],
  at: number,
): DiscountedPrice {
  const discount = state.collection<ProductDiscount>('product-discount').get(draft.discount.id);
  const refuse = (why: string) => errors.invalidOperation(`The Product Discount '${draft.discount.id}' ${why}.`);
  if (!discount) throw refuse('does not exist');
  if (discount.value.type !== 'external') throw refuse('is not an external Product Discount');
  if (!isInForce(discount, at)) throw refuse('is not active and valid now');
  if (!productPredicate(discount.predicate, 'predicate').matches(item, state)) throw refuse(`does not match the Price '${item.price.id}'`);
  const value = moneyFrom(draft.value, 'discounted.value');
  if (value.currencyCode !== item.price.value.currencyCode)
    throw errors.invalidOperation(`The discounted value must be in the Price's currency, ${item.price.value.currencyCode}.`);
  return { value, discount: { typeId: 'product-discount', id: discount.id } };
}
