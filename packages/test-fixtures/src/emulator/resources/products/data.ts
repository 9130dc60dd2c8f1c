import { isDeepStrictEqual } from 'node:util';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { StoredResource } from '../../store/collection.js';
import type { Price, PriceDraft } from '../kit/prices.js';

/**
 * The data of a Product (current or staged) and the rules on it that span Products: SKUs are
 * unique in the project, slugs unique per locale, variant keys unique within one Product.
 */

export interface Attribute {
  name: string;
  value: unknown;
}

export interface Image {
  url: string;
  dimensions: { w: number; h: number };
  label?: string;
}

export interface ProductVariant {
  id: number;
  sku?: string;
  key?: string;
  prices: Price[];
  attributes: Attribute[];
  images: Image[];
  /** Always empty: a draft with assets is refused as not emulated. */
  assets: never[];
}

export interface ProductVariantDraft {
  sku?: string;
  key?: string;
  attributes?: Attribute[];
  prices?: PriceDraft[];
  images?: Image[];
}

type LocalizedString = Record<string, string>;

export interface ProductData {
  name: LocalizedString;
  categories: { typeId: 'category'; id: string }[];
  categoryOrderHints?: Record<string, string>;
  slug: LocalizedString;
  description?: LocalizedString;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  masterVariant: ProductVariant;
  variants: ProductVariant[];
  searchKeywords: Record<string, { text: string; suggestTokenizer?: Record<string, unknown> }[]>;
  /** Product-level attributes: always empty (a draft with them is refused as not emulated). */
  attributes: Attribute[];
}

export interface ProductCatalogData {
  published: boolean;
  hasStagedChanges: boolean;
  current: ProductData;
  staged: ProductData;
}

export interface Product extends StoredResource {
  productType: { typeId: 'product-type'; id: string };
  masterData: ProductCatalogData;
  taxCategory?: { typeId: 'tax-category'; id: string };
  priceMode?: 'Embedded' | 'Standalone';
}

/** A new variant from its draft and its prices (built by the caller, which resolves channels). */
export function variantFrom(id: number, draft: ProductVariantDraft | undefined, prices: Price[]): ProductVariant {
  return {
    id,
    ...(draft?.sku !== undefined ? { sku: draft.sku } : {}),
    ...(draft?.key !== undefined ? { key: draft.key } : {}),
    prices,
    attributes: structuredClone(draft?.attributes ?? []),
    images: structuredClone(draft?.images ?? []),
    assets: [],
  };
}

/** Every variant of one ProductData, master first. */
export function allVariants(data: Pick<ProductData, 'masterVariant' | 'variants'>): ProductVariant[] {
  return [data.masterVariant, ...data.variants];
}

/** Every variant of a Product, staged and current (a variant may exist only in staged data). */
export function variantsOf(product: Product): ProductVariant[] {
  return [...allVariants(product.masterData.current), ...allVariants(product.masterData.staged)];
}

/** The id the next added variant gets: one above every id used in staged or current data. */
export function nextVariantId(product: Product): number {
  return Math.max(...variantsOf(product).map((v) => v.id)) + 1;
}

/** True when the Product already has a variant with this key (staged or current). */
export function variantKeyTaken(product: Product, key: string): boolean {
  return variantsOf(product).some((v) => v.key === key);
}

function others(state: EmulatorState, exceptId: string | undefined): Product[] {
  return [...state.collection<Product>('product').values()].filter((p) => p.id !== exceptId);
}

/**
 * 400 DuplicateField (`field` as given) when another Product, or the Product itself in `own`,
 * already has a variant with this SKU. A scan over the Products: the emulator holds test data.
 */
export function assertSkuFree(
  state: EmulatorState,
  sku: string,
  field: string,
  exceptProductId: string | undefined,
  own: readonly ProductVariant[] = [],
): void {
  const taken = own.some((v) => v.sku === sku) || others(state, exceptProductId).some((p) => variantsOf(p).some((v) => v.sku === sku));
  if (taken) throw errors.duplicateField(field, sku);
}

/** 400 DuplicateField `slug.<locale>` when another Product uses the slug for that locale (staged or current). */
export function assertSlugFree(state: EmulatorState, slug: Record<string, string>, exceptProductId: string | undefined): void {
  const products = others(state, exceptProductId);
  for (const [locale, value] of Object.entries(slug)) {
    const taken = products.some((p) => p.masterData.current.slug[locale] === value || p.masterData.staged.slug[locale] === value);
    if (taken) throw errors.duplicateField(`slug.${locale}`, value);
  }
}

/** Recomputes `hasStagedChanges` after the staged or current data changed. */
export function refreshStagedFlag(masterData: ProductCatalogData): void {
  masterData.hasStagedChanges = !isDeepStrictEqual(masterData.current, masterData.staged);
}
