import type { GraphqlContext } from '../../graphql/context.js';
import { pageOfArray, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { myActiveCart, myCart, myCarts } from './me.js';

/** `me { activeCart, cart, carts }`: the caller's Carts through the same lookups as REST's `/me/carts` and `/me/active-cart`. */
export const myCartResolvers: ResolverMap = {
  Me: {
    activeCart: (_: unknown, __: unknown, ctx: GraphqlContext) => myActiveCart(ctx.emulator, ctx.principal) ?? null,
    cart: (_: unknown, args: { id: string }, ctx: GraphqlContext) => myCart(ctx.emulator, ctx.principal, args.id) ?? null,
    carts: (_: unknown, args: PageArgs, ctx: GraphqlContext) => pageOfArray(myCarts(ctx.emulator, ctx.principal), args, 'Cart'),
  },
};
