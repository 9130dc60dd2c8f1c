import type { Hono } from 'hono';
import type { EmulatorContext } from './context.js';
import { registerGraphqlRoute } from './graphql/route.js';
import type { AppEnv } from './http/env.js';
import { registerMessageRoutes } from './messages/routes.js';
import { registerApiClientRoutes } from './resources/api-clients.js';
import { categoryType } from './resources/categories.js';
import { channelType } from './resources/channels.js';
import { registerCustomerRoutes } from './resources/customers.js';
import { registerInStoreProjectionRoutes } from './resources/in-store-projections.js';
import { registerMeRoutes } from './resources/me.js';
import { registerProductProjectionRoutes } from './resources/product-projections.js';
import { productSelectionType } from './resources/product-selections.js';
import { productTypeType } from './resources/product-types.js';
import { productType } from './resources/products.js';
import { registerProjectRoutes } from './resources/project.js';
import { registerResourceRoutes } from './resources/rest-routes.js';
import { registerSelectionQueries } from './resources/selection-queries.js';
import { storeType } from './resources/stores.js';
import { taxCategoryType } from './resources/tax-categories.js';
import { typeType } from './resources/types.js';

/**
 * Registers every REST endpoint under `/:projectKey`. One line per resource module; each module
 * owns its paths, scopes, validation, update actions and messages. More specific paths first.
 */
export function registerApiRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  registerSelectionQueries(api, context);
  registerResourceRoutes(api, context, productSelectionType);
  registerResourceRoutes(api, context, channelType);
  registerResourceRoutes(api, context, typeType);
  registerResourceRoutes(api, context, storeType);
  registerResourceRoutes(api, context, productTypeType);
  registerResourceRoutes(api, context, categoryType);
  registerResourceRoutes(api, context, taxCategoryType);
  registerResourceRoutes(api, context, productType);
  registerProductProjectionRoutes(api, context);
  registerInStoreProjectionRoutes(api, context);
  registerCustomerRoutes(api, context);
  registerMeRoutes(api, context);
  registerMessageRoutes(api, context);
  registerGraphqlRoute(api, context);
  registerApiClientRoutes(api, context);
  registerProjectRoutes(api, context);
}
