import type { Hono } from 'hono';
import { requireScope, viewScopes } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import type { StoredResource } from '../../store/collection.js';
import { commerceContract } from '../../validation/contract.js';
import { inStoreAssignments } from './availability.js';
import { findResource, parseAddress } from '../kit/operations.js';
import { productSelectionType, type ProductSelection } from './index.js';
import { presentReferenced } from '../kit/rest-routes.js';
import { membershipOf, variantsOfAssignment } from './membership.js';
import { storeOfPath } from '../kit/in-store-path.js';

/**
 * The three membership queries: products of a selection, selections of a
 * product, and the in-store assignments of a Store's active selections. Each pages with the
 * query engine and expands like any other endpoint. Unlike the other query endpoints, `withTotal`
 * defaults to false here (the reference's product-selections.raml, products.raml and
 * product-selection-assignments-in-store.raml).
 */
export function registerSelectionQueries(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const view = [...viewScopes('product_selections')];
  const resolve = (typeId: string, id: string) => presentReferenced(context, typeId, id);
  const page = <T>(url: string, items: T[], schemaName: string) => {
    const params = parseQueryParams(new URL(url).searchParams, { withTotal: false });
    return runOnArray(items, params, { schema: commerceContract().schema(schemaName) as QuerySchema, resolve });
  };

  api.get('/:projectKey/product-selections/:address/products', (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const selection = findResource<ProductSelection>(context, productSelectionType, parseAddress(c.req.param('address')));
    const items = [...membershipOf(context.state).productsOf(selection.id)].map(([id, assignment]) => ({
      product: { typeId: 'product', id },
      ...variantsOfAssignment(assignment),
    }));
    return json(page(c.req.url, items, 'AssignedProductReference'));
  });

  api.get('/:projectKey/products/:address/product-selections', (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const address = parseAddress(c.req.param('address'));
    const product = findResource<StoredResource>(context, { typeId: 'product' }, address);
    const items = [...membershipOf(context.state).selectionsOf(product.id)].map(([id, assignment]) => ({
      productSelection: { typeId: 'product-selection', id },
      ...variantsOfAssignment(assignment),
      createdAt: assignment.createdAt,
    }));
    return json(page(c.req.url, items, 'AssignedProductSelection'));
  });

  api.get('/:projectKey/in-store/:storeSegment/product-selection-assignments', (c) => {
    const store = storeOfPath(c, context);
    requireScope(c.get('principal'), projectKey, view, store.key);
    return json(page(c.req.url, inStoreAssignments(context.state, store), 'ProductSelectionAssignment'));
  });
}
