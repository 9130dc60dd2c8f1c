import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../auth/principal.js';
import { errors } from '../http/errors.js';
import type { StoredResource } from '../store/collection.js';
import { variantsOf, type Product } from './product-data.js';
import type { ResourceType } from './resource-type.js';
import { membershipOf, type Membership, type VariantExclusion, type VariantSelection } from './selection-membership.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

/** `Individual` holds the Products added; `IndividualExclusion` every Product but those excluded. */
export type ProductSelectionMode = 'Individual' | 'IndividualExclusion';

export interface ProductSelection extends StoredResource {
  name: Record<string, string>;
  productCount: number;
  mode: ProductSelectionMode;
}

/** The draft's deprecated `type`, the live service's former name of the mode. */
const MODE_OF_TYPE: Record<string, ProductSelectionMode> = { individual: 'Individual', individualExclusion: 'IndividualExclusion' };
const TYPE_OF_MODE: Record<ProductSelectionMode, string> = { Individual: 'individual', IndividualExclusion: 'individualExclusion' };

function modeOf(draft: Record<string, unknown>): ProductSelectionMode {
  const mode = draft['mode'] as ProductSelectionMode | undefined;
  const typed = draft['type'] === undefined ? undefined : MODE_OF_TYPE[draft['type'] as string];
  if (mode !== undefined && typed !== undefined && mode !== typed) {
    throw errors.invalidInput(`The draft's 'type' '${String(draft['type'])}' and 'mode' '${mode}' name different modes.`);
  }
  return mode ?? typed ?? 'Individual';
}

/**
 * Assignment changes of one request, applied to the membership index on commit; lets later
 * actions of the request see earlier ones (`null`: removed).
 */
const pendingByContext = new WeakMap<WriteContext, Map<string, Membership | null>>();
function pendingOf(ctx: WriteContext): Map<string, Membership | null> {
  let pending = pendingByContext.get(ctx);
  if (!pending) pendingByContext.set(ctx, (pending = new Map()));
  return pending;
}

function assignmentOf(ctx: WriteContext, selectionId: string, productId: string): Membership | undefined {
  const pending = pendingOf(ctx).get(`${selectionId}/${productId}`);
  return pending === undefined ? membershipOf(ctx.state).get(selectionId, productId) : (pending ?? undefined);
}

function setAssignment(ctx: WriteContext, selectionId: string, productId: string, next: Membership | undefined): void {
  pendingOf(ctx).set(`${selectionId}/${productId}`, next ?? null);
  const membership = membershipOf(ctx.state);
  ctx.onCommit(() => (next ? membership.add(selectionId, productId, next) : membership.remove(selectionId, productId)));
}

/** Every SKU must name a variant of the Product (current or staged), else 400 InvalidInput. */
function checkedSkus(product: Product, skus: readonly string[], field: string): string[] {
  const known = new Set(variantsOf(product).flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku])));
  const unknown = skus.find((sku) => !known.has(sku));
  if (unknown !== undefined) throw errors.invalidInput(`${field}: the SKU '${unknown}' is not a variant of Product '${product.id}'.`);
  return [...skus];
}

function variantSelectionOf(product: Product, action: Record<string, unknown>): VariantSelection | undefined {
  const selection = action['variantSelection'] as VariantSelection | undefined;
  return selection && { type: selection.type, skus: checkedSkus(product, selection.skus, 'variantSelection.skus') };
}

function variantExclusionOf(product: Product, action: Record<string, unknown>): VariantExclusion | undefined {
  const exclusion = action['variantExclusion'] as VariantExclusion | undefined;
  return exclusion && { skus: checkedSkus(product, exclusion.skus, 'variantExclusion.skus') };
}

const productRef = (product: { id: string }) => ({ typeId: 'product' as const, id: product.id });
const present = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

function requireMode(selection: ProductSelection, mode: ProductSelectionMode, action: string): void {
  if (selection.mode !== mode) {
    throw errors.invalidOperation(`The update action '${action}' is not allowed for a Product Selection with mode '${selection.mode}'.`);
  }
}

/**
 * addProduct and excludeProduct: the Product joins with the given variants. Already there with the
 * same variants: 400 InvalidOperation (contract-notes 2); with other ones: the live
 * ProductPresentWithDifferentVariantSelection.
 */
function assign(selection: ProductSelection, product: Product, variants: Pick<Membership, 'variantSelection' | 'variantExclusion'>, ctx: WriteContext): void {
  const existing = assignmentOf(ctx, selection.id, product.id);
  if (existing) {
    const { createdAt: _createdAt, ...existingVariants } = existing;
    if (!isDeepStrictEqual(existingVariants, variants)) {
      const was = existing.variantSelection ?? existing.variantExclusion;
      throw errors.productPresentWithDifferentVariantSelection(productRef(product), was);
    }
    throw errors.invalidOperation(`Product '${product.id}' is already in Product Selection '${selection.id}'.`);
  }
  setAssignment(ctx, selection.id, product.id, { createdAt: ctx.now, ...variants });
  selection.productCount += 1;
}

/** setVariantSelection and setVariantExclusion: the live ProductAssignmentMissing unless the Product is held in `mode`. */
function reassign(
  selection: ProductSelection,
  product: Product,
  mode: ProductSelectionMode,
  message: string,
  change: (existing: Membership) => Membership,
  ctx: WriteContext,
): { before: Membership; after: Membership } | undefined {
  const existing = assignmentOf(ctx, selection.id, product.id);
  if (!existing || selection.mode !== mode) throw errors.productAssignmentMissing(productRef(product), message);
  const next = change(existing);
  if (isDeepStrictEqual(next, existing)) return undefined;
  setAssignment(ctx, selection.id, product.id, next);
  return { before: existing, after: next };
}

function withoutVariants({ createdAt }: Membership): Membership {
  return { createdAt };
}

const resolveProduct = (ctx: WriteContext, action: Record<string, unknown>) =>
  ctx.resolveIdentifier<Product>('product', action['product'] as ResourceIdentifier, 'product');

/**
 * Product Selections of both modes (https://docs.commercetools.com/api/projects/product-selections).
 * Assignments live in the membership index, outside the resource; each action also records the
 * Change History Change the live service names for it, since the resource diff cannot see it.
 */
export const productSelectionType: ResourceType<ProductSelection> = {
  typeId: 'product-selection',
  path: 'product-selections',
  scopes: { view: viewScopes('product_selections'), manage: ['manage_product_selections'] },
  schemas: { resource: 'ProductSelection', draft: 'ProductSelectionDraft', updateAction: 'ProductSelectionUpdateAction' },
  create: (draft) => ({
    ...(draft['key'] !== undefined ? { key: draft['key'] as string } : {}),
    name: draft['name'] as Record<string, string>,
    productCount: 0,
    mode: modeOf(draft),
  }),
  actions: {
    addProduct(selection, action, ctx) {
      requireMode(selection, 'Individual', 'addProduct');
      const product = resolveProduct(ctx, action);
      const variantSelection = variantSelectionOf(product, action);
      assign(selection, product, present({ variantSelection }), ctx);
      ctx.emit('ProductSelectionProductAdded', present({ product: productRef(product), variantSelection }));
      ctx.recordExtraChange(present({ change: 'addProduct', type: 'AddProductChange', nextValue: productRef(product), variantSelection }));
    },
    excludeProduct(selection, action, ctx) {
      requireMode(selection, 'IndividualExclusion', 'excludeProduct');
      const product = resolveProduct(ctx, action);
      const variantExclusion = variantExclusionOf(product, action);
      assign(selection, product, present({ variantExclusion }), ctx);
      ctx.emit('ProductSelectionProductExcluded', present({ product: productRef(product), variantExclusion }));
      ctx.recordExtraChange(present({ change: 'excludeProduct', type: 'ExcludeProductChange', nextValue: productRef(product), variantExclusion }));
    },
    removeProduct(selection, action, ctx) {
      const product = resolveProduct(ctx, action);
      if (!assignmentOf(ctx, selection.id, product.id)) {
        throw errors.invalidOperation(`Product '${product.id}' is not in Product Selection '${selection.id}'.`);
      }
      setAssignment(ctx, selection.id, product.id, undefined);
      selection.productCount -= 1;
      ctx.emit('ProductSelectionProductRemoved', { product: productRef(product) });
      ctx.recordExtraChange({ change: 'removeProduct', type: 'RemoveProductChange', previousValue: productRef(product) });
    },
    setVariantSelection(selection, action, ctx) {
      const product = resolveProduct(ctx, action);
      const wanted = variantSelectionOf(product, action);
      const changed = reassign(
        selection,
        product,
        'Individual',
        'A Product Variant Selection can only be set for a Product that has previously been added to the Product Selection.',
        (existing) => ({ ...withoutVariants(existing), ...present({ variantSelection: wanted }) }),
        ctx,
      );
      if (!changed) return;
      const [oldVariantSelection, newVariantSelection] = [changed.before.variantSelection, changed.after.variantSelection];
      ctx.emit('ProductSelectionVariantSelectionChanged', present({ product: productRef(product), oldVariantSelection, newVariantSelection }));
      ctx.recordExtraChange(
        present({ change: 'setVariantSelection', type: 'SetVariantSelectionChange', previousValue: oldVariantSelection, nextValue: newVariantSelection, product: productRef(product) }),
      );
    },
    setVariantExclusion(selection, action, ctx) {
      const product = resolveProduct(ctx, action);
      const wanted = variantExclusionOf(product, action);
      const changed = reassign(
        selection,
        product,
        'IndividualExclusion',
        'A Variant Exclusion can only be set for a Product that has previously been added to the Product Selection of type Individual Exclusion.',
        (existing) => ({ ...withoutVariants(existing), ...present({ variantExclusion: wanted }) }),
        ctx,
      );
      if (!changed) return;
      const [oldVariantExclusion, newVariantExclusion] = [changed.before.variantExclusion, changed.after.variantExclusion];
      ctx.emit('ProductSelectionVariantExclusionChanged', present({ product: productRef(product), oldVariantExclusion, newVariantExclusion }));
      ctx.recordExtraChange(
        present({ change: 'setVariantExclusion', type: 'SetVariantExclusionChange', previousValue: oldVariantExclusion, nextValue: newVariantExclusion, product: productRef(product) }),
      );
    },
    changeName(selection, action) {
      selection.name = action['name'] as Record<string, string>;
    },
    setKey(selection, action) {
      const key = action['key'];
      if (typeof key === 'string') selection.key = key;
      else delete selection.key;
    },
  },
  beforeDelete(selection, ctx) {
    for (const store of ctx.state.collection<StoredResource & { productSelections: { productSelection: { id: string } }[] }>('store').values()) {
      if (store.productSelections.some((setting) => setting.productSelection.id === selection.id)) {
        throw errors.referenceExists(`Can not delete a product-selection while it is referenced by a store (id '${store.id}').`, 'store');
      }
    }
  },
  afterDelete(selection, ctx) {
    membershipOf(ctx.state).dropSelection(selection.id);
  },
  // The live payload is the ProductSelection as created; `type` is the member the spec names.
  createdMessages: (selection) => [
    { type: 'ProductSelectionCreated', payload: { productSelection: { ...structuredClone(selection), type: TYPE_OF_MODE[selection.mode] } } },
  ],
  deletedMessages: () => [{ type: 'ProductSelectionDeleted', payload: {} }],
};
