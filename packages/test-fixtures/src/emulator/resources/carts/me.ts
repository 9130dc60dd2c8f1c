import type { Context, Hono } from 'hono';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { createResource, deleteResource, updateResource, validBody } from '../kit/operations.js';
import type { ActionHandlers, ResourceType, Schemas } from '../kit/resource-type.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import type { Payment } from '../payments/index.js';
import { callerOf, expandParams, present, versionParam } from '../kit/rest-routes.js';
import { allowMe } from '../me/session.js';
import type { Store } from '../stores/index.js';
import { activeCart, cartTypeIn, ownedBy, ownedIn, type Cart } from './owner.js';
import { replicateCart } from './replicate.js';

const MY_ORDERS = ['manage_my_orders'];

type MyCartAction = Schemas['MyCartUpdateAction'];

/** The Cart actions of the My Cart subset (live My Cart actions the emulator models). */
const MY_CART_ACTIONS = [
  'addDiscountCode',
  'addLineItem',
  'changeLineItemQuantity',
  'changeTaxMode',
  'recalculate',
  'removeLineItem',
  'setBillingAddress',
  'setCountry',
  'setCustomField',
  'setCustomType',
  'setCustomerEmail',
  'setDeleteDaysAfterLastModification',
  'setLineItemCustomField',
  'setLocale',
  'setShippingAddress',
  'setShippingMethod',
  'addPayment',
  'removePayment',
  'removeDiscountCode',
] as const satisfies readonly MyCartAction['action'][];

/** The members of a MyCartDraft that pass to the CartDraft as given (the others are the token's). */
const MY_DRAFT_MEMBERS = [
  'currency',
  'customerEmail',
  'store',
  'lineItems',
  'taxMode',
  'inventoryMode',
  'billingAddress',
  'shippingAddress',
  'shippingMethod',
  'country',
  'locale',
  'deleteDaysAfterLastModification',
  'custom',
] as const satisfies readonly (keyof Schemas['MyCartDraft'])[];

/** `taxMode: Disabled` is not for a customer's own Cart (live TaxMode). */
function assertTaxModeAllowed(taxMode: string | undefined, field: string): void {
  if (taxMode === 'Disabled')
    throw errors.invalidField(field, taxMode, `The tax mode 'Disabled' cannot be set on a My Cart.`, [
      'Platform',
      'External',
      'ExternalAmount',
    ]);
}

/** 400 ReferencedResourceNotFound unless the Payment is the token's customer's or session's, as if it did not exist. */
function assertOwnPayment(ctx: WriteContext, identifier: ResourceIdentifier): void {
  const payment = ctx.resolveIdentifier<Payment>('payment', identifier, 'payment');
  const { customerId, anonymousId } = ctx.principal;
  const own =
    (customerId !== undefined && payment.customer?.id === customerId) || (anonymousId !== undefined && payment.anonymousId === anonymousId);
  if (!own) throw errors.referencedResourceNotFound('payment', identifier);
}

/**
 * The Cart type as a customer or an anonymous session sees its own Carts: the My Cart actions,
 * with the Cart's handlers (`changeTaxMode` refusing `Disabled`, `changeLineItemQuantity` ignoring external prices).
 */
function myCartTypeOf(type: ResourceType<Cart, unknown, Schemas['CartUpdateAction']>): ResourceType<Cart, unknown, MyCartAction> {
  const cartActions = type.actions ?? {};
  const actions: ActionHandlers<Cart, MyCartAction> = {};
  for (const name of MY_CART_ACTIONS) Object.assign(actions, { [name]: cartActions[name] });
  const changeTaxMode = cartActions.changeTaxMode;
  if (changeTaxMode)
    actions.changeTaxMode = (cart, action, ctx) => {
      assertTaxModeAllowed(action.taxMode, 'taxMode');
      changeTaxMode(cart, action, ctx);
    };
  const addPayment = cartActions.addPayment;
  if (addPayment)
    actions.addPayment = (cart, action, ctx) => {
      assertOwnPayment(ctx, action.payment);
      addPayment(cart, action, ctx);
    };
  const changeQuantity = cartActions.changeLineItemQuantity;
  // The live My Carts ignore external prices (https://docs.commercetools.com/api/projects/me-carts).
  if (changeQuantity)
    actions.changeLineItemQuantity = (cart, { externalPrice: _price, externalTotalPrice: _total, ...action }, ctx) =>
      changeQuantity(cart, action, ctx);
  return { ...type, schemas: { ...type.schemas, updateAction: 'MyCartUpdateAction' }, actions };
}

/** The CartDraft of a MyCartDraft: the token's customer or anonymous session, the Store of an in-store path. */
export function cartDraftOf(draft: Schemas['MyCartDraft'], principal: Principal, store: Store | undefined): Schemas['CartDraft'] {
  const cartDraft: Record<string, unknown> = {};
  for (const name of MY_DRAFT_MEMBERS) if (draft[name] !== undefined) cartDraft[name] = draft[name];
  if (principal.customerId !== undefined) cartDraft['customerId'] = principal.customerId;
  if (principal.anonymousId !== undefined) cartDraft['anonymousId'] = principal.anonymousId;
  if (store) cartDraft['store'] = { typeId: 'store', key: store.key };
  return cartDraft as Schemas['CartDraft'];
}

/** 403 naming `manage_my_orders` unless the token is a session's (valid for the Store, when given) holding it. */
function allowMine(context: EmulatorContext, principal: Principal, store: Store | undefined): void {
  allowMe(principal, context.options.projectKey, store?.key, MY_ORDERS, true);
}

/** Whether the Cart is the token's (and in the Store, when given). */
const mine = (principal: Principal, store: Store | undefined) => (cart: Cart) => ownedIn(cart, principal, store);

/**
 * The token's Carts (in the Store, when given), by id; 403 for a token that is no session's holding
 * `manage_my_orders`. REST's `/me/carts` and GraphQL's `me { carts }`.
 *
 * @example
 * const page = runOnArray(myCarts(context, principal), params, { schema });
 */
export function myCarts(context: EmulatorContext, principal: Principal, store?: Store): Cart[] {
  allowMine(context, principal, store);
  return [...context.state.collection<Cart>('cart').values()].filter(mine(principal, store));
}

/** The token's Cart with this id (in the Store, when given); undefined when there is none or it is another's. */
export function myCart(context: EmulatorContext, principal: Principal, id: string, store?: Store): Cart | undefined {
  allowMine(context, principal, store);
  const cart = context.state.collection<Cart>('cart').get(id);
  return cart && mine(principal, store)(cart) ? cart : undefined;
}

/**
 * The token's active Cart (in the Store, when given): a customer token's most recently modified
 * Active Cart of the customer, an anonymous session's of the session; undefined when none.
 */
export function myActiveCart(context: EmulatorContext, principal: Principal, store?: Store): Cart | undefined {
  allowMine(context, principal, store);
  const owns =
    principal.customerId !== undefined
      ? (cart: Cart) => cart.customerId === principal.customerId
      : (cart: Cart) => ownedBy(cart, principal);
  return activeCart(context, owns, store?.key);
}

/**
 * The My Carts endpoints (https://docs.commercetools.com/api/projects/me-carts), globally and as
 * `/in-store/key={storeKey}/me/...`: `/me/carts` (create and query), `/me/carts/{ID}` (get, update
 * with the My Cart actions, delete), `/me/carts/replicate` (global only, as live) and
 * `/me/active-cart`. Each needs a session's token holding `manage_my_orders` (403 naming it
 * otherwise) and finds only the token's Carts (another's is 404); in-store, only the Store's.
 */
export function registerMyCartRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const type = cartTypeIn(context);
  const myType = myCartTypeOf(type);
  const querySchema = () => commerceContract().schema(type.schemas.resource) as QuerySchema;

  /** The token's principal, checked for this endpoint. */
  const sessionOf = (c: Context<AppEnv>, store: Store | undefined): Principal => {
    const principal = c.get('principal');
    allowMine(context, principal, store);
    return principal;
  };
  /** The token's Cart of the path, or 404 as if it did not exist. */
  const pathCart = (c: Context<AppEnv>, store: Store | undefined): Cart => {
    const id = c.req.param('id') ?? '';
    const cart = myCart(context, c.get('principal'), id, store);
    if (!cart) throw errors.notFoundById(id);
    return cart;
  };
  const answer = (c: Context<AppEnv>, cart: Cart, status = 200) => json(present(context, type, cart, expandParams(c)), status);

  const forms: [string, (c: Context<AppEnv>) => Store | undefined][] = [
    ['/:projectKey/me', () => undefined],
    ['/:projectKey/in-store/:storeSegment/me', (c) => storeOfPath(c, context, 'manage_my_orders')],
  ];
  for (const [base, storeOf] of forms) {
    api.post(`${base}/carts`, async (c) => {
      const store = storeOf(c);
      const principal = sessionOf(c, store);
      const draft = validBody('MyCartDraft', await readJsonBody(c));
      assertTaxModeAllowed(draft.taxMode, 'taxMode');
      return answer(c, createResource(context, type, cartDraftOf(draft, principal, store), callerOf(c)), 201);
    });

    api.get(`${base}/carts`, (c) => {
      const carts = myCarts(context, c.get('principal'), storeOf(c));
      const params = parseQueryParams(new URL(c.req.url).searchParams);
      const page = runOnArray(carts, params, { schema: querySchema() });
      return json({ ...page, results: page.results.map((cart) => present(context, type, cart, params.expand)) });
    });

    if (base === '/:projectKey/me') {
      api.post(`${base}/carts/replicate`, async (c) => {
        const principal = sessionOf(c, undefined);
        const draft = validBody('ReplicaMyCartDraft', await readJsonBody(c));
        const owner = principal.customerId !== undefined ? { customerId: principal.customerId } : { anonymousId: principal.anonymousId! };
        return answer(
          c,
          replicateCart(context, callerOf(c), draft.reference, { owns: (source) => ownedBy(source, principal), owner }),
          201,
        );
      });
    }

    api.get(`${base}/carts/:id`, (c) => answer(c, pathCart(c, storeOf(c))));

    api.post(`${base}/carts/:id`, async (c) => {
      const { id } = pathCart(c, storeOf(c));
      return answer(c, updateResource(context, myType, { id }, await readJsonBody(c), callerOf(c)));
    });

    api.delete(`${base}/carts/:id`, (c) => {
      const { id } = pathCart(c, storeOf(c));
      return answer(c, deleteResource(context, type, { id }, versionParam(c), callerOf(c)));
    });

    api.get(`${base}/active-cart`, (c) => {
      const cart = myActiveCart(context, c.get('principal'), storeOf(c));
      if (!cart) throw errors.notFound('There is no active cart.');
      return answer(c, cart);
    });
  }
}
