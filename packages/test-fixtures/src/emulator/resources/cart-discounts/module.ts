import type { ResourceModule } from '../kit/resource-module.js';
import { cartDiscountChanges } from './history.js';
import { cartDiscountType, type CartDiscount } from './index.js';

/** Cart Discounts: the standard routes, and the same in Stores for those whose `stores` name the Store. */
export const cartDiscountsModule: ResourceModule = {
  name: 'cart-discounts',
  type: cartDiscountType,
  history: { changes: cartDiscountChanges },
  rest: {
    inStore: {
      belongsTo: (discount, storeKey) => (discount as CartDiscount).stores.some((store) => store.key === storeKey),
      draftIn: (body, store) => {
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
        const draft = body as { stores?: unknown };
        const stores = Array.isArray(draft.stores) ? draft.stores : [];
        return { ...draft, stores: [...stores, { typeId: 'store', key: store.key }] };
      },
    },
  },
};
