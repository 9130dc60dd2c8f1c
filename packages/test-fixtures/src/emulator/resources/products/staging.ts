import { errors } from '../../http/errors.js';
import { allVariants, refreshStagedFlag, type Product, type ProductData, type ProductVariant } from './data.js';

/**
 * Staged and current data. An update action with a `staged` flag changes the staged data only
 * (`staged` absent or true, the live default) or both data sets (`staged: false`); `hasStagedChanges`
 * follows whether the two differ.
 */

/** The data sets an action changes: staged, and current too when `staged` is false. */
export function targetData(product: Product, staged: unknown): ProductData[] {
  const { masterData } = product;
  return staged === false ? [masterData.staged, masterData.current] : [masterData.staged];
}

/** The `staged` member of an action's messages: the action's flag, true unless `false`. */
export function stagedFlag(action: Record<string, unknown>): boolean {
  return action['staged'] !== false;
}

/** Applies a change to the data sets the action's `staged` flag names, then refreshes `hasStagedChanges`. */
export function changeData(product: Product, staged: unknown, change: (data: ProductData) => void): void {
  for (const data of targetData(product, staged)) change(data);
  refreshStagedFlag(product.masterData);
}

/** How an action names a variant: `variantId` or `sku` (removeVariant: `id` or `sku`). */
export interface VariantAddress {
  variantId?: number;
  sku?: string;
}

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

/** Applies a change to the named variant in each data set the action's `staged` flag names. */
export function changeVariant(
  product: Product,
  action: Record<string, unknown>,
  change: (variant: ProductVariant, data: ProductData) => void,
): ProductVariant {
  const address = { variantId: action['variantId'] as number | undefined, sku: action['sku'] as string | undefined };
  const staged = variantOf(product.masterData.staged, address);
  changeData(product, action['staged'], (data) => change(variantOf(data, address), data));
  return staged;
}
