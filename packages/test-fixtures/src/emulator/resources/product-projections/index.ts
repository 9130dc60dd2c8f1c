import type { Context, Hono } from 'hono';
import { requireScope, viewScopes, type Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { expandPaths, parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { findResource, parseAddress } from '../kit/operations.js';
import type { Product } from '../products/data.js';
import { hasProjection, projectProduct, type ProductProjection } from './projection.js';
import { priceSelectorOf, withSelectedPrices } from '../kit/price-selection.js';
import { productType } from '../products/index.js';
import { expandParams, presentReferenced } from '../kit/rest-routes.js';

/** Scopes that may read projections; staged data needs more (see {@link stagedParam}). */
export const READ_SCOPES: readonly string[] = ['view_products', 'view_published_products', 'manage_products'];

/**
 * The `staged` parameter (default false). Staged data needs `view_products` or
 * `manage_products`; `view_published_products` sees only the current data (403 otherwise).
 */
export function stagedParam(c: Context<AppEnv>, principal: Principal, projectKey: string, storeKey?: string): boolean {
  const raw = c.req.query('staged');
  if (raw !== undefined && raw !== 'true' && raw !== 'false')
    throw errors.invalidInput(`Malformed parameter: staged: '${raw}' is not a boolean.`);
  const staged = raw === 'true';
  if (staged) requireScope(principal, projectKey, viewScopes('products'), storeKey);
  return staged;
}

/**
 * Product Projections (read only): query and get by id or key, current or staged, with price
 * selection (`priceCurrency` and the others give each variant its `price`). Queries run over the
 * projection shape, so `where`, `sort` and `expand` name its fields (`name(en = "x")`).
 */
export function registerProductProjectionRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const base = '/:projectKey/product-projections';
  const resolve = (typeId: string, id: string) => presentReferenced(context, typeId, id);

  api.get(base, (c) => {
    const principal = c.get('principal');
    requireScope(principal, projectKey, READ_SCOPES);
    const staged = stagedParam(c, principal, projectKey);
    const selector = priceSelectorOf(c, context.state.clock.now());
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const projections: ProductProjection[] = [];
    for (const product of context.state.collection<Product>('product').values()) {
      if (hasProjection(product, staged)) projections.push(withSelectedPrices(projectProduct(product, staged), selector));
    }
    const schema = commerceContract().schema('ProductProjection') as QuerySchema;
    return json(runOnArray(projections, params, { schema, resolve }));
  });

  api.get(`${base}/:address`, (c) => {
    const principal = c.get('principal');
    requireScope(principal, projectKey, READ_SCOPES);
    const staged = stagedParam(c, principal, projectKey);
    const selector = priceSelectorOf(c, context.state.clock.now());
    const address = parseAddress(c.req.param('address'));
    const product = findResource<Product>(context, productType, address);
    if (!hasProjection(product, staged)) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
    return json(expandPaths(withSelectedPrices(projectProduct(product, staged), selector), expandParams(c), resolve));
  });
}
