import { ApiError, errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { Product } from '../products/data.js';
import { cartTaxedPrice, taxRateFor, taxedItemPrice, type ItemTaxRate, type TaxedItemPrice, type UnitPrices } from '../kit/taxes.js';
import type { TaxCategory } from '../tax-categories/index.js';
import { cartSettingsOf } from '../project/cart-settings.js';
import type { Cart, CustomLineItem, ExternalTaxRateDraft, LineItem } from './shapes.js';

/** An item of a Cart that is taxed: a Line Item, a Custom Line Item, or the shipping. */
interface TaxedItem {
  taxRate?: ItemTaxRate;
  taxedPrice?: TaxedItemPrice;
}

/** 400 MissingTaxRateForCountry (https://docs.commercetools.com/api/errors#missingtaxrateforcountry). */
function missingTaxRate(taxCategoryId: string, country: string, state: string | undefined): ApiError {
  const where = state === undefined ? country : `${country}, ${state}`;
  return new ApiError(400, [
    {
      code: 'MissingTaxRateForCountry',
      message: `Tax category ${taxCategoryId} is missing a tax rate for country ${where}.`,
      taxCategoryId,
      country,
      ...(state !== undefined ? { state } : {}),
    },
  ]);
}

/**
 * The rate of a Tax Category for the Cart's shipping address (Platform tax mode); 400
 * MissingTaxRateForCountry when it has none (the country's rate stands in for a state only with
 * the project's `countryTaxRateFallbackEnabled`).
 */
export function platformRate(state: EmulatorState, cart: Cart, taxCategoryId: string): ItemTaxRate {
  const address = cart.shippingAddress!;
  const taxCategory = state.collection<TaxCategory>('tax-category').get(taxCategoryId);
  const rate =
    taxCategory &&
    taxRateFor(taxCategory.rates, address.country, address.state, { countryFallback: cartSettingsOf(state).countryTaxRateFallbackEnabled });
  if (!rate) throw missingTaxRate(taxCategoryId, address.country, address.state);
  return structuredClone(rate);
}

/**
 * A rate from an ExternalTaxRateDraft: `amount` or `subRates` (with both, `amount` their sum;
 * 400 InvalidOperation otherwise); `includedInPrice` false by default. Only in `External` tax
 * mode (400 InvalidOperation, decision).
 */
export function externalRate(cart: Cart, draft: ExternalTaxRateDraft, field: string): ItemTaxRate {
  if (cart.taxMode !== 'External') throw errors.invalidOperation(`${field}: an external tax rate needs the Cart's taxMode External.`);
  const sum = draft.subRates?.reduce((total, sub) => total + sub.amount, 0);
  if (draft.amount === undefined && sum === undefined)
    throw errors.invalidOperation(`${field}: a tax rate needs either 'amount' or 'subRates'.`);
  if (draft.amount !== undefined && sum !== undefined && Math.abs(draft.amount - sum) > 1e-9) {
    throw errors.invalidOperation(`${field}: 'amount' ${draft.amount} is not the sum ${sum} of the 'subRates' amounts.`);
  }
  return {
    name: draft.name,
    amount: draft.amount ?? sum!,
    includedInPrice: draft.includedInPrice ?? false,
    country: draft.country,
    ...(draft.state !== undefined ? { state: draft.state } : {}),
    ...(draft.subRates !== undefined ? { subRates: structuredClone(draft.subRates) } : {}),
  };
}

/** Sets or clears an item's taxed price for its rate and its units' (discounted) prices. */
function taxItem(cart: Cart, item: TaxedItem, unitPrices: readonly UnitPrices[], totalCentAmount: number): void {
  if (!item.taxRate) {
    delete item.taxedPrice;
    return;
  }
  const first = unitPrices[0] ?? { unitCentAmount: 0, quantity: 0 };
  item.taxedPrice = taxedItemPrice({
    unitCentAmount: first.unitCentAmount,
    quantity: unitPrices.reduce((sum, group) => sum + group.quantity, 0),
    totalCentAmount,
    unitPrices,
    rate: item.taxRate,
    calculationMode: cart.taxCalculationMode,
    roundingMode: cart.taxRoundingMode,
    currencyCode: cart.totalPrice.currencyCode,
    fractionDigits: cart.totalPrice.fractionDigits,
  });
}

/** The Tax Category of a Line Item: its Product's, looked up by id (none when the Product is gone or has none). */
function lineTaxCategory(state: EmulatorState, line: LineItem): string | undefined {
  return state.collection<Product>('product').get(line.productId)?.taxCategory?.id;
}

/** The (discounted) unit prices of a Cart's items, for their taxes. */
export interface ItemUnitPrices {
  /** Each item's units by price (the Cart Discounts split them); they sum to its `totalPrice`. */
  units(item: LineItem | CustomLineItem): readonly UnitPrices[];
  /** The shipping's value: its `price`, or its discounted price. */
  readonly shippingCents: number;
}

/**
 * Sets the rates and taxed prices of every item and the Cart's `taxedPrice` and
 * `taxedShippingPrice` by its tax mode (https://docs.commercetools.com/api/carts-orders-overview#taxes):
 * `Platform` from the Tax Categories once a shipping address is set; `External` from the rates
 * set on the items; `Disabled` none. The Cart's `taxedPrice` needs every item taxed and the
 * address set. Items are taxed on their discounted amounts, already computed.
 */
export function applyTaxes(state: EmulatorState, cart: Cart, prices: ItemUnitPrices): void {
  const items: { item: TaxedItem; units: readonly UnitPrices[]; total: number }[] = [
    ...[...cart.lineItems, ...cart.customLineItems].map((line: LineItem | CustomLineItem) => ({
      item: line,
      units: prices.units(line),
      total: line.totalPrice.centAmount,
    })),
  ];
  const shipping = cart.shippingInfo;
  if (shipping) items.push({ item: shipping, units: [{ unitCentAmount: prices.shippingCents, quantity: 1 }], total: prices.shippingCents });
  if (cart.taxMode === 'Platform') {
    for (const { item } of items) delete item.taxRate;
    if (cart.shippingAddress) {
      for (const line of cart.lineItems) {
        const taxCategory = lineTaxCategory(state, line);
        if (taxCategory !== undefined) line.taxRate = platformRate(state, cart, taxCategory);
      }
      for (const line of cart.customLineItems) if (line.taxCategory) line.taxRate = platformRate(state, cart, line.taxCategory.id);
      if (shipping?.taxCategory) shipping.taxRate = platformRate(state, cart, shipping.taxCategory.id);
    }
  } else if (cart.taxMode === 'Disabled') {
    for (const { item } of items) delete item.taxRate;
  }
  for (const { item, units, total } of items) taxItem(cart, item, units, total);
  const taxed = cart.shippingAddress !== undefined && items.every(({ item }) => item.taxedPrice !== undefined);
  const { currencyCode, fractionDigits } = cart.totalPrice;
  if (taxed && cart.taxMode !== 'Disabled')
    cart.taxedPrice = cartTaxedPrice(
      items.map(({ item }) => item.taxedPrice!),
      currencyCode,
      fractionDigits,
    );
  else delete cart.taxedPrice;
  if (taxed && shipping?.taxedPrice && cart.taxMode !== 'Disabled') {
    cart.taxedShippingPrice = cartTaxedPrice([shipping.taxedPrice], currencyCode, fractionDigits);
  } else delete cart.taxedShippingPrice;
}
