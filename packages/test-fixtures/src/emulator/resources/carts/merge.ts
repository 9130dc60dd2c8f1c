import type { EmulatorContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { applyChange, type Caller } from '../kit/operations.js';
import { present } from '../kit/rest-routes.js';
import { actionHandler, type AnyResourceType, type Schemas } from '../kit/resource-type.js';
import { WriteContext, type ResourceIdentifier } from '../kit/write-context.js';
import { activeCart, cartTypeIn, type Cart } from './owner.js';
import { setCartState } from './states.js';

export type MergeMode = Schemas['AnonymousCartSignInMode'];

/** What a sign-in, a sign-up or the merge endpoint hands to {@link mergeAnonymousCart}. */
export interface MergeRequest {
  /** The anonymous Cart to merge. */
  anonymousCart?: ResourceIdentifier;
  /** The anonymous session: its most recently modified Active Cart is merged, and all its Carts become the customer's. */
  anonymousId?: string;
  /** Default `MergeWithExistingCustomerCart`. */
  mode?: MergeMode | undefined;
  /** Refreshes the Line Items' product data of the resulting Cart (its prices and taxes are computed anew anyway). */
  updateProductData?: boolean | undefined;
  /** On an in-store endpoint: only the Store's Carts take part. */
  storeKey?: string | undefined;
}

type Line = Cart['lineItems'][number];

/** Applies one Cart action to a working copy through the Cart type's own handler. */
function apply(type: AnyResourceType<Cart>, cart: Cart, action: { action: string } & Record<string, unknown>, ctx: WriteContext): void {
  const handler = actionHandler(type, action.action);
  if (!handler) throw new Error(`the cart type has no ${action.action} action`);
  handler(cart, action, ctx);
}

/** The channels of a Line Item as ResourceIdentifiers for `addLineItem`. */
function channelsOf(line: Line): Record<string, { typeId: string; id: string }> {
  const channels: Record<string, { typeId: string; id: string }> = {};
  if (line.distributionChannel) channels['distributionChannel'] = { typeId: 'channel', id: line.distributionChannel.id };
  if (line.supplyChannel) channels['supplyChannel'] = { typeId: 'channel', id: line.supplyChannel.id };
  return channels;
}

/**
 * The actions that merge the anonymous Cart's Line Items into the customer's: a line of the same
 * product and variant takes the greater quantity (never the sum, never less), any other is added
 * with its product, variant, quantity and channels; Custom Fields and Custom Line Items stay behind.
 */
function mergeActions(customerCart: Cart, anonymous: Cart): ({ action: string } & Record<string, unknown>)[] {
  const actions: ({ action: string } & Record<string, unknown>)[] = [];
  for (const line of anonymous.lineItems) {
    const match = customerCart.lineItems.find((own) => own.productId === line.productId && own.variant.id === line.variant.id);
    if (!match)
      actions.push({
        action: 'addLineItem',
        productId: line.productId,
        variantId: line.variant.id,
        quantity: line.quantity,
        ...channelsOf(line),
      });
    else if (line.quantity > match.quantity)
      actions.push({ action: 'changeLineItemQuantity', lineItemId: match.id, quantity: line.quantity });
  }
  return actions;
}

/**
 * The anonymous Cart a merge takes: the one named (it must exist: 400 ReferencedResourceNotFound),
 * or the session's most recently modified Active one without a customer. It must be Active and not
 * another customer's (400 InvalidOperation), and of the session when both are given (400
 * InvalidOperation). Undefined when there is nothing to merge (no Cart of the session, or a Cart
 * of this customer already). Checks only: nothing is written.
 */
function anonymousCartOf(context: EmulatorContext, customerId: string, request: MergeRequest): Cart | undefined {
  const { anonymousCart, anonymousId, storeKey } = request;
  const carts = context.state.collection<Cart>('cart');
  let cart: Cart | undefined;
  if (anonymousCart !== undefined) {
    cart =
      anonymousCart.id !== undefined
        ? carts.get(anonymousCart.id)
        : anonymousCart.key !== undefined
          ? carts.getByKey(anonymousCart.key)
          : undefined;
    if (!cart || (storeKey !== undefined && cart.store?.key !== storeKey)) {
      throw errors.referencedResourceNotFound(
        'cart',
        anonymousCart.id !== undefined ? { id: anonymousCart.id } : { key: anonymousCart.key ?? '' },
      );
    }
    if (anonymousId !== undefined && cart.anonymousId !== anonymousId)
      throw errors.invalidOperation(`The anonymous cart '${cart.id}' does not belong to the anonymous session '${anonymousId}'.`);
  } else if (anonymousId !== undefined) {
    cart = activeCart(context, (c) => c.anonymousId === anonymousId && c.customerId === undefined, storeKey);
  }
  if (!cart) return undefined;
  if (cart.cartState !== 'Active')
    throw errors.invalidOperation(`The anonymous cart '${cart.id}' is ${cart.cartState}: only an Active cart can be merged.`);
  if (cart.customerId !== undefined && cart.customerId !== customerId)
    throw errors.invalidOperation(`The anonymous cart '${cart.id}' belongs to another customer.`);
  return cart.customerId === customerId ? undefined : cart;
}

/**
 * Checks what {@link mergeAnonymousCart} would refuse, writing nothing: for a sign-up, which must
 * not create the customer when its anonymous Cart cannot be merged.
 */
export function checkMerge(context: EmulatorContext, request: MergeRequest): void {
  // A customer that does not exist yet owns no Cart: any customer id checks the same.
  anonymousCartOf(context, '', request);
}

/**
 * The Cart merge of sign-in and sign-up (https://docs.commercetools.com/api/carts-orders-overview#merge-a-cart):
 * merges the anonymous Cart (named, or the anonymous session's most recently modified Active one)
 * into the customer's active Cart as `mode` says (see `AnonymousCartSignInMode` in the schema),
 * gives the customer every other Cart (and Order and Payment, where emulated) of the anonymous
 * session, and answers the customer's active Cart afterwards, its prices and taxes computed anew
 * (with `updateProductData`, its lines' product data too), or undefined when the customer has
 * none. A refused merge (see `MergeCartDraft`) changes nothing: every check, and a trial of the
 * one write that can fail, run before the first write; the resulting Cart is written last, so it
 * is the most recently modified, the active one.
 *
 * @example
 * const cart = mergeAnonymousCart(context, caller, customer.id, { anonymousId: 'visitor-1', mode: 'MergeWithExistingCustomerCart' });
 */
export function mergeAnonymousCart(context: EmulatorContext, caller: Caller, customerId: string, request: MergeRequest): Cart | undefined {
  const type = cartTypeIn(context);
  const { anonymousId, storeKey, updateProductData = false } = request;
  const anonymous = anonymousCartOf(context, customerId, request);
  const customers = (cart: Cart) => cart.customerId === customerId;
  const existing = activeCart(context, customers, storeKey);
  const recalculate = { action: 'recalculate', updateProductData };
  const merging =
    anonymous !== undefined &&
    existing !== undefined &&
    (request.mode ?? 'MergeWithExistingCustomerCart') === 'MergeWithExistingCustomerCart';

  // The resulting Cart and what makes it: the customer's with the anonymous lines, or the anonymous one made the customer's.
  const target = merging ? existing : (anonymous ?? existing);
  const actions = merging
    ? [...mergeActions(existing, anonymous), recalculate]
    : anonymous
      ? [{ action: 'setCustomerId', customerId }, recalculate]
      : [recalculate];
  const change = (working: Cart, ctx: WriteContext) => {
    for (const action of actions) apply(type, working, action, ctx);
  };
  // A trial on a copy: throws what the write would, before anything is written.
  if (target) change(structuredClone(target), new WriteContext(context.state, caller.principal, caller.externalUserId));

  if (anonymousId !== undefined) assignSession(context, caller, customerId, anonymousId, storeKey, anonymous?.id);
  if (merging)
    applyChange(context, type, anonymous, caller, [{ action: 'merge' }], (working) => {
      setCartState(working, 'Merged');
      if (anonymousId !== undefined) working.customerId = customerId;
    });
  if (target) applyChange(context, type, context.state.collection<Cart>('cart').get(target.id)!, caller, actions, change);
  return activeCart(context, customers, storeKey);
}

/**
 * Gives the customer every Cart, Order and Payment of the anonymous session that has no customer
 * yet (ref `CustomerSignin.anonymousId`), but the Cart being merged (`mergedId`): an Active Cart as
 * by `setCustomerId` (its prices selected again), any other as it is. Orders and Payments where
 * the project emulates them.
 */
function assignSession(
  context: EmulatorContext,
  caller: Caller,
  customerId: string,
  anonymousId: string,
  storeKey: string | undefined,
  mergedId: string | undefined,
): void {
  const type = cartTypeIn(context);
  const ofSession = (resource: StoredResource) =>
    resource['anonymousId'] === anonymousId &&
    (storeKey === undefined || (resource['store'] as { key?: string } | undefined)?.key === storeKey);
  for (const cart of [...context.state.collection<Cart>('cart').values()]) {
    if (!ofSession(cart) || cart.customerId !== undefined || cart.id === mergedId) continue;
    const action = { action: 'setCustomerId', customerId };
    applyChange(context, type, cart, caller, [action], (working, ctx) => {
      if (working.cartState === 'Active') apply(type, working, action, ctx);
      else working.customerId = customerId;
    });
  }
  const owners: [string, (resource: StoredResource) => boolean, (working: StoredResource) => void][] = [
    ['order', (order) => order['customerId'] === undefined, (order) => (order['customerId'] = customerId)],
    [
      'payment',
      (payment) => payment['customer'] === undefined,
      (payment) => (payment['customer'] = { typeId: 'customer', id: customerId }),
    ],
  ];
  for (const [typeId, unowned, own] of owners) {
    const ownerType = context.resourceTypes.get(typeId);
    if (!ownerType) continue;
    for (const resource of [...context.state.collection(typeId).values()])
      if (ofSession(resource) && unowned(resource)) applyChange(context, ownerType, resource, caller, [], own);
  }
}

/**
 * The `cart` member of a sign-in or sign-up answer (CustomerSignInResult): the customer's active
 * Cart (in the Store when given), as the Cart endpoints present it; none without one.
 *
 * @example
 * return json({ customer: present(context, customerType, customer, []), ...signInCart(context, customer.id) });
 */
export function signInCart(context: EmulatorContext, cart: Cart | undefined): { cart?: Record<string, unknown> } {
  return cart === undefined ? {} : { cart: present(context, cartTypeIn(context), cart, []) };
}

/** The customer's active Cart (in the Store when given), for a sign-up's answer. */
export function activeCartOfCustomer(context: EmulatorContext, customerId: string, storeKey?: string): Cart | undefined {
  return activeCart(context, (cart) => cart.customerId === customerId, storeKey);
}
