import type { ResourceModule } from '../kit/resource-module.js';
import { registerLoginRoutes } from './index.js';

/** A customer's sign-in by an API client (`/login`, `/in-store/key={storeKey}/login`): a view of the Customers. */
export const loginModule: ResourceModule = { name: 'login', routes: registerLoginRoutes };
