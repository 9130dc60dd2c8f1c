import { describe, expect, it } from 'vitest';
import { orderApi } from '../rest/order-fixtures.js';
import { createHistoryApi } from './helpers.js';

/** An Order's Deliveries, Parcels, returns and sync info have the Changes of the live Change History. */
describe('Change History of an Order after placement', () => {
  it('records Deliveries, Parcels, returns and sync info as their Changes', async () => {
    const api = await createHistoryApi();
    const o = await orderApi(api);
    await api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
    const zoneRates = [{ zone: { key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 595 } }] }];
    await api.call('POST', '/shipping-methods', {
      key: 'standard',
      name: 'standard',
      isDefault: true,
      taxCategory: { key: 'standard' },
      zoneRates,
    });
    const channel = (await api.call('POST', '/channels', { key: 'erp' })).body;
    const cart = await o.updated(await o.orderable({}, 2), { action: 'setShippingMethod', shippingMethod: { key: 'standard' } });
    const order = await o.ordered(cart);
    const lineItemId = order.lineItems[0].id as string;
    const path = `/orders/${order.id as string}`;
    const first = await api.call('POST', path, {
      version: 1,
      actions: [
        { action: 'addDelivery', deliveryKey: 'd1', items: [{ id: lineItemId, quantity: 1 }] },
        { action: 'addReturnInfo', items: [{ key: 'r1', lineItemId, quantity: 1, shipmentState: 'Returned' }] },
        { action: 'updateSyncInfo', channel: { key: 'erp' }, syncedAt: '2026-03-01T10:00:00.000Z' },
      ],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await api.call('POST', path, {
      version: 2,
      actions: [
        { action: 'addParcelToDelivery', deliveryKey: 'd1', parcelKey: 'p1' },
        { action: 'setDeliveryItems', deliveryKey: 'd1', items: [] },
        { action: 'setReturnShipmentState', returnItemKey: 'r1', shipmentState: 'BackInStock' },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const [later, earlier] = (await api.history(`/order/${order.id as string}`)).body.results;
    const delivery = second.body.shippingInfo.deliveries[0];
    const info = first.body.returnInfo[0];
    expect(earlier!.changes).toEqual([
      { change: 'addDelivery', type: 'AddDeliveryChange', nextValue: { items: [{ id: lineItemId, quantity: 1 }], parcels: [] } },
      { change: 'addReturnInfo', type: 'AddReturnInfoChange', nextValue: info },
      {
        change: 'updateSyncInfo',
        type: 'UpdateSyncInfoChange',
        nextValue: { channel: { typeId: 'channel', id: channel.id }, syncedAt: '2026-03-01T10:00:00.000Z' },
        channelId: channel.id,
      },
    ]);
    expect(later!.changes).toEqual([
      { change: 'addParcelToDelivery', type: 'AddParcelToDeliveryChange', nextValue: delivery.parcels[0], deliveryId: delivery.id },
      {
        change: 'setDeliveryItems',
        type: 'SetDeliveryItemsChange',
        previousValue: [{ id: lineItemId, quantity: 1 }],
        nextValue: [],
        deliveryId: delivery.id,
      },
      { change: 'setReturnShipmentState', type: 'SetReturnShipmentStateChange', previousValue: 'Returned', nextValue: 'BackInStock' },
    ]);
  });
});
