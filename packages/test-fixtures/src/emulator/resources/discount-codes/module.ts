import type { ResourceModule } from '../kit/resource-module.js';
import { discountCodeResolvers } from './graphql.js';
import { discountCodeChanges, discountCodeLabel } from './history.js';
import { discountCodeType, type DiscountCode } from './index.js';

/** Whether a Discount Code applies in a Store: its Cart Discounts are for every Store, or for this one. */
function inStore(code: DiscountCode, storeKey: string): boolean {
  return code.stores.length === 0 || code.stores.some((store) => store.key === storeKey);
}

/** Discount Codes: the standard routes, the reads in a Store, a StringLabel of the code, the GraphQL fields. */
export const discountCodesModule: ResourceModule = {
  name: 'discount-codes',
  type: discountCodeType,
  rest: { inStore: { belongsTo: (code, storeKey) => inStore(code as DiscountCode, storeKey), draftIn: (body) => body, readOnly: true } },
  history: { label: discountCodeLabel, changes: discountCodeChanges },
  graphql: discountCodeResolvers,
};
