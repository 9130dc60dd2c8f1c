import type { ResourceModule } from '../kit/resource-module.js';
import { storeResolvers } from './graphql.js';
import { storeChanges } from './history.js';
import { storeType } from './index.js';

/** Stores: the standard routes, GraphQL's `store`, `inStore` and writes; Change History names the selection settings' changes. */
export const storesModule: ResourceModule = {
  name: 'stores',
  type: storeType,
  history: { changes: storeChanges },
  graphql: storeResolvers,
};
