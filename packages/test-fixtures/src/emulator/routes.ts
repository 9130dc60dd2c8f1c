import type { Hono } from 'hono';
import type { EmulatorContext } from './context.js';
import type { AppEnv } from './http/env.js';
import { registerMessageRoutes } from './messages/routes.js';
import { productSelectionType } from './resources/product-selections.js';
import { registerResourceRoutes } from './resources/rest-routes.js';
import { registerSelectionQueries } from './resources/selection-queries.js';
import { storeType } from './resources/stores.js';

/**
 * Registers every REST endpoint under `/:projectKey`. One line per resource module; each module
 * owns its paths, scopes, validation, update actions and messages. More specific paths first.
 */
export function registerApiRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  registerSelectionQueries(api, context);
  registerResourceRoutes(api, context, productSelectionType);
  registerResourceRoutes(api, context, storeType);
  registerMessageRoutes(api, context);
}
