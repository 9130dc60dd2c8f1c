import { ApiError, errors } from '../../http/errors.js';
import type { Customer } from '../customers/index.js';
import { assertProjectLanguage } from '../customers/rules.js';
import { customFieldActions, customFieldsFrom } from '../kit/custom-fields.js';
import { fractionDigitsOf } from '../kit/money.js';
import type { ActionHandlers, ResourceType } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import type { Store } from '../stores/index.js';
import { shoppingListActions } from './shopping-list.js';
import { customLineItemActions, addCustomLineItem } from './custom-line-items.js';
import { directDiscountActions } from './direct-discounts.js';
import { customShippingActions } from './custom-shipping.js';
import { externalPriceActions } from './external-prices.js';
import { assertFreezeAllows, freezeActions } from './freeze.js';
import { refuseGift } from './gifts.js';
import { inventoryActions } from './inventory.js';
import { discountCodeActions } from './discount-codes.js';
import { addLineItem, changeQuantity, lineItemOf, refreshProductData, repriceLines } from './line-items.js';
import { cartSettingsOf } from '../project/cart-settings.js';
import { assertPaymentUnassigned } from './payment-holder.js';
import type { Cart, CartDraft, CartUpdateAction } from './shapes.js';
import { assertUpdatable } from './states.js';
import { inventoryModeOf } from './stock-limits.js';
import { externalRate } from './taxes.js';
import { setShippingMethod, setShippingTaxRate } from './shipping.js';
import { recalculateCart } from './totals.js';

export type { Cart } from './shapes.js';

/** An address of a draft or an action as the Cart keeps it (the generated `id` of a draft is ignored). */
function addressOf<A extends { id?: string }>(address: A): Omit<A, 'id'> {
  const { id: _ignored, ...kept } = structuredClone(address);
  return kept;
}

/** The Customer a Cart names (400 ReferencedResourceNotFound when none) and the Customer Group it takes. */
function customerOf(ctx: WriteContext, customerId: string): Customer {
  const customer = ctx.state.collection<Customer>('customer').get(customerId);
  if (!customer) throw errors.referencedResourceNotFound('customer', { id: customerId });
  return customer;
}

/** Sets the Customer of a Cart and the Customer Group it takes from them (none without one). */
function setCustomer(ctx: WriteContext, cart: Cart, customerId: string | undefined): void {
  if (customerId === undefined) {
    // The group came with the Customer (decision: it goes with them).
    delete cart.customerId;
    delete cart.customerGroup;
    return;
  }
  const customer = customerOf(ctx, customerId);
  cart.customerId = customer.id;
  if (customer.customerGroup) cart.customerGroup = { typeId: 'customer-group', id: customer.customerGroup.id };
  else delete cart.customerGroup;
}

/** A Customer Group reference from an identifier (400 ReferencedResourceNotFound when none). */
function customerGroupReference(ctx: WriteContext, identifier: ResourceIdentifier, field: string): NonNullable<Cart['customerGroup']> {
  return { typeId: 'customer-group', id: ctx.resolveIdentifier('customer-group', identifier, field).id };
}

/** A Payment reference from an identifier (400 ReferencedResourceNotFound when none). */
function paymentReference(ctx: WriteContext, identifier: ResourceIdentifier): { typeId: 'payment'; id: string } {
  return { typeId: 'payment', id: ctx.resolveIdentifier('payment', identifier, 'payment').id };
}

/** 400 CountryNotConfiguredInStore when the Cart's Store has countries and `country` is none of them. */
function assertCountryInStore(ctx: WriteContext, cart: Cart): void {
  if (!cart.store || cart.country === undefined) return;
  const store = ctx.state.collection<Store>('store').getByKey(cart.store.key);
  const countries = store?.countries.map((country) => country.code) ?? [];
  if (countries.length === 0 || countries.includes(cart.country)) return;
  const message = `The country ${cart.country} is not configured for the store ${cart.store.key}.`;
  throw new ApiError(400, [{ code: 'CountryNotConfiguredInStore', message, storeCountries: countries, country: cart.country }]);
}

/** The handlers of the update actions, each followed by the Cart's recalculation (see {@link cartType}). */
const handlers: ActionHandlers<Cart, CartUpdateAction> = {
  addLineItem(cart, action, ctx) {
    addLineItem(ctx, cart, action, 'action');
  },
  changeLineItemQuantity(cart, action, ctx) {
    const line = lineItemOf(cart, action);
    refuseGift(cart, line, action.quantity);
    changeQuantity(ctx, cart, line, action.quantity, action);
  },
  removeLineItem(cart, action, ctx) {
    const line = lineItemOf(cart, action);
    const quantity = action.quantity === undefined ? 0 : Math.max(0, line.quantity - action.quantity);
    refuseGift(cart, line, quantity);
    changeQuantity(ctx, cart, line, quantity);
  },
  setLineItemCustomField(cart, { name, value, ...address }, ctx) {
    const line = lineItemOf(cart, address);
    customFieldActions<Cart>('line-item').setCustomField(line as unknown as Cart, { action: 'setCustomField', name, value }, ctx);
  },
  setLineItemTaxRate(cart, action) {
    const line = lineItemOf(cart, action);
    if (cart.taxMode !== 'External') throw errors.invalidOperation("setLineItemTaxRate needs the Cart's taxMode External.");
    if (action.externalTaxRate) line.taxRate = externalRate(cart, action.externalTaxRate, 'externalTaxRate');
    else delete line.taxRate;
  },
  ...customLineItemActions,
  ...directDiscountActions,
  ...inventoryActions,
  ...externalPriceActions,
  ...freezeActions,
  ...customShippingActions,
  ...shoppingListActions,
  ...discountCodeActions,
  setShippingAddress(cart, { address }) {
    setOptional(cart, 'shippingAddress', address && addressOf(address));
  },
  setBillingAddress(cart, { address }) {
    setOptional(cart, 'billingAddress', address && addressOf(address));
  },
  setCustomerEmail(cart, { email }) {
    setOptional(cart, 'customerEmail', email);
  },
  setCountry(cart, { country }, ctx) {
    setOptional(cart, 'country', country);
    assertCountryInStore(ctx, cart);
    repriceLines(ctx, cart);
  },
  setLocale(cart, { locale }, ctx) {
    assertProjectLanguage(ctx.state, locale);
    setOptional(cart, 'locale', locale);
  },
  setAnonymousId(cart, { anonymousId }) {
    setOptional(cart, 'anonymousId', anonymousId);
  },
  setCustomerId(cart, { customerId }, ctx) {
    setCustomer(ctx, cart, customerId);
    repriceLines(ctx, cart);
  },
  setCustomerGroup(cart, { customerGroup }, ctx) {
    if (cart.customerId !== undefined) {
      throw errors.invalidOperation(
        "The Cart has a Customer and takes the Customer's Customer Group: setCustomerGroup needs a Cart without one.",
      );
    }
    setOptional(cart, 'customerGroup', customerGroup && customerGroupReference(ctx, customerGroup, 'customerGroup'));
    repriceLines(ctx, cart);
  },
  addPayment(cart, { payment }, ctx) {
    const reference = paymentReference(ctx, payment);
    assertPaymentUnassigned(ctx.state, reference.id, { typeId: 'cart', id: cart.id });
    const payments = cart.paymentInfo?.payments ?? [];
    if (!payments.some((p) => p.id === reference.id)) cart.paymentInfo = { payments: [...payments, reference] };
  },
  removePayment(cart, { payment }, ctx) {
    const { id } = paymentReference(ctx, payment);
    const payments = (cart.paymentInfo?.payments ?? []).filter((p) => p.id !== id);
    setOptional(cart, 'paymentInfo', payments.length > 0 ? { payments } : undefined);
  },
  recalculate(cart, { updateProductData }, ctx) {
    if (updateProductData === true) for (const line of cart.lineItems) refreshProductData(ctx, line);
    repriceLines(ctx, cart);
  },
  ...customFieldActions<Cart>('order'),
  setKey(cart, { key }) {
    setOptional(cart, 'key', key);
  },
  changeTaxMode(cart, { taxMode }) {
    if (taxMode === 'ExternalAmount') throw errors.notEmulated({ field: 'taxMode' });
    // The rates of one mode do not carry over to another: External ones are set again, Platform ones computed.
    if (cart.taxMode !== taxMode) {
      for (const item of [...cart.lineItems, ...cart.customLineItems]) delete item.taxRate;
      if (cart.shippingInfo) delete cart.shippingInfo.taxRate;
    }
    cart.taxMode = taxMode;
  },
  setShippingMethod(cart, { shippingMethod, externalTaxRate }, ctx) {
    setShippingMethod(ctx, cart, shippingMethod, externalTaxRate, ['shippingMethod', 'externalTaxRate']);
  },
  setShippingMethodTaxRate(cart, { externalTaxRate }) {
    setShippingTaxRate(cart, externalTaxRate);
  },
  changeTaxRoundingMode(cart, { taxRoundingMode }) {
    cart.taxRoundingMode = taxRoundingMode;
  },
  changeTaxCalculationMode(cart, { taxCalculationMode }) {
    cart.taxCalculationMode = taxCalculationMode;
  },
  changePriceRoundingMode(cart, { priceRoundingMode }) {
    cart.priceRoundingMode = priceRoundingMode;
  },
  setDeleteDaysAfterLastModification(cart, { deleteDaysAfterLastModification: days }, ctx) {
    cart.deleteDaysAfterLastModification = days ?? cartSettingsOf(ctx.state).deleteDaysAfterLastModification;
  },
};

/** Each handler refusing a Merged or Ordered Cart, and what a Frozen one refuses, first, and recalculating the Cart after. */
function recalculating(actions: ActionHandlers<Cart, CartUpdateAction>): ActionHandlers<Cart, CartUpdateAction> {
  const wrapped: Record<string, unknown> = {};
  for (const [name, handler] of Object.entries(actions) as [string, (cart: Cart, action: unknown, ctx: WriteContext) => void][]) {
    wrapped[name] = (cart: Cart, action: unknown, ctx: WriteContext) => {
      assertUpdatable(cart);
      assertFreezeAllows(ctx, cart, name);
      handler(cart, action, ctx);
      recalculateCart(ctx, cart);
    };
  }
  return wrapped as ActionHandlers<Cart, CartUpdateAction>;
}

/**
 * Carts (https://docs.commercetools.com/api/projects/carts): Line Items priced by the live
 * selection, Custom Line Items, shipping and taxes, totals in integer cents, computed again
 * after every change. The rules are in the schema (carts.yaml).
 */
export const cartType: ResourceType<Cart, CartDraft, CartUpdateAction> = {
  typeId: 'cart',
  path: 'carts',
  scopes: { view: ['view_orders', 'manage_orders'], manage: ['manage_orders'] },
  schemas: { resource: 'Cart', draft: 'CartDraft', updateAction: 'CartUpdateAction' },
  create(draft, ctx) {
    const settings = cartSettingsOf(ctx.state);
    const project = ctx.state.project;
    if (!project.currencies.includes(draft.currency)) {
      throw errors.invalidField(
        'currency',
        draft.currency,
        `The currency ${draft.currency} is not one of the project's currencies.`,
        project.currencies,
      );
    }
    if (draft.country !== undefined && !project.countries.includes(draft.country)) {
      throw errors.invalidField(
        'country',
        draft.country,
        `The country ${draft.country} is not one of the project's countries.`,
        project.countries,
      );
    }
    assertProjectLanguage(ctx.state, draft.locale);
    if (draft.taxMode === 'ExternalAmount') throw errors.notEmulated({ field: 'taxMode' });
    const store = draft.store && ctx.resolveIdentifier<Store>('store', draft.store, 'store');
    const cart = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.customerEmail !== undefined ? { customerEmail: draft.customerEmail } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(store ? { store: { typeId: 'store' as const, key: store.key } } : {}),
      lineItems: [],
      customLineItems: [],
      totalPrice: {
        type: 'centPrecision' as const,
        centAmount: 0,
        currencyCode: draft.currency,
        fractionDigits: fractionDigitsOf(draft.currency, 'currency'),
      },
      taxMode: draft.taxMode ?? 'Platform',
      priceRoundingMode: draft.priceRoundingMode ?? settings.priceRoundingMode,
      taxRoundingMode: draft.taxRoundingMode ?? settings.taxRoundingMode,
      taxCalculationMode: draft.taxCalculationMode ?? 'LineItemLevel',
      inventoryMode: inventoryModeOf(draft.inventoryMode, 'inventoryMode') ?? 'None',
      cartState: 'Active' as const,
      ...(draft.billingAddress ? { billingAddress: addressOf(draft.billingAddress) } : {}),
      ...(draft.shippingAddress ? { shippingAddress: addressOf(draft.shippingAddress) } : {}),
      shippingMode: 'Single' as const,
      shipping: [],
      itemShippingAddresses: [],
      discountCodes: [],
      directDiscounts: [],
      refusedGifts: [],
      ...(draft.country !== undefined ? { country: draft.country } : {}),
      ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
      origin: draft.origin ?? 'Customer',
      deleteDaysAfterLastModification: draft.deleteDaysAfterLastModification ?? settings.deleteDaysAfterLastModification,
      ...(draft.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: draft.purchaseOrderNumber } : {}),
    } as unknown as Cart; // the kit adds id, version and dates
    const custom = customFieldsFrom(ctx, draft.custom, 'order');
    if (custom) cart.custom = custom;
    setCustomer(ctx, cart, draft.customerId);
    if (draft.customerGroup !== undefined) {
      const group = customerGroupReference(ctx, draft.customerGroup, 'customerGroup');
      if (cart.customerGroup && cart.customerGroup.id !== group.id) {
        throw errors.invalidOperation("The Cart takes the Customer Group of its Customer: 'customerGroup' must be that group or absent.");
      }
      cart.customerGroup = group;
    }
    assertCountryInStore(ctx, cart);
    draft.lineItems?.forEach((line, index) => addLineItem(ctx, cart, line, `lineItems[${index}]`));
    draft.customLineItems?.forEach((line, index) => addCustomLineItem(ctx, cart, line, `customLineItems[${index}]`));
    if (draft.externalTaxRateForShippingMethod && !draft.shippingMethod) {
      throw errors.invalidOperation("'externalTaxRateForShippingMethod' needs a 'shippingMethod'.");
    }
    const { shippingMethod, externalTaxRateForShippingMethod: shippingRate } = draft;
    setShippingMethod(ctx, cart, shippingMethod, shippingRate, ['shippingMethod', 'externalTaxRateForShippingMethod']);
    recalculateCart(ctx, cart);
    return cart;
  },
  actions: recalculating(handlers),
};
