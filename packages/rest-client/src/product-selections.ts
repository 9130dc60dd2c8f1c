/**
 * Conveniences for the Product Selection story (3): assign a selection to a Store and
 * switch it on or off there, written as end-state updates on top of {@link updateWithRetry}, so
 * they are safe under concurrent writers and after unknown outcomes.
 */
import type { CommerceError } from './errors.js';
import { updateWithRetry, type UpdateAction, type UpdateWithRetryResult } from './update-with-retry.js';
import type { Backoff } from './backoff.js';
import type { RestClient, Store } from './types.js';

/** A Store by id or by key. */
export type StoreAddress = { id: string } | { key: string };

/** A Product Selection by id or by key. */
export type ProductSelectionAddress = { id: string } | { key: string };

/** Options shared by the Store conveniences. */
export interface StoreSelectionOptions {
  store: StoreAddress;
  productSelection: ProductSelectionAddress;
  maxAttempts?: number;
  backoff?: Backoff;
  signal?: AbortSignal;
}

async function selectionId(client: RestClient, selection: ProductSelectionAddress, signal?: AbortSignal) {
  if ('id' in selection) return { id: selection.id } as const;
  const init = signal === undefined ? {} : { signal };
  const { data, error, response, correlationId } = await client.GET('/product-selections/key={key}', { params: { path: { key: selection.key } }, ...init });
  return error === undefined ? ({ id: data.id } as const) : ({ error, response, correlationId } as const);
}

function updateStore(
  client: RestClient,
  options: StoreSelectionOptions,
  buildActions: (store: Store) => readonly UpdateAction<'/stores/{ID}'>[],
): Promise<UpdateWithRetryResult<Store>> {
  const common = {
    buildActions,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.backoff === undefined ? {} : { backoff: options.backoff }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  return 'id' in options.store
    ? updateWithRetry(client, { path: '/stores/{ID}', params: { path: { ID: options.store.id } }, ...common })
    : updateWithRetry(client, { path: '/stores/key={key}', params: { path: { key: options.store.key } }, ...common });
}

type Failed = { data?: never; error: CommerceError; response: Response; correlationId: string | undefined; attempts: number };

/**
 * Makes sure a Product Selection is assigned to a Store with the given `active` flag (default
 * `false`, as the service's own default): adds it, switches it, or leaves the Store alone when it
 * is already so.
 * @example
 * const { data: store, error } = await assignProductSelection(client, {
 *   store: { key: 'eu-store' },
 *   productSelection: { key: 'summer-2026' },
 *   active: true,
 * });
 */
export async function assignProductSelection(
  client: RestClient,
  options: StoreSelectionOptions & { active?: boolean },
): Promise<UpdateWithRetryResult<Store>> {
  const resolved = await selectionId(client, options.productSelection, options.signal);
  if ('error' in resolved) return { ...resolved, attempts: 0 } as Failed;
  const active = options.active ?? false;
  const ref = { typeId: 'product-selection' as const, id: resolved.id };
  return updateStore(client, options, (store) => {
    const setting = store.productSelections.find((s) => s.productSelection.id === resolved.id);
    if (setting === undefined) return [{ action: 'addProductSelection', productSelection: ref, active }];
    if (setting.active !== active) return [{ action: 'changeProductSelectionActive', productSelection: ref, active }];
    return [];
  });
}

/**
 * Switches a Product Selection that is assigned to a Store on or off there. A selection
 * not on the Store is the service's 400 InvalidOperation, returned as the error.
 * @example
 * await setProductSelectionActive(client, { store: { key: 'eu-store' }, productSelection: { id }, active: false });
 */
export async function setProductSelectionActive(
  client: RestClient,
  options: StoreSelectionOptions & { active: boolean },
): Promise<UpdateWithRetryResult<Store>> {
  const resolved = await selectionId(client, options.productSelection, options.signal);
  if ('error' in resolved) return { ...resolved, attempts: 0 } as Failed;
  const ref = { typeId: 'product-selection' as const, id: resolved.id };
  return updateStore(client, options, (store) => {
    const setting = store.productSelections.find((s) => s.productSelection.id === resolved.id);
    return setting?.active === options.active ? [] : [{ action: 'changeProductSelectionActive', productSelection: ref, active: options.active }];
  });
}
