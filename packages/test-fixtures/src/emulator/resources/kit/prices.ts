import { ApiError, errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { channelReference } from '../channels/index.js';
import { moneyFrom } from './money.js';
import type { Schemas } from './resource-type.js';
import type { WriteContext } from './write-context.js';

/** An Embedded Price of a variant, and its draft. */
export type Price = Schemas['Price'];
export type PriceDraft = Schemas['PriceDraft'];

/** A Price's scope: currency, country, Customer Group and Channel, and its validity period. */
function scopeOf(price: Price): string {
  const parts = [
    price.value.currencyCode,
    price.country !== undefined ? `country=${price.country}` : undefined,
    price.channel !== undefined ? `channel=${price.channel.id}` : undefined,
    price.validFrom !== undefined ? `validFrom=${price.validFrom}` : undefined,
    price.validUntil !== undefined ? `validUntil=${price.validUntil}` : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
}

/**
 * The Prices of one variant: each scope once (400 DuplicatePriceScope; prices of one scope with
 * different validity periods may coexist, as price scheduling needs), each key once (400
 * DuplicatePriceKey). `conflictingPrice` is the earlier Price.
 */
export function assertDistinctPrices(prices: readonly Price[]): void {
  prices.forEach((price, index) => {
    const earlier = prices.slice(0, index);
    const sameScope = earlier.find((p) => scopeOf(p) === scopeOf(price));
    if (sameScope) {
      const scope = scopeOf(price);
      const message = `Duplicate price scope: ${scope}. The combination of currency, country, customerGroup and channel must be unique for each price of a product variant.`;
      throw new ApiError(400, [{ code: 'DuplicatePriceScope', message, conflictingPrice: structuredClone(sameScope) }]);
    }
    const sameKey = price.key === undefined ? undefined : earlier.find((p) => p.key === price.key);
    if (sameKey) {
      const message = `Duplicate price key: ${price.key}. The price key must be unique per variant.`;
      throw new ApiError(400, [{ code: 'DuplicatePriceKey', message, conflictingPrice: structuredClone(sameKey) }]);
    }
  });
}

/**
 * The Embedded Prices of a variant draft, each with a generated id. A channel must exist (400
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
  return {
    id,
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    value: moneyFrom(draft.value, `${at}.value`),
    ...(draft.country !== undefined ? { country: draft.country } : {}),
    ...(channel ? { channel } : {}),
    ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
    ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
  };
}
