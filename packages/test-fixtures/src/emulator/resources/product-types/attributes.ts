import { isDeepStrictEqual } from 'node:util';
import { allVariants, type Attribute, type Product } from '../products/data.js';
import type { Schemas } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

/** The Products of a Product Type. */
function productsOfType(ctx: WriteContext, productTypeId: string): Product[] {
  return [...ctx.state.collection<Product>('product').values()].filter((product) => product.productType.id === productTypeId);
}

/** True when an attribute value of a Product of the type, current or staged, passes `test`. */
export function someAttribute(ctx: WriteContext, productTypeId: string, test: (attribute: Attribute) => boolean): boolean {
  return productsOfType(ctx, productTypeId).some((product) =>
    [product.masterData.current, product.masterData.staged].some((data) =>
      allVariants(data).some((variant) => variant.attributes.some(test)),
    ),
  );
}

/**
 * Rewrites the attribute values of every variant of every Product of a Product Type, current and staged, as the live service does after a change of the
 * type's attribute definitions (`edit` returns the new list). Each Product changed is a background
 * change: a new version and lastModifiedAt, lastModifiedBy kept, no message; its Change History
 * Record lists a `setAttribute` Change per value changed (the Product rule of the Change History
 * finds them) under the Product Type's `action`.
 */
export function rewriteAttributes(
  ctx: WriteContext,
  productTypeId: string,
  action: Schemas['ProductTypeUpdateAction'],
  edit: (attributes: Attribute[]) => Attribute[],
): void {
  const products = ctx.state.collection<Product>('product');
  for (const product of productsOfType(ctx, productTypeId)) {
    const updated = structuredClone(product);
    for (const data of [updated.masterData.current, updated.masterData.staged]) {
      for (const variant of allVariants(data)) variant.attributes = edit(variant.attributes);
    }
    if (isDeepStrictEqual(updated, product)) continue;
    const next: Product = { ...updated, version: product.version + 1, lastModifiedAt: ctx.now };
    products.replace(next);
    ctx.recordChange('product', 'updated', product, next, [action], { background: true });
  }
}
