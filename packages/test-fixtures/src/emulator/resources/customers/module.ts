import { activeCartOfCustomer, signInCart } from '../carts/merge.js';
import type { ResourceModule } from '../kit/resource-module.js';
import { present } from '../kit/rest-routes.js';
import { customerChanges, customerLabel } from './history.js';
import { customerTypeIn, customerTypeOf, draftInStore, signUpCustomer } from './index.js';
import { registerCustomerPasswordRoutes, tokenOfSegment } from './passwords.js';
import { belongsTo, type Customer } from './rules.js';

/**
 * Customers: sign-up (answering CustomerSignInResult `{ customer, cart? }`), query, get, update and
 * delete, globally and within a Store (`/in-store/key={storeKey}/customers...`, where only the
 * Store's customers exist), the reads by password or e-mail token and the password and e-mail
 * token endpoints (passwords.ts). The type keeps credentials in the project's authorization service.
 */
export const customersModule: ResourceModule = {
  name: 'customers',
  type: (context) => customerTypeOf(context.auth),
  typeId: 'customer',
  rest: {
    create: signUpCustomer,
    created: (context, customer) => ({
      customer: present(context, customerTypeIn(context), customer as Customer, []),
      ...signInCart(context, activeCartOfCustomer(context, customer.id)),
    }),
    bySegment: tokenOfSegment,
    inStore: { belongsTo: (customer, storeKey) => belongsTo(customer as Customer, storeKey), draftIn: draftInStore },
    extra: (api, context) => registerCustomerPasswordRoutes(api, context, customerTypeIn(context)),
  },
  history: { label: customerLabel, changes: customerChanges },
};
