import { errors } from '../../http/errors.js';
import { moneyFrom, type CentPrecisionMoney, type MoneyDraft } from '../kit/money.js';
import type { Schemas } from '../kit/resource-type.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import type { Zone } from '../zones/index.js';

export type ShippingRate = Schemas['ShippingRate'];
export type ZoneRate = Schemas['ZoneRate'];
export type CartValueTier = Schemas['CartValueTier'];
type ShippingRateDraft = Schemas['ShippingRateDraft'];
type ZoneRateDraft = Schemas['ZoneRateDraft'];
type ZoneReference = ZoneRate['zone'];

/** Money of a rate's `freeAbove` or tier: in the currency of the rate's price (400 InvalidField otherwise, decision). */
function inCurrency(draft: MoneyDraft, currencyCode: string, field: string): CentPrecisionMoney {
  const money = moneyFrom(draft, field);
  if (money.currencyCode !== currencyCode) {
    const message = `The currency '${money.currencyCode}' of ${field} is not '${currencyCode}', the currency of the shipping rate's price.`;
    throw errors.invalidField(`${field}.currencyCode`, money.currencyCode, message, [currencyCode]);
  }
  return money;
}

/**
 * A shipping rate from its draft (`field` names it in errors). Only CartValue tiers are emulated
 * (501 NotEmulated for the others); each `minimumCentAmount` once (400 DuplicateField).
 */
export function rateFrom(draft: ShippingRateDraft, field: string): ShippingRate {
  const price = moneyFrom(draft.price, `${field}.price`);
  const tiers: CartValueTier[] = [];
  (draft.tiers ?? []).forEach((tier, index) => {
    const at = `${field}.tiers[${index}]`;
    if (tier.type !== 'CartValue') throw errors.notEmulated({ field: `${at}.type` });
    if (tiers.some((t) => t.minimumCentAmount === tier.minimumCentAmount))
      throw errors.duplicateField(`${at}.minimumCentAmount`, tier.minimumCentAmount);
    tiers.push({
      type: 'CartValue',
      minimumCentAmount: tier.minimumCentAmount,
      price: inCurrency(tier.price, price.currencyCode, `${at}.price`),
    });
  });
  const freeAbove = draft.freeAbove && inCurrency(draft.freeAbove, price.currencyCode, `${field}.freeAbove`);
  return { price, ...(freeAbove ? { freeAbove } : {}), tiers };
}

/** 400 DuplicateField when a Zone already has a rate in the currency of `rate`. */
export function assertCurrencyFree(rates: readonly ShippingRate[], rate: ShippingRate, field: string): void {
  const { currencyCode } = rate.price;
  if (rates.some((other) => other.price.currencyCode === currencyCode))
    throw errors.duplicateField(`${field}.price.currencyCode`, currencyCode);
}

/** A Zone reference: the Zone must exist (400 ReferencedResourceNotFound). */
export function zoneReference(ctx: WriteContext, identifier: ResourceIdentifier, field: string): ZoneReference {
  return { typeId: 'zone', id: ctx.resolveIdentifier<Zone>('zone', identifier, field).id };
}

/** The ZoneRates of a draft: each Zone once (400 DuplicateField), one rate per currency in each. */
export function zoneRatesFrom(ctx: WriteContext, drafts: readonly ZoneRateDraft[]): ZoneRate[] {
  const zoneRates: ZoneRate[] = [];
  drafts.forEach((draft, index) => {
    const at = `zoneRates[${index}]`;
    const zone = zoneReference(ctx, draft.zone, `${at}.zone`);
    if (zoneRates.some((zoneRate) => zoneRate.zone.id === zone.id)) throw errors.duplicateField(`${at}.zone`, zone);
    const shippingRates: ShippingRate[] = [];
    draft.shippingRates.forEach((rateDraft, rateIndex) => {
      const rate = rateFrom(rateDraft, `${at}.shippingRates[${rateIndex}]`);
      assertCurrencyFree(shippingRates, rate, `${at}.shippingRates[${rateIndex}]`);
      shippingRates.push(rate);
    });
    zoneRates.push({ zone, shippingRates });
  });
  return zoneRates;
}
