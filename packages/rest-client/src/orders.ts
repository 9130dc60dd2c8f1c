/** An Order from a Cart that is never made twice. */
import { invalidOption } from '@commerce-kit/core-auth/http';
import { createOnce, type CreateAndVerifyResult } from './create-and-verify.js';
import { isConcurrentModification, isDuplicateField } from './errors.js';
import type { HelperRetry } from './helper-retry.js';
import type { Order, PostBody, RestClient } from './types.js';

/** Options of {@link createOrderAndVerify}. */
export interface CreateOrderAndVerifyOptions {
  /** The OrderFromCartDraft; its `orderNumber`, which the caller supplies, is how the Order is found again. */
  body: PostBody<'/orders'> & { orderNumber: string };
  /** Creates it in this Store (`/in-store/key={storeKey}/orders`), and looks it up there. */
  storeKey?: string;
  /**
   * Create attempts after the first (`maxRetries`, default 2), and the waits between them (a
   * `Retry-After` of a 429 wins; default full jitter, 200 ms base, 5 000 ms cap).
   */
  retry?: HelperRetry;
  /** Aborts the requests and the waits. */
  signal?: AbortSignal;
}

/**
 * Creates an Order from a Cart at most once. After a 500 (or a network failure) the Order may
 * exist all the same (https://docs.commercetools.com/api/projects/orders#create-order-from-cart):
 * it is looked up by its `orderNumber` (`where orderNumber = :orderNumber`), and the create is
 * sent again only when it is absent. A 409 ConcurrentModification (the Cart moved on: the
 * transport may have sent the create again after a dropped connection, or an earlier attempt
 * made it) or, on a later attempt, a duplicate `orderNumber` is answered by the Order when the
 * lookup finds it, else returned. Any other error (a Cart without shipping address, ...) is
 * returned at once.
 * @throws {ConfigurationError} when the draft has no `orderNumber`
 * @throws {NetworkError} when the outcome is still unknown after the last attempt (the Order may exist)
 * @example
 * const { data, error, verified } = await createOrderAndVerify(client, {
 *   body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber: 'A-1001' },
 * });
 * if (error) throw new CommerceApiError(error);
 * console.log(data.orderNumber, verified ? '(found after an unknown outcome)' : '');
 */
export async function createOrderAndVerify(
  client: RestClient,
  options: CreateOrderAndVerifyOptions,
): Promise<CreateAndVerifyResult<Order>> {
  const { body, storeKey, retry, signal } = options;
  const orderNumber = (body as { orderNumber?: unknown } | undefined)?.orderNumber;
  if (typeof orderNumber !== 'string' || orderNumber === '')
    throw invalidOption('createOrderAndVerify needs an orderNumber in the draft: it is how the Order is found again');
  return createOnce<Order>(client, {
    path: storeKey === undefined ? '/orders' : '/in-store/key={storeKey}/orders',
    pathParams: storeKey === undefined ? undefined : { storeKey },
    body,
    identifier: { field: 'orderNumber', value: orderNumber },
    createdEarlier: (error, attempts) =>
      isConcurrentModification(error) || (attempts > 1 && isDuplicateField(error) && error.field === 'orderNumber'),
    retry,
    signal,
  });
}
