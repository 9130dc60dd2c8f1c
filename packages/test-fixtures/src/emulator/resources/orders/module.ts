import type { ResourceModule } from '../kit/resource-module.js';
import { orderResolvers } from './graphql.js';
import { orderChanges, orderLabel } from './history.js';
import { orderTypeOf } from './index.js';
import { orderAddress, registerOrderRoutes } from './routes.js';
import type { Order } from './rules.js';

/**
 * Orders: created from Carts, queried, read, updated and deleted by id and by `order-number=`,
 * globally and within a Store (`/in-store/key={storeKey}/orders...`, where only the Orders of the
 * Store's Carts exist), and the caller's own (`/me/orders`, in-store too; routes.ts).
 */
export const ordersModule: ResourceModule = {
  name: 'orders',
  type: orderTypeOf,
  typeId: 'order',
  rest: {
    address: orderAddress,
    inStore: { belongsTo: (order, storeKey) => (order as Order).store?.key === storeKey, draftIn: (body) => body },
    extra: (api, context) => registerOrderRoutes(api, context),
  },
  history: { label: orderLabel, changes: orderChanges },
  graphql: orderResolvers,
};
