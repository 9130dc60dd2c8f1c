import { directDiscountDraft, type DirectDiscountInput } from '../cart-discounts/graphql.js';
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
import { rateDraft, type RateInput } from '../shipping-methods/graphql.js';

/** The GraphQL Cart inputs → the REST Cart drafts and actions (see carts.graphql). */

type TaxRateInput = { subRates?: readonly unknown[] | null } & Record<string, unknown>;
/** `BaseMoneyInput`: `{ centPrecision }` or `{ highPrecision }`. */
type MoneyInput = Nullable<{ centPrecision: Record<string, unknown>; highPrecision: Record<string, unknown> }>;
type TotalPriceInput = { price: MoneyInput; totalPrice: Record<string, unknown> };
/** A line input: its external tax rate and external prices are converted. */
type WithTaxRate = {
  externalTaxRate?: TaxRateInput | null;
  externalPrice?: MoneyInput | null;
  externalTotalPrice?: TotalPriceInput | null;
} & Record<string, unknown>;
type CustomLineItemInput = WithTaxRate & { name: LocalizedInput; money: MoneyInput };
export type CartDraftInput = Record<string, unknown> & {
  lineItems?: readonly WithTaxRate[] | null;
  customLineItems?: readonly CustomLineItemInput[] | null;
  externalTaxRateForShippingMethod?: TaxRateInput | null;
};
type ItemAddress = Nullable<{ lineItemId: string; lineItemKey: string }>;
type CustomItemAddress = Nullable<{ customLineItemId: string; customLineItemKey: string }>;
/** `CartUpdateAction`: one member set, named after the REST action it maps onto. */
export type CartUpdateActionInput = Nullable<{
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
  setDirectDiscounts: { discounts: DirectDiscountInput[] };
  addShoppingList: { shoppingList: IdentifierInput; distributionChannel?: IdentifierInput | null; supplyChannel?: IdentifierInput | null };
  removePayment: { payment: IdentifierInput };
  recalculate: { updateProductData?: boolean | null };
  setKey: { key?: string | null };
  changeTaxMode: { taxMode: string };
  changeTaxRoundingMode: { taxRoundingMode: string };
  changeTaxCalculationMode: { taxCalculationMode: string };
  changePriceRoundingMode: { priceRoundingMode: string };
  setDeleteDaysAfterLastModification: { deleteDaysAfterLastModification?: number | null };
  setPurchaseOrderNumber: { purchaseOrderNumber?: string | null };
  freezeCart: { strategy?: string | null };
  unfreezeCart: Record<string, unknown>;
  setLineItemInventoryMode: ItemAddress & { inventoryMode?: string | null };
  setLineItemPrice: ItemAddress & WithTaxRate;
  setLineItemTotalPrice: ItemAddress & WithTaxRate;
  setCustomShippingMethod: WithTaxRate & { shippingMethodName: string; shippingRate: RateInput };
  addDiscountCode: { code: string; validateDuplicates?: boolean | null };
  removeDiscountCode: { discountCode: { typeId: string; id: string } };
}>;

/** `ExternalTaxRateDraft` → REST: the schema default `subRates: []` means none (REST would check their sum). */
function externalTaxRate(input: TaxRateInput): object {
  const { subRates, ...rate } = withoutNulls(input);
  return subRates && subRates.length > 0 ? { ...rate, subRates } : rate;
}

/** The members of an input, its `externalTaxRate` and external prices converted. */
function withTaxRate<T extends WithTaxRate>(input: T, field = 'action'): object {
  const { externalTaxRate: rate, externalPrice, externalTotalPrice: total, ...rest } = input;
  return {
    ...withoutNulls(rest),
    ...(rate != null ? { externalTaxRate: externalTaxRate(rate) } : {}),
    ...(externalPrice != null ? { externalPrice: money(externalPrice, `${field}.externalPrice`) } : {}),
    ...(total != null
      ? {
          externalTotalPrice: {
            price: money(total.price, `${field}.externalTotalPrice.price`),
            totalPrice: withoutNulls(total.totalPrice),
          },
        }
      : {}),
  };
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
    ...(lineItems != null ? { lineItems: lineItems.map((line, index) => withTaxRate(line, `draft.lineItems[${index}]`)) } : {}),
    ...(customLineItems != null
      ? { customLineItems: customLineItems.map((item, index) => customLineItemDraft(item, `draft.customLineItems[${index}]`)) }
      : {}),
    ...(shippingRate != null ? { externalTaxRateForShippingMethod: externalTaxRate(shippingRate) } : {}),
  };
}

/** Cart update actions: most map one to one; external rates, money and names are converted. */
export const cartActions: ActionConverters<CartUpdateActionInput> = {
  ...plainActions<CartUpdateActionInput>([
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
    'addShoppingList',
    'removePayment',
    'recalculate',
    'setKey',
    'changeTaxMode',
    'changeTaxRoundingMode',
    'changeTaxCalculationMode',
    'changePriceRoundingMode',
    'setDeleteDaysAfterLastModification',
    'setPurchaseOrderNumber',
    'setLineItemInventoryMode',
    'removeDiscountCode',
  ]),
  // `dummy` is the live SDL's placeholder member, no REST member.
  freezeCart: ({ strategy }) => (strategy != null ? { strategy } : {}),
  unfreezeCart: () => ({}),
  setDirectDiscounts: ({ discounts }, field) => ({
    discounts: discounts.map((discount, index) => directDiscountDraft(discount, `${field}.discounts.${index}`)),
  }),
  changeLineItemQuantity: withTaxRate,
  setLineItemPrice: withTaxRate,
  setLineItemTotalPrice: withTaxRate,
  setCustomShippingMethod: ({ shippingRate, ...rest }, field) => ({
    ...withTaxRate(rest, field),
    shippingRate: rateDraft(shippingRate, `${field}.shippingRate`),
  }),
  // validateDuplicates is ignored: a code the Cart holds stays once (carts/discount-codes.ts).
  addDiscountCode: ({ code }) => ({ code }),
  addLineItem: withTaxRate,
  setLineItemTaxRate: withTaxRate,
  setCustomLineItemTaxRate: withTaxRate,
  setShippingMethod: withTaxRate,
  addCustomLineItem: customLineItemDraft,
  changeCustomLineItemMoney: ({ money: amount, ...rest }, field) => ({ ...withoutNulls(rest), money: money(amount, `${field}.money`) }),
};
