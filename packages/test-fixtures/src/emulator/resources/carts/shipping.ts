import { errors } from '../../http/errors.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import { cartSettingsOf } from '../project/cart-settings.js';
import type { ShippingMethod } from '../shipping-methods/index.js';
import { matchingZoneRate, shippingPriceOf, shippingRateFor } from '../shipping-methods/matching.js';
import { cartSatisfies } from '../shipping-methods/predicate.js';
import type { Cart, ExternalTaxRateDraft } from './shapes.js';
import { externalRate } from './taxes.js';

type ShippingInfo = NonNullable<Cart['shippingInfo']>;

/** The rate of a method for the Cart's shipping address and currency, when the method is active and ships there. */
function matchingRate(ctx: WriteContext, cart: Cart, method: ShippingMethod | undefined): ShippingInfo['shippingRate'] | undefined {
  if (!method?.active || !cart.shippingAddress) return undefined;
  return shippingRateFor(ctx.state, method, cart.shippingAddress, cart.totalPrice.currencyCode);
}

/**
 * Prices the shipping of a Cart for its items' value in cents, and says whether its method still
 * matches (https://docs.commercetools.com/api/shipping-delivery-overview): the method's current
 * rate while it matches, else the last one, `freeAbove` and CartValue tiers applied.
 */
export function applyShipping(ctx: WriteContext, cart: Cart, itemsValue: number): void {
  const info = cart.shippingInfo;
  if (!info) return;
  const method = info.shippingMethod && ctx.state.collection<ShippingMethod>('shipping-method').get(info.shippingMethod.id);
  const rate = matchingRate(ctx, cart, method);
  // A custom shipping (no Shipping Method) has no predicate or zones to fail.
  info.shippingMethodState = rate || !info.shippingMethod ? 'MatchesCart' : 'DoesNotMatchCart';
  if (rate) info.shippingRate = structuredClone(rate);
  if (method) info.taxCategory = structuredClone(method.taxCategory);
  info.price = shippingPriceOf(info.shippingRate, itemsValue, cartSettingsOf(ctx.state).shippingRateInputType?.type);
}

/**
 * Marks the Cart's Shipping Method `DoesNotMatchCart` when the Cart, as fully recalculated, does
 * not satisfy its `predicate` (https://docs.commercetools.com/api/projects/shippingMethods); run last.
 */
export function applyShippingPredicate(ctx: WriteContext, cart: Cart): void {
  const info = cart.shippingInfo;
  if (info?.shippingMethodState !== 'MatchesCart' || !info.shippingMethod) return;
  const method = ctx.state.collection<ShippingMethod>('shipping-method').get(info.shippingMethod.id);
  if (method && !cartSatisfies(ctx.state, method, cart)) info.shippingMethodState = 'DoesNotMatchCart';
}

/**
 * Sets the Shipping Method of a Cart (setShippingMethod, and `shippingMethod` of a draft): it must
 * exist, the Cart needs a shipping address, and the method must be active with a rate for the
 * address's zone in the Cart's currency (400 InvalidOperation). Without a method, removes it.
 */
export function setShippingMethod(
  ctx: WriteContext,
  cart: Cart,
  identifier: ResourceIdentifier | undefined,
  externalTaxRate: ExternalTaxRateDraft | undefined,
  [field, rateField]: [string, string],
): void {
  if (!identifier) {
    delete cart.shippingInfo;
    return;
  }
  const method = ctx.resolveIdentifier<ShippingMethod>('shipping-method', identifier, field);
  const address = cart.shippingAddress;
  if (!address) throw errors.invalidOperation('The Cart needs a shipping address before a Shipping Method can be set.');
  if (!method.active) throw errors.invalidOperation(`Shipping method '${method.id}' is not active.`);
  if (!cartSatisfies(ctx.state, method, cart))
    throw errors.invalidOperation(`Shipping method '${method.id}' does not match the Cart: the predicate does not match the cart.`);
  const zoneRate = matchingZoneRate(ctx.state, method, address);
  if (!zoneRate) {
    const where = address.state === undefined ? address.country : `${address.country}, ${address.state}`;
    throw errors.invalidOperation(`Shipping method '${method.id}' has no zone for the shipping address (${where}).`);
  }
  const currency = cart.totalPrice.currencyCode;
  const rate = zoneRate.shippingRates.find((candidate) => candidate.price.currencyCode === currency);
  if (!rate) {
    throw errors.invalidOperation(
      `Shipping method '${method.id}' does not contain a shipping rate for zone '${zoneRate.zone.id}' and currency '${currency}'.`,
    );
  }
  const taxRate = externalTaxRate && externalRate(cart, externalTaxRate, rateField);
  cart.shippingInfo = {
    shippingMethodName: method.name,
    price: structuredClone(rate.price),
    shippingRate: structuredClone(rate),
    taxCategory: structuredClone(method.taxCategory),
    ...(taxRate ? { taxRate } : {}),
    shippingMethod: { typeId: 'shipping-method', id: method.id },
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
}

/** setShippingMethodTaxRate: the external rate of the shipping, in `External` tax mode with a Shipping Method (400 InvalidOperation). */
export function setShippingTaxRate(cart: Cart, externalTaxRate: ExternalTaxRateDraft | undefined): void {
  if (cart.taxMode !== 'External') throw errors.invalidOperation("setShippingMethodTaxRate needs the Cart's taxMode External.");
  if (!cart.shippingInfo) throw errors.invalidOperation('The Cart has no Shipping Method.');
  if (externalTaxRate) cart.shippingInfo.taxRate = externalRate(cart, externalTaxRate, 'externalTaxRate');
  else delete cart.shippingInfo.taxRate;
}
