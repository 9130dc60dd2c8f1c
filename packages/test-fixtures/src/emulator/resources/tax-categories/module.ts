import type { ResourceModule } from '../kit/resource-module.js';
import { taxCategoryChanges } from './history.js';
import { taxCategoryType } from './index.js';

/** Tax Categories: the standard routes; Change History names the changes of the rates. */
export const taxCategoriesModule: ResourceModule = {
  name: 'tax-categories',
  type: taxCategoryType,
  history: { changes: taxCategoryChanges },
};
