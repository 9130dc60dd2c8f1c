import { allVariants, type Product } from '../products/data.js';
import type { WriteContext } from '../kit/write-context.js';

/**
 * Removes the values of an attribute from every variant of every Product of a Product Type,
 * current and staged, as the live service does when the attribute definition is removed. Each
 * Product changed is a background change: a new version and lastModifiedAt, lastModifiedBy kept,
 * no message; its Change History Record lists a `setAttribute` Change per value removed (the
 * Product rule of the Change History finds them).
 */
export function stripAttribute(ctx: WriteContext, productTypeId: string, name: string): void {
  const products = ctx.state.collection<Product>('product');
  for (const product of [...products.values()]) {
    if (product.productType.id !== productTypeId) continue;
    let removed = false;
    const updated = structuredClone(product);
    for (const catalogData of ['current', 'staged'] as const) {
      const data = updated.masterData[catalogData];
      for (const variant of allVariants(data)) {
        const value = variant.attributes.find((attribute) => attribute.name === name);
        if (!value) continue;
        variant.attributes = variant.attributes.filter((attribute) => attribute !== value);
        removed = true;
      }
    }
    if (!removed) continue;
    const next: Product = { ...updated, version: product.version + 1, lastModifiedAt: ctx.now };
    products.replace(next);
    ctx.recordChange('product', 'updated', product, next, [{ action: 'removeAttributeDefinition', name }], { background: true });
  }
}
