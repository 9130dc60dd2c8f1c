import { ApiError, errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { InventoryEntry } from '../inventory/index.js';
import type { Cart, LineItem } from './shapes.js';

type InventoryMode = Cart['inventoryMode'];

/** An inventory mode of a draft or action; `ReserveOnCart` (reservations on the Cart) is 501 NotEmulated. */
export function inventoryModeOf<M extends InventoryMode | undefined>(mode: M, field: string): M {
  if (mode === 'ReserveOnCart') throw errors.notEmulated({ field });
  return mode;
}

/** Sets a line's own inventory mode: kept only when it differs from the Cart's (the live LineItem.inventoryMode). */
export function setLineInventoryMode(cart: Cart, line: LineItem, mode: InventoryMode | undefined): void {
  if (mode === undefined || mode === cart.inventoryMode) delete line.inventoryMode;
  else line.inventoryMode = mode;
}

/** The Inventory Entry of a SKU for a supply Channel (none: the entry without a Channel), if any. */
export function entryOf(state: EmulatorState, sku: string | undefined, channel: { id: string } | undefined): InventoryEntry | undefined {
  if (sku === undefined) return undefined;
  for (const entry of state.collection<InventoryEntry>('inventory-entry').values()) {
    if (entry.sku === sku && entry.supplyChannel?.id === channel?.id) return entry;
  }
  return undefined;
}

/**
 * 400 LineItemQuantityBelowLimit / LineItemQuantityAboveLimit when a line's quantity is outside the
 * `minCartQuantity` / `maxCartQuantity` of its SKU's Inventory Entry, whatever the inventory mode
 * (https://docs.commercetools.com/api/inventory-overview#quantity-limits).
 */
export function assertCartQuantityLimits(state: EmulatorState, line: LineItem): void {
  const entry = entryOf(state, line.variant.sku, line.supplyChannel);
  const { quantity } = line;
  if (entry?.minCartQuantity !== undefined && quantity < entry.minCartQuantity) {
    const message = `Quantity '${quantity}' less than minimum '${entry.minCartQuantity}'.`;
    throw new ApiError(400, [
      { code: 'LineItemQuantityBelowLimit', message, quantity, minCartQuantity: entry.minCartQuantity, lineItem: line.id },
    ]);
  }
  if (entry?.maxCartQuantity !== undefined && quantity > entry.maxCartQuantity) {
    const message = `Quantity '${quantity}' greater than maximum '${entry.maxCartQuantity}'.`;
    throw new ApiError(400, [
      { code: 'LineItemQuantityAboveLimit', message, quantity, maxCartQuantity: entry.maxCartQuantity, lineItem: line.id },
    ]);
  }
}
