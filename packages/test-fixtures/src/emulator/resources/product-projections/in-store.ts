import type { Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { expandPaths } from '../../query/index.js';
import { parseAddress } from '../kit/operations.js';
import type { Product } from '../products/data.js';
import { priceSelectorOf, withSelectedPrices, withStorePrices } from '../kit/price-selection.js';
import { hasProjection, projectProduct } from './projection.js';
import { READ_SCOPES, stagedParam } from './index.js';
import { expandParams, presentReferenced } from '../kit/rest-routes.js';
import { inStoreData } from '../product-selections/availability.js';
import { storeOfPath } from '../kit/in-store-path.js';

/**
 * `GET /{projectKey}/in-store/key={storeKey}/product-projections/{ID}` and `/key={key}`
 * the projection as available in the Store's active Product Selections,
 * holding only the variants the Store offers; with none, 404 ResourceNotFound, exactly as if the
 * Product did not exist. A Store with distribution Channels keeps only the Prices without a
 * Channel or with one of them (https://docs.commercetools.com/learning-model-your-business-structure/stores-and-channels/manage-multiple-experiences-from-one-project),
 * a Store with countries only those without a country or with one of them (the reference's
 * product-projections-in-store.raml: the Store's countries take part in price projection), and
 * price selection chooses among those.
 */
export function registerInStoreProjectionRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const resolve = (typeId: string, id: string) => presentReferenced(context, typeId, id);

  api.get('/:projectKey/in-store/:storeSegment/product-projections/:address', (c) => {
    const store = storeOfPath(c, context);
    const principal = c.get('principal');
    requireScope(principal, projectKey, READ_SCOPES, store.key);
    const staged = stagedParam(c, principal, projectKey, store.key);
    const selector = priceSelectorOf(c, context.state.clock.now());
    const address = parseAddress(c.req.param('address'));
    const products = context.state.collection<Product>('product');
    const product = 'id' in address ? products.get(address.id) : products.getByKey(address.key);
    const notFound = () => ('id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key));
    if (!product || !hasProjection(product, staged)) throw notFound();
    const projection = inStoreData(context.state, store, product.id, projectProduct(product, staged));
    if (!projection) throw notFound();
    const priced = withSelectedPrices(withStorePrices(projection, store), selector);
    return json(expandPaths(priced, expandParams(c), resolve));
  });
}
