import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import type { EmulatorState } from '../../state.js';
import { registeredType } from '../kit/resource-module.js';
import type { AnyResourceType, Schemas } from '../kit/resource-type.js';

/** A stored Cart. */
export type Cart = Schemas['Cart'];

/** The project's Cart resource type, as the registry made it. */
export function cartTypeIn(context: EmulatorContext): AnyResourceType<Cart> {
  return registeredType<Cart>(context, 'cart');
}

/**
 * True when the Cart (or Order) is the token's: its `customerId` is the token's customer, or its
 * `anonymousId` the token's anonymous session (https://docs.commercetools.com/api/projects/me-carts).
 */
export function ownedBy(resource: { customerId?: string; anonymousId?: string }, principal: Principal): boolean {
  return (
    (principal.customerId !== undefined && resource.customerId === principal.customerId) ||
    (principal.anonymousId !== undefined && resource.anonymousId === principal.anonymousId)
  );
}

/** True when the Cart (or Order) is the token's and, with a Store, of that Store: what `/me` and in-store `/me` paths see. */
export function ownedIn(
  resource: { customerId?: string; anonymousId?: string; store?: { key: string } },
  principal: Principal,
  store: { key: string } | undefined,
): boolean {
  return ownedBy(resource, principal) && (store === undefined || resource.store?.key === store.key);
}

/**
 * The order of the latest writes of each project's Carts, by Cart id: within one millisecond
 * (a sign-in writes several Carts at the same time) the one written last was modified last. Told
 * by the state's change events; a Cart restored from a snapshot, not written since, has none.
 */
const writeOrders = new WeakMap<EmulatorState, { next: number; of: Map<string, number> }>();

/** Starts keeping the order of the project's Cart writes (once per project, before any is written). */
export function trackCartWrites(state: EmulatorState): void {
  const order = { next: 1, of: new Map<string, number>() };
  writeOrders.set(state, order);
  state.onChange((event) => {
    if (event.typeId !== 'cart') return;
    if (event.after) order.of.set(event.after.id, order.next++);
    else if (event.before) order.of.delete(event.before.id);
  });
}

/** Forgets the writes of a Cart deleted without a change event (by the cleanup). */
export function forgetCartWrites(state: EmulatorState, id: string): void {
  writeOrders.get(state)?.of.delete(id);
}

/** True when `a` was modified after `b`: by `lastModifiedAt`, then by the order of writes, then the later creation, then the greater id. */
export function modifiedAfter(state: EmulatorState, a: Cart, b: Cart): boolean {
  if (a.lastModifiedAt !== b.lastModifiedAt) return a.lastModifiedAt > b.lastModifiedAt;
  const order = writeOrders.get(state)?.of;
  const [writtenA, writtenB] = [order?.get(a.id) ?? 0, order?.get(b.id) ?? 0];
  if (writtenA !== writtenB) return writtenA > writtenB;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/**
 * The active Cart among those `owns` accepts (in the Store `storeKey` when given): the most
 * recently modified `Active` one of origin `Customer`; Carts of origin `Merchant` or `Quote` are
 * never active (https://docs.commercetools.com/api/projects/me-carts#get-active-cart).
 *
 * @example
 * const cart = activeCart(context, (cart) => cart.customerId === customer.id);
 */
export function activeCart(context: EmulatorContext, owns: (cart: Cart) => boolean, storeKey?: string): Cart | undefined {
  let found: Cart | undefined;
  for (const cart of context.state.collection<Cart>('cart').values()) {
    if (cart.cartState !== 'Active' || (cart.origin ?? 'Customer') !== 'Customer' || !owns(cart)) continue;
    if (storeKey !== undefined && cart.store?.key !== storeKey) continue;
    if (found === undefined || modifiedAfter(context.state, cart, found)) found = cart;
  }
  return found;
}
