import type { ResourceModule } from '../kit/resource-module.js';
import { registerMeRoutes } from './index.js';

/**
 * The customer's own profile (`/me`, `/in-store/key={storeKey}/me`): a view of the Customers; and
 * GraphQL's `me`, whose fields (the caller's own resources) their modules answer, each checking the token.
 */
export const meModule: ResourceModule = { name: 'me', routes: registerMeRoutes, graphql: { Query: { me: () => ({}) } } };
