import { errors } from '../../http/errors.js';
import { categoryReference } from '../categories/index.js';
import type { Product, ProductData } from './data.js';
import { changeData, stagedFlag } from './staging.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

type Action = Record<string, unknown>;

const holds = (data: ProductData, categoryId: string) => data.categories.some((c) => c.id === categoryId);

/** Sets the category's order hint in one data set, or removes it when `orderHint` is absent. */
function setOrderHint(data: ProductData, categoryId: string, orderHint: unknown): void {
  const hints = { ...data.categoryOrderHints };
  if (typeof orderHint === 'string') hints[categoryId] = orderHint;
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
export const categoryActions = {
  addToCategory(product: Product, action: Action, ctx: WriteContext) {
    const category = categoryReference(ctx, action['category'] as ResourceIdentifier, 'category');
    changeData(product, action['staged'], (data) => {
      if (holds(data, category.id)) throw errors.invalidOperation(`The Product is already in the Category '${category.id}'.`);
      data.categories.push(category);
      setOrderHint(data, category.id, action['orderHint']);
    });
    ctx.emit('ProductAddedToCategory', { category, staged: stagedFlag(action) });
  },

  /** Removes the Category and its order hint. */
  removeFromCategory(product: Product, action: Action, ctx: WriteContext) {
    const category = categoryReference(ctx, action['category'] as ResourceIdentifier, 'category');
    changeData(product, action['staged'], (data) => {
      if (!holds(data, category.id)) throw errors.invalidOperation(`The Product is not in the Category '${category.id}'.`);
      data.categories = data.categories.filter((c) => c.id !== category.id);
      setOrderHint(data, category.id, undefined);
    });
    ctx.emit('ProductRemovedFromCategory', { category, staged: stagedFlag(action) });
  },

  setCategoryOrderHint(product: Product, action: Action) {
    const categoryId = action['categoryId'] as string;
    changeData(product, action['staged'], (data) => {
      if (!holds(data, categoryId)) throw errors.invalidOperation(`The Product is not in the Category '${categoryId}'.`);
      setOrderHint(data, categoryId, action['orderHint']);
    });
  },
};
