import type { ResourceModule } from '../kit/resource-module.js';
import { zoneResolvers } from './graphql.js';
import { zoneChanges } from './history.js';
import { zoneType } from './index.js';

/** Zones: the standard routes and GraphQL fields; Change History names the Locations added and removed. */
export const zonesModule: ResourceModule = {
  name: 'zones',
  type: zoneType,
  history: { changes: zoneChanges },
  graphql: zoneResolvers,
};
