import type { ResourceModule } from '../kit/resource-module.js';
import { productSelectionResolvers } from './graphql.js';
import { productSelectionChanges } from './history.js';
import { productSelectionType } from './index.js';
import { registerSelectionQueries } from './queries.js';

/** Product Selections: the standard routes and the membership queries, GraphQL reads and writes. */
export const productSelectionsModule: ResourceModule = {
  name: 'product-selections',
  type: productSelectionType,
  rest: { extra: registerSelectionQueries },
  history: { changes: productSelectionChanges },
  graphql: productSelectionResolvers,
};
