import { errors } from '../http/errors.js';
import { newId } from '../ids.js';
import { channelReference } from './channels.js';
import { moneyFrom, type CentPrecisionMoney, type MoneyDraft } from './money.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

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

export interface PriceDraft {
  key?: string;
  value: MoneyDraft;
  country?: string;
  channel?: ResourceIdentifier;
  validFrom?: string;
  validUntil?: string;
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
