import type { ResourceModule } from '../kit/resource-module.js';
import { stateResolvers } from './graphql.js';
import { stateChanges } from './history.js';
import { stateType } from './index.js';

/** States: the standard routes and GraphQL fields; every Project has the built-in `Initial` LineItemState. */
export const statesModule: ResourceModule = {
  name: 'states',
  type: stateType,
  history: { changes: stateChanges },
  graphql: stateResolvers,
};
