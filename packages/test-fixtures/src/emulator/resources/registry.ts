import type { Hono } from 'hono';
import type { EmulatorContext } from '../context.js';
import { registerGraphqlRoute } from '../graphql/route.js';
import type { ResolverMap } from '../graphql/resolver-types.js';
import type { HistoryKnowledge, ResourceHistory } from '../history/records.js';
import type { AppEnv } from '../http/env.js';
import { messagesModule } from '../messages/module.js';
import { apiClientsModule } from './api-clients/module.js';
import { cartDiscountsModule } from './cart-discounts/module.js';
import { cartLifeModule } from './carts/life.js';
import { cartsModule } from './carts/module.js';
import { categoriesModule } from './categories/module.js';
import { channelsModule } from './channels/module.js';
import { customObjectsModule } from './custom-objects/module.js';
import { customerGroupsModule } from './customer-groups/module.js';
import { customersModule } from './customers/module.js';
import { discountCodesModule } from './discount-codes/module.js';
import { inventoryModule } from './inventory/module.js';
import { typeIdOf, typeOfModule, type ResourceModule } from './kit/resource-module.js';
import { registerResourceRoutes } from './kit/rest-routes.js';
import { loginModule } from './login/module.js';
import { meModule } from './me/module.js';
import { ordersModule } from './orders/module.js';
import { paymentsModule } from './payments/module.js';
import { productDiscountPricesModule, productDiscountsModule } from './product-discounts/module.js';
import { productProjectionsModule } from './product-projections/module.js';
import { productSelectionsModule } from './product-selections/module.js';
import { productTypesModule } from './product-types/module.js';
import { productsModule } from './products/module.js';
import { projectModule } from './project/module.js';
import { reviewsModule } from './reviews/module.js';
import { shippingMethodsModule } from './shipping-methods/module.js';
import { statesModule } from './states/module.js';
import { shoppingListsModule } from './shopping-lists/module.js';
import { storesModule } from './stores/module.js';
import { taxCategoriesModule } from './tax-categories/module.js';
import { typesModule } from './types/module.js';
import { zonesModule } from './zones/module.js';

/** The GraphQL endpoint, answering the fields of every module of the registry. */
const graphqlModule: ResourceModule = {
  name: 'graphql',
  routes: (api, context) => registerGraphqlRoute(api, context, graphqlResolvers()),
};

/**
 * Everything the emulator serves under `/{projectKey}`, one module a line. Adding a resource: its
 * folder with a `module.ts`, a line here, its schema. In the console's order; routes are
 * registered in this order too.
 */
export const RESOURCE_MODULES: readonly ResourceModule[] = [
  productDiscountPricesModule,
  productsModule,
  productProjectionsModule,
  productSelectionsModule,
  storesModule,
  channelsModule,
  productTypesModule,
  customersModule,
  customerGroupsModule,
  paymentsModule,
  cartLifeModule,
  cartsModule,
  ordersModule,
  shoppingListsModule,
  cartDiscountsModule,
  reviewsModule,
  discountCodesModule,
  messagesModule,
  categoriesModule,
  taxCategoriesModule,
  zonesModule,
  inventoryModule,
  customObjectsModule,
  productDiscountsModule,
  statesModule,
  shippingMethodsModule,
  typesModule,
  meModule,
  loginModule,
  graphqlModule,
  apiClientsModule,
  projectModule,
];

/** Fills the project's resource types from the registry (before any route is registered). */
export function registerResourceTypes(context: EmulatorContext): void {
  for (const module of RESOURCE_MODULES) {
    const type = typeOfModule(module, context);
    if (type) context.resourceTypes.set(type.typeId, type);
  }
}

/** Registers the REST routes of every module: a type's standard, in-store and extra routes, a module's own. */
export function registerApiRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  for (const module of RESOURCE_MODULES) {
    const typeId = typeIdOf(module);
    const type = typeId === undefined ? undefined : context.resourceTypes.get(typeId);
    if (type && module.standardRoutes !== false) registerResourceRoutes(api, context, type, module.rest);
    module.routes?.(api, context);
  }
}

/** What the Change History knows of each type, by typeId (a module's `history`). */
export function historyKnowledge(): HistoryKnowledge {
  const knowledge = new Map<string, ResourceHistory>();
  for (const module of RESOURCE_MODULES) {
    const typeId = typeIdOf(module);
    if (typeId !== undefined && module.history) knowledge.set(typeId, module.history);
  }
  return knowledge;
}

/** The GraphQL resolvers of the modules. */
export function graphqlResolvers(): ResolverMap[] {
  return RESOURCE_MODULES.flatMap((module) => (module.graphql ? [module.graphql] : []));
}

/** The path segments the console lists, in order: modules with a type, and those that ask to be listed. */
export const CONSOLE_TYPES: readonly string[] = RESOURCE_MODULES.filter((module) => module.console ?? module.type !== undefined).map(
  (module) => module.name,
);

/** The resource types the emulator serves, by typeId and path segment, for `GET /_emulator/health`. */
export function emulatedResourceTypes(): { typeId: string; path: string }[] {
  return RESOURCE_MODULES.flatMap((module) => {
    const typeId = typeIdOf(module);
    return typeId === undefined ? [] : [{ typeId, path: module.name }];
  });
}
