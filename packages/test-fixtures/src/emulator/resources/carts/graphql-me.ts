import { need, type GraphqlContext } from '../../graphql/context.js';
import { convertActions, withoutNulls } from '../../graphql/inputs.js';
import { modifiedBy } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mySession, readScopes, storeOfKey } from '../../graphql/standard-fields.js';
import type { Store } from '../stores/index.js';
import { errors } from '../../http/errors.js';
import type { Customer } from '../customers/index.js';
import { createResource, deleteResource, updateResource, validBody } from '../kit/operations.js';
import { mergeOfMySignin, mergeOfSignin, signInWithCart } from '../login/index.js';
import { allowMe } from '../me/session.js';
import { cartActions, type CartUpdateActionInput } from './graphql-inputs.js';
import { cartDraftOf, myCart } from './me.js';
import { activeCartOfCustomer, type MergeRequest } from './merge.js';
import { cartTypeIn, type Cart } from './owner.js';

type StoreArg = { storeKey?: string | null };

/** The caller's Cart of `id` (in the Store when given), ResourceNotFound otherwise, as `/me/carts/{id}`. */
function myOwnCart(ctx: GraphqlContext, id: string, storeKey: string | null | undefined): Cart {
  const store = storeKey == null ? undefined : storeOfKey(ctx, storeKey, 'manage_my_orders');
  const cart = myCart(ctx.emulator, ctx.principal, id, store);
  if (!cart) throw errors.notFoundById(id);
  return cart;
}

/**
 * A sign-in as REST's (`/login`, `/me/login`): the customer of the credentials (in the Store when
 * given), then the Carts' merge; the answer is the customer and the active Cart.
 */
async function signIn(
  ctx: GraphqlContext,
  credentials: { email: string; password: string },
  store: Store | undefined,
  merge: Omit<MergeRequest, 'storeKey'>,
) {
  const { customer, cart } = await signInWithCart(ctx.emulator, ctx.caller, credentials, store, merge);
  return { customer, cart: cart ?? null };
}

/**
 * The Cart type with the My Cart actions' schema: the actions outside the subset are unknown
 * (InvalidInput) and the live ones not emulated are NotEmulated, as on `POST /me/carts/{id}`.
 */
const myCartType = (ctx: GraphqlContext) => {
  const type = cartTypeIn(ctx.emulator);
  return { ...type, schemas: { ...type.schemas, updateAction: 'MyCartUpdateAction' } };
};

/**
 * The My Cart mutations (the `me` reads are cart-life's), the sign-ins with the Carts' merge and the
 * customer's active Cart, on the rules of their REST endpoints.
 */
export const myCartWrites: ResolverMap = {
  Mutation: {
    createMyCart: (_: unknown, args: { draft: Record<string, unknown> } & StoreArg, ctx: GraphqlContext) => {
      const store = mySession(ctx, args.storeKey);
      const draft = validBody('MyCartDraft', withoutNulls(args.draft));
      return createResource(ctx.emulator, cartTypeIn(ctx.emulator), cartDraftOf(draft, ctx.principal, store), ctx.caller);
    },
    updateMyCart: (_: unknown, args: { id: string; version: number; actions: CartUpdateActionInput[] } & StoreArg, ctx: GraphqlContext) => {
      const { id } = myOwnCart(ctx, args.id, args.storeKey);
      // The My Cart inputs are a subset of the Cart ones, with the same members.
      const body = { version: args.version, actions: convertActions(args.actions, cartActions) };
      return updateResource(ctx.emulator, myCartType(ctx), { id }, body, ctx.caller);
    },
    deleteMyCart: (_: unknown, args: { id: string; version: number } & StoreArg, ctx: GraphqlContext) => {
      const { id } = myOwnCart(ctx, args.id, args.storeKey);
      return deleteResource(ctx.emulator, cartTypeIn(ctx.emulator), { id }, args.version, ctx.caller);
    },
    customerSignMeIn: (_: unknown, args: { draft: Record<string, unknown> } & StoreArg, ctx: GraphqlContext) => {
      const store = args.storeKey == null ? undefined : storeOfKey(ctx, args.storeKey, 'manage_my_profile');
      allowMe(ctx.principal, ctx.projectKey, store?.key, ['manage_my_profile'], false);
      const draft = validBody('MyCustomerSignin', withoutNulls(args.draft));
      // With an anonymous session's token, the session's Carts are the customer's now (and merged).
      return signIn(ctx, draft, store, mergeOfMySignin(draft, ctx.principal));
    },
    customerSignIn: (_: unknown, args: { draft: Record<string, unknown> } & StoreArg, ctx: GraphqlContext) => {
      const store = args.storeKey == null ? undefined : storeOfKey(ctx, args.storeKey, 'manage_customers');
      need(ctx, ['manage_customers'], store?.key);
      const draft = validBody('CustomerSignin', withoutNulls(args.draft));
      return signIn(ctx, draft, store, mergeOfSignin(draft));
    },
  },
  Query: {
    customerActiveCart: (_: unknown, args: { customerId: string }, ctx: GraphqlContext) => {
      need(ctx, readScopes(cartTypeIn(ctx.emulator)));
      return activeCartOfCustomer(ctx.emulator, args.customerId) ?? null;
    },
  },
  InStore: {
    customerActiveCart: ({ store }: { store: Store }, args: { customerId: string }, ctx: GraphqlContext) => {
      need(ctx, readScopes(cartTypeIn(ctx.emulator)), store.key);
      return activeCartOfCustomer(ctx.emulator, args.customerId, store.key) ?? null;
    },
  },
  Customer: {
    customerGroupRef: (customer: Customer & { customerGroup?: { typeId: string; id: string } }) => customer.customerGroup ?? null,
    ...modifiedBy,
  },
};
