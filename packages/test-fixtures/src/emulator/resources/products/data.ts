import { isDeepStrictEqual } from 'node:util';
import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { Price } from '../kit/prices.js';
import type { Schemas } from '../kit/resource-type.js';

/**
 * The data of a Product (current or staged) and the rules on it that span Products: SKUs are
 * unique in the project, slugs unique per locale, variant keys unique within one Product.
 */

export type Attribute = Schemas['Attribute'];
export type Image = Schemas['Image'];
export type ProductVariantDraft = Schemas['ProductVariantDraft'];

/**
 * A variant as stored: the answer's shape, whose lists are optional there, always holds its
 * attributes, prices, images and (always empty, a draft with assets is refused) assets.
 */
export type ProductVariant = Schemas['ProductVariant'] &
  Required<Pick<Schemas['ProductVariant'], 'attributes' | 'prices' | 'images' | 'assets'>>;

/** Product data (current or staged) as stored: its variants as stored. */
export type ProductData = Omit<Schemas['ProductData'], 'masterVariant' | 'variants'> & {
  masterVariant: ProductVariant;
  variants: ProductVariant[];
};

export type ProductCatalogData = Omit<Schemas['ProductCatalogData'], 'current' | 'staged'> & { current: ProductData; staged: ProductData };

export type Product = Omit<Schemas['Product'], 'masterData'> & { masterData: ProductCatalogData };

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
