import { describe, expect, it } from 'vitest';
import { BERLIN, cartApi, eur } from '../rest/cart-fixtures.js';
import { ok } from '../rest/helpers.js';
import { createHistoryApi, summary } from './helpers.js';

/** Orders have Change History Records labelled OrderLabel, their Changes named after the update actions. */
describe('Change History of Orders', () => {
  it('records an Order: creation, state and number changes, deletion, with an OrderLabel and its Store', async () => {
    const api = await createHistoryApi();
    const c = await cartApi(api);
    await c.product('shirt', [{ value: eur(1190) }]);
    ok(await api.call('POST', '/stores', { key: 'eu', countries: [{ code: 'DE' }] }), 201);
    const cart = await c.cart({
      lineItems: [{ sku: 'shirt' }],
      shippingAddress: BERLIN,
      customerEmail: 'ann@example.com',
      store: { key: 'eu' },
    });
    const order = (await api.call('POST', '/orders', { cart: { id: cart['id'] }, version: cart['version'] })).body;
    const updated = await api.call('POST', `/orders/${order.id}`, {
      version: 1,
      actions: [
        { action: 'changeOrderState', orderState: 'Confirmed' },
        { action: 'changePaymentState', paymentState: 'Paid' },
        { action: 'setOrderNumber', orderNumber: 'A-1' },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await api.call('DELETE', `/orders/${order.id}?version=2`)).status).toBe(200);
    const records = (await api.history(`/order/${order.id}`)).body;
    expect(summary(records)).toEqual([
      'order v2->v2 ResourceDeleted []',
      'order v1->v2 ResourceUpdated [changeOrderState,changePaymentState,setOrderNumber]',
      'order v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual([
      { change: 'changeOrderState', type: 'ChangeOrderStateChange', previousValue: 'Open', nextValue: 'Confirmed' },
      { change: 'changePaymentState', type: 'ChangePaymentStateChange', nextValue: 'Paid' },
      { change: 'setOrderNumber', type: 'SetOrderNumberChange', nextValue: 'A-1' },
    ]);
    expect(records.results[1]!.label).toEqual({ type: 'OrderLabel', customerEmail: 'ann@example.com', orderNumber: 'A-1' });
    expect(records.results[2]!.label).toEqual({ type: 'OrderLabel', customerEmail: 'ann@example.com' });
    expect(records.results[1]!.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
  });
});
