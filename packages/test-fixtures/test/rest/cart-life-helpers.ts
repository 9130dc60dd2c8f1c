import { createApi, type Api, type ApiAnswer } from '../helpers/api.js';
import { anonymousToken, apiClient, passwordToken, type ClientCredentials } from '../helpers/tokens.js';
import { ok, type Json } from './helpers.js';

/**
 * Shared set-up of the tests of a Cart's life around its owner: an emulator on a manual clock with
 * a small catalogue (three published shirts at 10.00, 20.00 and 5.00 EUR, taxed 19 % in DE), a
 * Store `eu`, a storefront API client, and the sessions a storefront has: anonymous ones and
 * signed-in customers, each a caller with its own token.
 */

export type Call = Api['call'];

export interface Shop {
  api: Api;
  /** The storefront's client: manage_my_orders, manage_my_profile and manage_my_payments, anonymous sessions. */
  storefront: ClientCredentials;
  /** Product ids by SKU. */
  products: Record<string, string>;
  /** A caller with a new anonymous session's token. */
  anonymous(anonymousId: string): Promise<Call>;
  /** Signs a customer up (through the API) and answers it. */
  signUp(email: string, extra?: Json): Promise<Json>;
  /** A caller with the customer's password-flow token (in the Store when `storeKey` is given). */
  customer(email: string, storeKey?: string): Promise<Call>;
  /** The stored Cart. */
  cart(id: string): Promise<Json>;
}

const PRICES: Record<string, number> = { red: 1000, blue: 2000, sock: 500 };

export async function createShop(options: Parameters<typeof createApi>[0] = {}): Promise<Shop> {
  const api = await createApi(options);
  const project = api.project;
  ok(await api.call('POST', '/stores', { key: 'eu', countries: [{ code: 'DE' }] }), 201);
  ok(
    await api.call('POST', '/tax-categories', {
      key: 'standard',
      name: 'Standard',
      rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
    }),
    201,
  );
  ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
  const products: Record<string, string> = {};
  for (const [sku, centAmount] of Object.entries(PRICES)) {
    const product = ok(
      await api.call('POST', '/products', {
        key: sku,
        productType: { typeId: 'product-type', key: 'shirt' },
        taxCategory: { typeId: 'tax-category', key: 'standard' },
        name: { en: `Shirt ${sku}` },
        slug: { en: sku },
        masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount } }] },
        publish: true,
      }),
      201,
    );
    products[sku] = product.id;
  }
  const storefront = await apiClient(
    api,
    `manage_my_orders:${project} manage_my_profile:${project} manage_my_payments:${project} create_anonymous_token:${project} manage_my_orders:${project}:eu manage_my_profile:${project}:eu`,
  );
  return {
    api,
    storefront,
    products,
    anonymous: async (anonymousId) => api.as(await anonymousToken(api, storefront, anonymousId)),
    signUp: async (email, extra = {}) => ok(await api.call('POST', '/customers', { email, password: 'secret', ...extra }), 201).customer,
    customer: async (email, storeKey) =>
      api.as(await passwordToken(api, storefront, { email, password: 'secret', ...(storeKey === undefined ? {} : { storeKey }) })),
    cart: async (id) => ok(await api.call('GET', `/carts/${id}`)),
  };
}

/** A shop with its first two shoppers: Ann, a signed-in customer, and an anonymous visitor (`visitor-1`). */
export interface Shoppers {
  shop: Shop;
  annId: string;
  ann: Call;
  visitor: Call;
}

export async function createShoppers(): Promise<Shoppers> {
  const shop = await createShop();
  const annId = (await shop.signUp('ann@example.com')).id as string;
  return { shop, annId, ann: await shop.customer('ann@example.com'), visitor: await shop.anonymous('visitor-1') };
}

/** Creates a Cart as the caller (`/me/carts`) with these lines (SKU and quantity). */
export async function myCart(call: Call, lines: Record<string, number> = {}, extra: Json = {}): Promise<Json> {
  const lineItems = Object.entries(lines).map(([sku, quantity]) => ({ sku, quantity }));
  return ok(await call('POST', '/me/carts', { currency: 'EUR', lineItems, ...extra }), 201);
}

/** The quantity of each SKU in a Cart. */
export function quantities(cart: Json): Record<string, number> {
  return Object.fromEntries(cart.lineItems.map((line: Json) => [line.variant.sku, line.quantity]));
}

/** Updates a Cart as the caller at its version. */
export function updateMyCart(call: Call, cart: Json, actions: Json[]): Promise<ApiAnswer> {
  return call('POST', `/me/carts/${cart.id}`, { version: cart.version, actions });
}
