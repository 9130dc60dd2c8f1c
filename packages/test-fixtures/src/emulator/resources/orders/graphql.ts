import { exactlyOne, need, type GraphqlContext } from '../../graphql/context.js';
import { plainActions, withoutNulls, type IdentifierInput, type Nullable } from '../../graphql/inputs.js';
import { pageOfArray, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, mySession, readScopes, standardFields } from '../../graphql/standard-fields.js';
import { errors } from '../../http/errors.js';
import { cartLikeFields } from '../carts/graphql.js';
import { cartType, type Cart } from '../carts/index.js';
import type { Address } from '../kit/operations.js';
import { createOrderFromCart, orderByNumber, type Order } from './index.js';
import { ownedBy, ownedIn } from '../carts/owner.js';
import { fulfilmentObjects } from './fulfilment-graphql.js';
import { orderAddress } from './routes.js';

type OrderCartCommand = Nullable<{ id: string; cart: IdentifierInput; orderNumber: string; purchaseOrderNumber: string }> & {
  version: number;
} & Record<string, unknown>;
/** `OrderUpdateAction`: one member set, named after the REST action it maps onto. */
type OrderUpdateActionInput = FulfilmentActionInput &
  Nullable<{
    changeOrderState: { orderState: string };
    changePaymentState: { paymentState: string };
    changeShipmentState: { shipmentState: string };
    addPayment: { payment: IdentifierInput };
    removePayment: { payment: IdentifierInput };
    setOrderNumber: { orderNumber?: string | null };
    setShippingAddress: { address?: Record<string, unknown> | null };
    setBillingAddress: { address?: Record<string, unknown> | null };
    setCustomerEmail: { email?: string | null };
    transitionState: { state: IdentifierInput; force?: boolean | null };
    transitionLineItemState: ItemTransitionInput & { lineItemId?: string | null; lineItemKey?: string | null };
    transitionCustomLineItemState: ItemTransitionInput & { customLineItemId?: string | null; customLineItemKey?: string | null };
  }>;
/** The fulfilment actions' inputs map one to one onto the REST actions' members. */
type FulfilmentActionInput = Nullable<Record<(typeof FULFILMENT_ACTIONS)[number], Record<string, unknown>>>;
const FULFILMENT_ACTIONS = [
  'addDelivery',
  'removeDelivery',
  'setDeliveryAddress',
  'setDeliveryItems',
  'addParcelToDelivery',
  'removeParcelFromDelivery',
  'setParcelMeasurements',
  'setParcelTrackingData',
  'setParcelItems',
  'addReturnInfo',
  'setReturnInfo',
  'setReturnShipmentState',
  'setReturnPaymentState',
  'updateSyncInfo',
] as const;
type ItemTransitionInput = { quantity: number; fromState: IdentifierInput; toState: IdentifierInput; actualTransitionDate?: string | null };

/** GraphQL `OrderCartCommand` → REST OrderFromCartDraft: the live's `id` is `cart: { id }`. */
function orderDraft(input: OrderCartCommand): object {
  const { id, cart, ...rest } = withoutNulls(input);
  if ((id === undefined) === (cart === undefined)) {
    throw errors.invalidInput(`draft: exactly one of 'cart' and 'id' must be given, got ${id === undefined ? 'neither' : 'both'}.`);
  }
  return { ...rest, cart: cart ?? { typeId: 'cart', id } };
}

/** An Order by `id` or `orderNumber`; for a write, an unknown number is the REST 404 of `/orders/order-number=`. */
function orderAddressOf(ctx: GraphqlContext, args: Record<string, unknown>, field: string, forWrite: boolean): Address | null {
  const [name, value] = exactlyOne(args as Record<'id' | 'orderNumber', string | null>, ['id', 'orderNumber'], field);
  if (name === 'id') return { id: value };
  if (forWrite) return orderAddress(ctx.emulator, `order-number=${value}`);
  const order = orderByNumber(ctx.emulator.state, value);
  return order ? { id: order.id } : null;
}

/** The caller's Orders (`me { order, orders }`) and its order from its own Cart, as `/me/orders`. */
const myOrders: ResolverMap = {
  Me: {
    order: (_: unknown, args: { id: string }, ctx: GraphqlContext) => {
      mySession(ctx, undefined);
      const order = ctx.emulator.state.collection<Order>('order').get(args.id);
      return order && ownedBy(order, ctx.principal) ? order : null;
    },
    orders: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      mySession(ctx, undefined);
      const mine = [...ctx.emulator.state.collection<Order>('order').values()].filter((order) => ownedBy(order, ctx.principal));
      return pageOfArray(mine, args, 'Order');
    },
  },
  Mutation: {
    createMyOrderFromCart: (
      _: unknown,
      args: { draft: { id: string; version: number }; storeKey?: string | null },
      ctx: GraphqlContext,
    ) => {
      const store = mySession(ctx, args.storeKey);
      const { id, version } = args.draft;
      const cart = ctx.emulator.state.collection<Cart>('cart').get(id);
      if (!cart || !ownedIn(cart, ctx.principal, store)) throw errors.notFoundById(id);
      return createOrderFromCart(ctx.emulator, { cart: { typeId: 'cart', id }, version }, ctx.caller);
    },
  },
};

/** Orders in GraphQL: the standard fields by `id` or `orderNumber` (also in a Store), the caller's own, and the Order's objects. */
export const orderResolvers: ResolverMap = mergeResolvers(
  standardFields<OrderCartCommand, OrderUpdateActionInput>({
    typeId: 'order',
    typeName: 'Order',
    one: 'order',
    many: 'orders',
    draft: orderDraft,
    actions: plainActions<OrderUpdateActionInput>([
      'changeOrderState',
      'changePaymentState',
      'changeShipmentState',
      'addPayment',
      'removePayment',
      'setOrderNumber',
      'setShippingAddress',
      'setBillingAddress',
      'setCustomerEmail',
      'transitionState',
      'transitionLineItemState',
      'transitionCustomLineItemState',
      ...FULFILMENT_ACTIONS,
    ]),
    createField: 'createOrderFromCart',
    create: createOrderFromCart,
    address: orderAddressOf,
    inStore: {
      belongsTo: (order: Order, storeKey: string) => order.store?.key === storeKey,
      draftIn: (draft: object) => draft,
    },
  }),
  myOrders,
  fulfilmentObjects,
  {
    Order: {
      ...cartLikeFields,
      syncInfo: (order: Order) => order.syncInfo.map((info) => ({ ...info, channelRef: info.channel })),
      cartRef: (order: Order) => order.cart ?? null,
      cart: (order: Order, _: unknown, ctx: GraphqlContext) => {
        if (!order.cart) return null;
        need(ctx, readScopes(cartType));
        return ctx.emulator.state.collection<Cart>('cart').get(order.cart.id) ?? null;
      },
    },
  },
);
