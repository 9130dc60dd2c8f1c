import type { ResourceModule } from '../kit/resource-module.js';
import { categoryChanges } from './history.js';
import { categoryType } from './index.js';

/** Categories: the standard routes; Change History names their changes. */
export const categoriesModule: ResourceModule = { name: 'categories', type: categoryType, history: { changes: categoryChanges } };
