import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import { variantsOf, type Product } from '../products/data.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import { membershipOf, type Membership, type VariantExclusion, type VariantSelection } from './membership.js';
import type { WriteContext } from '../kit/write-context.js';

/** `Individual` holds the Products added; `IndividualExclusion` every Product but those excluded. */
export type ProductSelectionMode = Schemas['ProductSelectionMode'];
export type ProductSelection = Schemas['ProductSelection'];
type ProductSelectionDraft = Schemas['ProductSelectionDraft'];
/** The draft's deprecated `type`, the live service's former name of the mode. */
type DraftType = NonNullable<ProductSelectionDraft['type']>;

const MODE_OF_TYPE: Record<DraftType, ProductSelectionMode> = { individual: 'Individual', individualExclusion: 'IndividualExclusion' };
const TYPE_OF_MODE: Record<ProductSelectionMode, DraftType> = { Individual: 'individual', IndividualExclusion: 'individualExclusion' };

function modeOf({ mode, type }: ProductSelectionDraft): ProductSelectionMode {
  const typed = type === undefined ? undefined : MODE_OF_TYPE[type];
  if (mode !== undefined && typed !== undefined && mode !== typed) {
    throw errors.invalidInput(`The draft's 'type' '${String(type)}' and 'mode' '${mode}' name different modes.`);
  }
  return mode ?? typed ?? 'Individual';
}

/** What the actions on a Product of the selection carry: the Product and, by mode, its variants. */
type ProductAction = Omit<Schemas['ProductSelectionAddProductAction'], 'action'> &
  Pick<Schemas['ProductSelectionExcludeProductAction'], 'variantExclusion'>;

/**
 * Assignment changes of one request, applied to the membership index on commit; lets later
 * actions of the request see earlier ones (`null`: removed).
 */
function pendingOf(ctx: WriteContext): Map<string, Membership | null> {
  return ctx.scratch('product-selection-membership', () => new Map<string, Membership | null>());
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

function variantSelectionOf(product: Product, { variantSelection: selection }: ProductAction): VariantSelection | undefined {
  return selection && { type: selection.type, skus: checkedSkus(product, selection.skus, 'variantSelection.skus') };
}

function variantExclusionOf(product: Product, { variantExclusion: exclusion }: ProductAction): VariantExclusion | undefined {
  return exclusion && { skus: checkedSkus(product, exclusion.skus, 'variantExclusion.skus') };
}

const productRef = (product: { id: string }): Schemas['ProductReference'] => ({ typeId: 'product', id: product.id });
const present = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

const resolveProduct = (ctx: WriteContext, action: ProductAction) => ctx.resolveIdentifier<Product>('product', action.product, 'product');

function requireMode(selection: ProductSelection, mode: ProductSelectionMode, action: string): void {
  if (selection.mode !== mode) {
    throw errors.invalidOperation(`The update action '${action}' is not allowed for a Product Selection with mode '${selection.mode}'.`);
  }
}

/**
 * addProduct and excludeProduct: the Product joins with the given variants. Already there with the
 * same variants: 400 InvalidOperation, as for a Product added twice before variants existed; with
 * other ones: the live ProductPresentWithDifferentVariantSelection.
 */
function assign(
  selection: ProductSelection,
  product: Product,
  variants: Pick<Membership, 'variantSelection' | 'variantExclusion'>,
  ctx: WriteContext,
): void {
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

/** What differs between the two modes' actions: names, the assignment member, the live message texts. */
interface ModeActions {
  mode: ProductSelectionMode;
  /** `addProduct` or `excludeProduct`. */
  assign: string;
  /** `setVariantSelection` or `setVariantExclusion`. */
  set: string;
  member: 'variantSelection' | 'variantExclusion';
  /** Reads and checks the action's variant list (absent: every variant). */
  variants: (product: Product, action: ProductAction) => VariantSelection | VariantExclusion | undefined;
  assigned: { message: string; change: string };
  changed: { message: string; change: string };
  /** The live ProductAssignmentMissing message of the set action. */
  missing: string;
}

const INDIVIDUAL: ModeActions = {
  mode: 'Individual',
  assign: 'addProduct',
  set: 'setVariantSelection',
  member: 'variantSelection',
  variants: variantSelectionOf,
  assigned: { message: 'ProductSelectionProductAdded', change: 'AddProductChange' },
  changed: { message: 'ProductSelectionVariantSelectionChanged', change: 'SetVariantSelectionChange' },
  missing: 'A Product Variant Selection can only be set for a Product that has previously been added to the Product Selection.',
};

const EXCLUSION: ModeActions = {
  mode: 'IndividualExclusion',
  assign: 'excludeProduct',
  set: 'setVariantExclusion',
  member: 'variantExclusion',
  variants: variantExclusionOf,
  assigned: { message: 'ProductSelectionProductExcluded', change: 'ExcludeProductChange' },
  changed: { message: 'ProductSelectionVariantExclusionChanged', change: 'SetVariantExclusionChange' },
  missing:
    'A Variant Exclusion can only be set for a Product that has previously been added to the Product Selection of type Individual Exclusion.',
};

type Action = (selection: ProductSelection, action: ProductAction, ctx: WriteContext) => void;

/** addProduct / excludeProduct: only in its mode; the Product joins with the action's variants. */
function assignAction(spec: ModeActions): Action {
  return (selection, action, ctx) => {
    requireMode(selection, spec.mode, spec.assign);
    const product = resolveProduct(ctx, action);
    const variants = present({ [spec.member]: spec.variants(product, action) });
    assign(selection, product, variants, ctx);
    ctx.emit(spec.assigned.message, { product: productRef(product), ...variants });
    ctx.recordExtraChange({ change: spec.assign, type: spec.assigned.change, nextValue: productRef(product), ...variants });
  };
}

/**
 * setVariantSelection / setVariantExclusion: the live ProductAssignmentMissing unless the Product is
 * held in the action's mode; without a list, every variant. Setting what is there changes nothing.
 */
function setVariantsAction(spec: ModeActions): Action {
  const upper = spec.member.charAt(0).toUpperCase() + spec.member.slice(1);
  return (selection, action, ctx) => {
    const product = resolveProduct(ctx, action);
    const wanted = spec.variants(product, action);
    const existing = assignmentOf(ctx, selection.id, product.id);
    if (!existing || selection.mode !== spec.mode) throw errors.productAssignmentMissing(productRef(product), spec.missing);
    const next: Membership = { createdAt: existing.createdAt, ...present({ [spec.member]: wanted }) };
    if (isDeepStrictEqual(next, existing)) return;
    setAssignment(ctx, selection.id, product.id, next);
    const [before, after] = [existing[spec.member], next[spec.member]];
    ctx.emit(spec.changed.message, present({ product: productRef(product), [`old${upper}`]: before, [`new${upper}`]: after }));
    ctx.recordExtraChange(
      present({ change: spec.set, type: spec.changed.change, previousValue: before, nextValue: after, product: productRef(product) }),
    );
  };
}

/**
 * Product Selections of both modes (https://docs.commercetools.com/api/projects/product-selections).
 * Assignments live in the membership index, outside the resource; each action also records the
 * Change History Change the live service names for it, since the resource diff cannot see it.
 */
export const productSelectionType: ResourceType<ProductSelection, ProductSelectionDraft, Schemas['ProductSelectionUpdateAction']> = {
  typeId: 'product-selection',
  path: 'product-selections',
  scopes: { view: viewScopes('product_selections'), manage: ['manage_product_selections'] },
  schemas: { resource: 'ProductSelection', draft: 'ProductSelectionDraft', updateAction: 'ProductSelectionUpdateAction' },
  create: (draft, ctx) => ({
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    productCount: 0,
    mode: modeOf(draft),
    ...customMemberFrom(ctx, draft, 'product-selection'),
  }),
  actions: {
    addProduct: assignAction(INDIVIDUAL),
    excludeProduct: assignAction(EXCLUSION),
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
    setVariantSelection: setVariantsAction(INDIVIDUAL),
    setVariantExclusion: setVariantsAction(EXCLUSION),
    changeName(selection, { name }) {
      selection.name = name;
    },
    setKey(selection, { key }) {
      setOptional(selection, 'key', key);
    },
    ...customFieldActions<ProductSelection>('product-selection'),
  },
  beforeDelete(selection, ctx) {
    for (const store of ctx.state.collection<Schemas['Store']>('store').values()) {
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
    {
      type: 'ProductSelectionCreated',
      payload: { productSelection: { ...structuredClone(selection), type: TYPE_OF_MODE[selection.mode] } },
    },
  ],
  deletedMessages: () => [{ type: 'ProductSelectionDeleted', payload: {} }],
};
