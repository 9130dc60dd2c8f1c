import { need, type GraphqlContext } from '../../graphql/context.js';
import {
  localizedString,
  onlyMember,
  plainActions,
  withoutNulls,
  type ActionConverters,
  type IdentifierInput,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { localizedField, modifiedBy, named, STORE_VIEW } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { mergeResolvers, readScopes, standardFields, type InStoreMembership } from '../../graphql/standard-fields.js';
import { errors } from '../../http/errors.js';
import { customerGroupType, type CustomerGroup } from '../customer-groups/index.js';
import { sumCents } from '../kit/taxes.js';
import { isCallers } from '../orders/routes.js';
import { shippingMethodType, type ShippingMethod } from '../shipping-methods/index.js';
import { matchingShippingMethods } from '../shipping-methods/matching.js';
import type { Store } from '../stores/index.js';
import type { Cart, CustomLineItem, LineItem } from './shapes.js';

type TaxRateInput = { subRates?: readonly unknown[] | null } & Record<string, unknown>;
/** `BaseMoneyInput`: `{ centPrecision }` or `{ highPrecision }`. */
type MoneyInput = Nullable<{ centPrecision: Record<string, unknown>; highPrecision: Record<string, unknown> }>;
type WithTaxRate = { externalTaxRate?: TaxRateInput | null } & Record<string, unknown>;
type CustomLineItemInput = WithTaxRate & { name: LocalizedInput; money: MoneyInput };
type CartDraftInput = Record<string, unknown> & {
  lineItems?: readonly WithTaxRate[] | null;
  customLineItems?: readonly CustomLineItemInput[] | null;
  externalTaxRateForShippingMethod?: TaxRateInput | null;
};
type ItemAddress = Nullable<{ lineItemId: string; lineItemKey: string }>;
type CustomItemAddress = Nullable<{ customLineItemId: string; customLineItemKey: string }>;
/** `CartUpdateAction`: one member set, named after the REST action it maps onto. */
type CartUpdateActionInput = Nullable<{
  addLineItem: WithTaxRate;
  changeLineItemQuantity: ItemAddress & { quantity: number };
  removeLineItem: ItemAddress & { quantity?: number | null };
  setLineItemTaxRate: ItemAddress & WithTaxRate;
  addCustomLineItem: CustomLineItemInput;
  removeCustomLineItem: CustomItemAddress;
  changeCustomLineItemQuantity: CustomItemAddress & { quantity: number };
  changeCustomLineItemMoney: CustomItemAddress & { money: MoneyInput };
  setCustomLineItemTaxRate: CustomItemAddress & WithTaxRate;
  setShippingAddress: { address?: Record<string, unknown> | null };
  setBillingAddress: { address?: Record<string, unknown> | null };
  setCustomerEmail: { email?: string | null };
  setCountry: { country?: string | null };
  setLocale: { locale?: string | null };
  setAnonymousId: { anonymousId?: string | null };
  setCustomerId: { customerId?: string | null };
  setCustomerGroup: { customerGroup?: IdentifierInput | null };
  setShippingMethod: { shippingMethod?: IdentifierInput | null } & WithTaxRate;
  addPayment: { payment: IdentifierInput };
  removePayment: { payment: IdentifierInput };
  recalculate: { updateProductData?: boolean | null };
  setKey: { key?: string | null };
  changeTaxMode: { taxMode: string };
  changeTaxRoundingMode: { taxRoundingMode: string };
  changeTaxCalculationMode: { taxCalculationMode: string };
  changePriceRoundingMode: { priceRoundingMode: string };
  setDeleteDaysAfterLastModification: { deleteDaysAfterLastModification?: number | null };
  setPurchaseOrderNumber: { purchaseOrderNumber?: string | null };
}>;

/** `ExternalTaxRateDraft` → REST: the schema default `subRates: []` means none (REST would check their sum). */
function externalTaxRate(input: TaxRateInput): object {
  const { subRates, ...rate } = withoutNulls(input);
  return subRates && subRates.length > 0 ? { ...rate, subRates } : rate;
}

/** The members of an input, its `externalTaxRate` converted. */
function withTaxRate<T extends WithTaxRate>(input: T): object {
  const { externalTaxRate: rate, ...rest } = input;
  return { ...withoutNulls(rest), ...(rate != null ? { externalTaxRate: externalTaxRate(rate) } : {}) };
}

/** `{ centPrecision: { currencyCode, centAmount } }` → REST Money; `highPrecision` → REST HighPrecisionMoney (REST decides). */
function money(input: MoneyInput, field: string): object {
  const { name, input: value } = onlyMember(input, field, 'money type');
  return name === 'centPrecision' ? withoutNulls(value) : { type: 'highPrecision', ...withoutNulls(value) };
}

function customLineItemDraft(input: CustomLineItemInput, field: string): object {
  const { name, money: amount, ...rest } = input;
  return { ...withTaxRate(rest), name: localizedString(name, `${field}.name`), money: money(amount, `${field}.money`) };
}

/** GraphQL `CartDraft` → REST CartDraft: nulls dropped, items and external rates converted. */
export function cartDraft(draft: CartDraftInput): object {
  const { lineItems, customLineItems, externalTaxRateForShippingMethod: shippingRate, ...rest } = draft;
  return {
    ...withoutNulls(rest),
    ...(lineItems != null ? { lineItems: lineItems.map(withTaxRate) } : {}),
    ...(customLineItems != null
      ? { customLineItems: customLineItems.map((item, index) => customLineItemDraft(item, `draft.customLineItems[${index}]`)) }
      : {}),
    ...(shippingRate != null ? { externalTaxRateForShippingMethod: externalTaxRate(shippingRate) } : {}),
  };
}

/** Cart update actions: most map one to one; external rates, money and names are converted. */
export const cartActions: ActionConverters<CartUpdateActionInput> = {
  ...plainActions<CartUpdateActionInput>([
    'changeLineItemQuantity',
    'removeLineItem',
    'removeCustomLineItem',
    'changeCustomLineItemQuantity',
    'setShippingAddress',
    'setBillingAddress',
    'setCustomerEmail',
    'setCountry',
    'setLocale',
    'setAnonymousId',
    'setCustomerId',
    'setCustomerGroup',
    'addPayment',
    'removePayment',
    'recalculate',
    'setKey',
    'changeTaxMode',
    'changeTaxRoundingMode',
    'changeTaxCalculationMode',
    'changePriceRoundingMode',
    'setDeleteDaysAfterLastModification',
    'setPurchaseOrderNumber',
  ]),
  addLineItem: withTaxRate,
  setLineItemTaxRate: withTaxRate,
  setCustomLineItemTaxRate: withTaxRate,
  setShippingMethod: withTaxRate,
  addCustomLineItem: customLineItemDraft,
  changeCustomLineItemMoney: ({ money: amount, ...rest }, field) => ({ ...withoutNulls(rest), money: money(amount, `${field}.money`) }),
};

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
 * methods matching the Cart's shipping address and currency (matchingShippingMethods), with the tier
 * its value reaches flagged. A Cart the caller may not see (another session's, another Store's) or
 * without a shipping address is the REST InvalidInput.
 */
function shippingMethodsByCart(ctx: GraphqlContext, id: string, store: Store | undefined): ShippingMethod[] {
  need(ctx, readScopes(shippingMethodType), store?.key);
  const cart = ctx.emulator.state.collection<Cart>('cart').get(id);
  const { customerId, anonymousId } = ctx.principal;
  const session = customerId !== undefined || anonymousId !== undefined;
  if (!cart || (session && !isCallers(cart, ctx.principal)) || (store && cart.store?.key !== store.key)) {
    throw errors.invalidInput(`The Cart with ID '${id}' was not found.`);
  }
  const where = cart.shippingAddress;
  if (!where) throw errors.invalidInput(`The Cart with ID '${cart.id}' has no shipping address.`);
  const value = sumCents([...cart.lineItems, ...cart.customLineItems].map((line) => line.totalPrice.centAmount));
  const location = { country: where.country, ...(where.state !== undefined ? { state: where.state } : {}) };
  return matchingShippingMethods(ctx.emulator.state, { ...location, currency: cart.totalPrice.currencyCode }, value);
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
