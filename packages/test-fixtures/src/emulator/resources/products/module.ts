import type { Context } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { AppEnv } from '../../http/env.js';
import { priceSelectorOf, withSelectedPrices } from '../kit/price-selection.js';
import type { Shape } from '../kit/rest-routes.js';
import type { Product } from './data.js';
import type { ResourceModule } from '../kit/resource-module.js';
import { productResolvers } from './graphql.js';
import { productChanges, productLabel } from './history.js';
import { productType } from './index.js';

/**
 * Price selection on the Product endpoints (the reference's `priceSelecting` trait): with
 * `priceCurrency` (and `priceCountry`, `priceChannel`, `priceCustomerGroup`), each variant of the
 * current and the staged data gets its selected `price`.
 */
function withSelectedProductPrices(c: Context<AppEnv>, context: EmulatorContext): Shape {
  const selector = priceSelectorOf(c, context.state.clock.now());
  if (!selector) return (shown) => shown;
  return (shown) => {
    const masterData = shown['masterData'] as Product['masterData'];
    const priced = {
      ...masterData,
      current: withSelectedPrices(masterData.current, selector),
      staged: withSelectedPrices(masterData.staged, selector),
    };
    return { ...shown, masterData: priced };
  };
}

/** Products: the standard routes, GraphQL's `product`; Change History with the ProductLabel and the catalog data's changes. */
export const productsModule: ResourceModule = {
  name: 'products',
  type: productType,
  rest: { answerShape: withSelectedProductPrices },
  history: { label: productLabel, changes: productChanges },
  graphql: productResolvers,
};
