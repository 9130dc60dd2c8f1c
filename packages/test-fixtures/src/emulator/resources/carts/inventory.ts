import type { EmulatorContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { inventoryEntryType, type InventoryEntry } from '../inventory/index.js';
import { applyChange, type Caller } from '../kit/operations.js';
import type { ActionHandlers } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';
import { lineItemOf } from './line-items.js';
import type { Cart, CartUpdateAction, LineItem } from './shapes.js';
import { entryOf, inventoryModeOf, setLineInventoryMode } from './stock-limits.js';

/** The Cart action of the inventory mode of one line. */
export const inventoryActions: ActionHandlers<Cart, CartUpdateAction> = {
  setLineItemInventoryMode(cart, action) {
    setLineInventoryMode(cart, lineItemOf(cart, action), inventoryModeOf(action.inventoryMode, 'inventoryMode'));
  },
};

/**
 * Checks the lines of a Cart being ordered against the Inventory, each by its inventory mode
 * (https://docs.commercetools.com/api/projects/carts#inventorymode): `TrackOnly` needs an entry for
 * the SKU and supply Channel; `ReserveOnOrder` also enough `availableQuantity` (counting the
 * Cart's earlier lines of the same entry), unless the entry has `restockableInDays`. Any line out
 * of stock is 400 OutOfStock naming them all, before anything changes; otherwise, once the Order
 * commits, each entry's `availableQuantity` drops by its lines' quantities (a new version of the
 * entry, in its Change History; the live service sends no InventoryEntryQuantitySet for it).
 *
 * @example
 * reserveStock(context, ctx, cart, caller); // in the Order's create, after the Cart's checks
 */
export function reserveStock(context: EmulatorContext, ctx: WriteContext, cart: Cart, caller: Caller): void {
  const reserved = new Map<string, { entry: InventoryEntry; quantity: number }>();
  const outOfStock: LineItem[] = [];
  for (const line of cart.lineItems) {
    const mode = line.inventoryMode ?? cart.inventoryMode;
    if (mode === 'None') continue;
    const entry = entryOf(ctx.state, line.variant.sku, line.supplyChannel);
    if (!entry) {
      outOfStock.push(line);
      continue;
    }
    const held = reserved.get(entry.id) ?? { entry, quantity: 0 };
    const short = entry.availableQuantity - held.quantity < line.quantity;
    if (mode === 'ReserveOnOrder' && short && entry.restockableInDays === undefined) outOfStock.push(line);
    reserved.set(entry.id, { entry, quantity: held.quantity + line.quantity });
  }
  if (outOfStock.length > 0) {
    const skus = outOfStock.flatMap((line) => (line.variant.sku === undefined ? [] : [line.variant.sku]));
    const message = `Some line items are out of stock at the time of placing the order: ${skus.join(', ')}.`;
    throw new ApiError(400, [{ code: 'OutOfStock', message, lineItems: outOfStock.map((line) => line.id), skus }]);
  }
  ctx.onCommit(() => {
    for (const { entry, quantity } of reserved.values()) {
      applyChange(context, inventoryEntryType, entry, caller, [{ action: 'reserveForOrder', quantity }], (working) => {
        working.availableQuantity -= quantity;
      });
    }
  });
}
