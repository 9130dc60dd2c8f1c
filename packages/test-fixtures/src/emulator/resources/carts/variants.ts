import type { EmulatorState } from '../../state.js';
import { errors } from '../../http/errors.js';
import { allVariants, type Product, type ProductData, type ProductVariant } from '../products/data.js';

/** A published Product's variant as a Line Item takes it, with the data it comes from. */
export interface VariantOfProduct {
  product: Product;
  data: ProductData;
  variant: ProductVariant;
}

/**
 * Where each SKU of the catalogue is, by Product id: built on the first miss and checked on
 * every hit, so that a Cart update looks a SKU up in constant time however large the catalogue,
 * and a stale entry (a SKU moved or removed) or a new SKU costs one rebuild.
 */
const skuIndexes = new WeakMap<EmulatorState, Map<string, string>>();

function hasSku(product: Product | undefined, sku: string): product is Product {
  return product !== undefined && allVariants(product.masterData.current).some((variant) => variant.sku === sku);
}

function rebuiltSkuIndex(state: EmulatorState): Map<string, string> {
  const index = new Map<string, string>();
  for (const product of state.collection<Product>('product').values()) {
    for (const variant of allVariants(product.masterData.current)) if (variant.sku !== undefined) index.set(variant.sku, product.id);
  }
  skuIndexes.set(state, index);
  return index;
}

function productWithSku(state: EmulatorState, sku: string): Product | undefined {
  const products = state.collection<Product>('product');
  const cached = skuIndexes.get(state)?.get(sku);
  const hit = cached === undefined ? undefined : products.get(cached);
  if (hasSku(hit, sku)) return hit;
  const id = rebuiltSkuIndex(state).get(sku);
  return id === undefined ? undefined : products.get(id);
}

/** How a Line Item draft names its variant. */
export interface VariantAddress {
  productId?: string;
  variantId?: number;
  sku?: string;
}

/**
 * The published variant a Line Item draft names, by `sku` or by `productId` and `variantId` (the
 * master variant without one). Neither, an unknown Product or SKU, an unpublished Product (unless
 * `published` is false: a Shopping List's line) or an unknown variant id: 400 InvalidOperation
 * (the wording of the live service's answers).
 */
export function variantFor(state: EmulatorState, address: VariantAddress, field: string, { published = true } = {}): VariantOfProduct {
  let product: Product | undefined;
  if (address.productId !== undefined) {
    product = state.collection<Product>('product').get(address.productId);
    if (!product) throw errors.invalidOperation(`A product with ID '${address.productId}' not found.`);
  } else if (address.sku !== undefined) {
    product = productWithSku(state, address.sku);
    if (!product) throw errors.invalidOperation(`A product containing a variant with SKU '${address.sku}' not found.`);
  } else {
    throw errors.invalidOperation(`${field}: a Line Item needs either 'productId' (with 'variantId') or 'sku'.`);
  }
  if (published && !product.masterData.published) throw errors.invalidOperation(`The product '${product.id}' is not published.`);
  const data = product.masterData.current;
  const variant =
    address.productId !== undefined
      ? address.variantId === undefined
        ? data.masterVariant
        : allVariants(data).find((v) => v.id === address.variantId)
      : allVariants(data).find((v) => v.sku === address.sku);
  if (!variant) throw errors.invalidOperation(`The product '${product.id}' has no variant with ID '${address.variantId}'.`);
  if (address.productId !== undefined && address.sku !== undefined && variant.sku !== address.sku) {
    throw errors.invalidOperation(`The variant '${variant.id}' of product '${product.id}' does not have the SKU '${address.sku}'.`);
  }
  return { product, data, variant };
}
