import {
  type FieldRule,
  type ResourceHistoryRules,
  arrayDelta,
  asArray,
  change,
  differs,
  simple,
  upperFirst,
} from '../../history/change-kit.js';
import type { Label } from '../../history/records.js';
import type { StoredResource } from '../../store/collection.js';
import { fulfilmentChanges } from './fulfilment-history.js';

/** An Order's Payments: one Change per Payment added or removed. */
const payments: FieldRule = (previous, next) => {
  const paymentsOf = (info: unknown) => asArray((info as { payments?: unknown } | undefined)?.payments);
  const { addedItems, removedItems } = arrayDelta(paymentsOf(previous), paymentsOf(next));
  return [
    ...addedItems.map((payment) => change('addPayment', 'AddPaymentChange', undefined, payment)),
    ...removedItems.map((payment) => change('removePayment', 'RemovePaymentChange', payment, undefined)),
  ];
};

/**
 * The States of an Order's items: one Change per item whose quantities moved between States
 * (`transitionLineItemState`, `transitionCustomLineItemState`), naming the item by `idField`.
 */
function itemStates(action: string, idField: string): FieldRule {
  return (previous, next) => {
    const before = new Map(asArray(previous).map((item) => [(item as { id: string }).id, (item as { state?: unknown }).state]));
    return asArray(next).flatMap((item) => {
      const { id, state } = item as { id: string; state?: unknown };
      if (!before.has(id) || !differs(before.get(id), state)) return [];
      return [change(action, `${upperFirst(action)}Change`, before.get(id), state, { [idField]: id })];
    });
  };
}

/** An Order's Changes by field; other members: `set<Member>` (setOrderNumber, setShippingAddress, setCustomerEmail, ...). */
export const orderChanges: ResourceHistoryRules = {
  orderState: simple('changeOrderState', 'ChangeOrderStateChange'),
  paymentState: simple('changePaymentState', 'ChangePaymentStateChange'),
  shipmentState: simple('changeShipmentState', 'ChangeShipmentStateChange'),
  paymentInfo: payments,
  state: simple('transitionState', 'TransitionStateChange'),
  lineItems: itemStates('transitionLineItemState', 'lineItemId'),
  customLineItems: itemStates('transitionCustomLineItemState', 'customLineItemId'),
  ...fulfilmentChanges,
};

/** An Order's Label (OrderLabel): its customer's e-mail and its number, those it has. */
export function orderLabel(resource: StoredResource): Label {
  const label: Label = { type: 'OrderLabel' };
  for (const field of ['customerEmail', 'orderNumber']) if (typeof resource[field] === 'string') label[field] = resource[field];
  return label;
}
