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
import { createResource, deleteResource, parseAddress, updateResource, validBody, type Address, type Caller } from '../kit/operations.js';
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

/** 403 naming `manage_my_shopping_lists` unless the token is a session's (valid for the Store, when given) holding it. */
function allowMine(context: EmulatorContext, principal: Principal, store: Store | undefined): void {
  allowMe(principal, context.options.projectKey, store?.key, MY_LISTS, true);
}

/**
 * The token's Shopping Lists (in the Store, when given): REST's `/me/shopping-lists` and GraphQL's
 * `me { shoppingLists }`; 403 for a token that is no session's holding `manage_my_shopping_lists`.
 */
export function myShoppingLists(context: EmulatorContext, principal: Principal, store?: Store): ShoppingList[] {
  allowMine(context, principal, store);
  return [...context.state.collection<ShoppingList>(shoppingListType.typeId).values()].filter((list) => mine(list, principal, store));
}

/** The token's list at an id or key (in the Store, when given); undefined when there is none or it is another's. */
export function myShoppingList(context: EmulatorContext, principal: Principal, address: Address, store?: Store): ShoppingList | undefined {
  allowMine(context, principal, store);
  const lists = context.state.collection<ShoppingList>(shoppingListType.typeId);
  if ('id' in address) {
    const list = lists.get(address.id);
    return list && mine(list, principal, store) ? list : undefined;
  }
  return [...lists.values()].find((list) => list.key === address.key && mine(list, principal, store));
}

/** The token's list at an address, or 404 as if it did not exist. */
function ownList(context: EmulatorContext, principal: Principal, address: Address, store: Store | undefined): ShoppingList {
  const list = myShoppingList(context, principal, address, store);
  if (!list) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
  return list;
}

/** The My Shopping List writes, shared by REST and GraphQL: the token's own lists only. */
export const myShoppingListWrites = {
  create(context: EmulatorContext, body: unknown, caller: Caller, store?: Store): ShoppingList {
    allowMine(context, caller.principal, store);
    const draft = validBody('MyShoppingListDraft', body);
    return createResource(context, shoppingListType, listDraftOf(draft, caller.principal, store), caller);
  },
  update(context: EmulatorContext, address: Address, body: unknown, caller: Caller, store?: Store): ShoppingList {
    const { id } = ownList(context, caller.principal, address, store);
    return updateResource(context, myShoppingListType, { id }, body, caller);
  },
  delete(context: EmulatorContext, address: Address, version: number, caller: Caller, store?: Store): ShoppingList {
    const { id } = ownList(context, caller.principal, address, store);
    return deleteResource(context, shoppingListType, { id }, version, caller);
  },
};

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
  const address = (c: Context<AppEnv>) => parseAddress(c.req.param('address') ?? '');
  const answer = (c: Context<AppEnv>, list: ShoppingList, status = 200) => {
    const expand = expandParams(c);
    return json(lineExpansions(context, expand)(present(context, type, list, expand)), status);
  };

  const forms: [string, (c: Context<AppEnv>) => Store | undefined][] = [
    ['/:projectKey/me/shopping-lists', () => undefined],
    ['/:projectKey/in-store/:storeSegment/me/shopping-lists', (c) => storeOfPath(c, context, MY_LISTS[0])],
  ];
  for (const [base, storeOf] of forms) {
    api.post(base, async (c) => answer(c, myShoppingListWrites.create(context, await readJsonBody(c), callerOf(c), storeOf(c)), 201));

    api.get(base, (c) => {
      const lists = myShoppingLists(context, c.get('principal'), storeOf(c));
      const params = parseQueryParams(new URL(c.req.url).searchParams);
      const page = runOnArray(lists, params, { schema: querySchema() });
      const shape = lineExpansions(context, params.expand);
      return json({ ...page, results: page.results.map((list) => shape(present(context, type, list, params.expand))) });
    });

    api.get(`${base}/:address`, (c) => answer(c, ownList(context, c.get('principal'), address(c), storeOf(c))));

    api.post(`${base}/:address`, async (c) =>
      answer(c, myShoppingListWrites.update(context, address(c), await readJsonBody(c), callerOf(c), storeOf(c))),
    );

    api.delete(`${base}/:address`, (c) =>
      answer(c, myShoppingListWrites.delete(context, address(c), versionParam(c), callerOf(c), storeOf(c))),
    );
  }
}
