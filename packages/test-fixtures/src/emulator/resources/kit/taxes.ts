import { errors } from '../../http/errors.js';
import type { CentPrecisionMoney } from './money.js';
import type { Schemas } from './resource-type.js';

// Exact money for carts and orders: amounts are integer cents, computed in bigint; a rate is the
// exact fraction of its decimal form (0.19 = 19/100), never a float product.
// https://docs.commercetools.com/api/carts-orders-overview#taxes

export type RoundingMode = Schemas['RoundingMode'];
export type TaxCalculationMode = Schemas['TaxCalculationMode'];
export type TaxPortion = Schemas['TaxPortion'];
export type TaxedItemPrice = Schemas['TaxedItemPrice'];
export type TaxedPrice = Schemas['TaxedPrice'];
/** A rate as a cart item holds it: a Tax Category's rate, or an external one without `id`. */
export type ItemTaxRate = Omit<Schemas['TaxRate'], 'id'> & { id?: string };

/** A non-negative exact fraction. */
interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/**
 * numerator / denominator rounded to an integer by mode; a half rounds as its absolute value
 * does, negated for a negative quotient (HalfUp away from zero, HalfDown toward zero).
 */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError('divideRounded: division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const twiceRemainder = (n % d) * 2n;
  if (twiceRemainder > d) quotient += 1n;
  else if (twiceRemainder === d) {
    if (mode === 'HalfUp' || (mode === 'HalfEven' && quotient % 2n === 1n)) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** The exact value of a rate (0..1) from its shortest decimal form: 0.075 is 75/1000. */
export function rateFraction(rate: number): Fraction {
  const match = DECIMAL.exec(String(rate));
  if (!match || !Number.isFinite(rate)) throw new RangeError(`not a non-negative decimal rate: ${rate}`);
  const [, whole = '', fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0
    ? { numerator: digits, denominator: 10n ** BigInt(scale) }
    : { numerator: digits * 10n ** BigInt(-scale), denominator: 1n };
}

/** Cents back to a number; beyond Number.MAX_SAFE_INTEGER cents is refused (400 InvalidOperation). */
export function safeCents(cents: bigint): number {
  const value = Number(cents);
  if (!Number.isSafeInteger(value)) throw errors.invalidOperation(`The amount ${cents} cents exceeds the supported range.`);
  return value;
}

/** A unit price times a quantity, exact (refused beyond the safe integer range). */
export function multiplyCents(unitCentAmount: number, quantity: number): number {
  return safeCents(BigInt(unitCentAmount) * BigInt(quantity));
}

/** The exact sum of cent amounts (refused beyond the safe integer range). */
export function sumCents(centAmounts: readonly number[]): number {
  return safeCents(centAmounts.reduce((sum, cents) => sum + BigInt(cents), 0n));
}

/** Cent-precision money of a currency. */
export function centMoney(centAmount: number, currencyCode: string, fractionDigits: number): CentPrecisionMoney {
  return { type: 'centPrecision', centAmount, currencyCode, fractionDigits };
}

/**
 * The tax split over sub-rates in proportion to their amounts, summing exactly to the tax: each
 * share rounded toward zero, the cents left over one each to the largest remainders (the earlier
 * sub-rate on a tie).
 */
function splitOverSubRates(tax: bigint, subRates: readonly Schemas['SubRate'][]): bigint[] {
  const fractions = subRates.map((subRate) => rateFraction(subRate.amount));
  const common = fractions.reduce((lcm, { denominator }) => lcmOf(lcm, denominator), 1n);
  const weights = fractions.map(({ numerator, denominator }) => (numerator * common) / denominator);
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) return weights.map(() => 0n);
  const magnitude = tax < 0n ? -tax : tax;
  const shares = weights.map((weight) => (magnitude * weight) / total);
  const remainders = weights.map((weight, index) => ({ index, remainder: (magnitude * weight) % total }));
  let left = magnitude - shares.reduce((sum, share) => sum + share, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return tax < 0n ? shares.map((share) => -share) : shares;
}

function lcmOf(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** One (group of) unit price(s) of an item: a unit price and how many units have it. */
export interface UnitPrices {
  unitCentAmount: number;
  quantity: number;
}

export interface TaxedItemPriceInput {
  unitCentAmount: number;
  quantity: number;
  /** The item's total (price × quantity, after discounts); the taxed amount in LineItemLevel. */
  totalCentAmount: number;
  /**
   * UnitPriceLevel only: the units by price when they differ (discounted per quantity); their
   * sum must be the total. Defaults to all units at `unitCentAmount`.
   */
  unitPrices?: readonly UnitPrices[];
  rate: ItemTaxRate;
  calculationMode: TaxCalculationMode;
  roundingMode: RoundingMode;
  currencyCode: string;
  fractionDigits: number;
}

/** Net and gross of an amount at a rate: the tax rounded when excluded, the net when included. */
function netAndGross(cents: bigint, rate: Fraction, includedInPrice: boolean, mode: RoundingMode): [net: bigint, gross: bigint] {
  if (includedInPrice) return [divideRounded(cents * rate.denominator, rate.denominator + rate.numerator, mode), cents];
  return [cents, cents + divideRounded(cents * rate.numerator, rate.denominator, mode)];
}

/**
 * The taxed price of a line, custom line or shipping. LineItemLevel taxes the total;
 * UnitPriceLevel rounds the unit's net (rate included) or gross (excluded), then multiplies.
 */
export function taxedItemPrice(input: TaxedItemPriceInput): TaxedItemPrice {
  const { rate, roundingMode, currencyCode, fractionDigits } = input;
  const fraction = rateFraction(rate.amount);
  let net = 0n;
  let gross = 0n;
  if (input.calculationMode === 'LineItemLevel') {
    [net, gross] = netAndGross(BigInt(input.totalCentAmount), fraction, rate.includedInPrice, roundingMode);
  } else {
    const groups = input.unitPrices ?? [{ unitCentAmount: input.unitCentAmount, quantity: input.quantity }];
    const units = groups.reduce((sum, group) => sum + BigInt(group.unitCentAmount) * BigInt(group.quantity), 0n);
    if (units !== BigInt(input.totalCentAmount))
      throw new RangeError(`taxedItemPrice: the unit prices sum to ${units}, the total is ${input.totalCentAmount}`);
    for (const group of groups) {
      const [unitNet, unitGross] = netAndGross(BigInt(group.unitCentAmount), fraction, rate.includedInPrice, roundingMode);
      net += unitNet * BigInt(group.quantity);
      gross += unitGross * BigInt(group.quantity);
    }
  }
  const tax = gross - net;
  const money = (cents: bigint) => centMoney(safeCents(cents), currencyCode, fractionDigits);
  const subRates = rate.subRates ?? [];
  const taxPortions: TaxPortion[] =
    subRates.length > 0
      ? splitOverSubRates(tax, subRates).map((share, index) => {
          const subRate = subRates[index] as Schemas['SubRate'];
          return { name: subRate.name, rate: subRate.amount, amount: money(share) };
        })
      : [{ name: rate.name, rate: rate.amount, amount: money(tax) }];
  return { totalNet: money(net), totalGross: money(gross), taxPortions, totalTax: money(tax) };
}

/**
 * The taxed price of a cart from its items' taxed prices (lines, custom lines, shipping): the
 * sums of their rounded amounts, portions with the same rate and name accumulated.
 */
export function cartTaxedPrice(items: readonly TaxedItemPrice[], currencyCode: string, fractionDigits: number): TaxedPrice {
  let net = 0n;
  let gross = 0n;
  const portions = new Map<string, { name?: string; rate: number; cents: bigint }>();
  for (const item of items) {
    for (const money of [item.totalNet, item.totalGross, ...item.taxPortions.map((portion) => portion.amount)]) {
      if (money.currencyCode !== currencyCode)
        throw new RangeError(`cartTaxedPrice: ${money.currencyCode} amount in a ${currencyCode} cart`);
    }
    net += BigInt(item.totalNet.centAmount);
    gross += BigInt(item.totalGross.centAmount);
    for (const portion of item.taxPortions) {
      const key = JSON.stringify([portion.rate, portion.name ?? null]);
      const accumulated = portions.get(key);
      if (accumulated) accumulated.cents += BigInt(portion.amount.centAmount);
      else
        portions.set(key, {
          ...(portion.name !== undefined ? { name: portion.name } : {}),
          rate: portion.rate,
          cents: BigInt(portion.amount.centAmount),
        });
    }
  }
  const money = (cents: bigint) => centMoney(safeCents(cents), currencyCode, fractionDigits);
  return {
    totalNet: money(net),
    totalGross: money(gross),
    taxPortions: [...portions.values()].map(({ cents, ...portion }) => ({ ...portion, amount: money(cents) })),
    totalTax: money(gross - net),
  };
}

/**
 * A Tax Category's rate for a shipping address: the rate of its state, or with no state the
 * country's rate without state. The country's rate without state stands in for an uncovered
 * state only with `countryFallback` (the project's `carts.countryTaxRateFallbackEnabled`,
 * https://docs.commercetools.com/api/releases/2020-06-24-country-tax-rate-fallback). Undefined
 * when none applies: the caller answers MissingTaxRateForCountry.
 */
export function taxRateFor<Rate extends ItemTaxRate>(
  rates: readonly Rate[],
  country: string,
  state: string | undefined,
  options: { countryFallback?: boolean } = {},
): Rate | undefined {
  const countryRate = () => rates.find((rate) => rate.country === country && !rate.state);
  if (!state) return countryRate();
  return rates.find((rate) => rate.country === country && rate.state === state) ?? (options.countryFallback ? countryRate() : undefined);
}
