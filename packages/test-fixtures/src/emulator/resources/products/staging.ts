import { errors } from '../../http/errors.js';
import { allVariants, refreshStagedFlag, type Product, type ProductData, type ProductVariant } from './data.js';
import type { Schemas } from '../kit/resource-type.js';

/**
 * Staged and current data. An update action with a `staged` flag changes the staged data only
 * (`staged` absent or true, the live default) or both data sets (`staged: false`); `hasStagedChanges`
 * follows whether the two differ.
 */

/** The data sets an action changes: staged, and current too when `staged` is false. */
export function targetData(product: Product, staged: boolean | undefined): ProductData[] {
  const { masterData } = product;
  return stagedFlag(staged) ? [masterData.staged] : [masterData.staged, masterData.current];
}

/**
 * The `staged` member of an action's messages: the action's flag, true when absent (the schema's
 * default, which the validator does not fill in).
 */
export function stagedFlag(staged: boolean | undefined): boolean {
  return staged ?? true;
}

/** Applies a change to the data sets the action's `staged` flag names, then refreshes `hasStagedChanges`. */
export function changeData(product: Product, staged: boolean | undefined, change: (data: ProductData) => void): void {
  for (const data of targetData(product, staged)) change(data);
  refreshStagedFlag(product.masterData);
}

/** How an action names a variant: `variantId` or `sku` (removeVariant: `id` or `sku`). */
export type VariantAddress = Pick<Schemas['ProductSetAttributeAction'], 'variantId' | 'sku'>;

/** The variant of one data set at an address, if any. */
export function variantAt(data: ProductData, address: VariantAddress): ProductVariant | undefined {
  return allVariants(data).find((v) => (address.variantId !== undefined ? v.id === address.variantId : v.sku === address.sku));
}

/**
 * The variant an action names in one data set. Neither `variantId` nor `sku` is 400 InvalidInput;
 * a variant missing from a data set the action changes is 400 InvalidOperation (decision: the
 * reference names no code; a variant added with `staged` true exists in the staged data only).
 */
export function variantOf(data: ProductData, address: VariantAddress): ProductVariant {
  if (address.variantId === undefined && address.sku === undefined)
    throw errors.invalidInput('Either variantId or sku is required to name the Product Variant.');
  const variant = variantAt(data, address);
  if (!variant) {
    const named = address.variantId !== undefined ? `id '${address.variantId}'` : `sku '${address.sku}'`;
    throw errors.invalidOperation(`The Product Variant with ${named} does not exist.`);
  }
  return variant;
}

/** Applies a change to the variant the action names in each data set its `staged` flag names. */
export function changeVariant(
  product: Product,
  { variantId, sku, staged }: VariantAddress & { staged?: boolean },
  change: (variant: ProductVariant, data: ProductData) => void,
): ProductVariant {
  const address = { variantId, sku };
  const target = variantOf(product.masterData.staged, address);
  changeData(product, staged, (data) => change(variantOf(data, address), data));
  return target;
}
