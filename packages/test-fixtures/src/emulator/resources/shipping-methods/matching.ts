import type { EmulatorState } from '../../state.js';
import type { CentPrecisionMoney } from '../kit/money.js';
import type { Zone } from '../zones/index.js';
import type { ShippingMethod } from './index.js';
import type { CartValueTier, ShippingRate, ZoneRate } from './rates.js';

/**
 * Which Shipping Methods ship where, and what shipping costs: the rules the matching endpoints
 * answer by (https://docs.commercetools.com/api/projects/shippingMethods#get-matching-shippingmethods)
 * and carts price their shipping with (https://docs.commercetools.com/api/shipping-delivery-overview).
 * Money in integer cents only.
 */

/** Where a cart ships to: a country, and a state within it. */
export interface ShippingLocation {
  country: string;
  state?: string;
}

/** How well a Zone covers a location: 2 by a location with its state, 1 by one of the whole country, 0 not. */
function coverage(zone: Zone | undefined, where: ShippingLocation): number {
  let best = 0;
  for (const location of zone?.locations ?? []) {
    if (location.country !== where.country) continue;
    if (location.state === undefined) best = 1;
    else if (location.state === where.state) return 2;
  }
  return best;
}

/**
 * The ZoneRate of a method whose Zone has the location (a location matches the country, and the
 * state when it has one; a Zone with the state wins over a country-wide one), undefined when none.
 */
export function matchingZoneRate(state: EmulatorState, method: ShippingMethod, where: ShippingLocation): ZoneRate | undefined {
  let best: ZoneRate | undefined;
  let bestCoverage = 0;
  for (const zoneRate of method.zoneRates) {
    const covered = coverage(state.collection<Zone>('zone').get(zoneRate.zone.id), where);
    if (covered > bestCoverage) [best, bestCoverage] = [zoneRate, covered];
  }
  return best;
}

/**
 * The rate of a method for a location and currency: the one of its matching Zone in that currency
 * (a Zone has one per currency), undefined when the method does not ship there in that currency.
 *
 * @example
 * const rate = shippingRateFor(context.state, method, { country: 'DE' }, 'EUR');
 */
export function shippingRateFor(
  state: EmulatorState,
  method: ShippingMethod,
  where: ShippingLocation,
  currency: string,
): ShippingRate | undefined {
  return matchingZoneRate(state, method, where)?.shippingRates.find((rate) => rate.price.currencyCode === currency);
}

/** The type of the project's `shippingRateInputType` (`CartValue`, `CartClassification`, `CartScore`), undefined when it has none. */
export function shippingRateInputTypeOf(state: EmulatorState): string | undefined {
  return state.project.shippingRateInputType?.type;
}

/** The CartValue tier that applies to a cart value: the highest `minimumCentAmount` it reaches; none below every tier or unless the input type is CartValue. */
function tierFor(rate: ShippingRate, cartValueCentAmount: number, shippingRateInputType: string | undefined): CartValueTier | undefined {
  if (shippingRateInputType !== 'CartValue') return undefined;
  let best: CartValueTier | undefined;
  for (const tier of rate.tiers) {
    if (tier.type !== 'CartValue' || tier.minimumCentAmount > cartValueCentAmount) continue;
    if (!best || tier.minimumCentAmount > best.minimumCentAmount) best = tier;
  }
  return best;
}

/**
 * The shipping price of a rate for a cart value in cents (the sum of the line totals): 0 once the
 * value reaches `freeAbove`; else, with the project's `shippingRateInputType` CartValue, the price
 * of the highest tier the value reaches; else the rate's price.
 *
 * @example
 * // price 5.00 EUR, free above 100.00 EUR: a cart of 100.00 EUR ships for 0
 * shippingPriceOf(rate, 10000, undefined); // { centAmount: 0, currencyCode: 'EUR', ... }
 */
export function shippingPriceOf(
  rate: ShippingRate,
  cartValueCentAmount: number,
  shippingRateInputType: string | undefined,
): CentPrecisionMoney {
  if (rate.freeAbove !== undefined && cartValueCentAmount >= rate.freeAbove.centAmount) return { ...rate.price, centAmount: 0 };
  const tier = tierFor(rate, cartValueCentAmount, shippingRateInputType);
  return structuredClone((tier?.price ?? rate.price) as CentPrecisionMoney);
}

/** The live order of matching methods: the default first, then by creation. */
function byDefaultThenCreation(a: ShippingMethod, b: ShippingMethod): number {
  if (a.isDefault !== b.isDefault) return a.isDefault ? -1 : 1;
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/**
 * The active Shipping Methods that ship to a location, as the matching endpoints answer them: each
 * a copy whose rates of the matching Zone are flagged `isMatching: true` (with `currency`, only the
 * rate in that currency, and only methods that have one) and all others `false`; the default
 * first. Methods with a `predicate` are left out (live rule of matching-location) unless `admits`
 * accepts them (the matching-cart routes: the Cart satisfies it). With `cartValueCentAmount`, the
 * CartValue tiers of the matching rates are flagged too (see {@link shippingPriceOf}).
 *
 * @example
 * const methods = matchingShippingMethods(context.state, { country: 'US', state: 'NY', currency: 'USD' }, 4200);
 */
export function matchingShippingMethods(
  state: EmulatorState,
  where: ShippingLocation & { currency?: string },
  cartValueCentAmount?: number,
  admits?: (method: ShippingMethod) => boolean,
): ShippingMethod[] {
  const inputType = shippingRateInputTypeOf(state);
  const matches = (rate: ShippingRate) => where.currency === undefined || rate.price.currencyCode === where.currency;
  const found: ShippingMethod[] = [];
  for (const method of state.collection<ShippingMethod>('shipping-method').values()) {
    if (!method.active || (method.predicate !== undefined && !admits?.(method))) continue;
    const zoneRate = matchingZoneRate(state, method, where);
    if (!zoneRate?.shippingRates.some(matches)) continue;
    const flagged = structuredClone(method);
    method.zoneRates.forEach((original, index) => {
      flagged.zoneRates[index]!.shippingRates.forEach((rate) => {
        rate.isMatching = original === zoneRate && matches(rate);
        if (!rate.isMatching || cartValueCentAmount === undefined || rate.tiers.length === 0) return;
        const tier = tierFor(rate, cartValueCentAmount, inputType);
        for (const candidate of rate.tiers) candidate.isMatching = candidate === tier;
      });
    });
    found.push(flagged);
  }
  return found.sort(byDefaultThenCreation);
}
