import type { Context, Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { belongsTo, type Customer } from '../customers/index.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { validBody } from '../kit/operations.js';
import type { ResourceModule } from '../kit/resource-module.js';
import { callerOf, expandParams, present } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';
import { myCartResolvers } from './me-graphql.js';
import { registerMyCartRoutes } from './me.js';
import { mergeAnonymousCart } from './merge.js';
import { activeCart, cartTypeIn, trackCartWrites, type Cart } from './owner.js';
import { replicateCart } from './replicate.js';
import { registerCartRetention } from './retention.js';

const VIEW = ['view_orders', 'manage_orders'];
const MANAGE = ['manage_orders'];

/**
 * The Cart endpoints around a Cart's owner, globally and in-store: `POST /carts/replicate`,
 * `GET /carts/customer-id={customerId}` (the customer's active Cart) and
 * `POST /carts/customer-id={customerId}/merge` (https://docs.commercetools.com/api/projects/carts).
 * Registered before the Carts' own routes, whose `/carts/{ID}` would take these paths.
 */
function registerCustomerCartRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = cartTypeIn(context);
  const answer = (c: Context<AppEnv>, cart: Cart, status = 200) => json(present(context, type, cart, expandParams(c)), status);
  /** The customer id of a `customer-id={customerId}` segment; any other segment is not this route's. */
  const customerIdOf = (c: Context<AppEnv>): string | undefined => {
    const segment = c.req.param('segment') ?? '';
    return segment.startsWith('customer-id=') ? segment.slice('customer-id='.length) : undefined;
  };

  const forms: [string, (c: Context<AppEnv>, scopes: readonly string[]) => Store | undefined][] = [
    [
      '/:projectKey/carts',
      (c, scopes) => {
        requireScope(c.get('principal'), projectKey, scopes);
        return undefined;
      },
    ],
    [
      '/:projectKey/in-store/:storeSegment/carts',
      (c, scopes) => {
        const store = storeOfPath(c, context, scopes[0]);
        requireScope(c.get('principal'), projectKey, scopes, store.key);
        return store;
      },
    ],
  ];
  for (const [base, allow] of forms) {
    api.post(`${base}/replicate`, async (c) => {
      const store = allow(c, MANAGE);
      const draft = validBody('ReplicaCartDraft', await readJsonBody(c));
      return answer(c, replicateCart(context, callerOf(c), draft.reference, undefined, store?.key, draft.key), 201);
    });

    api.get(`${base}/:segment`, async (c, next) => {
      const customerId = customerIdOf(c);
      if (customerId === undefined) return next();
      const store = allow(c, VIEW);
      const cart = activeCart(context, (cart) => cart.customerId === customerId, store?.key);
      if (!cart) throw errors.notFound(`There is no active cart of the customer '${customerId}'.`);
      return answer(c, cart);
    });

    api.post(`${base}/:segment/merge`, async (c, next) => {
      const customerId = customerIdOf(c);
      if (customerId === undefined) return next();
      const store = allow(c, MANAGE);
      const draft = validBody('MergeCartDraft', await readJsonBody(c));
      const customer = context.state.collection<Customer>('customer').get(customerId);
      if (!customer || (store !== undefined && !belongsTo(customer, store.key))) throw errors.notFoundById(customerId);
      if (draft.anonymousCart === undefined && draft.anonymousId === undefined) throw errors.requiredField('anonymousCart');
      const cart = mergeAnonymousCart(context, callerOf(c), customerId, {
        ...(draft.anonymousCart !== undefined ? { anonymousCart: draft.anonymousCart } : {}),
        ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
        mode: draft.mergeMode,
        updateProductData: draft.updateProductData,
        storeKey: store?.key,
      });
      // A merge with an anonymous Cart always leaves the customer an active one.
      return answer(c, cart!);
    });
  }
}

/**
 * A Cart's life around its owner: the cleanup of expired Carts and of Carts over the project's
 * limit (run before every later route, the Carts' own among them), the customer's active Cart,
 * replication and merge, and the My Carts endpoints (and `me { activeCart, cart, carts }` in
 * GraphQL). Listed in the registry before the Carts.
 */
export const cartLifeModule: ResourceModule = {
  name: 'cart-life',
  graphql: myCartResolvers,
  routes(api, context) {
    trackCartWrites(context.state);
    registerCartRetention(api, context);
    registerCustomerCartRoutes(api, context);
    registerMyCartRoutes(api, context);
  },
};
