import type { Context } from 'hono';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import type { ProductData, ProductVariant } from '../products/data.js';
import type { Price } from './prices.js';

/**
 * Price selection of Product Projections, by the live rules
 * (https://docs.commercetools.com/api/pricing-and-discounts-overview#price-selection): a
 * candidate has the requested currency and a validity period holding the moment of the request;
 * its country, Customer Group and Channel are each absent or the requested one. The most
 * specific candidate wins, Customer Group weighing most, then Channel, then country; within one
 * level a Price with a validity period wins over one without.
 */
export interface PriceSelector {
  currency: string;
  country?: string;
  customerGroup?: string;
  channel?: string;
  /** The moment prices must be valid at (ms since the epoch). */
  at: number;
}

/**
 * The selector of a request's `priceCurrency`, `priceCountry`, `priceCustomerGroup` and
 * `priceChannel`; undefined without `priceCurrency`. The others without it are 400 InvalidInput.
 */
export function priceSelectorOf(c: Context<AppEnv>, at: number): PriceSelector | undefined {
  const currency = c.req.query('priceCurrency');
  const country = c.req.query('priceCountry');
  const customerGroup = c.req.query('priceCustomerGroup');
  const channel = c.req.query('priceChannel');
  if (currency === undefined) {
    const without = [
      ['priceCountry', country],
      ['priceCustomerGroup', customerGroup],
      ['priceChannel', channel],
    ].find(([, v]) => v !== undefined);
    if (without) throw errors.invalidInput(`The parameter '${without[0]}' needs 'priceCurrency' for price selection.`);
    return undefined;
  }
  return {
    currency,
    ...(country !== undefined ? { country } : {}),
    ...(customerGroup !== undefined ? { customerGroup } : {}),
    ...(channel !== undefined ? { channel } : {}),
    at,
  };
}

/** 0 when the Price is no candidate, else its rank: higher is more specific (Customer Groups are not emulated, so never set; the rule still reads them). */
function rank(price: Price, selector: PriceSelector): number {
  if (price.value.currencyCode !== selector.currency) return 0;
  if (price.validFrom !== undefined && Date.parse(price.validFrom) > selector.at) return 0;
  if (price.validUntil !== undefined && Date.parse(price.validUntil) <= selector.at) return 0;
  const matches = (value: string | undefined, wanted: string | undefined) => value === undefined || value === wanted;
  if (!matches(price.customerGroup?.id, selector.customerGroup)) return 0;
  if (!matches(price.channel?.id, selector.channel)) return 0;
  if (!matches(price.country, selector.country)) return 0;
  const dated = price.validFrom !== undefined || price.validUntil !== undefined;
  return 1 + (dated ? 1 : 0) + (price.country ? 2 : 0) + (price.channel ? 4 : 0) + (price.customerGroup ? 8 : 0);
}

/** The Price selected among a variant's Prices, if any; the first one on a tie. */
export function selectPrice(prices: readonly Price[], selector: PriceSelector): Price | undefined {
  let best: Price | undefined;
  let bestRank = 0;
  for (const price of prices) {
    const r = rank(price, selector);
    if (r > bestRank) [best, bestRank] = [price, r];
  }
  return best;
}

/** Each variant with its selected `price` (none when nothing matches). */
export function withSelectedPrices<T extends Pick<ProductData, 'masterVariant' | 'variants'>>(
  data: T,
  selector: PriceSelector | undefined,
): T {
  if (!selector) return data;
  const priced = (variant: ProductVariant) => {
    const price = selectPrice(variant.prices, selector);
    return price ? { ...variant, price: structuredClone(price) } : variant;
  };
  return { ...data, masterVariant: priced(data.masterVariant), variants: data.variants.map(priced) };
}

/**
 * Each variant keeping only the Prices a Store offers: with distribution Channels, those without a
 * Channel or with one of them; with countries, those without a country or with one of them.
 */
export function withStorePrices<T extends Pick<ProductData, 'masterVariant' | 'variants'>>(
  data: T,
  store: { distributionChannels: readonly { id: string }[]; countries: readonly { code: string }[] },
): T {
  const channels = store.distributionChannels.map((channel) => channel.id);
  const countries = store.countries.map((country) => country.code);
  const offered = (price: Price) =>
    (channels.length === 0 || price.channel === undefined || channels.includes(price.channel.id)) &&
    (countries.length === 0 || price.country === undefined || countries.includes(price.country));
  const kept = (variant: ProductVariant) => ({ ...variant, prices: variant.prices.filter(offered) });
  return { ...data, masterVariant: kept(data.masterVariant), variants: data.variants.map(kept) };
}
