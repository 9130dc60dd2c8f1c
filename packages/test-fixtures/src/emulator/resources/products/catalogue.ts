import { errors } from '../../http/errors.js';
import type { Image, Product, ProductData } from './data.js';
import { changeData, changeVariant, stagedFlag } from './staging.js';
import type { WriteContext } from '../kit/write-context.js';

type Action = Record<string, unknown>;
type LocalizedField = 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords';

/** An action that sets (or, when the action leaves the value out, removes) one localized field. */
function setLocalized(field: LocalizedField) {
  return (product: Product, action: Action) => {
    const value = action[field] as Record<string, string> | undefined;
    changeData(product, action['staged'], (data: ProductData) => {
      if (value === undefined) delete data[field];
      else data[field] = structuredClone(value);
    });
  };
}

/**
 * The catalogue data actions of a Product: localized texts, search keywords and the images of a
 * variant. Each changes the staged data, and the current data too with `staged: false`.
 */
export const catalogueActions = {
  setDescription: setLocalized('description'),
  setMetaTitle: setLocalized('metaTitle'),
  setMetaDescription: setLocalized('metaDescription'),
  setMetaKeywords: setLocalized('metaKeywords'),

  setSearchKeywords(product: Product, action: Action) {
    const keywords = action['searchKeywords'] as ProductData['searchKeywords'];
    changeData(product, action['staged'], (data) => (data.searchKeywords = structuredClone(keywords)));
  },

  /** Appends an image hosted elsewhere (`url` kept as given) to the variant's images. */
  addExternalImage(product: Product, action: Action, ctx: WriteContext) {
    const image = action['image'] as Image;
    const variant = changeVariant(product, action, (target) => target.images.push(structuredClone(image)));
    ctx.emit('ProductImageAdded', { variantId: variant.id, image, staged: stagedFlag(action) });
  },

  /** Removes the variant's image with this URL; none is 400 InvalidOperation (decision: the reference names no code). */
  removeImage(product: Product, action: Action) {
    const url = action['imageUrl'] as string;
    changeVariant(product, action, (variant) => {
      if (!variant.images.some((image) => image.url === url))
        throw errors.invalidOperation(`The Product Variant '${variant.id}' has no image with the URL '${url}'.`);
      variant.images = variant.images.filter((image) => image.url !== url);
    });
  },
};
