import { isResourceNotFound, type CommerceError } from './errors.js';
import type { Cart, RestClient } from './types.js';

/** Options of {@link getActiveCart}. */
export interface ActiveCartOptions {
  /** The active Cart in this Store (`/in-store/key={storeKey}/me/active-cart`). */
  storeKey?: string;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/**
 * The caller's active Cart: the most recently modified Active Cart of the token's customer or
 * anonymous session (https://docs.commercetools.com/api/projects/me-carts#get-active-cart).
 * A caller without one is no error: `data` is undefined. Needs a customer's or an anonymous
 * session's token with `manage_my_orders`.
 * @example
 * const { data: cart, error } = await getActiveCart(client);
 * if (error) throw new CommerceApiError(error);
 * const current = cart ?? (await client.POST('/me/carts', { body: { currency: 'EUR' } })).data;
 */
export async function getActiveCart(
  client: RestClient,
  options: ActiveCartOptions = {},
): Promise<{ data: Cart; error?: undefined } | { data: undefined; error?: CommerceError }> {
  const { storeKey, signal } = options;
  const init = signal === undefined ? {} : { signal };
  const result =
    storeKey === undefined
      ? await client.GET('/me/active-cart', init)
      : await client.GET('/in-store/key={storeKey}/me/active-cart', { params: { path: { storeKey } }, ...init });
  if (result.error === undefined) return { data: result.data };
  return isResourceNotFound(result.error) ? { data: undefined } : { data: undefined, error: result.error };
}
