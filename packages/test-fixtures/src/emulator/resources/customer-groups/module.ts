import type { ResourceModule } from '../kit/resource-module.js';
import { customerGroupChanges } from './history.js';
import { customerGroupType } from './index.js';

/** Customer Groups: the standard routes; Change History names the rename `changeName`. */
export const customerGroupsModule: ResourceModule = {
  name: 'customer-groups',
  type: customerGroupType,
  history: { changes: customerGroupChanges },
};
