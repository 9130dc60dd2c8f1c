import type { ResourceModule } from '../kit/resource-module.js';
import { expandParams } from '../kit/rest-routes.js';
import { registerRetention } from '../kit/retention.js';
import { shoppingListDaysOf } from '../project/shopping-list-settings.js';
import { shoppingListResolvers } from './graphql.js';
import { shoppingListChanges } from './history.js';
import { shoppingListType, type ShoppingList } from './index.js';
import { registerMyShoppingListRoutes } from './me.js';
import { lineExpansions } from './shapes.js';

/** Least recently modified first: by `lastModifiedAt`, then creation, then id. */
const modifiedAfter = (a: ShoppingList, b: ShoppingList) =>
  a.lastModifiedAt !== b.lastModifiedAt
    ? a.lastModifiedAt > b.lastModifiedAt
    : a.createdAt !== b.createdAt
      ? a.createdAt > b.createdAt
      : a.id > b.id;

/**
 * Shopping Lists: the standard routes, in-store too (only the Store's lists exist there), the
 * My Shopping Lists (me.ts), and the spec's cleanup by retention and by the project's limit, run
 * before the routes that read them.
 */
export const shoppingListsModule: ResourceModule = {
  name: 'shopping-lists',
  type: shoppingListType,
  rest: {
    inStore: {
      belongsTo: (list, storeKey) => (list as ShoppingList).store?.key === storeKey,
      draftIn: (body, store) => ({ ...(body as object), store: { typeId: 'store', key: store.key } }),
    },
    answerShape: (c, context) => lineExpansions(context, expandParams(c)),
    extra: (api, context) => {
      registerRetention<ShoppingList>(api, context, {
        typeId: 'shopping-list',
        days: (list) => list.deleteDaysAfterLastModification ?? shoppingListDaysOf(context.state.project),
        limit: context.options.shoppingLists.limit,
        modifiedAfter,
      });
      registerMyShoppingListRoutes(api, context);
    },
  },
  history: { changes: shoppingListChanges },
  graphql: shoppingListResolvers,
};
