import type { Hono } from 'hono';
import type { EmulatorContext } from './context.js';
import { registerGraphqlRoute } from './graphql/route.js';
import type { AppEnv } from './http/env.js';
import { registerMessageRoutes } from './messages/routes.js';
import { registerApiClientRoutes } from './resources/api-clients/index.js';
import { categoryType } from './resources/categories/index.js';
import { channelType } from './resources/channels/index.js';
import { registerCustomerRoutes } from './resources/customers/index.js';
import { registerInStoreProjectionRoutes } from './resources/product-projections/in-store.js';
import { registerMeRoutes } from './resources/me/index.js';
import { registerProductProjectionRoutes } from './resources/product-projections/index.js';
import { productSelectionType } from './resources/product-selections/index.js';
import { productTypeType } from './resources/product-types/index.js';
import { productType } from './resources/products/index.js';
import { registerProjectRoutes } from './resources/project/index.js';
import { registerResourceRoutes } from './resources/kit/rest-routes.js';
import { registerSelectionQueries } from './resources/product-selections/queries.js';
import { storeType } from './resources/stores/index.js';
import { taxCategoryType } from './resources/tax-categories/index.js';
import { typeType } from './resources/types/index.js';

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
