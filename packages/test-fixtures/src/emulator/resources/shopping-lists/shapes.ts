import type { EmulatorContext } from '../../context.js';
import { allVariants, type Product } from '../products/data.js';
import type { Shape } from '../kit/rest-routes.js';
import type { ShoppingListLineItem } from './lines.js';

const VARIANT = 'lineItems[*].variant';
const SLUG = 'lineItems[*].productSlug';

/**
 * The lines' `variant` and `productSlug`, shown only when expanded (`expand=lineItems[*].variant`,
 * `expand=lineItems[*].productSlug`), from the Product's current data; a line whose Product or
 * variant is gone shows neither.
 *
 * @example
 * const shape = lineExpansions(context, ['lineItems[*].variant']); // shape(present(...))
 */
export function lineExpansions(context: EmulatorContext, expand: readonly string[]): Shape {
  const [variant, slug] = [expand.includes(VARIANT), expand.includes(SLUG)];
  if (!variant && !slug) return (shown) => shown;
  const products = context.state.collection<Product>('product');
  return (shown) => {
    const lines = (shown['lineItems'] as ShoppingListLineItem[]).map((line) => {
      const data = products.get(line.productId)?.masterData.current;
      if (!data) return line;
      const found = line.variantId === undefined ? data.masterVariant : allVariants(data).find((v) => v.id === line.variantId);
      return {
        ...line,
        ...(variant && found ? { variant: structuredClone(found) } : {}),
        ...(slug ? { productSlug: structuredClone(data.slug) } : {}),
      };
    });
    return { ...shown, lineItems: lines };
  };
}
