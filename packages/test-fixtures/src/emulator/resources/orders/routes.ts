import type { Context, Hono } from 'hono';
import { requireScope, type Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import type { Cart } from '../carts/index.js';
import { ownedIn } from '../carts/owner.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { allowMe } from '../me/session.js';
import { validBody, type Address } from '../kit/operations.js';
import { callerOf, expandParams, present } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';
import { createOrderFromCart, orderByNumber, orderTypeIn, type Order } from './index.js';

const ORDER_NUMBER = 'order-number=';

/**
 * The address of `/orders/{ID}` and `/orders/order-number={orderNumber}` (Hono has decoded the
 * segment once), in the Store of an in-store path: an Order of another Store has no number there.
 * An Order has no key: `key=…` is read as an id, which no Order has.
 */
export function orderAddress(context: EmulatorContext, segment: string, store?: Store): Address {
  if (!segment.startsWith(ORDER_NUMBER)) return { id: segment };
  const orderNumber = segment.slice(ORDER_NUMBER.length);
  const order = orderByNumber(context.state, orderNumber);
  if (!order || (store !== undefined && order.store?.key !== store.key))
    throw errors.notFound(`The Order with orderNumber '${orderNumber}' was not found.`);
  return { id: order.id };
}

/** The draft of an in-store create: its Cart must be of the Store (else it does not exist here). */
function cartOfStore(context: EmulatorContext, body: unknown, store: Store): unknown {
  const draft = validBody('OrderFromCartDraft', body);
  const { id, key } = draft.cart as { id?: string; key?: string };
  const carts = context.state.collection<Cart>('cart');
  const cart = id !== undefined ? carts.get(id) : key !== undefined ? carts.getByKey(key) : undefined;
  if (cart && cart.store?.key !== store.key) throw errors.referencedResourceNotFound('cart', id !== undefined ? { id } : { key: key! });
  return draft;
}

/**
 * The Order routes besides the standard ones: the in-store create (the Cart must be of the Store)
 * and the caller's own Orders, `/me/orders` and `/in-store/key={storeKey}/me/orders`
 * (https://docs.commercetools.com/api/projects/me-orders): a customer or anonymous-session token
 * holding `manage_my_orders` sees, and orders from, only its own (another's is 404).
 */
export function registerOrderRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = orderTypeIn(context);
  const answer = (c: Context<AppEnv>, order: Order, status: 200 | 201 = 200) =>
    json(present(context, type, order, expandParams(c)), status);

  api.post('/:projectKey/in-store/:storeSegment/orders', async (c) => {
    const store = storeOfPath(c, context, 'manage_orders');
    requireScope(c.get('principal'), projectKey, type.scopes.manage, store.key);
    return answer(c, createOrderFromCart(context, cartOfStore(context, await readJsonBody(c), store), callerOf(c)), 201);
  });

  /** The Store of the path (none globally), for a session token holding `manage_my_orders` (403 otherwise). */
  const sessionIn = (c: Context<AppEnv>, inStore: boolean): { principal: Principal; store: Store | undefined } => {
    const store = inStore ? storeOfPath(c, context, 'manage_my_orders') : undefined;
    const principal = c.get('principal');
    allowMe(principal, projectKey, store?.key, ['manage_my_orders'], true);
    return { principal, store };
  };
  for (const [base, inStore] of [
    ['/:projectKey/me/orders', false],
    ['/:projectKey/in-store/:storeSegment/me/orders', true],
  ] as const) {
    api.post(base, async (c) => {
      const { principal, store } = sessionIn(c, inStore);
      const draft = validBody('MyOrderFromCartDraft', await readJsonBody(c));
      const cart = context.state.collection<Cart>('cart').get(draft.id);
      if (!cart || !ownedIn(cart, principal, store)) throw errors.notFoundById(draft.id);
      return answer(c, createOrderFromCart(context, { cart: { typeId: 'cart', id: cart.id }, version: draft.version }, callerOf(c)), 201);
    });

    api.get(base, (c) => {
      const { principal, store } = sessionIn(c, inStore);
      const params = parseQueryParams(new URL(c.req.url).searchParams);
      const mine = [...context.state.collection<Order>('order').values()].filter((order) => ownedIn(order, principal, store));
      const page = runOnArray(mine, params, { schema: commerceContract().schema('Order') as QuerySchema });
      return json({ ...page, results: page.results.map((order) => present(context, type, order, params.expand)) });
    });

    api.get(`${base}/:id`, (c) => {
      const { principal, store } = sessionIn(c, inStore);
      const id = c.req.param('id');
      const order = context.state.collection<Order>('order').get(id);
      if (!order || !ownedIn(order, principal, store)) throw errors.notFoundById(id);
      return answer(c, order);
    });
  }
}
