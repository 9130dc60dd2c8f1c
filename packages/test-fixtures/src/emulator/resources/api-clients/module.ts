import type { ResourceModule } from '../kit/resource-module.js';
import { registerApiClientRoutes } from './index.js';

/** API Clients: kept by the authorization service, not a resource of the store. */
export const apiClientsModule: ResourceModule = { name: 'api-clients', routes: registerApiClientRoutes };
