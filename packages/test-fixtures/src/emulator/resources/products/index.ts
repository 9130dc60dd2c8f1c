import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { assertVariantAttributes, attributeActions } from './attributes.js';
import { catalogueActions } from './catalogue.js';
import { categoryActions } from './categories.js';
import {
  allVariants,
  assertSkuFree,
  assertSlugFree,
  refreshStagedFlag,
  variantFrom,
  type Product,
  type ProductData,
  type ProductVariant,
  type ProductVariantDraft,
} from './data.js';
import { priceActions } from './prices.js';
import { hasProjection, projectProduct } from '../product-projections/projection.js';
import { changeData } from './staging.js';
import { variantActions } from './variants.js';
import { categoryReference } from '../categories/index.js';
import { pricesFrom } from '../kit/prices.js';
import type { ProductType } from '../product-types/index.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import { applyProductDiscounts, rankedDiscounts } from '../product-discounts/apply.js';
import { dropDeletedProduct } from '../product-selections/background.js';
import { taxCategoryReference } from '../tax-categories/index.js';
import type { WriteContext } from '../kit/write-context.js';
import { stateReference, transitionState } from '../states/transitions.js';

export type { Product } from './data.js';

/**
 * The variants of a draft, master first (id 1, then 2, 3, ...). SKUs must be unique in the
 * project and variant keys within the Product; a clash is 400 DuplicateField naming the draft
 * field as the live service does (`masterVariant.sku`, `variants[0].key`, ...).
 */
function variantsFromDraft(
  ctx: WriteContext,
  master: ProductVariantDraft | undefined,
  drafts: readonly ProductVariantDraft[],
): ProductVariant[] {
  const fields = ['masterVariant', ...drafts.map((_, index) => `variants[${index}]`)];
  const variants = [master, ...drafts].map((draft, index) =>
    variantFrom(index + 1, draft, pricesFrom(ctx, draft?.prices, `${fields[index]}.prices`)),
  );
  variants.forEach((variant, index) => {
    const earlier = variants.slice(0, index);
    if (variant.sku !== undefined) assertSkuFree(ctx.state, variant.sku, `${fields[index]}.sku`, undefined, earlier);
    if (variant.key !== undefined && earlier.some((v) => v.key === variant.key))
      throw errors.duplicateField(`${fields[index]}.key`, variant.key);
  });
  return variants;
}

/** The Categories of a draft, each existing (400 ReferencedResourceNotFound otherwise), each once. */
function categoriesFrom(ctx: WriteContext, drafts: Schemas['ProductDraft']['categories']): ProductData['categories'] {
  const references = (drafts ?? []).map((draft, index) => categoryReference(ctx, draft, `categories[${index}]`));
  return references.filter((reference, index) => references.findIndex((other) => other.id === reference.id) === index);
}

/**
 * `publish` with scope `Prices` copies only the Prices of each staged variant to the current
 * variant with the same id; scope `All` (the default, which the validator does not fill in)
 * copies the whole staged data.
 */
function publish(product: Product, { scope = 'All' }: Schemas['ProductPublishAction'], ctx: WriteContext): void {
  const { masterData } = product;
  if (scope === 'Prices') {
    const staged = new Map(allVariants(masterData.staged).map((v) => [v.id, v]));
    for (const variant of allVariants(masterData.current)) {
      const source = staged.get(variant.id);
      if (source) variant.prices = structuredClone(source.prices);
    }
  } else masterData.current = structuredClone(masterData.staged);
  masterData.published = true;
  refreshStagedFlag(masterData);
  // The projection as published, at the version and time the write commits (a publish that
  // changes nothing commits nothing, so its message is dropped with it).
  const committed = { ...product, version: product.version + 1, lastModifiedAt: ctx.now };
  ctx.emit('ProductPublished', { removedImageUrls: [], productProjection: projectProduct(committed, false), scope });
}

/**
 * Products with current and staged data. `publish` copies staged to current (all of it, or with
 * scope `Prices` only the Prices), `revertStagedChanges` copies current to staged; every action
 * with a `staged` flag changes the staged data only unless `staged: false`.
 * Deleting a Product also removes it from every Product Selection, whose `productCount` drops
 * (a background change: version and lastModifiedAt move, lastModifiedBy stays).
 */
export const productType: ResourceType<Product, Schemas['ProductDraft'], Schemas['ProductUpdateAction']> = {
  typeId: 'product',
  path: 'products',
  scopes: { view: viewScopes('products'), manage: ['manage_products'] },
  schemas: { resource: 'Product', draft: 'ProductDraft', updateAction: 'ProductUpdateAction' },
  create(draft, ctx) {
    const type = ctx.resolveIdentifier<ProductType>('product-type', draft.productType, 'productType');
    const [masterVariant, ...variants] = variantsFromDraft(ctx, draft.masterVariant, draft.variants ?? []);
    assertVariantAttributes(ctx, { productType: { typeId: 'product-type', id: type.id } }, { masterVariant: masterVariant!, variants });
    const { slug } = draft;
    assertSlugFree(ctx.state, slug, undefined);
    const localized = (name: 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords') =>
      draft[name] !== undefined ? { [name]: draft[name] } : {};
    const data: ProductData = {
      name: draft.name,
      categories: categoriesFrom(ctx, draft.categories),
      ...(draft.categoryOrderHints !== undefined ? { categoryOrderHints: structuredClone(draft.categoryOrderHints) } : {}),
      slug,
      ...localized('description'),
      ...localized('metaTitle'),
      ...localized('metaDescription'),
      ...localized('metaKeywords'),
      masterVariant: masterVariant!,
      variants,
      searchKeywords: structuredClone(draft.searchKeywords ?? {}),
      attributes: [],
    };
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      productType: { typeId: 'product-type', id: type.id },
      // `publish` defaults to false, which the validator does not fill in.
      masterData: { published: draft.publish ?? false, hasStagedChanges: false, current: structuredClone(data), staged: data },
      ...(draft.taxCategory !== undefined ? { taxCategory: taxCategoryReference(ctx, draft.taxCategory, 'taxCategory') } : {}),
      ...(draft.priceMode !== undefined ? { priceMode: draft.priceMode } : {}),
      ...(draft.state !== undefined ? { state: stateReference(ctx, draft.state, 'ProductState', 'state') } : {}),
    };
  },
  /** Its discounted Prices as the Product Discounts in force give them (ProductPriceDiscountsSet when they change). */
  beforeStore(product, ctx) {
    const updatedPrices = applyProductDiscounts(product, rankedDiscounts(ctx.state, Date.parse(ctx.now)), ctx.state);
    if (updatedPrices.length > 0) ctx.emit('ProductPriceDiscountsSet', { updatedPrices });
  },
  actions: {
    publish,
    transitionState: transitionState<Product>(
      'ProductState',
      'ProductStateTransition',
      (product) => product.state,
      (product, state) => {
        product.state = state;
      },
    ),
    revertStagedChanges(product, _action, ctx) {
      const { masterData } = product;
      masterData.staged = structuredClone(masterData.current);
      refreshStagedFlag(masterData);
      ctx.emit('ProductRevertedStagedChanges', { removedImageUrls: [] });
    },
    unpublish(product, _action, ctx) {
      product.masterData.published = false;
      ctx.emit('ProductUnpublished');
    },
    changeName(product, { name, staged }) {
      changeData(product, staged, (data) => (data.name = structuredClone(name)));
    },
    changeSlug(product, { slug, staged }, ctx) {
      assertSlugFree(ctx.state, slug, product.id);
      ctx.emit('ProductSlugChanged', { slug: structuredClone(slug), oldSlug: structuredClone(product.masterData.staged.slug) });
      changeData(product, staged, (data) => (data.slug = structuredClone(slug)));
    },
    setKey(product, { key }) {
      setOptional(product, 'key', key);
    },
    /** Sets or (absent) removes the Tax Category: on the Product itself, so not staged. */
    setTaxCategory(product, { taxCategory }, ctx) {
      const reference = taxCategory === undefined ? undefined : taxCategoryReference(ctx, taxCategory, 'taxCategory');
      setOptional(product, 'taxCategory', reference);
    },
    ...variantActions,
    ...attributeActions,
    ...priceActions,
    ...catalogueActions,
    ...categoryActions,
  },
  createdMessages: (product) => [{ type: 'ProductCreated', payload: { productProjection: projectProduct(product, true) } }],
  deletedMessages: (product) => [
    {
      type: 'ProductDeleted',
      payload: {
        removedImageUrls: [],
        ...(hasProjection(product, false) ? { currentProjection: projectProduct(product, false) } : {}),
      },
    },
  ],
  afterDelete(product, ctx) {
    // A background change of each selection: no ProductSelectionProductRemoved, which belongs to
    // the removeProduct action.
    dropDeletedProduct(ctx, product);
  },
  present: (product) => ({
    id: product.id,
    version: product.version,
    ...(product.key !== undefined ? { key: product.key } : {}),
    productType: product.productType,
    masterData: product.masterData,
    ...(product.taxCategory !== undefined ? { taxCategory: product.taxCategory } : {}),
    ...(product.state !== undefined ? { state: product.state } : {}),
    ...(product.priceMode !== undefined ? { priceMode: product.priceMode } : {}),
    createdAt: product.createdAt,
    lastModifiedAt: product.lastModifiedAt,
    ...(product.reviewRatingStatistics !== undefined ? { reviewRatingStatistics: product.reviewRatingStatistics } : {}),
    ...(product.createdBy !== undefined ? { createdBy: product.createdBy } : {}),
    ...(product.lastModifiedBy !== undefined ? { lastModifiedBy: product.lastModifiedBy } : {}),
  }),
};
