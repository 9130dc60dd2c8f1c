import type { ResourceModule } from '../kit/resource-module.js';
import { registerProductProjectionRoutes } from './index.js';
import { registerInStoreProjectionRoutes } from './in-store.js';

/** Product Projections: read-only views of the Products, globally and in a Store; listed in the console. */
export const productProjectionsModule: ResourceModule = {
  name: 'product-projections',
  routes(api, context) {
    registerProductProjectionRoutes(api, context);
    registerInStoreProjectionRoutes(api, context);
  },
  console: true,
};
