import { exactlyOne, need, type GraphqlContext } from '../../graphql/context.js';
import { readableProduct } from '../../graphql/objects.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import type { EmulatorState } from '../../state.js';
import { READ_SCOPES } from '../product-projections/index.js';
import { inStoreData } from '../product-selections/availability.js';
import type { Store } from '../stores/index.js';
import { variantsOf, type Product } from './data.js';

type ProductArgs = { id?: string | null; key?: string | null; sku?: string | null; variantKey?: string | null };

const PRODUCT_LOOKUPS = ['id', 'key', 'sku', 'variantKey'] as const;

/** A Product by id, key, SKU or variant key (first Product in id order with that variant key). */
function findProduct(state: EmulatorState, args: ProductArgs, field: string): Product | undefined {
  const [by, value] = exactlyOne(args, PRODUCT_LOOKUPS, field);
  const products = state.collection<Product>('product');
  if (by === 'id') return products.get(value);
  if (by === 'key') return products.getByKey(value);
  for (const product of products.values()) {
    if (variantsOf(product).some((variant) => (by === 'sku' ? variant.sku : variant.key) === value)) return product;
  }
  return undefined;
}

/** Products in GraphQL: a Product by id, key, SKU or variant key, globally and as a Store offers it. */
export const productResolvers: ResolverMap = {
  Query: {
    product: (_: unknown, args: ProductArgs, ctx: GraphqlContext) => {
      need(ctx, READ_SCOPES);
      return readableProduct(ctx, findProduct(ctx.emulator.state, args, 'product'));
    },
  },
  InStore: {
    product: ({ store }: { store: Store }, args: ProductArgs, ctx: GraphqlContext) => {
      need(ctx, READ_SCOPES, store.key);
      const product = findProduct(ctx.emulator.state, args, 'inStore.product');
      const offered = product && inStoreData(ctx.emulator.state, store, product.id, product.masterData.current);
      if (!product || !offered) return null;
      // As the REST in-store projection: only the variants the Store offers.
      return readableProduct(ctx, { ...product, masterData: { ...product.masterData, current: offered } }, store.key);
    },
  },
};
