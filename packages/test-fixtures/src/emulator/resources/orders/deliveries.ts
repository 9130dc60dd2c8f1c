import { isoTimestamp } from '../../clock.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import type { Order } from './rules.js';

type Delivery = Schemas['Delivery'];
type Parcel = Schemas['Parcel'];
type DeliveryItem = Schemas['DeliveryItem'];

/** An id or key naming one of `candidates` (400 InvalidOperation when neither is given or none matches). */
export function byIdOrKey<T extends { id: string; key?: string }>(
  candidates: readonly T[],
  id: string | undefined,
  key: string | undefined,
  what: string,
): T {
  if (id === undefined && key === undefined) throw errors.invalidOperation(`Either the ${what} id or its key is required.`);
  const found = candidates.find((candidate) => (id !== undefined ? candidate.id === id : candidate.key === key));
  if (!found) throw errors.invalidOperation(`The Order has no ${what} with ${id !== undefined ? `id '${id}'` : `key '${key}'`}.`);
  return found;
}

/** The Order's Deliveries (400 InvalidOperation without `shippingInfo`: the live rule for Single shipping mode). */
function deliveriesOf(order: Order): Delivery[] {
  if (!order.shippingInfo) throw errors.invalidOperation('The Order has no shippingInfo: a Delivery needs one.');
  return (order.shippingInfo.deliveries ??= []);
}

const parcelsOf = (order: Order) => (order.shippingInfo?.deliveries ?? []).flatMap((delivery) => delivery.parcels);

/** The Delivery holding a Parcel named by id or key. */
function parcelAndDelivery(order: Order, { parcelId, parcelKey }: { parcelId?: string; parcelKey?: string }) {
  const parcel = byIdOrKey(parcelsOf(order), parcelId, parcelKey, 'Parcel');
  const delivery = (order.shippingInfo?.deliveries ?? []).find((d) => d.parcels.includes(parcel))!;
  return { parcel, delivery };
}

/** Items of Deliveries and Parcels: each an item of the Order (400 InvalidOperation, decision); quantities are not checked, as live. */
function itemsFrom(order: Order, items: readonly DeliveryItem[] | undefined): DeliveryItem[] {
  const ids = new Set([...order.lineItems, ...order.customLineItems].map((item) => item.id));
  for (const item of items ?? []) {
    if (!ids.has(item.id)) throw errors.invalidOperation(`The Order has no Line Item or Custom Line Item with id '${item.id}'.`);
  }
  return structuredClone([...(items ?? [])]);
}

/** 400 DuplicateField when another Delivery or Parcel of the Order has the key (decision: keys are unique in the Order). */
function assertKeyFree(order: Order, key: string | undefined, field: string): void {
  if (key === undefined) return;
  const deliveries = order.shippingInfo?.deliveries ?? [];
  if ([...deliveries, ...parcelsOf(order)].some((taken) => taken.key === key)) throw errors.duplicateField(field, key);
}

function parcelFrom(ctx: WriteContext, order: Order, draft: Schemas['ParcelDraft'], field: string): Parcel {
  assertKeyFree(order, draft.key, field);
  return {
    id: newId(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    createdAt: isoTimestamp(ctx.state.clock),
    ...(draft.measurements !== undefined ? { measurements: structuredClone(draft.measurements) } : {}),
    ...(draft.trackingData !== undefined ? { trackingData: structuredClone(draft.trackingData) } : {}),
    ...(draft.items !== undefined ? { items: itemsFrom(order, draft.items) } : {}),
  };
}

/**
 * The Deliveries and Parcels of an Order (https://docs.commercetools.com/api/projects/orders#add-delivery),
 * in `shippingInfo.deliveries`, each action with its live message.
 */
export const orderDeliveryActions: ActionHandlers<Order, Schemas['OrderUpdateAction']> = {
  addDelivery(order, action, ctx) {
    const deliveries = deliveriesOf(order);
    assertKeyFree(order, action.deliveryKey, 'deliveryKey');
    const delivery: Delivery = {
      id: newId(),
      ...(action.deliveryKey !== undefined ? { key: action.deliveryKey } : {}),
      createdAt: isoTimestamp(ctx.state.clock),
      items: itemsFrom(order, action.items),
      parcels: [],
      ...(action.address !== undefined ? { address: structuredClone(action.address) } : {}),
    };
    deliveries.push(delivery);
    (action.parcels ?? []).forEach((draft, index) => delivery.parcels.push(parcelFrom(ctx, order, draft, `parcels[${index}].key`)));
    ctx.emit('DeliveryAdded', { delivery: structuredClone(delivery) });
    for (const parcel of delivery.parcels)
      ctx.emit('ParcelAddedToDelivery', { delivery: structuredClone(delivery), parcel: structuredClone(parcel) });
  },
  removeDelivery(order, action, ctx) {
    const deliveries = deliveriesOf(order);
    const delivery = byIdOrKey(deliveries, action.deliveryId, action.deliveryKey, 'Delivery');
    deliveries.splice(deliveries.indexOf(delivery), 1);
    ctx.emit('DeliveryRemoved', { delivery });
  },
  setDeliveryAddress(order, action, ctx) {
    const delivery = byIdOrKey(deliveriesOf(order), action.deliveryId, action.deliveryKey, 'Delivery');
    const old = delivery.address;
    setOptional(delivery, 'address', action.address === undefined ? undefined : structuredClone(action.address));
    ctx.emit('DeliveryAddressSet', {
      deliveryId: delivery.id,
      ...(delivery.address !== undefined ? { address: structuredClone(delivery.address) } : {}),
      ...(old !== undefined ? { oldAddress: old } : {}),
    });
  },
  setDeliveryItems(order, action, ctx) {
    const delivery = byIdOrKey(deliveriesOf(order), action.deliveryId, action.deliveryKey, 'Delivery');
    const oldItems = delivery.items;
    delivery.items = itemsFrom(order, action.items);
    ctx.emit('DeliveryItemsUpdated', { deliveryId: delivery.id, items: structuredClone(delivery.items), oldItems });
  },
  addParcelToDelivery(order, action, ctx) {
    const delivery = byIdOrKey(deliveriesOf(order), action.deliveryId, action.deliveryKey, 'Delivery');
    const { parcelKey, measurements, trackingData, items } = action;
    const parcel = parcelFrom(ctx, order, { key: parcelKey, measurements, trackingData, items }, 'parcelKey');
    delivery.parcels.push(parcel);
    ctx.emit('ParcelAddedToDelivery', { delivery: structuredClone(delivery), parcel: structuredClone(parcel) });
  },
  removeParcelFromDelivery(order, action, ctx) {
    const { parcel, delivery } = parcelAndDelivery(order, action);
    delivery.parcels.splice(delivery.parcels.indexOf(parcel), 1);
    ctx.emit('ParcelRemovedFromDelivery', { deliveryId: delivery.id, parcel });
  },
  setParcelMeasurements(order, action, ctx) {
    const { parcel, delivery } = parcelAndDelivery(order, action);
    setOptional(parcel, 'measurements', action.measurements === undefined ? undefined : structuredClone(action.measurements));
    ctx.emit('ParcelMeasurementsUpdated', {
      deliveryId: delivery.id,
      parcelId: parcel.id,
      ...(parcel.measurements !== undefined ? { measurements: structuredClone(parcel.measurements) } : {}),
    });
  },
  setParcelTrackingData(order, action, ctx) {
    const { parcel, delivery } = parcelAndDelivery(order, action);
    setOptional(parcel, 'trackingData', action.trackingData === undefined ? undefined : structuredClone(action.trackingData));
    ctx.emit('ParcelTrackingDataUpdated', {
      deliveryId: delivery.id,
      parcelId: parcel.id,
      ...(parcel.trackingData !== undefined ? { trackingData: structuredClone(parcel.trackingData) } : {}),
    });
  },
  setParcelItems(order, action, ctx) {
    const { parcel, delivery } = parcelAndDelivery(order, action);
    const oldItems = parcel.items ?? [];
    parcel.items = itemsFrom(order, action.items);
    ctx.emit('ParcelItemsUpdated', { deliveryId: delivery.id, parcelId: parcel.id, items: structuredClone(parcel.items), oldItems });
  },
};
