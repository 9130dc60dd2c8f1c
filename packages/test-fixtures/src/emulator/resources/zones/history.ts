import { type ResourceHistoryRules, arrayDelta, asArray, change, simple } from '../../history/change-kit.js';

/** A Zone's Changes by field: one Change per Location added or removed. */
export const zoneChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
  locations: (previous, next) => {
    const { addedItems, removedItems } = arrayDelta(asArray(previous), asArray(next));
    return [
      ...addedItems.map((location) => change('addLocation', 'AddLocationChange', undefined, location)),
      ...removedItems.map((location) => change('removeLocation', 'RemoveLocationChange', location, undefined)),
    ];
  },
};
