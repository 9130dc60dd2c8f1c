import { isPlainObject } from '../../query/values.js';
import type { ResourceModule } from '../kit/resource-module.js';
import { cartResolvers } from './graphql.js';
import type { Cart } from './shapes.js';
import { cartType } from './index.js';
import { registerMatchingCartRoutes } from './matching-routes.js';

/**
 * Carts, globally and within a Store (`/in-store/key={storeKey}/carts...`: a Cart created there
 * belongs to the Store, and only the Store's Carts exist there), and the Shipping Methods matching
 * a Cart (matching-routes.ts). Carts are no Change History type
 * of the live service, so they have no `history`.
 */
export const cartsModule: ResourceModule = {
  name: 'carts',
  type: cartType,
  rest: {
    extra: (api, context) => registerMatchingCartRoutes(api, context),
    inStore: {
      belongsTo: (cart, storeKey) => (cart as Cart).store?.key === storeKey,
      draftIn: (body, store) => (isPlainObject(body) ? { ...body, store: { typeId: 'store', key: store.key } } : body),
    },
  },
  graphql: cartResolvers,
};
