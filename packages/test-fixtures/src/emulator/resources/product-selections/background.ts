import type { Product } from '../products/data.js';
import type { WriteContext } from '../kit/write-context.js';
import type { ProductSelection } from './index.js';
import { membershipOf, type Membership } from './membership.js';

/**
 * A change of a Product Selection's assignments that another write made: the selection gets a new
 * version and lastModifiedAt, keeps its lastModifiedBy and sends no message; its Change History
 * Record reads `actions` with `changes`, made by the platform.
 */
function backgroundChange(
  ctx: WriteContext,
  selection: ProductSelection,
  productCountDelta: number,
  actions: Record<string, unknown>[],
  changes: Record<string, unknown>[],
): void {
  const updated: ProductSelection = {
    ...selection,
    productCount: Math.max(0, selection.productCount + productCountDelta),
    version: selection.version + 1,
    lastModifiedAt: ctx.now,
  };
  ctx.state.collection<ProductSelection>('product-selection').replace(updated);
  ctx.recordChange('product-selection', 'updated', selection, updated, actions, { background: true, extraChanges: changes });
}

/** A Product left the selection in the background (its productCount drops). */
function productLeft(ctx: WriteContext, selection: ProductSelection, productRef: { typeId: string; id: string }): void {
  const actions = [{ action: 'removeProduct', product: productRef }];
  backgroundChange(ctx, selection, -1, actions, [{ change: 'removeProduct', type: 'RemoveProductChange', previousValue: productRef }]);
}

/** A deleted Product leaves every Product Selection that held it (its productCount drops). */
export function dropDeletedProduct(ctx: WriteContext, product: Pick<Product, 'id'>): void {
  const membership = membershipOf(ctx.state);
  const productRef = { typeId: 'product', id: product.id };
  for (const selectionId of membership.selectionsOf(product.id).keys()) {
    const selection = ctx.state.collection<ProductSelection>('product-selection').get(selectionId);
    if (!selection) continue;
    productLeft(ctx, selection, productRef);
  }
  membership.dropProduct(product.id);
}

/**
 * The SKU of a removed variant leaves the variant selections of the Product's assignments, as the
 * reference's removeVariant says (ProductRemoveVariantAction.raml). Decision: an `includeAllExcept`
 * left without SKUs becomes every variant (no `variantSelection`); an `includeOnly` left without
 * SKUs holds no variant of the Product, which leaves the selection. Variant exclusions are kept.
 */
export function dropRemovedSku(ctx: WriteContext, productId: string, sku: string): void {
  const membership = membershipOf(ctx.state);
  const productRef = { typeId: 'product', id: productId };
  for (const [selectionId, assignment] of [...membership.selectionsOf(productId)]) {
    const previous = assignment.variantSelection;
    const selection = ctx.state.collection<ProductSelection>('product-selection').get(selectionId);
    if (!previous?.skus.includes(sku) || !selection) continue;
    const skus = previous.skus.filter((s) => s !== sku);
    if (skus.length === 0 && previous.type === 'includeOnly') {
      membership.remove(selectionId, productId);
      productLeft(ctx, selection, productRef);
      continue;
    }
    const next: Membership = { createdAt: assignment.createdAt, ...(skus.length > 0 ? { variantSelection: { ...previous, skus } } : {}) };
    membership.add(selectionId, productId, next);
    const action = {
      action: 'setVariantSelection',
      product: productRef,
      ...(next.variantSelection ? { variantSelection: next.variantSelection } : {}),
    };
    const change = {
      change: 'setVariantSelection',
      type: 'SetVariantSelectionChange',
      previousValue: previous,
      ...(next.variantSelection ? { nextValue: next.variantSelection } : {}),
      product: productRef,
    };
    backgroundChange(ctx, selection, 0, [action], [change]);
  }
}
