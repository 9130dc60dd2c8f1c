import type { ResourceModule } from '../kit/resource-module.js';
import { inventoryEntryChanges } from './history.js';
import { inventoryEntryType } from './index.js';

/** Inventory Entries: the standard routes under `/inventory`; Change History with one Change per quantity change. */
export const inventoryModule: ResourceModule = {
  name: 'inventory',
  type: inventoryEntryType,
  history: { changes: inventoryEntryChanges },
};
