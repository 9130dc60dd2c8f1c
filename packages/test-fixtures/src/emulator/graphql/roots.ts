/**
 * Query, Mutation and InStore: every operation the emulator serves. Reads use the same collections and
 * query engine as REST; writes call the shared `createResource` / `updateResource` /
 * `deleteResource` with the REST request shapes (see inputs.ts), so versions, validation,
 * messages and change history are those of REST.
 */
import type { StoredMessage } from '../messages/message-log.js';
import { createResource, deleteResource, updateResource, type Address } from '../resources/kit/operations.js';
import { variantsOf, type Product } from '../resources/products/data.js';
import { READ_SCOPES } from '../resources/product-projections/index.js';
import { productSelectionType, type ProductSelection } from '../resources/product-selections/index.js';
import { inStoreAssignments, inStoreData } from '../resources/product-selections/availability.js';
import { membershipOf, variantsOfAssignment } from '../resources/product-selections/membership.js';
import { storeType, type Store } from '../resources/stores/index.js';
import { errors } from '../http/errors.js';
import type { EmulatorState } from '../state.js';
import { addressOf, exactlyOne, need, type GraphqlContext } from './context.js';
import {
  productSelectionDraft,
  productSelectionUpdateActions,
  storeDraft,
  storeUpdateActions,
  type ProductSelectionDraftInput,
  type ProductSelectionUpdateActionInput,
  type StoreDraftInput,
  type StoreUpdateActionInput,
} from './inputs.js';
import { readableProduct, SELECTION_VIEW, STORE_VIEW } from './objects.js';
import { pageOfArray, pageOfCollection, type PageArgs } from './paging.js';
import type { ResolverMap } from './resolver-types.js';

type IdOrKey = { id?: string | null; key?: string | null };
type ProductArgs = { id?: string | null; key?: string | null; sku?: string | null; variantKey?: string | null };

const PRODUCT_LOOKUPS = ['id', 'key', 'sku', 'variantKey'] as const;

function lookup<T extends { id: string }>(state: EmulatorState, typeId: string, address: Address): T | null {
  const collection = state.collection(typeId);
  return ((('id' in address ? collection.get(address.id) : collection.getByKey(address.key)) as T | undefined) ?? null) as T | null;
}

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

/** Every (Product, Product Selection) pair of the project, selections in id order. */
function allAssignments(state: EmulatorState) {
  const membership = membershipOf(state);
  return [...state.collection<ProductSelection>('product-selection').values()].flatMap((selection) =>
    [...membership.productsOf(selection.id)].map(([productId, assignment]) => ({
      product: { typeId: 'product', id: productId },
      productSelection: { typeId: 'product-selection', id: selection.id },
      ...variantsOfAssignment(assignment),
    })),
  );
}

export const rootResolvers: ResolverMap = {
  Query: {
    productSelection: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return lookup<ProductSelection>(ctx.emulator.state, 'product-selection', addressOf(args, 'productSelection'));
    },
    productSelections: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return pageOfCollection(ctx.emulator.state.collection<ProductSelection>('product-selection'), args, 'ProductSelection');
    },
    productSelectionAssignments: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW);
      return pageOfArray(allAssignments(ctx.emulator.state), args, 'ProductSelectionAssignment');
    },
    inStore: (_: unknown, args: { key: string }, ctx: GraphqlContext) => {
      // As REST's /in-store/key={storeKey}/...: an in-store customer token is valid for its own Store only.
      if (ctx.principal.storeKey !== undefined && ctx.principal.storeKey !== args.key) {
        throw errors.insufficientScope(`view_products:${ctx.projectKey}:${args.key}`);
      }
      const store = ctx.emulator.state.collection<Store>('store').getByKey(args.key);
      if (!store) throw errors.notFoundByKey(args.key);
      return { store };
    },
    store: (_: unknown, args: IdOrKey, ctx: GraphqlContext) => {
      need(ctx, STORE_VIEW);
      return lookup<Store>(ctx.emulator.state, 'store', addressOf(args, 'store'));
    },
    product: (_: unknown, args: ProductArgs, ctx: GraphqlContext) => {
      need(ctx, READ_SCOPES);
      return readableProduct(ctx, findProduct(ctx.emulator.state, args, 'product'));
    },
    messages: (_: unknown, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, ['view_messages']);
      return pageOfCollection<StoredMessage>(ctx.emulator.messages.collection, args, 'Message');
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
    productSelectionAssignments: ({ store }: { store: Store }, args: PageArgs, ctx: GraphqlContext) => {
      need(ctx, SELECTION_VIEW, store.key);
      return pageOfArray(inStoreAssignments(ctx.emulator.state, store), args, 'ProductSelectionAssignment');
    },
  },

  Mutation: {
    createProductSelection: (_: unknown, args: { draft: ProductSelectionDraftInput }, ctx: GraphqlContext) => {
      need(ctx, productSelectionType.scopes.manage);
      return createResource(ctx.emulator, productSelectionType, productSelectionDraft(args.draft), ctx.caller);
    },
    updateProductSelection: (
      _: unknown,
      args: IdOrKey & { version: number; actions: ProductSelectionUpdateActionInput[] },
      ctx: GraphqlContext,
    ) => {
      need(ctx, productSelectionType.scopes.manage);
      const address = addressOf(args, 'updateProductSelection');
      const body = { version: args.version, actions: productSelectionUpdateActions(args.actions) };
      return updateResource(ctx.emulator, productSelectionType, address, body, ctx.caller);
    },
    deleteProductSelection: (_: unknown, args: IdOrKey & { version: number }, ctx: GraphqlContext) => {
      need(ctx, productSelectionType.scopes.manage);
      return deleteResource(ctx.emulator, productSelectionType, addressOf(args, 'deleteProductSelection'), args.version, ctx.caller);
    },
    createStore: (_: unknown, args: { draft: StoreDraftInput }, ctx: GraphqlContext) => {
      need(ctx, storeType.scopes.manage);
      return createResource(ctx.emulator, storeType, storeDraft(args.draft), ctx.caller);
    },
    updateStore: (_: unknown, args: IdOrKey & { version: number; actions: StoreUpdateActionInput[] }, ctx: GraphqlContext) => {
      need(ctx, storeType.scopes.manage);
      const address = addressOf(args, 'updateStore');
      return updateResource(
        ctx.emulator,
        storeType,
        address,
        { version: args.version, actions: storeUpdateActions(args.actions) },
        ctx.caller,
      );
    },
  },
};
