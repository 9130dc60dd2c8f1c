import { describe, expect, it } from 'vitest';
import {
  cartTaxedPrice,
  divideRounded,
  type ItemTaxRate,
  multiplyCents,
  rateFraction,
  type RoundingMode,
  sumCents,
  type TaxCalculationMode,
  taxedItemPrice,
  taxRateFor,
} from '../../src/emulator/resources/kit/taxes.js';

const eur = (centAmount: number) => ({ type: 'centPrecision', centAmount, currencyCode: 'EUR', fractionDigits: 2 });
const vat19: ItemTaxRate = { name: 'MwSt', amount: 0.19, includedInPrice: false, country: 'DE' };

/** The taxed price of `quantity` units at `unit` cents, reduced to its cents. */
function taxed(
  unit: number,
  quantity: number,
  rate: ItemTaxRate,
  calculationMode: TaxCalculationMode = 'LineItemLevel',
  roundingMode: RoundingMode = 'HalfEven',
) {
  const price = taxedItemPrice({
    unitCentAmount: unit,
    quantity,
    totalCentAmount: unit * quantity,
    rate,
    calculationMode,
    roundingMode,
    currencyCode: 'EUR',
    fractionDigits: 2,
  });
  return {
    net: price.totalNet.centAmount,
    gross: price.totalGross.centAmount,
    tax: price.totalTax?.centAmount,
    portions: price.taxPortions.map((portion) => portion.amount.centAmount),
  };
}

describe('divideRounded', () => {
  it('rounds an exact half by mode, negative halves as their positive counterparts negated', () => {
    // 5/2 = 2.5: even 2, up 3, down 2. 7/2 = 3.5: even 4, up 4, down 3.
    const halves = (n: bigint, d: bigint) => (['HalfEven', 'HalfUp', 'HalfDown'] as const).map((mode) => divideRounded(n, d, mode));
    expect(halves(5n, 2n)).toEqual([2n, 3n, 2n]);
    expect(halves(7n, 2n)).toEqual([4n, 4n, 3n]);
    // -2.5: even -2, up (away from zero) -3, down (toward zero) -2; -3.5: -4, -4, -3.
    expect(halves(-5n, 2n)).toEqual([-2n, -3n, -2n]);
    expect(halves(5n, -2n)).toEqual([-2n, -3n, -2n]);
    expect(halves(-7n, 2n)).toEqual([-4n, -4n, -3n]);
    expect(halves(-7n, -2n)).toEqual([4n, 4n, 3n]);
  });

  it('rounds to the nearest integer whatever the mode when not at a half', () => {
    // 7/3 = 2.33 -> 2; 8/3 = 2.67 -> 3; -8/3 -> -3; 6/3 = 2 exactly.
    for (const mode of ['HalfEven', 'HalfUp', 'HalfDown'] as const) {
      expect([divideRounded(7n, 3n, mode), divideRounded(8n, 3n, mode), divideRounded(-8n, 3n, mode), divideRounded(6n, 3n, mode)]).toEqual(
        [2n, 3n, -3n, 2n],
      );
    }
  });

  it('refuses a zero denominator', () => {
    expect(() => divideRounded(1n, 0n, 'HalfEven')).toThrow(RangeError);
  });
});

describe('rateFraction', () => {
  it('turns a rate into the exact fraction of its decimal form', () => {
    expect(rateFraction(0.19)).toEqual({ numerator: 19n, denominator: 100n });
    expect(rateFraction(0.075)).toEqual({ numerator: 75n, denominator: 1000n });
    expect(rateFraction(1)).toEqual({ numerator: 1n, denominator: 1n });
    expect(rateFraction(0)).toEqual({ numerator: 0n, denominator: 1n });
    expect(rateFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10_000_000n });
  });
});

describe('taxedItemPrice', () => {
  it('taxes the line total in LineItemLevel and the rounded unit in UnitPriceLevel (the reference example)', () => {
    // LineItemLevel: 108 x 3 = 324 net; 324 x 0.19 = 61.56 -> 62 tax; 386 gross.
    expect(taxed(108, 3, vat19, 'LineItemLevel')).toEqual({ net: 324, gross: 386, tax: 62, portions: [62] });
    // UnitPriceLevel: 108 x 1.19 = 128.52 -> 129 gross per unit; x 3 = 387 gross; 324 net; 63 tax.
    expect(taxed(108, 3, vat19, 'UnitPriceLevel')).toEqual({ net: 324, gross: 387, tax: 63, portions: [63] });
  });

  it('rounds the net of a price that includes the rate, the tax being gross minus net (the live capture)', () => {
    // 188750 / 1.19 = 158613.445... -> 158613 net; 188750 - 158613 = 30137 tax.
    const included = { ...vat19, includedInPrice: true };
    expect(taxed(188750, 1, included)).toEqual({ net: 158613, gross: 188750, tax: 30137, portions: [30137] });
  });

  it('rounds the unit net per unit in UnitPriceLevel when the rate is included', () => {
    const included = { ...vat19, includedInPrice: true };
    // UnitPriceLevel: 10 / 1.19 = 8.403 -> 8 net per unit; x 3 = 24 net; 30 gross; 6 tax.
    expect(taxed(10, 3, included, 'UnitPriceLevel')).toEqual({ net: 24, gross: 30, tax: 6, portions: [6] });
    // LineItemLevel: 30 / 1.19 = 25.21 -> 25 net; 5 tax.
    expect(taxed(10, 3, included, 'LineItemLevel')).toEqual({ net: 25, gross: 30, tax: 5, portions: [5] });
  });

  it('rounds a tax at an exact half by the rounding mode, for refunds too', () => {
    // 150 x 0.19 = 28.5: HalfEven 28 (28 even), HalfUp 29, HalfDown 28.
    expect(taxed(150, 1, vat19, 'LineItemLevel', 'HalfEven').gross).toBe(178);
    expect(taxed(150, 1, vat19, 'LineItemLevel', 'HalfUp').gross).toBe(179);
    expect(taxed(150, 1, vat19, 'LineItemLevel', 'HalfDown').gross).toBe(178);
    // 50 x 0.19 = 9.5: HalfEven 10 (9 odd), HalfUp 10, HalfDown 9.
    expect(taxed(50, 1, vat19, 'LineItemLevel', 'HalfEven').tax).toBe(10);
    expect(taxed(50, 1, vat19, 'LineItemLevel', 'HalfUp').tax).toBe(10);
    expect(taxed(50, 1, vat19, 'LineItemLevel', 'HalfDown').tax).toBe(9);
    // -150 x 0.19 = -28.5: HalfEven -28, HalfUp -29, HalfDown -28; gross -178, -179, -178.
    expect(taxed(-150, 1, vat19, 'LineItemLevel', 'HalfEven')).toEqual({ net: -150, gross: -178, tax: -28, portions: [-28] });
    expect(taxed(-150, 1, vat19, 'LineItemLevel', 'HalfUp')).toEqual({ net: -150, gross: -179, tax: -29, portions: [-29] });
    expect(taxed(-150, 1, vat19, 'LineItemLevel', 'HalfDown')).toEqual({ net: -150, gross: -178, tax: -28, portions: [-28] });
  });

  it('computes with the exact rate where a float product would miss the half', () => {
    // 50 x 0.07 = 3.5 exactly (as floats 3.5000000000000004): HalfDown 3, HalfEven 4 (3 odd).
    const reduced = { ...vat19, name: 'reduced', amount: 0.07 };
    expect(taxed(50, 1, reduced, 'LineItemLevel', 'HalfDown').tax).toBe(3);
    expect(taxed(50, 1, reduced, 'LineItemLevel', 'HalfEven').tax).toBe(4);
    // 20 x 0.075 = 1.5: HalfDown 1, HalfUp 2.
    const rate75 = { ...vat19, amount: 0.075 };
    expect(taxed(20, 1, rate75, 'LineItemLevel', 'HalfDown').tax).toBe(1);
    expect(taxed(20, 1, rate75, 'LineItemLevel', 'HalfUp').tax).toBe(2);
  });

  it('gives one portion per sub-rate, the leftover cent to the largest remainder', () => {
    const us: ItemTaxRate = {
      name: 'NY',
      amount: 0.075,
      includedInPrice: false,
      country: 'US',
      state: 'NY',
      subRates: [
        { name: 'state', amount: 0.05 },
        { name: 'county', amount: 0.025 },
      ],
    };
    // 1010 x 0.075 = 75.75 -> 76 tax. Split 50:25: state 76 x 50/75 = 50.67, county 76 x 25/75 =
    // 25.33; floors 50 + 25 = 75, the 1 cent left to the larger remainder (state): 51 + 25 = 76.
    const price = taxedItemPrice({
      unitCentAmount: 1010,
      quantity: 1,
      totalCentAmount: 1010,
      rate: us,
      calculationMode: 'LineItemLevel',
      roundingMode: 'HalfEven',
      currencyCode: 'USD',
      fractionDigits: 2,
    });
    expect(price.totalTax?.centAmount).toBe(76);
    expect(price.taxPortions).toEqual([
      { name: 'state', rate: 0.05, amount: { type: 'centPrecision', centAmount: 51, currencyCode: 'USD', fractionDigits: 2 } },
      { name: 'county', rate: 0.025, amount: { type: 'centPrecision', centAmount: 25, currencyCode: 'USD', fractionDigits: 2 } },
    ]);
    // A refund: -1010 -> -76 tax, split -51 and -25.
    expect(taxed(-1010, 1, us)).toEqual({ net: -1010, gross: -1086, tax: -76, portions: [-51, -25] });
  });

  it('gives tied leftover cents to the earlier sub-rates', () => {
    const three: ItemTaxRate = {
      name: 'three',
      amount: 0.03,
      includedInPrice: false,
      country: 'US',
      subRates: [
        { name: 'a', amount: 0.01 },
        { name: 'b', amount: 0.01 },
        { name: 'c', amount: 0.01 },
      ],
    };
    // 67 x 0.03 = 2.01 -> 2 tax; 2/3 each floors to 0, remainders tie: a and b get 1 cent each.
    expect(taxed(67, 1, three)).toEqual({ net: 67, gross: 69, tax: 2, portions: [1, 1, 0] });
  });

  it('refuses unit prices that do not sum to the total in UnitPriceLevel', () => {
    const input = { unitCentAmount: 100, quantity: 2, totalCentAmount: 150, rate: vat19, roundingMode: 'HalfEven' as const };
    const common = { ...input, calculationMode: 'UnitPriceLevel' as const, currencyCode: 'EUR', fractionDigits: 2 };
    expect(() => taxedItemPrice(common)).toThrow(RangeError);
    // Discounted per quantity: 1 unit at 100, 1 at 50. Per unit gross: 100 x 1.19 = 119;
    // 50 x 1.19 = 59.5 -> 60 (HalfEven, 59 odd). Gross 179, net 150, tax 29.
    const groups = taxedItemPrice({
      ...common,
      unitPrices: [
        { unitCentAmount: 100, quantity: 1 },
        { unitCentAmount: 50, quantity: 1 },
      ],
    });
    expect([groups.totalNet.centAmount, groups.totalGross.centAmount, groups.totalTax?.centAmount]).toEqual([150, 179, 29]);
  });
});

describe('cartTaxedPrice', () => {
  const item = (net: number, rate: ItemTaxRate) =>
    taxedItemPrice({
      unitCentAmount: net,
      quantity: 1,
      totalCentAmount: net,
      rate,
      calculationMode: 'LineItemLevel',
      roundingMode: 'HalfEven',
      currencyCode: 'EUR',
      fractionDigits: 2,
    });

  it('sums the rounded item amounts, not a rounding of the summed exact amounts', () => {
    // Each line: 250 x 0.19 = 47.5 -> 48 (HalfEven, 47 odd); summed: 96 tax. Rounding once
    // would give 500 x 0.19 = 95.
    const taxedPrice = cartTaxedPrice([item(250, vat19), item(250, vat19)], 'EUR', 2);
    expect(taxedPrice).toEqual({
      totalNet: eur(500),
      totalGross: eur(596),
      taxPortions: [{ name: 'MwSt', rate: 0.19, amount: eur(96) }],
      totalTax: eur(96),
    });
  });

  it('accumulates portions with the same rate and name, and keeps others apart', () => {
    const reduced = { ...vat19, name: 'reduced', amount: 0.07 };
    const otherName = { ...vat19, name: 'other' };
    // 250 -> 48 tax twice (MwSt 0.19: 96); shipping 495 x 0.07 = 34.65 -> 35 (reduced); 100 x
    // 0.19 = 19 under another name. Net 250 + 250 + 495 + 100 = 1095; tax 96 + 35 + 19 = 150;
    // gross 1245.
    const taxedPrice = cartTaxedPrice([item(250, vat19), item(495, reduced), item(250, vat19), item(100, otherName)], 'EUR', 2);
    expect(taxedPrice).toEqual({
      totalNet: eur(1095),
      totalGross: eur(1245),
      taxPortions: [
        { name: 'MwSt', rate: 0.19, amount: eur(96) },
        { name: 'reduced', rate: 0.07, amount: eur(35) },
        { name: 'other', rate: 0.19, amount: eur(19) },
      ],
      totalTax: eur(150),
    });
  });

  it('is zero for a cart without items', () => {
    expect(cartTaxedPrice([], 'EUR', 2)).toEqual({ totalNet: eur(0), totalGross: eur(0), taxPortions: [], totalTax: eur(0) });
  });
});

describe('safe cent arithmetic', () => {
  it('multiplies and sums exactly within the safe integer range', () => {
    // 108 x 3 = 324; (2^53 - 1) - 1 + 1 = 2^53 - 1, the largest safe amount.
    expect(multiplyCents(108, 3)).toBe(324);
    expect(sumCents([Number.MAX_SAFE_INTEGER, -1, 1])).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses amounts beyond the safe integer range with 400 InvalidOperation', () => {
    // 2^52 x 2 = 2^53 > 2^53 - 1.
    const refused = { status: 400, errors: [expect.objectContaining({ code: 'InvalidOperation' })] };
    expect(() => multiplyCents(2 ** 52, 2)).toThrow(expect.objectContaining(refused));
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(expect.objectContaining(refused));
  });
});

describe('taxRateFor', () => {
  const rates = [
    { id: 'de', name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' },
    { id: 'us', name: 'US', amount: 0.05, includedInPrice: false, country: 'US', state: '' },
    { id: 'ny', name: 'NY', amount: 0.08, includedInPrice: false, country: 'US', state: 'NY' },
  ];
  const idOf = (country: string, state: string | undefined, countryFallback?: boolean) =>
    taxRateFor(rates, country, state, { ...(countryFallback !== undefined ? { countryFallback } : {}) })?.id;

  it("takes the state's rate, or the country's rate without state for an address without state", () => {
    expect(idOf('US', 'NY')).toBe('ny');
    expect(idOf('US', undefined)).toBe('us');
    expect(idOf('DE', undefined)).toBe('de');
    expect(idOf('FR', undefined)).toBeUndefined();
  });

  it("uses the country's rate for an uncovered state only with the country fallback", () => {
    expect(idOf('US', 'CA')).toBeUndefined();
    expect(idOf('DE', 'BY')).toBeUndefined();
    expect(idOf('US', 'CA', true)).toBe('us');
    expect(idOf('DE', 'BY', true)).toBe('de');
    expect(idOf('FR', 'X', true)).toBeUndefined();
  });
});
