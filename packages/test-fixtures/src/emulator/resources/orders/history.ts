import { type FieldRule, type ResourceHistoryRules, arrayDelta, asArray, change, simple } from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';

/** An Order's Payments: one Change per Payment added or removed. */
const payments: FieldRule = (previous, next) => {
  const paymentsOf = (info: unknown) => asArray((info as { payments?: unknown } | undefined)?.payments);
  const { addedItems, removedItems } = arrayDelta(paymentsOf(previous), paymentsOf(next));
  return [
    ...addedItems.map((payment) => change('addPayment', 'AddPaymentChange', undefined, payment)),
    ...removedItems.map((payment) => change('removePayment', 'RemovePaymentChange', payment, undefined)),
  ];
};

/** An Order's Changes by field; other members: `set<Member>` (setOrderNumber, setShippingAddress, setCustomerEmail, ...). */
export const orderChanges: ResourceHistoryRules = {
  orderState: simple('changeOrderState', 'ChangeOrderStateChange'),
  paymentState: simple('changePaymentState', 'ChangePaymentStateChange'),
  shipmentState: simple('changeShipmentState', 'ChangeShipmentStateChange'),
  paymentInfo: payments,
};

/** An Order's Label (OrderLabel): its customer's e-mail and its number, those it has. */
export function orderLabel(resource: StoredResource): Label {
  const label: Label = { type: 'OrderLabel' };
  for (const field of ['customerEmail', 'orderNumber']) if (typeof resource[field] === 'string') label[field] = resource[field];
  return label;
}
