import {
  type Change,
  type FieldRule,
  type ResourceHistoryRules,
  actionNames,
  asArray,
  change,
  differs,
  upperFirst,
} from '../../history/change-kit.js';
import type { Schemas } from '../kit/resource-type.js';

type Delivery = Schemas['Delivery'];
type Parcel = Schemas['Parcel'];
type ReturnInfo = Schemas['ReturnInfo'];

const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((item) => [item.id, item]));

/** A Delivery as a DeliveryChangeValue: its items, address and parcels. */
const deliveryValue = ({ items, address, parcels }: Delivery) => ({ items, ...(address ? { address } : {}), parcels });

/** The Changes of one Delivery's Parcels. */
function parcelChanges(deliveryId: string, before: readonly Parcel[], after: readonly Parcel[]): Change[] {
  const previous = byId(before);
  const changes: Change[] = [];
  for (const parcel of after) {
    const old = previous.get(parcel.id);
    if (!old) {
      changes.push(change('addParcelToDelivery', 'AddParcelToDeliveryChange', undefined, parcel, { deliveryId }));
      continue;
    }
    const named = { parcel: { id: parcel.id, createdAt: parcel.createdAt } };
    for (const [member, action] of [
      ['measurements', 'setParcelMeasurements'],
      ['trackingData', 'setParcelTrackingData'],
      ['items', 'setParcelItems'],
    ] as const) {
      if (differs(old[member], parcel[member])) {
        changes.push(change(action, `${upperFirst(action)}Change`, old[member], parcel[member], named));
      }
    }
  }
  const kept = new Set(after.map((parcel) => parcel.id));
  for (const parcel of before) {
    if (!kept.has(parcel.id))
      changes.push(change('removeParcelFromDelivery', 'RemoveParcelFromDeliveryChange', parcel, undefined, { deliveryId }));
  }
  return changes;
}

/** The Deliveries of `shippingInfo`: one Change per Delivery added or removed, per address or item list set, per Parcel change. */
const deliveries: FieldRule = (previous, next) => {
  const deliveriesOf = (info: unknown) => asArray((info as { deliveries?: unknown } | undefined)?.deliveries) as Delivery[];
  const before = byId(deliveriesOf(previous));
  const after = deliveriesOf(next);
  const changes: Change[] = [];
  for (const delivery of after) {
    const old = before.get(delivery.id);
    if (!old) {
      changes.push(change('addDelivery', 'AddDeliveryChange', undefined, deliveryValue(delivery)));
      continue;
    }
    const deliveryId = delivery.id;
    if (differs(old.address, delivery.address)) {
      changes.push(change('setDeliveryAddress', 'SetDeliveryAddressChange', old.address, delivery.address, { deliveryId }));
    }
    if (differs(old.items, delivery.items))
      changes.push(change('setDeliveryItems', 'SetDeliveryItemsChange', old.items, delivery.items, { deliveryId }));
    changes.push(...parcelChanges(deliveryId, old.parcels, delivery.parcels));
  }
  const kept = new Set(after.map((delivery) => delivery.id));
  for (const delivery of before.values()) {
    if (!kept.has(delivery.id)) changes.push(change('removeDelivery', 'RemoveDeliveryItemsChange', deliveryValue(delivery), undefined));
  }
  return changes;
};

/** Returns: SetReturnInfoChange for `setReturnInfo`, else one Change per ReturnInfo added and per return item state set. */
const returns: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as ReturnInfo[];
  const after = asArray(next) as ReturnInfo[];
  if (actionNames(input).has('setReturnInfo')) return [change('setReturnInfo', 'SetReturnInfoChange', before, after)];
  const changes: Change[] = after.slice(before.length).map((info) => change('addReturnInfo', 'AddReturnInfoChange', undefined, info));
  const items = byId(before.flatMap((info) => info.items));
  for (const item of after.flatMap((info) => info.items)) {
    const old = items.get(item.id);
    if (old && old.shipmentState !== item.shipmentState) {
      changes.push(change('setReturnShipmentState', 'SetReturnShipmentStateChange', old.shipmentState, item.shipmentState));
    }
    if (old && old.paymentState !== item.paymentState) {
      changes.push(change('setReturnPaymentState', 'SetReturnPaymentStateChange', old.paymentState, item.paymentState));
    }
  }
  return changes;
};

/** Sync info: one UpdateSyncInfoChange per entry added, naming its Channel. */
const syncInfo: FieldRule = (previous, next) =>
  (asArray(next) as Schemas['SyncInfo'][])
    .slice(asArray(previous).length)
    .map((info) => change('updateSyncInfo', 'UpdateSyncInfoChange', undefined, info, { channelId: info.channel.id }));

/** The Changes of what an Order goes through after it is placed, by field. */
export const fulfilmentChanges: ResourceHistoryRules = { shippingInfo: deliveries, returnInfo: returns, syncInfo };
