import type { ResourceModule } from '../kit/resource-module.js';
import { customerGroupResolvers } from './graphql.js';
import { customerGroupChanges } from './history.js';
import { customerGroupType } from './index.js';

/** Customer Groups: the standard routes and GraphQL fields; Change History names the rename `changeName`. */
export const customerGroupsModule: ResourceModule = {
  name: 'customer-groups',
  type: customerGroupType,
  history: { changes: customerGroupChanges },
  graphql: customerGroupResolvers,
};
