import type { ResourceModule } from '../kit/resource-module.js';
import { productTypeChanges } from './history.js';
import { productTypeType } from './index.js';

/** Product Types: the standard routes; Change History names the attribute definitions' changes. */
export const productTypesModule: ResourceModule = {
  name: 'product-types',
  type: productTypeType,
  history: { changes: productTypeChanges },
};
