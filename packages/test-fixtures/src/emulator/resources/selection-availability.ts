import type { EmulatorState } from '../state.js';
import { membershipOf } from './selection-membership.js';
import type { Store } from './stores.js';

/**
 * Availability of a Product in a Store (contract-notes 2): an empty `productSelections` list makes
 * every Product available; otherwise only the Store's active selections count, and with none
 * active nothing is available.
 */
export function isAvailableInStore(state: EmulatorState, store: Store, productId: string): boolean {
  if (store.productSelections.length === 0) return true;
  const membership = membershipOf(state);
  return store.productSelections.some((setting) => setting.active && membership.has(setting.productSelection.id, productId));
}

/** One assignment per (active selection of the Store, product in it), in the Store's order. */
export function inStoreAssignments(state: EmulatorState, store: Store) {
  const membership = membershipOf(state);
  return store.productSelections
    .filter((setting) => setting.active)
    .flatMap((setting) =>
      [...membership.productsOf(setting.productSelection.id).keys()].map((productId) => ({
        product: { typeId: 'product', id: productId },
        productSelection: { typeId: 'product-selection', id: setting.productSelection.id },
      })),
    );
}
