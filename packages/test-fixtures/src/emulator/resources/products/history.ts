import { actionNames, change, differs, simple, type Change, type FieldRule, type ResourceHistoryRules } from '../../history/change-kit.js';
import { isLocalized, type Label } from '../../history/records.js';
import { ratingStatisticsChanges } from '../reviews/history.js';

/**
 * The Changes of a Product's catalog data (`masterData`), named as the live Change History names
 * them (https://docs.commercetools.com/api/history/change-types): `publish` / `unpublish`, then
 * per catalog (`catalogData`: `staged` or `current`) its texts, categories, variants, and per
 * variant its SKU, key, attributes, Prices and images. A variant is named in `variant` by its SKU,
 * else its key, else its id, as the live service does. Publishing copies the staged data to the
 * current one; that copy is the PublishChange, not a list of changes.
 */

interface PriceShape {
  id: string;
  key?: string;
  [field: string]: unknown;
}

interface VariantShape {
  id: number;
  sku?: string;
  key?: string;
  attributes?: { name: string; value: unknown }[];
  prices?: PriceShape[];
  images?: { url: string }[];
}

interface DataShape {
  name?: unknown;
  slug?: unknown;
  description?: unknown;
  metaTitle?: unknown;
  metaDescription?: unknown;
  metaKeywords?: unknown;
  searchKeywords?: unknown;
  categories?: { id: string }[];
  categoryOrderHints?: Record<string, string>;
  masterVariant?: VariantShape;
  variants?: VariantShape[];
}

interface MasterDataShape {
  published?: boolean;
  current?: DataShape;
  staged?: DataShape;
}

type CatalogData = 'staged' | 'current';

/** Localized texts of the data: field, change name, change type. */
const TEXTS: readonly [keyof DataShape, string, string][] = [
  ['name', 'changeName', 'ChangeLocalizedNameChange'],
  ['slug', 'changeSlug', 'ChangeSlugChange'],
  ['description', 'setDescription', 'SetLocalizedDescriptionChange'],
  ['metaTitle', 'setMetaTitle', 'SetMetaTitleChange'],
  ['metaDescription', 'setMetaDescription', 'SetMetaDescriptionChange'],
  ['metaKeywords', 'setMetaKeywords', 'SetMetaKeywordsChange'],
  ['searchKeywords', 'setSearchKeywords', 'SetSearchKeywordsChange'],
];

const variantName = (variant: VariantShape) => variant.sku ?? variant.key ?? String(variant.id);

function priceChanges(was: VariantShape, now: VariantShape, catalogData: CatalogData, settingPrices: boolean): Change[] {
  const variant = variantName(now);
  const before = was.prices ?? [];
  const after = now.prices ?? [];
  if (!differs(before, after)) return [];
  if (settingPrices) return [change('setPrices', 'SetPricesChange', before, after, { catalogData, variant })];
  const changes: Change[] = [];
  for (const price of after) {
    const old = before.find((p) => p.id === price.id);
    const withoutDiscount = (p: PriceShape) => ({ ...p, key: undefined, discounted: undefined });
    if (!old) changes.push(change('addPrice', 'AddPricesChange', undefined, price, { catalogData, priceId: price.id }));
    else if (differs(withoutDiscount(old), withoutDiscount(price)))
      changes.push(change('changePrice', 'ChangePriceChange', old, price, { catalogData, priceId: price.id }));
    else if (old.key !== price.key)
      changes.push(change('setPriceKey', 'SetPriceKeyChange', old.key, price.key, { catalogData, priceId: price.id, variant }));
    // A Product Discount's doing (or setDiscountedPrice): the live SetDiscountedPriceChange.
    if (old && !differs(withoutDiscount(old), withoutDiscount(price)) && differs(old.discounted, price.discounted))
      changes.push(
        change('setDiscountedPrice', 'SetDiscountedPriceChange', old.discounted, price.discounted, {
          catalogData,
          variant,
          priceId: price.id,
          price,
        }),
      );
  }
  for (const price of before) {
    if (!after.some((p) => p.id === price.id))
      changes.push(change('removePrice', 'RemovePricesChange', price, undefined, { catalogData, priceId: price.id }));
  }
  return changes;
}

function attributeChanges(was: VariantShape, now: VariantShape, catalogData: CatalogData): Change[] {
  const before = was.attributes ?? [];
  const after = now.attributes ?? [];
  const names = new Set([...before, ...after].map((a) => a.name));
  const changes: Change[] = [];
  for (const name of names) {
    const old = before.find((a) => a.name === name);
    const current = after.find((a) => a.name === name);
    if (differs(old, current))
      changes.push(change('setAttribute', 'SetAttributeChange', old, current, { catalogData, variant: variantName(now) }));
  }
  return changes;
}

function imageChanges(was: VariantShape, now: VariantShape, catalogData: CatalogData): Change[] {
  const before = was.images ?? [];
  const after = now.images ?? [];
  if (!differs(before, after)) return [];
  const variant = variantName(now);
  if (after.length > before.length) return [change('addExternalImage', 'AddExternalImageChange', before, after, { catalogData, variant })];
  return [change('removeImage', 'RemoveImageChange', before, after, { catalogData, variant })];
}

function variantChanges(was: VariantShape, now: VariantShape, catalogData: CatalogData, settingPrices: boolean): Change[] {
  const variant = variantName(now);
  const changes: Change[] = [];
  if (was.sku !== now.sku) changes.push(change('setSku', 'SetSkuChange', was.sku, now.sku, { catalogData, variant }));
  if (was.key !== now.key)
    changes.push(change('setProductVariantKey', 'SetProductVariantKeyChange', was.key, now.key, { catalogData, variant }));
  return [
    ...changes,
    ...attributeChanges(was, now, catalogData),
    ...priceChanges(was, now, catalogData, settingPrices),
    ...imageChanges(was, now, catalogData),
  ];
}

function categoryChanges(was: DataShape, now: DataShape, catalogData: CatalogData): Change[] {
  const before = was.categories ?? [];
  const after = now.categories ?? [];
  const changes: Change[] = [];
  for (const category of after)
    if (!before.some((c) => c.id === category.id))
      changes.push(change('addToCategory', 'AddToCategoryChange', before, after, { catalogData, category }));
  for (const category of before)
    if (!after.some((c) => c.id === category.id))
      changes.push(change('removeFromCategory', 'RemoveFromCategoryChange', before, after, { catalogData, category }));
  if (differs(was.categoryOrderHints ?? {}, now.categoryOrderHints ?? {}))
    changes.push(
      change('setCategoryOrderHint', 'SetCategoryOrderHintChange', was.categoryOrderHints ?? {}, now.categoryOrderHints ?? {}, {
        catalogData,
      }),
    );
  return changes;
}

function dataChanges(was: DataShape, now: DataShape, catalogData: CatalogData, settingPrices: boolean): Change[] {
  const changes: Change[] = [];
  for (const [field, name, type] of TEXTS)
    if (differs(was[field], now[field])) changes.push(change(name, type, was[field], now[field], { catalogData }));
  changes.push(...categoryChanges(was, now, catalogData));
  if (was.masterVariant && now.masterVariant && was.masterVariant.id !== now.masterVariant.id)
    changes.push(change('changeMasterVariant', 'ChangeMasterVariantChange', was.masterVariant, now.masterVariant, { catalogData }));
  const oldVariants = [was.masterVariant, ...(was.variants ?? [])].filter((v) => v !== undefined);
  const newVariants = [now.masterVariant, ...(now.variants ?? [])].filter((v) => v !== undefined);
  for (const variant of newVariants) {
    const old = oldVariants.find((v) => v.id === variant.id);
    if (!old) changes.push(change('addVariant', 'AddVariantChange', undefined, variant, { catalogData }));
    else changes.push(...variantChanges(old, variant, catalogData, settingPrices));
  }
  for (const variant of oldVariants) {
    if (!newVariants.some((v) => v.id === variant.id))
      changes.push(change('removeVariant', 'RemoveVariantChange', variant, undefined, { catalogData }));
  }
  return changes;
}

export const productMasterData: FieldRule = (previous, next, input) => {
  const before = (previous ?? {}) as MasterDataShape;
  const after = (next ?? {}) as MasterDataShape;
  const actions = actionNames(input);
  const changes: Change[] = [];
  const publishing = actions.has('publish') || (before.published !== true && after.published === true);
  if (publishing) changes.push(change('publish', 'PublishChange', undefined, undefined));
  else if (before.published === true && after.published !== true)
    changes.push(change('unpublish', 'UnpublishChange', undefined, undefined));
  const settingPrices = actions.has('setPrices');
  for (const catalogData of publishing ? (['staged'] as const) : (['staged', 'current'] as const)) {
    changes.push(...dataChanges(before[catalogData] ?? {}, after[catalogData] ?? {}, catalogData, settingPrices));
  }
  return changes;
};

/** A Product's Changes by field. */
export const productChanges: ResourceHistoryRules = {
  ...ratingStatisticsChanges,
  masterData: productMasterData,
  productType: simple('changeProductType', 'ChangeProductTypeChange'),
  taxCategory: simple('setTaxCategory', 'SetTaxCategoryChange'),
  state: simple('transitionState', 'TransitionStateChange'),
};

interface LabelledProduct {
  masterData?: { staged?: { name?: unknown; slug?: unknown } };
}

/** A Product's Label: the name and slug of its staged data, which is the newest. */
export function productLabel(resource: object): Label {
  const staged = (resource as LabelledProduct).masterData?.staged ?? {};
  return { type: 'ProductLabel', slug: isLocalized(staged.slug) ? staged.slug : {}, name: isLocalized(staged.name) ? staged.name : {} };
}
