import { errors } from '../../http/errors.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { assertVariantAttributes } from './attributes.js';
import { assertSkuFree, nextVariantId, variantFrom, variantKeyTaken, variantsOf, type Product } from './data.js';
import { changeData, stagedFlag, variantOf } from './staging.js';
import { pricesFrom } from '../kit/prices.js';
import { dropRemovedSku } from '../product-selections/background.js';

/**
 * The variant update actions of a Product. SKUs stay unique in the project and variant keys
 * within the Product (400 DuplicateField); each action changes the staged data, and the current
 * data too with `staged: false`.
 */
export const variantActions: ActionHandlers<Product, Schemas['ProductUpdateAction']> = {
  /** The action is the variant's draft. */
  addVariant(product, draft, ctx) {
    if (draft.sku !== undefined) assertSkuFree(ctx.state, draft.sku, 'sku', product.id, variantsOf(product));
    if (draft.key !== undefined && variantKeyTaken(product, draft.key)) throw errors.duplicateField('key', draft.key);
    const variant = variantFrom(nextVariantId(product), draft, pricesFrom(ctx, draft.prices, 'prices'));
    changeData(product, draft.staged, (data) => {
      data.variants.push(structuredClone(variant));
      assertVariantAttributes(ctx, product, data);
    });
    ctx.emit('ProductVariantAdded', {
      variant: structuredClone(product.masterData.staged.variants.at(-1)!),
      staged: stagedFlag(draft.staged),
    });
  },

  /**
   * The master variant cannot be removed (400 InvalidOperation): make another one master first.
   * Its SKU leaves the Product Selections' variant selections once the write commits (decision:
   * with `staged` true too, as the reference's removeVariant does not tell the two apart).
   */
  removeVariant(product, { id: variantId, sku, staged }, ctx) {
    const address = { variantId, sku };
    const removed = variantOf(product.masterData.staged, address);
    ctx.emit('ProductVariantDeleted', { variant: structuredClone(removed), removedImageUrls: [], staged: stagedFlag(staged) });
    changeData(product, staged, (data) => {
      const variant = variantOf(data, address);
      if (variant.id === data.masterVariant.id)
        throw errors.invalidOperation(`The master variant (id '${variant.id}') cannot be removed; make another variant master first.`);
      data.variants = data.variants.filter((v) => v.id !== variant.id);
    });
    const removedSku = removed.sku;
    if (removedSku !== undefined) ctx.onCommit(() => dropRemovedSku(ctx, product.id, removedSku));
  },

  /** The named variant becomes master; the former master is appended to `variants`. */
  changeMasterVariant(product, { variantId, sku, staged }) {
    changeData(product, staged, (data) => {
      const variant = variantOf(data, { variantId, sku });
      if (variant.id === data.masterVariant.id) return;
      data.variants = [...data.variants.filter((v) => v.id !== variant.id), data.masterVariant];
      data.masterVariant = variant;
    });
  },

  /** Sets or (without `sku`) removes the SKU of the variant `variantId`. */
  setSku(product, { variantId, sku, staged }, ctx) {
    changeData(product, staged, (data) => {
      const variant = variantOf(data, { variantId });
      if (sku === variant.sku) return;
      if (sku === undefined) {
        delete variant.sku;
        return;
      }
      const others = variantsOf(product).filter((v) => v.id !== variant.id);
      assertSkuFree(ctx.state, sku, 'sku', product.id, others);
      variant.sku = sku;
    });
  },

  /** Sets or (without `key`) removes the key of a variant; keys are unique within the Product. */
  setProductVariantKey(product, { variantId, sku, key, staged }) {
    changeData(product, staged, (data) => {
      const variant = variantOf(data, { variantId, sku });
      if (key === variant.key) return;
      if (key === undefined) {
        delete variant.key;
        return;
      }
      if (variantsOf(product).some((v) => v.id !== variant.id && v.key === key)) throw errors.duplicateField('key', key);
      variant.key = key;
    });
  },
};
