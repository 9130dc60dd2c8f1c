import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN } from './cart-fixtures.js';
import { expectError, ok, updateMessagesOf, type Json } from './helpers.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';

let o: OrderApi;
let order: Json;
beforeEach(async () => {
  o = await orderApi();
  order = await o.ordered(await o.orderable({ customerEmail: 'ann@example.com' }));
});

const update = (actions: Json[], version = order['version'] as number) =>
  o.api.call('POST', `/orders/${order['id']}`, { version, actions });
/** The messages of the Order's updates, oldest first. */
const updates = (): Promise<Json[]> => updateMessagesOf(o.api, order['id']);

describe('Order update actions', () => {
  it('change the order, payment and shipment states, any state after any other, with their messages', async () => {
    const updated = ok(
      await update([
        { action: 'changeOrderState', orderState: 'Confirmed' },
        { action: 'changePaymentState', paymentState: 'Paid' },
        { action: 'changeShipmentState', shipmentState: 'Shipped' },
        { action: 'changeOrderState', orderState: 'Open' },
      ]),
    );
    expect(updated).toMatchObject({ version: 2, orderState: 'Open', paymentState: 'Paid', shipmentState: 'Shipped' });
    expect((await updates()).map((m) => [m['type'], m['orderState'] ?? m['paymentState'] ?? m['shipmentState']])).toEqual([
      ['OrderStateChanged', 'Confirmed'],
      ['OrderPaymentStateChanged', 'Paid'],
      ['OrderShipmentStateChanged', 'Shipped'],
      ['OrderStateChanged', 'Open'],
    ]);
    expect((await updates())[3]).toMatchObject({ orderState: 'Open', oldOrderState: 'Confirmed' });
    const cleared = ok(await update([{ action: 'changeShipmentState' }], 2));
    expect(cleared).not.toHaveProperty('shipmentState');
    expect((await updates()).at(-1)).toMatchObject({ type: 'OrderShipmentStateChanged', oldShipmentState: 'Shipped' });
  });

  it('set the order number once: later another one (or none) is InvalidOperation, the same one changes nothing', async () => {
    await o.ordered(await o.orderable(), { orderNumber: 'taken' });
    const before = await o.everything();
    expect(expectError(await update([{ action: 'setOrderNumber', orderNumber: 'taken' }]), 400, 'DuplicateField')).toMatchObject({
      field: 'orderNumber',
    });
    await expectNothingChanged(o, before);
    const numbered = ok(await update([{ action: 'setOrderNumber', orderNumber: 'B-7' }]));
    expect(numbered).toMatchObject({ version: 2, orderNumber: 'B-7' });
    expect(ok(await o.api.call('GET', '/orders/order-number=B-7'))).toEqual(numbered);
    expect(ok(await update([{ action: 'setOrderNumber', orderNumber: 'B-7' }], 2))).toEqual(numbered);
    const after = await o.everything();
    expectError(await update([{ action: 'setOrderNumber', orderNumber: 'B-8' }], 2), 400, 'InvalidOperation');
    expectError(await update([{ action: 'setOrderNumber' }], 2), 400, 'InvalidOperation');
    await expectNothingChanged(o, after);
  });

  it('set and remove the addresses and the customer e-mail, with the old value in the message', async () => {
    const address = { ...BERLIN, streetName: 'Other' };
    const updated = ok(
      await update([
        { action: 'setShippingAddress', address },
        { action: 'setBillingAddress', address },
        { action: 'setCustomerEmail', email: 'eve@example.com' },
      ]),
    );
    expect(updated).toMatchObject({ shippingAddress: address, billingAddress: address, customerEmail: 'eve@example.com' });
    // Decision: the prices and taxes stay as ordered.
    expect(updated['taxedPrice']).toEqual(order['taxedPrice']);
    expect(await updates()).toMatchObject([
      { type: 'OrderShippingAddressSet', address, oldAddress: order['shippingAddress'] },
      { type: 'OrderBillingAddressSet', address },
      { type: 'OrderCustomerEmailSet', email: 'eve@example.com', oldEmail: 'ann@example.com' },
    ]);
    const removed = ok(await update([{ action: 'setBillingAddress' }, { action: 'setCustomerEmail' }], 2));
    expect(removed).not.toHaveProperty('billingAddress');
    expect(removed).not.toHaveProperty('customerEmail');
  });

  it('set Custom Fields with the Order messages', async () => {
    await o.giftType();
    const updated = ok(
      await update([
        { action: 'setCustomType', type: { key: 'gift' } },
        { action: 'setCustomField', name: 'note', value: 'wrap it' },
      ]),
    );
    expect(updated['custom'].fields).toEqual({ note: 'wrap it' });
    expect((await updates()).map((m) => m['type'])).toEqual(['OrderCustomTypeSet', 'OrderCustomFieldAdded']);
  });

  it('add and remove Payments: paymentInfo goes with the last one', async () => {
    const payment = ok(await o.api.call('POST', '/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 2380 } }), 201);
    const paymentRef = { typeId: 'payment', id: payment['id'] };
    const added = ok(await update([{ action: 'addPayment', payment: { typeId: 'payment', id: payment['id'] } }]));
    expect(added['paymentInfo']).toEqual({ payments: [paymentRef] });
    const before = await o.everything();
    expectError(await update([{ action: 'addPayment', payment: { id: payment['id'] } }], 2), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
    const removed = ok(await update([{ action: 'removePayment', payment: { id: payment['id'] } }], 2));
    expect(removed).not.toHaveProperty('paymentInfo');
    expect((await updates()).map((m) => [m['type'], m['paymentRef'], m['removedPaymentInfo']])).toEqual([
      ['OrderPaymentAdded', paymentRef, undefined],
      ['OrderPaymentRemoved', paymentRef, true],
    ]);
  });

  it('refuse a Payment already on an active Cart or an Order, on another Cart or Order, changing nothing', async () => {
    const payment = ok(await o.api.call('POST', '/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 2380 } }), 201);
    const add = { action: 'addPayment', payment: { typeId: 'payment', id: payment['id'] } };
    const paid = await o.updated(await o.orderable(), add);
    const other = await o.orderable();
    let before = await o.everything();
    expectError(await o.update(other, add), 400, 'InvalidOperation');
    expectError(await update([add]), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
    // Ordered, the Cart is no longer active: the Payment is the new Order's, and still no one else's.
    const paidOrder = await o.ordered(paid);
    expect(paidOrder['paymentInfo']).toEqual({ payments: [{ typeId: 'payment', id: payment['id'] }] });
    before = await o.everything();
    expectError(await o.update(await o.cartNow(other), add), 400, 'InvalidOperation');
    expectError(await update([add]), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
  });

  it('refuse an unknown Payment, and answer 501 to the actions not emulated, changing nothing', async () => {
    const before = await o.everything();
    expectError(await update([{ action: 'addPayment', payment: { typeId: 'payment', id: 'nope' } }]), 400, 'ReferencedResourceNotFound');
    expectError(await update([{ action: 'removePayment', payment: { typeId: 'payment', id: 'nope' } }]), 400, 'InvalidOperation');
    for (const action of [
      { action: 'importLineItemState', lineItemId: 'x', state: [] },
      { action: 'addItemShippingAddress', address: { key: 'a', country: 'DE' } },
      { action: 'setLocale', locale: 'en' },
    ])
      expect(expectError(await update([{ action: 'changeOrderState', orderState: 'Complete' }, action]), 501, 'NotEmulated')).toMatchObject(
        {
          action: action.action,
        },
      );
    expectError(await update([{ action: 'changeOrderState', orderState: 'Done' }]), 400, 'InvalidJsonInput');
    expectError(await update([{ action: 'changeOrderState', orderState: 'Complete' }], 7), 409, 'ConcurrentModification');
    await expectNothingChanged(o, before);
  });
});
