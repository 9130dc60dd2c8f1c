import { ApiError, errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { channelReference } from '../channels/index.js';
import { customerGroupReference } from '../customer-groups/index.js';
import { moneyFrom } from './money.js';
import type { Schemas } from './resource-type.js';
import type { WriteContext } from './write-context.js';

/** An Embedded Price of a variant, and its draft. */
export type Price = Schemas['Price'];
export type PriceDraft = Schemas['PriceDraft'];
type PriceTier = Schemas['PriceTier'];
type PriceTierDraft = Schemas['PriceTierDraft'];

/** A Price's scope: currency, country, Customer Group and Channel. */
function scopeOf(price: Price): string {
  const parts = [
    price.value.currencyCode,
    price.country !== undefined ? `country=${price.country}` : undefined,
    price.customerGroup !== undefined ? `customerGroup=${price.customerGroup.id}` : undefined,
    price.channel !== undefined ? `channel=${price.channel.id}` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

/** A Price's scope and validity period, as the DuplicatePriceScope message names them. */
function scopeWithPeriod(price: Price): string {
  const parts = [
    scopeOf(price),
    price.validFrom !== undefined ? `validFrom=${price.validFrom}` : undefined,
    price.validUntil !== undefined ? `validUntil=${price.validUntil}` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

/**
 * True when both Prices have a validity period (a bound at least) and the periods share an
 * instant: from `validFrom` (open when absent) up to `validUntil` (open when absent). A period
 * that starts where the other ends does not overlap; a Price without a period is the fallback of
 * its scope and overlaps none.
 */
function periodsOverlap(a: Price, b: Price): boolean {
  const hasPeriod = (p: Price) => p.validFrom !== undefined || p.validUntil !== undefined;
  if (!hasPeriod(a) || !hasPeriod(b)) return false;
  const from = (p: Price) => (p.validFrom === undefined ? -Infinity : Date.parse(p.validFrom));
  const until = (p: Price) => (p.validUntil === undefined ? Infinity : Date.parse(p.validUntil));
  return from(a) < until(b) && from(b) < until(a);
}

/** 400 OverlappingPriceValidity for `price`, whose period overlaps that of `conflicting` (https://docs.commercetools.com/api/errors#overlappingpricevalidity). */
function overlappingValidity(price: Price, conflicting: Price): ApiError {
  return new ApiError(400, [
    {
      code: 'OverlappingPriceValidity',
      message: 'Two prices have overlapping validity periods.',
      conflictingPrice: conflicting.id,
      currency: price.value.currencyCode,
      ...(price.country !== undefined ? { country: price.country } : {}),
      ...(price.customerGroup !== undefined ? { customerGroup: structuredClone(price.customerGroup) } : {}),
      ...(price.channel !== undefined ? { channel: structuredClone(price.channel) } : {}),
      ...(price.validFrom !== undefined ? { validFrom: price.validFrom } : {}),
      ...(price.validUntil !== undefined ? { validUntil: price.validUntil } : {}),
      ...(conflicting.validFrom !== undefined ? { conflictingValidFrom: conflicting.validFrom } : {}),
      ...(conflicting.validUntil !== undefined ? { conflictingValidUntil: conflicting.validUntil } : {}),
    },
  ]);
}

/**
 * The Prices of one variant: each scope and validity period once (400 DuplicatePriceScope), the
 * periods of one scope not overlapping (400 OverlappingPriceValidity; a Price without a period
 * is the scope's fallback and may coexist with scheduled ones), each key once (400
 * DuplicatePriceKey). The conflicting Price is the earlier one.
 */
export function assertDistinctPrices(prices: readonly Price[]): void {
  prices.forEach((price, index) => {
    const earlier = prices.slice(0, index).filter((p) => scopeOf(p) === scopeOf(price));
    const sameScope = earlier.find((p) => p.validFrom === price.validFrom && p.validUntil === price.validUntil);
    if (sameScope) {
      const scope = scopeWithPeriod(price);
      const message = `Duplicate price scope: ${scope}. The combination of currency, country, customerGroup and channel must be unique for each price of a product variant.`;
      throw new ApiError(400, [{ code: 'DuplicatePriceScope', message, conflictingPrice: structuredClone(sameScope) }]);
    }
    const overlapping = earlier.find((p) => periodsOverlap(p, price));
    if (overlapping) throw overlappingValidity(price, overlapping);
    const sameKey = price.key === undefined ? undefined : prices.slice(0, index).find((p) => p.key === price.key);
    if (sameKey) {
      const message = `Duplicate price key: ${price.key}. The price key must be unique per variant.`;
      throw new ApiError(400, [{ code: 'DuplicatePriceKey', message, conflictingPrice: structuredClone(sameKey) }]);
    }
  });
}

/**
 * The Embedded Prices of a variant draft, each with a generated id. A channel and a Customer Group must exist (400
 * ReferencedResourceNotFound); `validFrom` after `validUntil` is 400 InvalidField (decision);
 * scopes and keys are distinct (see {@link assertDistinctPrices}).
 */
export function pricesFrom(ctx: WriteContext, drafts: readonly PriceDraft[] | undefined, field: string): Price[] {
  const prices = (drafts ?? []).map((draft, index) => priceFrom(ctx, draft, `${field}[${index}]`));
  assertDistinctPrices(prices);
  return prices;
}

/** One Embedded Price from its draft (`at` names the draft in errors), with a generated id. */
export function priceFrom(ctx: WriteContext, draft: PriceDraft, at: string, id: string = newId()): Price {
  if (draft.validFrom !== undefined && draft.validUntil !== undefined && Date.parse(draft.validFrom) > Date.parse(draft.validUntil)) {
    throw errors.invalidField(`${at}.validUntil`, draft.validUntil, `The value for ${at}.validUntil must not be before validFrom.`);
  }
  const channel = draft.channel === undefined ? undefined : channelReference(ctx, draft.channel, `${at}.channel`);
  const customerGroup = draft.customerGroup && customerGroupReference(ctx, draft.customerGroup, `${at}.customerGroup`);
  const value = moneyFrom(draft.value, `${at}.value`);
  const tiers = draft.tiers?.map((tier, index) =>
    tierFrom(tier, value.currencyCode, draft.tiers!.slice(0, index), `${at}.tiers[${index}]`),
  );
  return {
    id,
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    value,
    ...(draft.country !== undefined ? { country: draft.country } : {}),
    ...(customerGroup ? { customerGroup } : {}),
    ...(channel ? { channel } : {}),
    ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
    ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    ...(tiers !== undefined ? { tiers } : {}),
  };
}

/** A price tier from its draft: in the Price's currency, its `minimumQuantity` not one of an `earlier` tier's (400 InvalidField). */
function tierFrom(draft: PriceTierDraft, currencyCode: string, earlier: readonly PriceTierDraft[], at: string): PriceTier {
  const value = moneyFrom(draft.value, `${at}.value`);
  if (value.currencyCode !== currencyCode) {
    throw errors.invalidField(
      `${at}.value.currencyCode`,
      value.currencyCode,
      `A price tier must be in the currency of its price, ${currencyCode}.`,
    );
  }
  if (earlier.some((tier) => tier.minimumQuantity === draft.minimumQuantity)) {
    throw errors.invalidField(
      `${at}.minimumQuantity`,
      draft.minimumQuantity,
      `The minimumQuantity ${draft.minimumQuantity} is given to two tiers.`,
    );
  }
  return { minimumQuantity: draft.minimumQuantity, value };
}
