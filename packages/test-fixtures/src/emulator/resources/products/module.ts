import type { ResourceModule } from '../kit/resource-module.js';
import { productResolvers } from './graphql.js';
import { productChanges, productLabel } from './history.js';
import { productType } from './index.js';

/** Products: the standard routes, GraphQL's `product`; Change History with the ProductLabel and the catalog data's changes. */
export const productsModule: ResourceModule = {
  name: 'products',
  type: productType,
  history: { label: productLabel, changes: productChanges },
  graphql: productResolvers,
};
