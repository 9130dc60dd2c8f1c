import type { Product, ProductData } from '../products/data.js';
import type { Schemas } from '../kit/resource-type.js';

/** The ProductProjection shape: one of a Product's two data sets, flattened, its variants as stored. */
export type ProductProjection = Schemas['ProductProjection'] & Pick<ProductData, 'masterVariant' | 'variants'>;

/**
 * The current (`staged` false) or staged projection of a Product. It does not decide visibility:
 * with `staged` false only published Products have a projection (see {@link hasProjection}).
 *
 * @example
 * if (hasProjection(product, false)) return json(projectProduct(product, false));
 */
export function projectProduct(product: Product, staged: boolean): ProductProjection {
  const { masterData } = product;
  const data = structuredClone(staged ? masterData.staged : masterData.current);
  return {
    id: product.id,
    version: product.version,
    ...(product.key !== undefined ? { key: product.key } : {}),
    productType: { ...product.productType },
    ...data,
    ...(product.taxCategory !== undefined ? { taxCategory: { ...product.taxCategory } } : {}),
    ...(product.state !== undefined ? { state: { ...product.state } } : {}),
    ...(product.priceMode !== undefined ? { priceMode: product.priceMode } : {}),
    published: masterData.published,
    hasStagedChanges: masterData.hasStagedChanges,
    ...(product.reviewRatingStatistics ? { reviewRatingStatistics: structuredClone(product.reviewRatingStatistics) } : {}),
    createdAt: product.createdAt,
    lastModifiedAt: product.lastModifiedAt,
  };
}

/** True when the Product has a projection of that kind: every Product is staged, only published ones current. */
export function hasProjection(product: Product, staged: boolean): boolean {
  return staged || product.masterData.published;
}
