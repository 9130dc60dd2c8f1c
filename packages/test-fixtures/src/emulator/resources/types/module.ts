import type { ResourceModule } from '../kit/resource-module.js';
import { typeChanges } from './history.js';
import { typeType } from './index.js';

/** Types (of Custom Fields): the standard routes; Change History names the field definitions' changes. */
export const typesModule: ResourceModule = { name: 'types', type: typeType, history: { changes: typeChanges } };
