import type { ResourceModule } from '../kit/resource-module.js';
import { zoneChanges } from './history.js';
import { zoneType } from './index.js';

/** Zones: the standard routes; Change History names the Locations added and removed. */
export const zonesModule: ResourceModule = {
  name: 'zones',
  type: zoneType,
  history: { changes: zoneChanges },
};
