import { plainActions, withoutNulls, type Nullable } from '../../graphql/inputs.js';
import { standardFields } from '../../graphql/standard-fields.js';
import type { Schemas } from '../kit/resource-type.js';

type Location = Nullable<Schemas['Location']>;
/** `ZoneUpdateAction`: one member set, named after the action; the members are the REST action's. */
type ZoneUpdateActionInput = Nullable<{
  addLocation: { location: Location };
  changeName: { name: string };
  removeLocation: { location: Location };
  setDescription: { description?: string | null };
  setKey: { key?: string | null };
}>;

/** Zones in GraphQL: `zone`, `zones` and the writes, whose inputs are the REST shapes. */
export const zoneResolvers = standardFields<Nullable<Schemas['ZoneDraft']>, ZoneUpdateActionInput>({
  typeId: 'zone',
  typeName: 'Zone',
  one: 'zone',
  many: 'zones',
  draft: withoutNulls,
  actions: plainActions(['addLocation', 'changeName', 'removeLocation', 'setDescription', 'setKey']),
});
