import { errors } from '../../http/errors.js';
import type { ActionHandlers } from '../kit/resource-type.js';
import { rateFrom } from '../shipping-methods/rates.js';
import type { Cart, CartUpdateAction } from './shapes.js';
import { externalRate } from './taxes.js';

/**
 * setCustomShippingMethod (https://docs.commercetools.com/api/projects/carts#set-customshippingmethod):
 * a shipping of the caller's own, without a Shipping Method resource; it needs a shipping address
 * and a rate in the Cart's currency (400 InvalidOperation). It always matches the Cart.
 */
export const customShippingActions: ActionHandlers<Cart, CartUpdateAction> = {
  setCustomShippingMethod(cart, { shippingMethodName, shippingRate, taxCategory, externalTaxRate }, ctx) {
    if (!cart.shippingAddress) throw errors.invalidOperation('The Cart needs a shipping address before a Shipping Method can be set.');
    const rate = rateFrom(shippingRate, 'shippingRate');
    if (rate.price.currencyCode !== cart.totalPrice.currencyCode) {
      throw errors.invalidOperation(
        `shippingRate: the currency ${rate.price.currencyCode} is not the Cart's ${cart.totalPrice.currencyCode}.`,
      );
    }
    const category = taxCategory && ctx.resolveIdentifier('tax-category', taxCategory, 'taxCategory');
    const taxRate = externalTaxRate && externalRate(cart, externalTaxRate, 'externalTaxRate');
    cart.shippingInfo = {
      shippingMethodName,
      price: structuredClone(rate.price),
      shippingRate: rate,
      ...(category ? { taxCategory: { typeId: 'tax-category', id: category.id } } : {}),
      ...(taxRate ? { taxRate } : {}),
      deliveries: [],
      shippingMethodState: 'MatchesCart',
    };
  },
};
