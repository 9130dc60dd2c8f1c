import { expect } from 'vitest';
import { BERLIN, cartApi, eur, type CartApi } from './cart-fixtures.js';
import { ok, type Api, type ApiAnswer, type Json } from './helpers.js';

/**
 * Shared set-up of the Order tests: the Cart tests' catalogue with one Product (`shirt`, 11.90 EUR,
 * DE VAT 19 % included in the price), Carts ready to order, Orders made through the API, and
 * everything a refused Order request could have touched.
 */
export interface OrderApi extends CartApi {
  /** A Cart (201) with `quantity` shirts and a Berlin shipping address, from `draft` (a store, a customer, ...). */
  orderable(draft?: Json, quantity?: number): Promise<Json>;
  /** POST /orders (or `path`) from the Cart at its version, with `extra` members. */
  order(cart: Json, extra?: Json, path?: string): Promise<ApiAnswer>;
  /** The same, expecting 201. */
  ordered(cart: Json, extra?: Json): Promise<Json>;
  /** Every Cart, Order and Message: what a refused request must leave as it was. */
  everything(): Promise<unknown>;
  /** The Cart as stored now. */
  cartNow(cart: Json): Promise<Json>;
  /** Creates the Type `gift` for Orders (and Carts), with an optional String field `note`. */
  giftType(): Promise<void>;
}

/** The Order tests' set-up, on `api` or a new emulator. */
export async function orderApi(api?: Api): Promise<OrderApi> {
  const c = await cartApi(api);
  await c.product('shirt', [{ value: eur(1190) }]);
  const all = async (path: string) => ok(await c.api.call('GET', `${path}?limit=500&sort=id%20asc`)).results as Json[];
  const order = (cart: Json, extra: Json = {}, path = '/orders') =>
    c.api.call('POST', path, { cart: { typeId: 'cart', id: cart['id'] }, version: cart['version'], ...extra });
  return {
    ...c,
    orderable: (draft = {}, quantity = 2) => c.cart({ lineItems: [{ sku: 'shirt', quantity }], shippingAddress: BERLIN, ...draft }),
    order,
    async ordered(cart, extra) {
      return ok(await order(cart, extra), 201);
    },
    async everything() {
      return { carts: await all('/carts'), orders: await all('/orders'), messages: await all('/messages') };
    },
    async cartNow(cart) {
      return ok(await c.api.call('GET', `/carts/${cart['id'] as string}`));
    },
    async giftType() {
      const note = { name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' }, inputHint: 'SingleLine' };
      ok(
        await c.api.call('POST', '/types', { key: 'gift', name: { en: 'Gift' }, resourceTypeIds: ['order'], fieldDefinitions: [note] }),
        201,
      );
    },
  };
}

/** Expects nothing to have changed since `before` (an {@link OrderApi.everything}). */
export async function expectNothingChanged(o: OrderApi, before: unknown): Promise<void> {
  expect(await o.everything()).toEqual(before);
}
