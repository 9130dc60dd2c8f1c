import type { ResourceModule } from '../kit/resource-module.js';
import { cartDiscountResolvers } from './graphql.js';
import { cartDiscountChanges } from './history.js';
import { assertStoresWritable, cartDiscountType, draftInStore, isInStore, type CartDiscount } from './index.js';

/** Cart Discounts: the standard routes, the same in Stores for those whose `stores` name the Store, and GraphQL. */
export const cartDiscountsModule: ResourceModule = {
  name: 'cart-discounts',
  type: cartDiscountType,
  rest: {
    inStore: {
      belongsTo: (discount, storeKey) => isInStore(discount as CartDiscount, storeKey),
      draftIn: (body, store) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? draftInStore(body, store.key) : body),
      assertWritable: (principal, projectKey, discount, body) =>
        assertStoresWritable(principal, projectKey, discount as CartDiscount, body),
    },
  },
  history: { changes: cartDiscountChanges },
  graphql: cartDiscountResolvers,
};
