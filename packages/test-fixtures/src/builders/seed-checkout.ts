/**
 * The checkout part of {@link seedCatalogue}: the markets the catalogue sells to (a country, its
 * currency and tax rate), a Zone per market, Shipping Methods with a rate per Zone, and Customer
 * Groups, so that a cart of seeded Products can be taxed, shipped and ordered.
 */
import type { CustomerGroup, ShippingMethod, TaxRateDraft, Zone } from '../generated/commerce.js';
import { customerGroupDraft, shippingMethodDraft, zoneDraft } from '../generated/builders.js';
import type { ApiSession } from '../contract/target.js';
import type { Random } from './random.js';

/** A country the catalogue sells to, its currency and its tax rate (in the Tax Category of every Product and Shipping Method). */
export interface SeededMarket {
  country: string;
  currency: string;
  /** The rate of the seeded Tax Category for the country; `includedInPrice` true: the market's prices are gross, false: net. */
  taxRate: { name: string; amount: number; includedInPrice: boolean };
}

/** A Zone as seeded: one per market, holding its country. */
export interface SeededZone {
  id: string;
  key: string;
  version: number;
  name: string;
  country: string;
}

/** A Customer Group as seeded: `gold` and `wholesale`. */
export interface SeededCustomerGroup {
  id: string;
  key: string;
  version: number;
  name: string;
}

/** A Shipping Method as seeded: `standard` (the default) and `express`, a rate in each market's Zone. */
export interface SeededShippingMethod {
  id: string;
  key: string;
  version: number;
  name: string;
  isDefault: boolean;
  /** Its rate per market: in the market's Zone and currency, free from `freeAboveCentAmount` when given. */
  rates: { country: string; zoneId: string; currency: string; centAmount: number; freeAboveCentAmount?: number }[];
}

/**
 * The markets, both among a new project's countries and currencies: DE in EUR at 19 % VAT included
 * in the price, as EU shops price; US in USD at a 7 % sales tax added to the price, for a US
 * shipping address without a state (a state needs the project's countryTaxRateFallbackEnabled).
 */
export const MARKETS: readonly SeededMarket[] = [
  { country: 'DE', currency: 'EUR', taxRate: { name: 'Standard DE', amount: 0.19, includedInPrice: true } },
  { country: 'US', currency: 'USD', taxRate: { name: 'Sales tax US', amount: 0.07, includedInPrice: false } },
];

/**
 * The Shipping Methods' rates in cents, by market (in the order of {@link MARKETS}): standard
 * 4.99 EUR, free from 50.00 EUR, in DE and 5.99 USD, free from 75.00 USD, in the US; express 9.99
 * EUR and 14.99 USD, never free.
 */
const SHIPPING: readonly { name: string; isDefault: boolean; rates: readonly { centAmount: number; freeAbove?: number }[] }[] = [
  {
    name: 'Standard',
    isDefault: true,
    rates: [
      { centAmount: 499, freeAbove: 5000 },
      { centAmount: 599, freeAbove: 7500 },
    ],
  },
  { name: 'Express', isDefault: false, rates: [{ centAmount: 999 }, { centAmount: 1499 }] },
];

/** The Tax Category's rates: one per market. */
export function marketTaxRates(): TaxRateDraft[] {
  return MARKETS.map(({ country, taxRate }) => ({ ...taxRate, country }));
}

/** What the checkout seeding needs of {@link seedCatalogue}: its session, unique keys, name prefix and randomness. */
export interface CheckoutSeeding {
  session: ApiSession;
  keyOf: (base: string) => string;
  prefix: string;
  random: Random;
}

/** Creates a Zone per market (`zone-de`, `zone-us`), each holding the market's country. */
export async function seedZones({ session, keyOf, prefix, random }: CheckoutSeeding): Promise<SeededZone[]> {
  const zones: SeededZone[] = [];
  for (const { country } of MARKETS) {
    const name = `${prefix}${country}`;
    const draft = zoneDraft({ seed: random.seed() })
      .key(keyOf(`zone-${country.toLowerCase()}`))
      .name(name)
      .locations([{ country }])
      .build();
    const created = await session.expect<Zone>(201, 'POST', '/zones', draft);
    zones.push({ id: created.id, key: created.key ?? draft.key!, version: created.version, name, country });
  }
  return zones;
}

/** Creates the Customer Groups `customer-group-gold` and `customer-group-wholesale`. */
export async function seedCustomerGroups({ session, keyOf, prefix, random }: CheckoutSeeding): Promise<SeededCustomerGroup[]> {
  const groups: SeededCustomerGroup[] = [];
  for (const name of ['Gold', 'Wholesale']) {
    const groupName = `${prefix}${name}`;
    const draft = customerGroupDraft({ seed: random.seed() })
      .key(keyOf(`customer-group-${name.toLowerCase()}`))
      .groupName(groupName)
      .build();
    const created = await session.expect<CustomerGroup>(201, 'POST', '/customer-groups', draft);
    groups.push({ id: created.id, key: created.key ?? draft.key!, version: created.version, name: groupName });
  }
  return groups;
}

/**
 * Creates the Shipping Methods `shipping-standard` (the default) and `shipping-express`, each with
 * a rate in every market's Zone and currency, taxed by the Tax Category.
 */
export async function seedShippingMethods(
  { session, keyOf, prefix, random }: CheckoutSeeding,
  zones: readonly SeededZone[],
  taxCategoryId: string,
): Promise<SeededShippingMethod[]> {
  const methods: SeededShippingMethod[] = [];
  for (const { name: base, isDefault, rates } of SHIPPING) {
    const name = `${prefix}${base} shipping`;
    const perMarket = MARKETS.map(({ country, currency }, index) => {
      const { centAmount, freeAbove } = rates[index]!;
      return {
        country,
        zoneId: zones[index]!.id,
        currency,
        centAmount,
        ...(freeAbove !== undefined ? { freeAboveCentAmount: freeAbove } : {}),
      };
    });
    const draft = shippingMethodDraft({ seed: random.seed() })
      .key(keyOf(`shipping-${base.toLowerCase()}`))
      .name(name)
      .localizedName({ en: `${base} shipping` })
      .isDefault(isDefault)
      .taxCategory({ typeId: 'tax-category', id: taxCategoryId })
      .zoneRates(
        perMarket.map(({ zoneId, currency, centAmount, freeAboveCentAmount }) => ({
          zone: { typeId: 'zone', id: zoneId },
          shippingRates: [
            {
              price: { currencyCode: currency, centAmount },
              ...(freeAboveCentAmount !== undefined ? { freeAbove: { currencyCode: currency, centAmount: freeAboveCentAmount } } : {}),
            },
          ],
        })),
      )
      .build();
    const created = await session.expect<ShippingMethod>(201, 'POST', '/shipping-methods', draft);
    methods.push({ id: created.id, key: created.key ?? draft.key!, version: created.version, name, isDefault, rates: perMarket });
  }
  return methods;
}
