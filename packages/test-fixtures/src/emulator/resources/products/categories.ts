import { errors } from '../../http/errors.js';
import { categoryReference } from '../categories/index.js';
import type { Product, ProductData } from './data.js';
import { changeData, stagedFlag } from './staging.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';

const holds = (data: ProductData, categoryId: string) => data.categories.some((c) => c.id === categoryId);

/** Sets the category's order hint in one data set, or removes it when `orderHint` is absent. */
function setOrderHint(data: ProductData, categoryId: string, orderHint: string | undefined): void {
  const hints = { ...data.categoryOrderHints };
  if (orderHint !== undefined) hints[categoryId] = orderHint;
  else delete hints[categoryId];
  if (Object.keys(hints).length > 0) data.categoryOrderHints = hints;
  else delete data.categoryOrderHints;
}

/**
 * The Category actions of a Product (https://docs.commercetools.com/api/projects/products).
 * Each changes the staged data, and the current data too with `staged: false`; a data set the
 * action changes must hold the Category (remove, order hint) or not hold it yet (add), else 400
 * InvalidOperation (live for the order hint; decision for add and remove, whose code the
 * reference does not name). A Category that does not exist is 400 ReferencedResourceNotFound.
 */
export const categoryActions: ActionHandlers<Product, Schemas['ProductUpdateAction']> = {
  addToCategory(product, { category: identifier, orderHint, staged }, ctx) {
    const category = categoryReference(ctx, identifier, 'category');
    changeData(product, staged, (data) => {
      if (holds(data, category.id)) throw errors.invalidOperation(`The Product is already in the Category '${category.id}'.`);
      data.categories.push(category);
      setOrderHint(data, category.id, orderHint);
    });
    ctx.emit('ProductAddedToCategory', { category, staged: stagedFlag(staged) });
  },

  /** Removes the Category and its order hint. */
  removeFromCategory(product, { category: identifier, staged }, ctx) {
    const category = categoryReference(ctx, identifier, 'category');
    changeData(product, staged, (data) => {
      if (!holds(data, category.id)) throw errors.invalidOperation(`The Product is not in the Category '${category.id}'.`);
      data.categories = data.categories.filter((c) => c.id !== category.id);
      setOrderHint(data, category.id, undefined);
    });
    ctx.emit('ProductRemovedFromCategory', { category, staged: stagedFlag(staged) });
  },

  setCategoryOrderHint(product, { categoryId, orderHint, staged }) {
    changeData(product, staged, (data) => {
      if (!holds(data, categoryId)) throw errors.invalidOperation(`The Product is not in the Category '${categoryId}'.`);
      setOrderHint(data, categoryId, orderHint);
    });
  },
};
