import type { EmulatorContext } from '../../context.js';
import { ApiError, errors } from '../../http/errors.js';
import { cartType, type Cart } from '../carts/index.js';
import { assertFrozenPricesHold } from '../carts/freeze.js';
import { reserveStock } from '../carts/inventory.js';
import { orderDiscountCodes } from '../carts/discount-codes.js';
import { setCartState } from '../carts/states.js';
import { customFieldsFrom } from '../kit/custom-fields.js';
import { applyChange, createResource, type Caller } from '../kit/operations.js';
import { registeredType } from '../kit/resource-module.js';
import type { Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { orderActions } from './actions.js';
import { assertOrderNumberFree, type Order, type OrderType } from './rules.js';
import { draftState } from './states.js';

export { orderByNumber, type Order, type OrderType } from './rules.js';

/** The members of a Cart an Order takes as they are when it is ordered. */
const COPIED = [
  'customerId',
  'customerEmail',
  'customerGroup',
  'anonymousId',
  'store',
  'lineItems',
  'customLineItems',
  'totalPrice',
  'taxedPrice',
  'taxedShippingPrice',
  'discountOnTotalPrice',
  'discountTypeCombination',
  'taxMode',
  'priceRoundingMode',
  'taxRoundingMode',
  'taxCalculationMode',
  'inventoryMode',
  'billingAddress',
  'shippingAddress',
  'shippingMode',
  'shippingInfo',
  'shipping',
  'itemShippingAddresses',
  'discountCodes',
  'directDiscounts',
  'refusedGifts',
  'paymentInfo',
  'country',
  'locale',
  'origin',
  'purchaseOrderNumber',
  'custom',
] as const satisfies readonly (keyof Cart & keyof Order)[];

/**
 * What a Cart must be to be ordered (https://docs.commercetools.com/api/projects/orders#create-order-from-cart):
 * at the version the caller saw, still Active (or Frozen, its prices holding), with a shipping
 * address, and with a Shipping Method (when it has one) that still matches it.
 */
function assertOrderable(ctx: WriteContext, cart: Cart, version: number): void {
  if (version !== cart.version) throw errors.concurrentModification(version, cart.version);
  if (cart.cartState !== 'Active' && cart.cartState !== 'Frozen')
    throw errors.invalidOperation(`The Cart '${cart.id}' is ${cart.cartState}: it cannot be ordered.`);
  assertFrozenPricesHold(ctx, cart);
  if (!cart.shippingAddress) throw errors.invalidOperation('Shipping address is not set.');
  if (cart.shippingInfo?.shippingMethodState === 'DoesNotMatchCart') throw shippingMethodDoesNotMatchCart();
}

function shippingMethodDoesNotMatchCart(): ApiError {
  return new ApiError(400, [{ code: 'ShippingMethodDoesNotMatchCart', message: 'The predicate does not match the cart.' }]);
}

/** The Order of a Cart: its copied members, the draft's states and numbers, a reference to the Cart. */
function orderOf(
  cart: Cart,
  draft: Schemas['OrderFromCartDraft'],
  ctx: WriteContext,
): Omit<Order, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> {
  const copied: Partial<Order> = {};
  for (const name of COPIED) if (cart[name] !== undefined) Object.assign(copied, { [name]: structuredClone(cart[name]) });
  if (draft.purchaseOrderNumber !== undefined) copied.purchaseOrderNumber = draft.purchaseOrderNumber;
  const custom = customFieldsFrom(ctx, draft.custom, 'order');
  if (custom) copied.custom = custom;
  return {
    ...(draft.orderNumber !== undefined ? { orderNumber: draft.orderNumber } : {}),
    ...(copied as Omit<Order, 'orderState' | 'syncInfo' | 'cart'>),
    cart: { typeId: 'cart', id: cart.id },
    orderState: draft.orderState ?? 'Open',
    ...(draft.paymentState !== undefined ? { paymentState: draft.paymentState } : {}),
    ...(draft.shipmentState !== undefined ? { shipmentState: draft.shipmentState } : {}),
    ...draftState(ctx, draft.state),
    syncInfo: [],
  };
}

/**
 * The Order resource type of an emulator. Its create is the live Order from Cart: the Cart is
 * checked (version, state, shipping address, Shipping Method) and copied, and, once the Order is
 * stored, becomes Ordered in the same write (a commit hook), so that no Cart is ordered twice.
 */
export function orderTypeOf(context: EmulatorContext): OrderType {
  return {
    typeId: 'order',
    path: 'orders',
    scopes: { view: ['view_orders', 'manage_orders'], manage: ['manage_orders'] },
    schemas: { resource: 'Order', draft: 'OrderFromCartDraft', updateAction: 'OrderUpdateAction' },
    create(draft, ctx) {
      const cart = ctx.resolveIdentifier<Cart>('cart', draft.cart, 'cart');
      assertOrderable(ctx, cart, draft.version);
      if (draft.orderNumber !== undefined) assertOrderNumberFree(ctx.state, draft.orderNumber);
      const caller: Caller = {
        principal: ctx.principal,
        ...(ctx.externalUserId !== undefined ? { externalUserId: ctx.externalUserId } : {}),
      };
      reserveStock(context, ctx, cart, caller);
      ctx.onCommit(() => {
        applyChange(context, cartType, cart, caller, [{ action: 'setCartState', cartState: 'Ordered' }], (working) =>
          setCartState(working, 'Ordered'),
        );
      });
      return { ...orderOf(cart, draft, ctx), discountCodes: orderDiscountCodes(ctx, cart) };
    },
    actions: orderActions,
    createdMessages: (order) => [{ type: 'OrderCreated', payload: { order: structuredClone(order) } }],
    deletedMessages: (order) => [{ type: 'OrderDeleted', payload: { order: structuredClone(order) } }],
  };
}

/** The project's Order resource type (made by the registry with the project's context). */
export function orderTypeIn(context: EmulatorContext): OrderType {
  return registeredType<Order>(context, 'order');
}

/**
 * Creates an Order from a Cart (an OrderFromCartDraft), REST and GraphQL alike.
 *
 * @example
 * const order = createOrderFromCart(context, { cart: { id: cart.id }, version: cart.version, orderNumber: 'A-1' }, caller);
 */
export function createOrderFromCart(context: EmulatorContext, body: unknown, caller: Caller): Order {
  return createResource(context, orderTypeIn(context), body, caller);
}
