/**
 * Conveniences for the Product Selection story: assign a selection to a Store and
 * switch it on or off there, and put a Product in a selection of either mode with the wanted
 * variants, written as end-state updates on top of {@link updateWithRetry}, so they are safe
 * under concurrent writers and after unknown outcomes. The generated paths stay the primary API;
 * these only save the read-compare-write.
 */
import type { CommerceError } from './errors.js';
import { updateWithRetry, type UpdateAction, type UpdateWithRetryResult } from './update-with-retry.js';
import type { HelperRetry } from './helper-retry.js';
import type { components } from './generated/commerce.js';
import type { ProductSelection, RestClient, Store } from './types.js';

/** A Store by id or by key. */
export type StoreAddress = { id: string } | { key: string };

/** A Product Selection by id or by key. */
export type ProductSelectionAddress = { id: string } | { key: string };

/** Options shared by the Store conveniences. */
export interface StoreSelectionOptions {
  store: StoreAddress;
  productSelection: ProductSelectionAddress;
  /** Rounds after the first and the waits between them; see {@link updateWithRetry}. */
  retry?: HelperRetry;
  signal?: AbortSignal;
}

async function selectionId(client: RestClient, selection: ProductSelectionAddress, signal?: AbortSignal) {
  if ('id' in selection) return { id: selection.id } as const;
  const init = signal === undefined ? {} : { signal };
  const { data, error, response, correlationId } = await client.GET('/product-selections/key={key}', {
    params: { path: { key: selection.key } },
    ...init,
  });
  return error === undefined ? ({ id: data.id } as const) : ({ error, response, correlationId } as const);
}

function updateStore(
  client: RestClient,
  options: StoreSelectionOptions,
  buildActions: (store: Store) => readonly UpdateAction<'/stores/{ID}'>[],
): Promise<UpdateWithRetryResult<Store>> {
  const common = {
    buildActions,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
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
    return setting?.active === options.active
      ? []
      : [{ action: 'changeProductSelectionActive', productSelection: ref, active: options.active }];
  });
}

/**
 * A Product by id or by key.
 *
 * @example
 * const product: ProductAddress = { key: 'tee' };
 */
export type ProductAddress = { id: string } | { key: string };

/**
 * Which variants of a Product an `Individual` selection holds (the API's ProductVariantSelection).
 *
 * @example
 * const onlySmall: VariantSelection = { type: 'includeOnly', skus: ['tee-s'] };
 */
export type VariantSelection = components['schemas']['ProductVariantSelection'];

/**
 * Which variants of a Product an `IndividualExclusion` selection excludes.
 *
 * @example
 * const noLarge: VariantExclusion = { skus: ['tee-l'] };
 */
export type VariantExclusion = components['schemas']['ProductVariantExclusion'];

/**
 * Options shared by the Product Selection assignment conveniences.
 *
 * @example
 * const options: SelectionProductOptions = { productSelection: { key: 'summer' }, product: { key: 'tee' } };
 */
export interface SelectionProductOptions {
  productSelection: ProductSelectionAddress;
  product: ProductAddress;
  /** Rounds after the first and the waits between them; see {@link updateWithRetry}. */
  retry?: HelperRetry;
  signal?: AbortSignal;
}

type Assignment = components['schemas']['AssignedProductReference'];
type SelectionAction = UpdateAction<'/product-selections/{ID}'>;

async function productId(client: RestClient, product: ProductAddress, signal?: AbortSignal) {
  if ('id' in product) return { id: product.id } as const;
  const init = signal === undefined ? {} : { signal };
  const { data, error, response, correlationId } = await client.GET('/products/key={key}', {
    params: { path: { key: product.key } },
    ...init,
  });
  return error === undefined ? ({ id: data.id } as const) : ({ error, response, correlationId } as const);
}

/**
 * An end-state update of one Product's assignment: each round reads the selection and the
 * Product's assignment in it, and `buildActions` compares them with the wanted state.
 */
async function updateAssignment(
  client: RestClient,
  options: SelectionProductOptions,
  buildActions: (assignment: Assignment | undefined, product: { typeId: 'product'; id: string }) => SelectionAction[],
): Promise<UpdateWithRetryResult<ProductSelection>> {
  const selection = await selectionId(client, options.productSelection, options.signal);
  if ('error' in selection) return { ...selection, attempts: 0 } as Failed;
  const product = await productId(client, options.product, options.signal);
  if ('error' in product) return { ...product, attempts: 0 } as Failed;
  const path = { ID: selection.id };
  let assignment: Assignment | undefined;
  return updateWithRetry(client, {
    path: '/product-selections/{ID}',
    params: { path },
    read: async (signal) => {
      const init = signal === undefined ? {} : { signal };
      const page = await client.GET('/product-selections/{ID}/products', {
        params: { path, query: { where: ['product(id = :product)'], var: { product: product.id }, withTotal: false } },
        ...init,
      });
      if (page.error !== undefined) return page;
      assignment = page.data.results[0];
      return client.GET('/product-selections/{ID}', { params: { path }, ...init });
    },
    buildActions: () => buildActions(assignment, { typeId: 'product', id: product.id }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The end state of one mode: the Product held with exactly `wanted` as its `member` (absent: every
 * variant), through the mode's two actions.
 */
function holdWith(
  client: RestClient,
  options: SelectionProductOptions,
  member: 'variantSelection' | 'variantExclusion',
  wanted: VariantSelection | VariantExclusion | undefined,
  actions: { assign: 'addProduct' | 'excludeProduct'; set: 'setVariantSelection' | 'setVariantExclusion' },
): Promise<UpdateWithRetryResult<ProductSelection>> {
  const variants = wanted === undefined ? {} : { [member]: wanted };
  return updateAssignment(client, options, (assignment, product) => {
    if (assignment === undefined) return [{ action: actions.assign, product, ...variants } as SelectionAction];
    return sameJson(assignment[member], wanted) ? [] : [{ action: actions.set, product, ...variants } as SelectionAction];
  });
}

/**
 * Makes sure a Product is in an `Individual` Product Selection with exactly the given variants
 * (`variantSelection` absent: every variant): adds it, changes its variant selection, or leaves the
 * selection alone when it already is so. On an `IndividualExclusion` selection the service's 400
 * InvalidOperation is returned as the error.
 *
 * @example
 * const { data: selection, error } = await includeProduct(client, {
 *   productSelection: { key: 'summer' },
 *   product: { key: 'tee' },
 *   variantSelection: { type: 'includeOnly', skus: ['tee-s', 'tee-m'] },
 * });
 */
export function includeProduct(
  client: RestClient,
  options: SelectionProductOptions & { variantSelection?: VariantSelection },
): Promise<UpdateWithRetryResult<ProductSelection>> {
  return holdWith(client, options, 'variantSelection', options.variantSelection, { assign: 'addProduct', set: 'setVariantSelection' });
}

/**
 * Makes sure a Product is excluded from an `IndividualExclusion` Product Selection with exactly
 * the given variants (`variantExclusion` absent: every variant): excludes it, changes its variant
 * exclusion, or leaves the selection alone when it already is so.
 *
 * @example
 * await excludeProduct(client, { productSelection: { key: 'recall' }, product: { id }, variantExclusion: { skus: ['tee-l'] } });
 */
export function excludeProduct(
  client: RestClient,
  options: SelectionProductOptions & { variantExclusion?: VariantExclusion },
): Promise<UpdateWithRetryResult<ProductSelection>> {
  return holdWith(client, options, 'variantExclusion', options.variantExclusion, { assign: 'excludeProduct', set: 'setVariantExclusion' });
}

/**
 * Makes sure a Product is not in a Product Selection of either mode (in an `IndividualExclusion`
 * one: that it is no longer excluded); leaves the selection alone when it is not.
 *
 * @example
 * await removeProductFromSelection(client, { productSelection: { key: 'summer' }, product: { key: 'tee' } });
 */
export function removeProductFromSelection(
  client: RestClient,
  options: SelectionProductOptions,
): Promise<UpdateWithRetryResult<ProductSelection>> {
  return updateAssignment(client, options, (assignment, product) =>
    assignment === undefined ? [] : [{ action: 'removeProduct', product }],
  );
}
