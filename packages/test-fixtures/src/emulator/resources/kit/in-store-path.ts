import type { Context } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { parseAddress, type Address } from './operations.js';
import type { Store } from '../stores/index.js';

/**
 * The Store of an `/in-store/key={storeKey}/...` path (Hono cannot match `key=` inside a segment,
 * so routes take the whole segment). Unknown Store: 404. A token from the in-store password flow
 * is valid only for its own Store: 403 elsewhere, naming the endpoint's own `scope`.
 */
export function storeOfPath(c: Context<AppEnv>, context: EmulatorContext, scope = 'view_products'): Store {
  const address = parseAddress(c.req.param('storeSegment') ?? '');
  if (!('key' in address)) throw errors.notFound(`No endpoint ${c.req.method} ${new URL(c.req.url).pathname}.`);
  const { key } = address;
  const principal = c.get('principal');
  if (principal.storeKey !== undefined && principal.storeKey !== key) {
    throw errors.insufficientScope(`${scope}:${context.options.projectKey}:${key}`);
  }
  const store = context.state.collection<Store>('store').getByKey(key);
  if (!store) throw errors.notFoundByKey(key);
  return store;
}

/**
 * The resource of `typeId` at an address that belongs to the Store; one of another Store, or a
 * global one, does not exist here (404).
 */
export function findInStore<T extends StoredResource>(
  context: EmulatorContext,
  typeId: string,
  belongsTo: (resource: T, storeKey: string) => boolean,
  store: Store,
  address: Address,
): T {
  const collection = context.state.collection<T>(typeId);
  const found = 'id' in address ? collection.get(address.id) : collection.getByKey(address.key);
  if (!found || !belongsTo(found, store.key)) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
  return found;
}
