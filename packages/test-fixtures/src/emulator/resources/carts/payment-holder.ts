import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { Order } from '../orders/rules.js';
import type { Cart } from './shapes.js';

/**
 * 400 InvalidOperation when the Payment is already on an Order or an active Cart (one neither
 * Ordered nor Merged) other than `self`: a Payment belongs to one of them only
 * (https://docs.commercetools.com/api/projects/carts#add-payment). Scans the Carts and Orders.
 */
export function assertPaymentUnassigned(state: EmulatorState, paymentId: string, self: { typeId: 'cart' | 'order'; id: string }): void {
  const holds = (typeId: 'cart' | 'order', holder: Cart | Order) =>
    !(typeId === self.typeId && holder.id === self.id) && holder.paymentInfo?.payments.some((p) => p.id === paymentId) === true;
  for (const cart of state.collection<Cart>('cart').values()) {
    if (cart.cartState !== 'Ordered' && cart.cartState !== 'Merged' && holds('cart', cart)) {
      throw errors.invalidOperation(`The Payment '${paymentId}' is already assigned to another Cart.`);
    }
  }
  for (const order of state.collection<Order>('order').values()) {
    if (holds('order', order)) throw errors.invalidOperation(`The Payment '${paymentId}' is already assigned to another Order.`);
  }
}
