import type { ResourceModule } from '../kit/resource-module.js';
import { reviewResolvers } from './graphql.js';
import { reviewChanges, reviewLabel } from './history.js';
import { reviewType } from './index.js';
import { keepRatingStatisticsInStep } from './statistics.js';

/** Reviews: the standard routes and GraphQL fields; their targets' rating statistics kept in step (statistics.ts). */
export const reviewsModule: ResourceModule = {
  name: 'reviews',
  type: reviewType,
  routes: (_api, context) => keepRatingStatisticsInStep(context),
  history: { label: reviewLabel, changes: reviewChanges },
  graphql: reviewResolvers,
};
