import { errors } from '../http/errors.js';
import { newId } from '../ids.js';
import { channelReference } from './channels.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

/** Money as the service answers it. */
export interface CentPrecisionMoney {
  type: 'centPrecision';
  centAmount: number;
  currencyCode: string;
  fractionDigits: number;
}

/** An Embedded Price of a variant. */
export interface Price {
  id: string;
  key?: string;
  value: CentPrecisionMoney;
  country?: string;
  channel?: { typeId: 'channel'; id: string };
  validFrom?: string;
  validUntil?: string;
}

export interface MoneyDraft {
  type?: 'centPrecision' | 'highPrecision';
  centAmount: number;
  currencyCode: string;
  fractionDigits?: number;
}

export interface PriceDraft {
  key?: string;
  value: MoneyDraft;
  country?: string;
  channel?: ResourceIdentifier;
  validFrom?: string;
  validUntil?: string;
}

/** The ISO 4217 currencies the runtime knows. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * The default number of fraction digits of an ISO 4217 currency (2 for EUR, 0 for JPY, 3 for
 * KWD), as the live service answers `fractionDigits`; an unknown currency is 400 InvalidField.
 */
export function fractionDigitsOf(currencyCode: string, field: string): number {
  if (!CURRENCIES.has(currencyCode))
    throw errors.invalidField(field, currencyCode, `The currency '${currencyCode}' is not a valid ISO 4217 currency code.`);
  return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Money of a draft as centPrecision money; highPrecision money is not emulated (501). */
export function moneyFrom(draft: MoneyDraft, field: string): CentPrecisionMoney {
  if (draft.type === 'highPrecision') throw errors.notEmulated({ field: `${field}.type` });
  const fractionDigits = fractionDigitsOf(draft.currencyCode, `${field}.currencyCode`);
  if (draft.fractionDigits !== undefined && draft.fractionDigits !== fractionDigits) {
    throw errors.invalidField(
      `${field}.fractionDigits`,
      draft.fractionDigits,
      `The currency '${draft.currencyCode}' has ${fractionDigits} fraction digits.`,
    );
  }
  return { type: 'centPrecision', centAmount: draft.centAmount, currencyCode: draft.currencyCode, fractionDigits };
}

/**
 * The Embedded Prices of a variant draft, each with a generated id. A channel must exist (400
 * ReferencedResourceNotFound); `validFrom` after `validUntil` is 400 InvalidField (decision).
 */
export function pricesFrom(ctx: WriteContext, drafts: readonly PriceDraft[] | undefined, field: string): Price[] {
  return (drafts ?? []).map((draft, index) => {
    const at = `${field}[${index}]`;
    if (draft.validFrom !== undefined && draft.validUntil !== undefined && Date.parse(draft.validFrom) > Date.parse(draft.validUntil)) {
      throw errors.invalidField(`${at}.validUntil`, draft.validUntil, `The value for ${at}.validUntil must not be before validFrom.`);
    }
    const channel = draft.channel === undefined ? undefined : channelReference(ctx, draft.channel, `${at}.channel`);
    return {
      id: newId(),
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      value: moneyFrom(draft.value, `${at}.value`),
      ...(draft.country !== undefined ? { country: draft.country } : {}),
      ...(channel ? { channel: { typeId: 'channel' as const, id: channel.id } } : {}),
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    };
  });
}
