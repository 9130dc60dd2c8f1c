import type { ResourceModule } from '../kit/resource-module.js';
import { customObjectResolvers } from './graphql.js';
import { customObjectChanges, customObjectLabel } from './history.js';
import { customObjectType } from './index.js';
import { registerCustomObjectRoutes } from './routes.js';

/** Custom Objects (`key-value-document`): their own routes by container and key (routes.ts); property Changes in the history. */
export const customObjectsModule: ResourceModule = {
  name: 'custom-objects',
  type: customObjectType,
  standardRoutes: false,
  routes: registerCustomObjectRoutes,
  history: { label: customObjectLabel, changes: customObjectChanges },
  graphql: customObjectResolvers,
};
