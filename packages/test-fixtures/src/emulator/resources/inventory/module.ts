import type { ResourceModule } from '../kit/resource-module.js';
import { inventoryEntryType } from './index.js';

/** Inventory Entries: the standard routes under `/inventory`; Change History from the kit's field rules. */
export const inventoryModule: ResourceModule = {
  name: 'inventory',
  type: inventoryEntryType,
};
