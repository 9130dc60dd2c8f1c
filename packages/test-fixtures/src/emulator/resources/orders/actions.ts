import { errors } from '../../http/errors.js';
import { assertPaymentUnassigned } from '../carts/payment-holder.js';
import { customFieldActions } from '../kit/custom-fields.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import { assertOrderNumberFree, type Order } from './rules.js';
import { orderDeliveryActions } from './deliveries.js';
import { orderReturnActions } from './returns.js';
import { orderStateActions } from './states.js';

type OrderAction = Schemas['OrderUpdateAction'];

/** The optional members an action sets or (left out) removes, with the live message naming the value before. */
function setWithMessage<M extends 'shippingAddress' | 'billingAddress' | 'customerEmail'>(
  member: M,
  message: string,
  names: { value: string; old: string },
) {
  return (order: Order, value: Order[M] | undefined, ctx: WriteContext): void => {
    const old = order[member];
    setOptional<Order, M>(order, member, value);
    ctx.emit(message, {
      ...(value !== undefined ? { [names.value]: structuredClone(value) } : {}),
      ...(old !== undefined ? { [names.old]: structuredClone(old) } : {}),
    });
  };
}

const shippingAddress = setWithMessage('shippingAddress', 'OrderShippingAddressSet', { value: 'address', old: 'oldAddress' });
const billingAddress = setWithMessage('billingAddress', 'OrderBillingAddressSet', { value: 'address', old: 'oldAddress' });
const customerEmail = setWithMessage('customerEmail', 'OrderCustomerEmailSet', { value: 'email', old: 'oldEmail' });

/** A state member changed by its `change…State` action, with its `Order…StateChanged` message (`old…` when there was one). */
function changeState<M extends 'orderState' | 'paymentState' | 'shipmentState'>(member: M, message: string, oldName: string) {
  return (order: Order, value: Order[M] | undefined, ctx: WriteContext): void => {
    const old = order[member];
    if (old === value) return;
    setOptional<Order, M>(order, member, value);
    ctx.emit(message, { ...(value !== undefined ? { [member]: value } : {}), ...(old !== undefined ? { [oldName]: old } : {}) });
  };
}

const orderState = changeState('orderState', 'OrderStateChanged', 'oldOrderState');
const paymentState = changeState('paymentState', 'OrderPaymentStateChanged', 'oldPaymentState');
const shipmentState = changeState('shipmentState', 'OrderShipmentStateChanged', 'oldShipmentState');

/**
 * The update actions of an Order emulated so far (the schema's `OrderUpdateAction` says what each
 * does; the others of the live API are 501 NotEmulated).
 */
export const orderActions: ActionHandlers<Order, OrderAction> = {
  changeOrderState: (order, action, ctx) => orderState(order, action.orderState, ctx),
  changePaymentState: (order, action, ctx) => paymentState(order, action.paymentState, ctx),
  changeShipmentState: (order, action, ctx) => shipmentState(order, action.shipmentState, ctx),
  addPayment(order, { payment }, ctx) {
    const { id } = ctx.resolveIdentifier('payment', payment, 'payment');
    const payments = order.paymentInfo?.payments ?? [];
    if (payments.some((p) => p.id === id)) throw errors.invalidOperation(`The Payment '${id}' is already in the Order.`);
    assertPaymentUnassigned(ctx.state, id, { typeId: 'order', id: order.id });
    const paymentRef = { typeId: 'payment' as const, id };
    order.paymentInfo = { payments: [...payments, paymentRef] };
    ctx.emit('OrderPaymentAdded', { paymentRef });
  },
  removePayment(order, { payment }, ctx) {
    const payments = order.paymentInfo?.payments ?? [];
    const id = 'id' in payment ? payment.id : ctx.resolveIdentifier('payment', payment, 'payment').id;
    const rest = payments.filter((p) => p.id !== id);
    if (rest.length === payments.length) throw errors.invalidOperation(`The Payment '${id}' is not in the Order.`);
    if (rest.length === 0) delete order.paymentInfo;
    else order.paymentInfo = { payments: rest };
    ctx.emit('OrderPaymentRemoved', { paymentRef: { typeId: 'payment', id }, removedPaymentInfo: rest.length === 0 });
  },
  ...customFieldActions<Order>('order', 'Order'),
  setOrderNumber(order, { orderNumber }, ctx) {
    if (order.orderNumber === orderNumber) return;
    if (order.orderNumber !== undefined) {
      throw errors.invalidOperation(`The Order already has the orderNumber '${order.orderNumber}': once set, it cannot be changed.`);
    }
    if (orderNumber === undefined) return;
    assertOrderNumberFree(ctx.state, orderNumber, order.id);
    order.orderNumber = orderNumber;
  },
  setShippingAddress: (order, action, ctx) => shippingAddress(order, action.address, ctx),
  setBillingAddress: (order, action, ctx) => billingAddress(order, action.address, ctx),
  setCustomerEmail: (order, action, ctx) => customerEmail(order, action.email, ctx),
  ...orderStateActions,
  ...orderDeliveryActions,
  ...orderReturnActions,
};
