import type { Context, Hono } from 'hono';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { ownedIn } from '../carts/owner.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { createResource, deleteResource, parseAddress, updateResource, validBody } from '../kit/operations.js';
import type { ActionHandlers, ResourceType, Schemas } from '../kit/resource-type.js';
import { callerOf, expandParams, present, versionParam } from '../kit/rest-routes.js';
import { allowMe } from '../me/session.js';
import type { Store } from '../stores/index.js';
import { shoppingListType, type ShoppingList } from './index.js';
import { lineExpansions } from './shapes.js';

const MY_LISTS = ['manage_my_shopping_lists'];
type MyAction = Schemas['MyShoppingListUpdateAction'];

/** The Shopping List type with the My Shopping List actions (the subset a customer may apply to its own). */
const myShoppingListType: ResourceType<ShoppingList, unknown, MyAction> = {
  ...shoppingListType,
  schemas: { ...shoppingListType.schemas, updateAction: 'MyShoppingListUpdateAction' },
  actions: shoppingListType.actions as ActionHandlers<ShoppingList, MyAction>,
};

/** Whether the list is the token's (its customer, or its anonymous session) and, with a Store, of that Store. */
function mine(list: ShoppingList, principal: Principal, store: Store | undefined): boolean {
  const owner = {
    ...(list.customer ? { customerId: list.customer.id } : {}),
    ...(list.anonymousId !== undefined ? { anonymousId: list.anonymousId } : {}),
  };
  return ownedIn({ ...owner, ...(list.store ? { store: list.store } : {}) }, principal, store);
}

/** The ShoppingListDraft of a MyShoppingListDraft: the token's customer or anonymous session, the Store of an in-store path. */
function listDraftOf(draft: Schemas['MyShoppingListDraft'], principal: Principal, store: Store | undefined): Schemas['ShoppingListDraft'] {
  return {
    ...draft,
    ...(principal.customerId !== undefined ? { customer: { typeId: 'customer', id: principal.customerId } } : {}),
    ...(principal.anonymousId !== undefined && principal.customerId === undefined ? { anonymousId: principal.anonymousId } : {}),
    ...(store ? { store: { typeId: 'store', key: store.key } } : {}),
  };
}

/**
 * The My Shopping Lists endpoints (https://docs.commercetools.com/api/projects/me-shoppingLists),
 * globally and as `/in-store/key={storeKey}/me/...`: create and query, and get, update (the My
 * Shopping List actions) and delete by id and by key. Each needs a session's token holding
 * `manage_my_shopping_lists` (403 naming it otherwise) and finds only the token's lists (another's
 * is 404); in-store, only the Store's.
 */
export function registerMyShoppingListRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const type = shoppingListType;
  const querySchema = () => commerceContract().schema(type.schemas.resource) as QuerySchema;
  const lists = () => context.state.collection<ShoppingList>(type.typeId);
  const allow = (c: Context<AppEnv>, store: Store | undefined): Principal => {
    const principal = c.get('principal');
    allowMe(principal, context.options.projectKey, store?.key, MY_LISTS, true);
    return principal;
  };
  /** The token's list the path names, or 404 as if it did not exist. */
  const pathList = (c: Context<AppEnv>, store: Store | undefined): ShoppingList => {
    const principal = allow(c, store);
    const address = parseAddress(c.req.param('address') ?? '');
    const list =
      'id' in address ? lists().get(address.id) : [...lists().values()].find((l) => l.key === address.key && mine(l, principal, store));
    if (!list || !mine(list, principal, store)) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
    return list;
  };
  const answer = (c: Context<AppEnv>, list: ShoppingList, status = 200) => {
    const expand = expandParams(c);
    return json(lineExpansions(context, expand)(present(context, type, list, expand)), status);
  };

  const forms: [string, (c: Context<AppEnv>) => Store | undefined][] = [
    ['/:projectKey/me/shopping-lists', () => undefined],
    ['/:projectKey/in-store/:storeSegment/me/shopping-lists', (c) => storeOfPath(c, context, MY_LISTS[0])],
  ];
  for (const [base, storeOf] of forms) {
    api.post(base, async (c) => {
      const store = storeOf(c);
      const principal = allow(c, store);
      const draft = validBody('MyShoppingListDraft', await readJsonBody(c));
      return answer(c, createResource(context, type, listDraftOf(draft, principal, store), callerOf(c)), 201);
    });

    api.get(base, (c) => {
      const store = storeOf(c);
      const principal = allow(c, store);
      const params = parseQueryParams(new URL(c.req.url).searchParams);
      const page = runOnArray(
        [...lists().values()].filter((list) => mine(list, principal, store)),
        params,
        { schema: querySchema() },
      );
      const shape = lineExpansions(context, params.expand);
      return json({ ...page, results: page.results.map((list) => shape(present(context, type, list, params.expand))) });
    });

    api.get(`${base}/:address`, (c) => answer(c, pathList(c, storeOf(c))));

    api.post(`${base}/:address`, async (c) => {
      const { id } = pathList(c, storeOf(c));
      return answer(c, updateResource(context, myShoppingListType, { id }, await readJsonBody(c), callerOf(c)));
    });

    api.delete(`${base}/:address`, (c) => {
      const { id } = pathList(c, storeOf(c));
      return answer(c, deleteResource(context, type, { id }, versionParam(c), callerOf(c)));
    });
  }
}
