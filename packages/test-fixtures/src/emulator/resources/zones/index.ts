import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';

export type Zone = Schemas['Zone'];
export type Location = Schemas['Location'];

/** A Location as stored: an empty `state` counts as none. */
function locationFrom({ country, state }: Location): Location {
  return state === undefined || state === '' ? { country } : { country, state };
}

/** Whether two stored Locations are the same country and state. */
export const sameLocation = (a: Location, b: Location): boolean => a.country === b.country && a.state === b.state;

/** 400 DuplicateField when `location` is among `others` or in a Zone other than `zoneId`. */
function assertLocationFree(ctx: WriteContext, location: Location, others: readonly Location[], zoneId: string | undefined, field: string) {
  const taken =
    others.some((other) => sameLocation(other, location)) ||
    [...ctx.state.collection<Zone>('zone').values()].some(
      (zone) => zone.id !== zoneId && zone.locations.some((l) => sameLocation(l, location)),
    );
  if (taken) throw errors.duplicateField(field, location);
}

/** What of a Shipping Method references a Zone (shipping-methods imports this module). */
type ZonedMethod = StoredResource & { zoneRates: { zone: { id: string } }[] };

/**
 * Zones (https://docs.commercetools.com/api/projects/zones): the Locations Shipping Methods give
 * rates for. A Location belongs to at most one Zone (decision: 400 DuplicateField naming it); a
 * Zone a Shipping Method uses cannot be deleted (400 ReferenceExists). No Messages, as live.
 */
export const zoneType: ResourceType<Zone, Schemas['ZoneDraft'], Schemas['ZoneUpdateAction']> = {
  typeId: 'zone',
  path: 'zones',
  scopes: { view: [...viewScopes('zones'), ...viewScopes('orders')], manage: ['manage_zones', 'manage_orders'] },
  schemas: { resource: 'Zone', draft: 'ZoneDraft', updateAction: 'ZoneUpdateAction' },
  create(draft, ctx) {
    const locations: Location[] = [];
    (draft.locations ?? []).forEach((given, index) => {
      const location = locationFrom(given);
      assertLocationFree(ctx, location, locations, undefined, `locations[${index}]`);
      locations.push(location);
    });
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      locations,
    };
  },
  actions: {
    addLocation(zone, action, ctx) {
      const location = locationFrom(action.location);
      assertLocationFree(ctx, location, zone.locations, zone.id, 'location');
      zone.locations.push(location);
    },
    removeLocation(zone, action) {
      const location = locationFrom(action.location);
      const index = zone.locations.findIndex((l) => sameLocation(l, location));
      if (index < 0) throw errors.invalidOperation(`The Zone does not have the location ${JSON.stringify(location)}.`);
      zone.locations.splice(index, 1);
    },
    changeName(zone, { name }) {
      zone.name = name;
    },
    setDescription: optionalSetter('description'),
    setKey: optionalSetter('key'),
  },
  beforeDelete(zone, ctx) {
    const methods = ctx.state.collection<ZonedMethod>('shipping-method').values();
    if ([...methods].some((method) => method.zoneRates.some((rate) => rate.zone.id === zone.id))) {
      throw errors.referenceExists('Can not delete a zone while it is referenced by at least one shipping method.', 'shipping-method');
    }
  },
};
