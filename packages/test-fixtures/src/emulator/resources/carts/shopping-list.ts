import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import type { Product } from '../products/data.js';
import type { ShoppingList } from '../shopping-lists/index.js';
import { addLineItem } from './line-items.js';
import type { Cart } from './shapes.js';

/**
 * `addShoppingList`: every Product line of the Shopping List joins the Cart as `addLineItem` would
 * add it (its variant, quantity and the action's channels; a line without `variantId` the master
 * variant), in the list's order. Decision: a line whose Product is gone or unpublished (the live
 * `deactivatedAt` lines) is left out; text lines have no Product and are left out too; the lines'
 * Custom Fields are of the list's Type, not the Cart's, and do not carry over.
 */
export const shoppingListActions: ActionHandlers<Cart, Schemas['CartUpdateAction']> = {
  addShoppingList(cart, { shoppingList, distributionChannel, supplyChannel }, ctx) {
    const list = ctx.resolveIdentifier<ShoppingList>('shopping-list', shoppingList, 'shoppingList');
    const products = ctx.state.collection<Product>('product');
    list.lineItems.forEach((line, index) => {
      if (!products.get(line.productId)?.masterData.published) return;
      addLineItem(
        ctx,
        cart,
        {
          productId: line.productId,
          ...(line.variantId !== undefined ? { variantId: line.variantId } : {}),
          quantity: line.quantity,
          ...(distributionChannel ? { distributionChannel } : {}),
          ...(supplyChannel ? { supplyChannel } : {}),
        },
        `shoppingList.lineItems[${index}]`,
      );
    });
  },
};
