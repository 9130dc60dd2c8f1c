import { errors } from '../../http/errors.js';
import type { Schemas } from './resource-type.js';

/** Money as the service answers it, and as a draft gives it. */
export type CentPrecisionMoney = Schemas['CentPrecisionMoney'];
export type MoneyDraft = Schemas['Money'];

/** The ISO 4217 currencies the runtime knows. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/**
 * The default number of fraction digits of an ISO 4217 currency (2 for EUR, 0 for JPY, 3 for
 * KWD), as the live service answers `fractionDigits`; an unknown currency is 400 InvalidField.
 */
export function fractionDigitsOf(currencyCode: string, field: string): number {
  const known = FRACTION_DIGITS.get(currencyCode);
  if (known !== undefined) return known;
  if (!CURRENCIES.has(currencyCode))
    throw errors.invalidField(field, currencyCode, `The currency '${currencyCode}' is not a valid ISO 4217 currency code.`);
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
  FRACTION_DIGITS.set(currencyCode, digits);
  return digits;
}

/** Fraction digits by currency, as found (a NumberFormat costs tens of microseconds; carts ask on every update). */
const FRACTION_DIGITS = new Map<string, number>();

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
