import type { Context, Hono } from 'hono';
import { requireScope, type Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import type { EmulatorState } from '../../state.js';
import { json } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { registeredType } from '../kit/resource-module.js';
import { expandParams, present } from '../kit/rest-routes.js';
import type { ShippingMethod } from '../shipping-methods/index.js';
import type { ShippingLocation } from '../shipping-methods/matching.js';
import { methodsMatchingCart } from '../shipping-methods/predicate.js';
import type { Store } from '../stores/index.js';
import { ownedBy } from './owner.js';
import type { Cart } from './shapes.js';

/** Who may ask which Shipping Methods match a Cart (the live list; `manage_my_orders` for the caller's own Carts only). */
const SCOPES = ['view_shipping_methods', 'manage_shipping_methods', 'view_orders', 'manage_orders', 'manage_my_orders'];

/**
 * The Cart of `cartId` as a caller asking for its matching Shipping Methods may see it: of the
 * Store, when given, and the caller's own with a session's token (400 InvalidInput otherwise).
 * REST's matching-cart routes and GraphQL's `shippingMethodsByCart`.
 */
export function cartForMatching(state: EmulatorState, principal: Principal, cartId: string, store: Store | undefined): Cart {
  const cart = state.collection<Cart>('cart').get(cartId);
  const session = principal.customerId !== undefined || principal.anonymousId !== undefined;
  if (!cart || (session && !ownedBy(cart, principal)) || (store && cart.store?.key !== store.key))
    throw errors.invalidInput(`The Cart with ID '${cartId}' was not found.`);
  return cart;
}

/** The Cart of the request's `cartId` (400 RequiredField without one), by {@link cartForMatching}. */
function cartOf(c: Context<AppEnv>, context: EmulatorContext, store: Store | undefined): Cart {
  const cartId = c.req.query('cartId');
  if (cartId === undefined) throw errors.requiredField('cartId');
  return cartForMatching(context.state, c.get('principal'), cartId, store);
}

/** The location of a matching-cart-location request (400 InvalidInput when malformed). */
function locationOf(c: Context<AppEnv>): ShippingLocation {
  const country = c.req.query('country');
  const state = c.req.query('state');
  if (country === undefined) throw errors.requiredField('country');
  if (!/^[A-Z]{2}$/.test(country))
    throw errors.invalidInput(`Malformed parameter: country: '${country}' is not an ISO 3166-1 country code.`);
  return { country, ...(state !== undefined && state !== '' ? { state } : {}) };
}

/**
 * `GET|HEAD /shipping-methods/matching-cart`, `/matching-cart-location` and the in-store
 * matching-cart: {@link methodsMatchingCart} for the Cart's address (or the given location);
 * HEAD is 404 when none.
 */
export function registerMatchingCartRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const answer = (c: Context<AppEnv>, cart: Cart, where: ShippingLocation | undefined) => {
    const methods = methodsMatchingCart(context.state, cart, where);
    if (c.req.method === 'HEAD' && methods.length === 0) throw errors.notFound('No Shipping Method matches the Cart.');
    const type = registeredType<ShippingMethod>(context, 'shipping-method');
    const results = methods.map((method) => present(context, type, method, expandParams(c)));
    return json({ limit: results.length, offset: 0, count: results.length, total: results.length, results });
  };
  api.get('/:projectKey/shipping-methods/matching-cart', (c) => {
    requireScope(c.get('principal'), projectKey, SCOPES);
    const cart = cartOf(c, context, undefined);
    return answer(c, cart, cart.shippingAddress);
  });
  api.get('/:projectKey/shipping-methods/matching-cart-location', (c) => {
    requireScope(c.get('principal'), projectKey, SCOPES);
    const where = locationOf(c);
    return answer(c, cartOf(c, context, undefined), where);
  });
  api.get('/:projectKey/in-store/:storeSegment/shipping-methods/matching-cart', (c) => {
    const store = storeOfPath(c, context, 'view_orders');
    requireScope(c.get('principal'), projectKey, SCOPES, store.key);
    const cart = cartOf(c, context, store);
    return answer(c, cart, cart.shippingAddress);
  });
}
