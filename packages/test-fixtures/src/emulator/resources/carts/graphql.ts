import { need, type GraphqlContext } from '../../graphql/context.js';
import { cartActions, cartDraft, type CartDraftInput, type CartUpdateActionInput } from './graphql-inputs.js';
import { localizedField, modifiedBy, named, STORE_VIEW } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, readScopes, standardFields, type InStoreMembership } from '../../graphql/standard-fields.js';
import { customerGroupType, type CustomerGroup } from '../customer-groups/index.js';
import { shippingMethodType, type ShippingMethod } from '../shipping-methods/index.js';
import { methodsMatchingCart } from '../shipping-methods/predicate.js';
import { cartForMatching } from './matching-routes.js';
import type { Store } from '../stores/index.js';
import { myCartWrites } from './graphql-me.js';
import type { Cart, CustomLineItem, LineItem } from './shapes.js';

/** A Cart belongs to the Store it names (as the in-store REST paths of carts). */
export const cartsInStore: InStoreMembership<Cart> = {
  belongsTo: (cart, storeKey) => cart.store?.key === storeKey,
  draftIn: (draft, storeKey) => ({ ...draft, store: { typeId: 'store', key: storeKey } }),
};

type Ref = { typeId: string; id: string };

/** The fields a Cart and an Order share beyond their REST members: the Line Items by id, references in both forms. */
export const cartLikeFields = {
  lineItems: (cart: Cart, args: { id?: string | null }) =>
    args.id == null ? cart.lineItems : cart.lineItems.filter((l) => l.id === args.id),
  customerGroupRef: (cart: Cart) => cart.customerGroup ?? null,
  customerGroup: (cart: Cart, _: unknown, ctx: GraphqlContext) => {
    if (!cart.customerGroup) return null;
    need(ctx, readScopes(customerGroupType));
    return ctx.emulator.state.collection<CustomerGroup>('customer-group').get(cart.customerGroup.id) ?? null;
  },
  storeRef: (cart: Cart) => cart.store ?? null,
  store: (cart: Cart, _: unknown, ctx: GraphqlContext) => {
    if (!cart.store) return null;
    need(ctx, STORE_VIEW);
    return ctx.emulator.state.collection<Store>('store').getByKey(cart.store.key) ?? null;
  },
  ...modifiedBy,
};

/** The objects of a Cart: references in both forms, localized names, the Line Items by id. */
const cartObjects: ResolverMap = {
  Cart: cartLikeFields,
  PaymentInfo: {
    paymentRefs: (info: { payments: Ref[] }) => info.payments,
  },
  LineItem: {
    ...named((line: LineItem) => line.name),
    ...localizedField('productSlug'),
    productTypeRef: (line: LineItem) => line.productType,
    supplyChannelRef: (line: LineItem) => line.supplyChannel ?? null,
    distributionChannelRef: (line: LineItem) => line.distributionChannel ?? null,
  },
  CustomLineItem: {
    ...named((line: CustomLineItem) => line.name),
    taxCategoryRef: (line: CustomLineItem) => line.taxCategory ?? null,
  },
  ItemState: {
    stateRef: (state: { state: Ref }) => state.state,
  },
  DiscountedLineItemPortion: {
    discountRef: (portion: { discount: Ref }) => portion.discount,
  },
  DiscountedTotalPricePortion: {
    discountRef: (portion: { discount: Ref }) => portion.discount,
  },
  ShippingInfo: {
    taxCategoryRef: (info: { taxCategory?: Ref }) => info.taxCategory ?? null,
    shippingMethodRef: (info: { shippingMethod?: Ref }) => info.shippingMethod ?? null,
    shippingMethod: (info: { shippingMethod?: Ref }, _: unknown, ctx: GraphqlContext) => {
      if (!info.shippingMethod) return null;
      need(ctx, readScopes(shippingMethodType));
      return ctx.emulator.state.collection<ShippingMethod>('shipping-method').get(info.shippingMethod.id) ?? null;
    },
  },
  TaxRate: {
    subRates: (rate: { subRates?: unknown[] }) => rate.subRates ?? [],
  },
};

/**
 * `shippingMethodsByCart(id)`, as REST `GET /shipping-methods/matching-cart?cartId=` answers: the
 * methods matching the Cart at its shipping address (methodsMatchingCart), its predicate included,
 * with the tier its value reaches flagged. A Cart the caller may not see (another session's, another Store's) or
 * without a shipping address is the REST InvalidInput.
 */
function shippingMethodsByCart(ctx: GraphqlContext, id: string, store: Store | undefined): ShippingMethod[] {
  need(ctx, readScopes(shippingMethodType), store?.key);
  const cart = cartForMatching(ctx.emulator.state, ctx.principal, id, store);
  return methodsMatchingCart(ctx.emulator.state, cart, cart.shippingAddress);
}

/** Carts in GraphQL: the standard fields (also in a Store) on the REST operations, and the Cart's objects. */
export const cartResolvers: ResolverMap = mergeResolvers(
  standardFields<CartDraftInput, CartUpdateActionInput>({
    typeId: 'cart',
    typeName: 'Cart',
    one: 'cart',
    many: 'carts',
    draft: cartDraft,
    actions: cartActions,
    inStore: cartsInStore,
  }),
  cartObjects,
  myCartWrites,
  {
    Query: {
      shippingMethodsByCart: (_: unknown, args: { id: string }, ctx: GraphqlContext) => shippingMethodsByCart(ctx, args.id, undefined),
    },
    InStore: {
      shippingMethodsByCart: ({ store }: { store: Store }, args: { id: string }, ctx: GraphqlContext) =>
        shippingMethodsByCart(ctx, args.id, store),
    },
  },
);
