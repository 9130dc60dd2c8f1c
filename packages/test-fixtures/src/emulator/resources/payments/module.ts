import type { ResourceModule } from '../kit/resource-module.js';
import { paymentResolvers } from './graphql.js';
import { paymentChanges, paymentLabel } from './history.js';
import { paymentType } from './index.js';
import { registerMyPaymentRoutes } from './me.js';

/** Payments: the standard routes and GraphQL fields, and `/me/payments` (and `me`'s) for the customer or anonymous session of a token. */
export const paymentsModule: ResourceModule = {
  name: 'payments',
  type: paymentType,
  rest: { extra: (api, context) => registerMyPaymentRoutes(api, context) },
  history: { label: paymentLabel, changes: paymentChanges },
  graphql: paymentResolvers,
};
