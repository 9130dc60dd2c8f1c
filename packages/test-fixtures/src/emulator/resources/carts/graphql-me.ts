import type { GraphqlContext } from '../../graphql/context.js';
import { convertActions, withoutNulls } from '../../graphql/inputs.js';
import { modifiedBy } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mySession, storeOfKey } from '../../graphql/standard-fields.js';
import { errors } from '../../http/errors.js';
import type { Customer } from '../customers/index.js';
import { createResource, deleteResource, updateResource, validBody } from '../kit/operations.js';
import { signInCustomer } from '../login/index.js';
import { allowMe } from '../me/session.js';
import { cartActions, type CartUpdateActionInput } from './graphql-inputs.js';
import { cartDraftOf, myCart } from './me.js';
import { mergeAnonymousCart } from './merge.js';
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
 * The Cart type with the My Cart actions' schema: the actions outside the subset are unknown
 * (InvalidInput) and the live ones not emulated are NotEmulated, as on `POST /me/carts/{id}`.
 */
const myCartType = (ctx: GraphqlContext) => {
  const type = cartTypeIn(ctx.emulator);
  return { ...type, schemas: { ...type.schemas, updateAction: 'MyCartUpdateAction' } };
};

/** The My Cart mutations and `customerSignMeIn`, on the REST `/me` rules (the `me` reads are cart-life's). */
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
    customerSignMeIn: async (
      _: unknown,
      args: {
        draft: { email: string; password: string; activeCartSignInMode?: string | null; updateProductData?: boolean | null };
      } & StoreArg,
      ctx: GraphqlContext,
    ) => {
      const store = args.storeKey == null ? undefined : storeOfKey(ctx, args.storeKey, 'manage_my_profile');
      allowMe(ctx.principal, ctx.projectKey, store?.key, ['manage_my_profile'], false);
      const body = validBody('MyCustomerSignin', withoutNulls(args.draft));
      const customer = await signInCustomer(ctx.emulator, body, store);
      // With an anonymous session's token, the session's Carts are the customer's now (and merged).
      const { anonymousId } = ctx.principal;
      const cart = mergeAnonymousCart(ctx.emulator, ctx.caller, customer.id, {
        ...(anonymousId !== undefined ? { anonymousId } : {}),
        mode: body.activeCartSignInMode,
        updateProductData: body.updateProductData,
        storeKey: store?.key,
      });
      return { customer, cart: cart ?? null };
    },
  },
  Customer: {
    customerGroupRef: (customer: Customer & { customerGroup?: { typeId: string; id: string } }) => customer.customerGroup ?? null,
    ...modifiedBy,
  },
};
