import { createApi, ok, type Api, type Json } from './helpers.js';

/**
 * A small shippable catalogue for the Cart tests, made through the API: a Tax Category
 * (`standard`: DE 19 % included in the price, US-NY 8 % not included, with sub-rates), a Product
 * Type, and Products whose variants carry the Prices a test needs.
 */
export interface CartApi {
  api: Api;
  taxCategoryId: string;
  /** Creates a published Product with one variant of this SKU and these Prices (the `standard` Tax Category unless `extra.taxCategory` names another, or is null for none). */
  product(sku: string, prices: Json[], extra?: Json): Promise<Json>;
  /** Creates a Cart (201 expected) from the draft. */
  cart(draft?: Json): Promise<Json>;
  /** Updates a Cart by id at its version. */
  update(cart: Json, ...actions: Json[]): ReturnType<Api['call']>;
  /** Updates a Cart and expects 200. */
  updated(cart: Json, ...actions: Json[]): Promise<Json>;
}

export const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
/** The answer form of cent-precision money. */
export const money = (centAmount: number, currencyCode = 'EUR') => ({ type: 'centPrecision', currencyCode, centAmount, fractionDigits: 2 });

/**
 * The draft of a Cart Discount that requires a Discount Code: 10 % off every Line Item, named by
 * its key; `extra` overrides any member.
 */
export const codeDiscountDraft = (key: string, sortOrder: string, extra: Json = {}): Json => ({
  key,
  name: { en: key },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder,
  requiresDiscountCode: true,
  ...extra,
});

export const BERLIN = { country: 'DE', city: 'Berlin', streetName: 'Main' };
export const NEW_YORK = { country: 'US', state: 'NY', city: 'New York' };

export async function cartApi(api?: Api): Promise<CartApi> {
  const emulator = api ?? (await createApi());
  const taxCategory = ok(
    await emulator.call('POST', '/tax-categories', {
      key: 'standard',
      name: 'Standard',
      rates: [
        { name: 'DE VAT', amount: 0.19, includedInPrice: true, country: 'DE' },
        {
          name: 'NY',
          includedInPrice: false,
          country: 'US',
          state: 'NY',
          subRates: [
            { name: 'state', amount: 0.04 },
            { name: 'city', amount: 0.04 },
          ],
        },
      ],
    }),
    201,
  );
  ok(await emulator.call('POST', '/product-types', { key: 'thing', name: 'Thing', description: 'A thing' }), 201);
  const update = (cart: Json, ...actions: Json[]) =>
    emulator.call('POST', `/carts/${cart['id'] as string}`, { version: cart['version'], actions });
  return {
    api: emulator,
    taxCategoryId: taxCategory.id as string,
    async product(sku, prices, extra = {}) {
      const { taxCategory: tax, ...rest } = extra;
      return ok(
        await emulator.call('POST', '/products', {
          key: sku,
          productType: { key: 'thing' },
          name: { en: `Thing ${sku}` },
          slug: { en: `thing-${sku}` },
          ...(tax === null ? {} : { taxCategory: tax ?? { key: 'standard' } }),
          masterVariant: { sku, prices },
          publish: true,
          ...rest,
        }),
        201,
      );
    },
    async cart(draft = {}) {
      return ok(await emulator.call('POST', '/carts', { currency: 'EUR', ...draft }), 201);
    },
    update,
    async updated(cart, ...actions) {
      return ok(await update(cart, ...actions));
    },
  };
}
