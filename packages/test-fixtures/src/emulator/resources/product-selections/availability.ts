import type { EmulatorState } from '../../state.js';
import type { ProductData, ProductVariant } from '../products/data.js';
import type { ProductSelection, ProductSelectionMode } from './index.js';
import { membershipOf, variantsOfAssignment, type Membership } from './membership.js';
import type { Store } from '../stores/index.js';

/** An `Individual` selection's assignment lets a variant in (none: the Product is not in it). */
function includes(assignment: Membership | undefined, variant: ProductVariant): boolean {
  if (!assignment) return false;
  const selection = assignment.variantSelection;
  if (!selection) return true;
  const listed = variant.sku !== undefined && selection.skus.includes(variant.sku);
  return selection.type === 'includeOnly' ? listed : !listed;
}

/** An `IndividualExclusion` selection's assignment excludes a variant (none: the Product is not excluded). */
function excludes(assignment: Membership | undefined, variant: ProductVariant): boolean {
  if (!assignment) return false;
  const exclusion = assignment.variantExclusion;
  return !exclusion || (variant.sku !== undefined && exclusion.skus.includes(variant.sku));
}

/**
 * Which variants of a Product a Store offers, by the live rule written on `Store.productSelections`
 * in the schema (stores.yaml): no settings, every variant; no active setting, every variant when all
 * selections are `IndividualExclusion` and none otherwise; else a variant must be let in by an
 * active `Individual` selection (when there is one) and excluded by no active `IndividualExclusion`.
 *
 * @example
 * const offered = availableVariants(state, store, product.id, product.masterData.current); // [] when not available
 */
export function availableVariants(
  state: EmulatorState,
  store: Store,
  productId: string,
  data: Pick<ProductData, 'masterVariant' | 'variants'>,
): ProductVariant[] {
  const variants = [data.masterVariant, ...data.variants];
  const settings = store.productSelections;
  if (settings.length === 0) return variants;
  const selections = state.collection<ProductSelection>('product-selection');
  const modeOf = (id: string): ProductSelectionMode => selections.get(id)?.mode ?? 'Individual';
  const active = settings.filter((setting) => setting.active).map((setting) => setting.productSelection.id);
  if (active.length === 0) return settings.every((s) => modeOf(s.productSelection.id) === 'IndividualExclusion') ? variants : [];
  const membership = membershipOf(state);
  const assignments = (mode: ProductSelectionMode) => active.filter((id) => modeOf(id) === mode).map((id) => membership.get(id, productId));
  const inclusions = assignments('Individual');
  const exclusions = assignments('IndividualExclusion');
  return variants.filter(
    (variant) => (inclusions.length === 0 || inclusions.some((a) => includes(a, variant))) && !exclusions.some((a) => excludes(a, variant)),
  );
}

/**
 * The data as a Store offers it: only its available variants, the first of them as master when the
 * master variant is not one (decision: the reference does not say which variant leads); undefined
 * when none is available.
 */
export function inStoreData<T extends Pick<ProductData, 'masterVariant' | 'variants'>>(
  state: EmulatorState,
  store: Store,
  productId: string,
  data: T,
): T | undefined {
  const [masterVariant, ...variants] = availableVariants(state, store, productId, data);
  return masterVariant && { ...data, masterVariant, variants };
}

/**
 * One assignment per (active selection of the Store, Product in it), in the Store's order, with
 * the assignment's `variantSelection` or `variantExclusion` (an `IndividualExclusion` selection's
 * assignments are its exclusions).
 */
export function inStoreAssignments(state: EmulatorState, store: Store) {
  const membership = membershipOf(state);
  return store.productSelections
    .filter((setting) => setting.active)
    .flatMap((setting) =>
      [...membership.productsOf(setting.productSelection.id)].map(([productId, assignment]) => ({
        product: { typeId: 'product', id: productId },
        productSelection: { typeId: 'product-selection', id: setting.productSelection.id },
        ...variantsOfAssignment(assignment),
      })),
    );
}
