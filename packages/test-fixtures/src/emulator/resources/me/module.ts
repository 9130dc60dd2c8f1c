import type { ResourceModule } from '../kit/resource-module.js';
import { registerMeRoutes } from './index.js';

/** The customer's own profile (`/me`, `/in-store/key={storeKey}/me`): a view of the Customers. */
export const meModule: ResourceModule = { name: 'me', routes: registerMeRoutes };
