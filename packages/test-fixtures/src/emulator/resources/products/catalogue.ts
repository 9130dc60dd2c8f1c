import { errors } from '../../http/errors.js';
import type { Product } from './data.js';
import { changeData, changeVariant, stagedFlag } from './staging.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';

type LocalizedField = 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords';

/** An action that sets (or, when the action leaves the value out, removes) one localized field. */
function setLocalized<F extends LocalizedField>(field: F) {
  return (product: Product, action: { [K in F]?: Schemas['LocalizedString'] } & { staged?: boolean }) => {
    const value = action[field];
    changeData(product, action.staged, (data) => {
      if (value === undefined) delete data[field];
      else data[field] = structuredClone(value);
    });
  };
}

/**
 * The catalogue data actions of a Product: localized texts, search keywords and the images of a
 * variant. Each changes the staged data, and the current data too with `staged: false`.
 */
export const catalogueActions: ActionHandlers<Product, Schemas['ProductUpdateAction']> = {
  setDescription: setLocalized('description'),
  setMetaTitle: setLocalized('metaTitle'),
  setMetaDescription: setLocalized('metaDescription'),
  setMetaKeywords: setLocalized('metaKeywords'),

  setSearchKeywords(product, { searchKeywords, staged }) {
    changeData(product, staged, (data) => (data.searchKeywords = structuredClone(searchKeywords)));
  },

  /** Appends an image hosted elsewhere (`url` kept as given) to the variant's images. */
  addExternalImage(product, action, ctx) {
    const { image, staged } = action;
    const variant = changeVariant(product, action, (target) => target.images.push(structuredClone(image)));
    ctx.emit('ProductImageAdded', { variantId: variant.id, image, staged: stagedFlag(staged) });
  },

  /** Removes the variant's image with this URL; none is 400 InvalidOperation (decision: the reference names no code). */
  removeImage(product, action) {
    const { imageUrl: url } = action;
    changeVariant(product, action, (variant) => {
      if (!variant.images.some((image) => image.url === url))
        throw errors.invalidOperation(`The Product Variant '${variant.id}' has no image with the URL '${url}'.`);
      variant.images = variant.images.filter((image) => image.url !== url);
    });
  },
};
