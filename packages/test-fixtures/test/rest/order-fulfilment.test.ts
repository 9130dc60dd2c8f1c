import { beforeEach, describe, expect, it } from 'vitest';
import { data, gql } from '../graphql/helpers.js';
import { BERLIN, eur } from './cart-fixtures.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';
import { expectError, ok, updateMessagesOf, type Json } from './helpers.js';

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
  ok(await o.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
  const zoneRates = [{ zone: { key: 'de' }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 595 } }] }];
  const method = { key: 'standard', name: 'standard', isDefault: true, taxCategory: { key: 'standard' }, zoneRates };
  ok(await o.api.call('POST', '/shipping-methods', method), 201);
});

/** An Order of 3 shirts and a Custom Line Item of 2, shipped by the `standard` method (or without shipping). */
async function placed(shipped = true): Promise<Json> {
  const custom = { name: { en: 'Fee' }, slug: 'fee', quantity: 2, money: eur(100), taxCategory: { key: 'standard' } };
  let cart = await o.orderable({ customLineItems: [custom] }, 3);
  if (shipped) cart = await o.updated(cart, { action: 'setShippingMethod', shippingMethod: { key: 'standard' } });
  return o.ordered(cart);
}

const lineOf = (order: Json) => (order['lineItems'] as Json[])[0]!['id'] as string;
const customOf = (order: Json) => (order['customLineItems'] as Json[])[0]!['id'] as string;
const update = (order: Json, ...actions: Json[]) =>
  o.api.call('POST', `/orders/${order['id'] as string}`, { version: order['version'], actions });
const updated = async (order: Json, ...actions: Json[]) => ok(await update(order, ...actions)) as Json;
const messagesOf = async (order: Json, type: string) =>
  (await updateMessagesOf(o.api, order['id'] as string)).filter((message) => message['type'] === type);
const deliveriesOf = (order: Json) => order['shippingInfo']['deliveries'] as Json[];

describe('Order deliveries and parcels', () => {
  it('adds a Delivery with items, address and parcels to shippingInfo, with DeliveryAdded and ParcelAddedToDelivery', async () => {
    const order = await placed();
    const parcel = { key: 'box-1', measurements: { weightInGram: 800 }, trackingData: { trackingId: 'T1', carrier: 'DHL' } };
    const next = await updated(order, {
      action: 'addDelivery',
      deliveryKey: 'first',
      items: [{ id: lineOf(order), quantity: 2 }],
      address: BERLIN,
      parcels: [parcel],
    });
    const [delivery] = deliveriesOf(next);
    expect(delivery).toMatchObject({ key: 'first', items: [{ id: lineOf(order), quantity: 2 }], address: BERLIN });
    expect(delivery!['parcels']).toEqual([{ id: expect.any(String), createdAt: expect.any(String), ...parcel }]);
    expect((await messagesOf(order, 'DeliveryAdded'))[0]!['delivery']).toEqual(delivery);
    expect((await messagesOf(order, 'ParcelAddedToDelivery'))[0]).toMatchObject({ delivery, parcel: delivery!['parcels'][0] });
  });

  it('does not check quantities across Deliveries (the live rule), but refuses unknown items and Orders without shippingInfo; nothing changes', async () => {
    const order = await placed();
    const twice = await updated(
      order,
      { action: 'addDelivery', items: [{ id: lineOf(order), quantity: 3 }] },
      {
        action: 'addDelivery',
        items: [
          { id: lineOf(order), quantity: 3 },
          { id: customOf(order), quantity: 2 },
        ],
      },
    );
    expect(deliveriesOf(twice)).toHaveLength(2);
    const before = await o.everything();
    expectError(await update(twice, { action: 'addDelivery', items: [{ id: 'nope', quantity: 1 }] }), 400, 'InvalidOperation');
    expectError(await update(twice, { action: 'addDelivery', deliveryKey: 'aa', parcels: [{ key: 'aa' }] }), 400, 'DuplicateField');
    expectError(await update(twice, { action: 'removeDelivery', deliveryKey: 'nope' }), 400, 'InvalidOperation');
    expectError(await update(twice, { action: 'addDelivery', shippingKey: 'x' }), 501, 'NotEmulated');
    await expectNothingChanged(o, before);
    const unshipped = await placed(false);
    const left = await o.everything();
    expectError(await update(unshipped, { action: 'addDelivery', items: [] }), 400, 'InvalidOperation');
    await expectNothingChanged(o, left);
  });

  it('changes a Delivery address and items, and its Parcels, with their messages; removes them', async () => {
    const order = await placed();
    let next = await updated(order, { action: 'addDelivery', deliveryKey: 'd1', items: [{ id: lineOf(order), quantity: 1 }] });
    const deliveryId = deliveriesOf(next)[0]!['id'];
    next = await updated(
      next,
      { action: 'setDeliveryAddress', deliveryKey: 'd1', address: BERLIN },
      { action: 'setDeliveryItems', deliveryId, items: [{ id: customOf(order), quantity: 2 }] },
      { action: 'addParcelToDelivery', deliveryKey: 'd1', parcelKey: 'p1', items: [{ id: customOf(order), quantity: 1 }] },
      { action: 'setParcelMeasurements', parcelKey: 'p1', measurements: { heightInMillimeter: 10 } },
      { action: 'setParcelTrackingData', parcelKey: 'p1', trackingData: { trackingId: 'T', isReturn: false } },
      { action: 'setParcelItems', parcelKey: 'p1', items: [] },
    );
    const [delivery] = deliveriesOf(next);
    expect(delivery).toMatchObject({ address: BERLIN, items: [{ id: customOf(order), quantity: 2 }] });
    expect(delivery!['parcels'][0]).toMatchObject({
      key: 'p1',
      measurements: { heightInMillimeter: 10 },
      trackingData: { trackingId: 'T' },
      items: [],
    });
    const parcelId = delivery!['parcels'][0]['id'];
    expect((await messagesOf(order, 'DeliveryAddressSet'))[0]).toMatchObject({ deliveryId, address: BERLIN });
    expect((await messagesOf(order, 'DeliveryItemsUpdated'))[0]).toMatchObject({ oldItems: [{ id: lineOf(order), quantity: 1 }] });
    expect((await messagesOf(order, 'ParcelMeasurementsUpdated'))[0]).toMatchObject({
      deliveryId,
      parcelId,
      measurements: { heightInMillimeter: 10 },
    });
    expect((await messagesOf(order, 'ParcelTrackingDataUpdated'))[0]).toMatchObject({ deliveryId, parcelId });
    expect((await messagesOf(order, 'ParcelItemsUpdated'))[0]).toMatchObject({
      items: [],
      oldItems: [{ id: customOf(order), quantity: 1 }],
    });
    next = await updated(next, { action: 'setDeliveryAddress', deliveryId }, { action: 'removeParcelFromDelivery', parcelId });
    expect(deliveriesOf(next)[0]!['parcels']).toEqual([]);
    expect(deliveriesOf(next)[0]!['address']).toBeUndefined();
    expect((await messagesOf(order, 'ParcelRemovedFromDelivery'))[0]).toMatchObject({ deliveryId, parcel: { id: parcelId } });
    next = await updated(next, { action: 'removeDelivery', deliveryId });
    expect(deliveriesOf(next)).toEqual([]);
    expect((await messagesOf(order, 'DeliveryRemoved'))[0]).toMatchObject({ delivery: { id: deliveryId } });
  });
});

describe('Order returns and sync info', () => {
  it('adds returns, their payment state following the shipment state, with ReturnInfoAdded; changes their states', async () => {
    const order = await placed();
    const next = await updated(order, {
      action: 'addReturnInfo',
      returnTrackingId: 'R1',
      returnDate: '2026-03-05T00:00:00.000Z',
      items: [
        { key: 'back', lineItemId: lineOf(order), quantity: 1, shipmentState: 'Returned', comment: 'too big' },
        { customLineItemId: customOf(order), quantity: 2, shipmentState: 'Advised' },
      ],
    });
    const [info] = next['returnInfo'] as Json[];
    expect(info).toMatchObject({ returnTrackingId: 'R1', returnDate: '2026-03-05T00:00:00.000Z' });
    expect(info!['items']).toMatchObject([
      {
        key: 'back',
        type: 'LineItemReturnItem',
        lineItemId: lineOf(order),
        quantity: 1,
        shipmentState: 'Returned',
        paymentState: 'Initial',
      },
      {
        type: 'CustomLineItemReturnItem',
        customLineItemId: customOf(order),
        quantity: 2,
        shipmentState: 'Advised',
        paymentState: 'NonRefundable',
      },
    ]);
    expect((await messagesOf(order, 'ReturnInfoAdded'))[0]!['returnInfo']).toEqual(info);
    const moved = await updated(
      next,
      { action: 'setReturnShipmentState', returnItemKey: 'back', shipmentState: 'BackInStock' },
      { action: 'setReturnPaymentState', returnItemKey: 'back', paymentState: 'Refunded' },
    );
    expect(moved['returnInfo'][0]['items'][0]).toMatchObject({ shipmentState: 'BackInStock', paymentState: 'Refunded' });
    const returnItemId = info!['items'][0]['id'];
    expect(await messagesOf(order, 'OrderReturnShipmentStateChanged')).toMatchObject([
      { returnItemId, returnShipmentState: 'BackInStock' },
    ]);
    const replaced = await updated(moved, { action: 'setReturnInfo', items: [] });
    expect(replaced['returnInfo']).toEqual([]);
    expect((await messagesOf(order, 'ReturnInfoSet'))[0]!['returnInfo']).toEqual([]);
  });

  it('refuses returning more than was ordered over all returns, an unknown item, both or no item ids, a return item unknown; nothing changes', async () => {
    const order = await placed();
    const next = await updated(order, {
      action: 'addReturnInfo',
      items: [{ lineItemId: lineOf(order), quantity: 2, shipmentState: 'Returned' }],
    });
    const before = await o.everything();
    const add = (item: Json) => update(next, { action: 'addReturnInfo', items: [{ quantity: 1, shipmentState: 'Returned', ...item }] });
    expectError(await add({ lineItemId: lineOf(order), quantity: 2 }), 400, 'InvalidOperation');
    expectError(await add({ lineItemId: 'nope' }), 400, 'InvalidOperation');
    expectError(await add({ lineItemId: lineOf(order), customLineItemId: customOf(order) }), 400, 'InvalidOperation');
    expectError(await add({}), 400, 'InvalidOperation');
    expectError(
      await update(next, { action: 'setReturnShipmentState', returnItemId: 'nope', shipmentState: 'Unusable' }),
      400,
      'InvalidOperation',
    );
    expectError(await update(next, { action: 'addReturnInfo', items: [] }), 400, 'InvalidJsonInput');
    await expectNothingChanged(o, before);
    // The third shirt can still go back.
    expect(
      (await updated(next, { action: 'addReturnInfo', items: [{ lineItemId: lineOf(order), quantity: 1, shipmentState: 'Returned' }] }))[
        'returnInfo'
      ],
    ).toHaveLength(2);
  });

  it('records the sync with a Channel, syncedAt now unless given; an unknown Channel is refused', async () => {
    ok(await o.api.call('POST', '/channels', { key: 'erp', roles: ['OrderExport'] }), 201);
    const order = await placed();
    const next = await updated(
      order,
      { action: 'updateSyncInfo', channel: { typeId: 'channel', key: 'erp' }, externalId: 'E-1', syncedAt: '2026-03-01T10:00:00.000Z' },
      { action: 'updateSyncInfo', channel: { typeId: 'channel', key: 'erp' } },
    );
    expect(next['syncInfo']).toEqual([
      { channel: { typeId: 'channel', id: expect.any(String) }, externalId: 'E-1', syncedAt: '2026-03-01T10:00:00.000Z' },
      { channel: { typeId: 'channel', id: expect.any(String) }, syncedAt: expect.stringMatching(/^2026-03-01T/) },
    ]);
    expectError(
      await update(next, { action: 'updateSyncInfo', channel: { typeId: 'channel', key: 'nope' } }),
      400,
      'ReferencedResourceNotFound',
    );
  });
});

describe('Order fulfilment over GraphQL', () => {
  it('updateOrder adds a Delivery and a return', async () => {
    const order = await placed();
    const { updateOrder } = await data<{ updateOrder: Json }>(
      gql(
        o.api,
        `mutation ($id: String, $line: String!) { updateOrder(id: $id, version: 1, actions: [
          { addDelivery: { items: [{ id: $line, quantity: 1 }], parcels: [{ trackingData: { trackingId: "T" } }] } },
          { addReturnInfo: { items: [{ lineItemId: $line, quantity: 1, shipmentState: Returned }] } }
        ]) { version shippingInfo { deliveries { items { id quantity } parcels { trackingData { trackingId } } } }
             returnInfo { items { quantity shipmentState paymentState } } } }`,
        { id: order['id'], line: lineOf(order) },
      ),
    );
    expect(updateOrder).toEqual({
      version: 2,
      shippingInfo: { deliveries: [{ items: [{ id: lineOf(order), quantity: 1 }], parcels: [{ trackingData: { trackingId: 'T' } }] }] },
      returnInfo: [{ items: [{ quantity: 1, shipmentState: 'Returned', paymentState: 'Initial' }] }],
    });
  });
});
