import { viewScopes } from '../auth/principal.js';
import { errors } from '../http/errors.js';
import type { StoredResource } from '../store/collection.js';
import type { ResourceType } from './resource-type.js';
import { membershipOf } from './selection-membership.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

export interface ProductSelection extends StoredResource {
  name: Record<string, string>;
  productCount: number;
  mode: 'Individual';
}

/** Membership changes of one request, applied on commit; lets later actions see earlier ones. */
function pendingMembership(ctx: WriteContext, selectionId: string, productId: string): boolean {
  const pending = ctx.scratch('product-selection-membership', () => new Map<string, boolean>());
  const key = `${selectionId}/${productId}`;
  return pending.has(key) ? pending.get(key)! : membershipOf(ctx.state).has(selectionId, productId);
}

function setMembership(ctx: WriteContext, selectionId: string, productId: string, member: boolean): void {
  ctx.scratch('product-selection-membership', () => new Map<string, boolean>()).set(`${selectionId}/${productId}`, member);
  const membership = membershipOf(ctx.state);
  const at = ctx.now;
  ctx.onCommit(() => (member ? membership.add(selectionId, productId, at) : membership.remove(selectionId, productId)));
}

/** Product Selections (spec 2.5, 4.4; contract-notes 2). */
export const productSelectionType: ResourceType<ProductSelection> = {
  typeId: 'product-selection',
  path: 'product-selections',
  scopes: { view: viewScopes('product_selections'), manage: ['manage_product_selections'] },
  schemas: { resource: 'ProductSelection', draft: 'ProductSelectionDraft', updateAction: 'ProductSelectionUpdateAction' },
  create: (draft) => ({
    ...(draft['key'] !== undefined ? { key: draft['key'] as string } : {}),
    name: draft['name'] as Record<string, string>,
    productCount: 0,
    mode: 'Individual',
  }),
  actions: {
    addProduct(selection, action, ctx) {
      const product = ctx.resolveIdentifier<StoredResource>('product', action['product'] as ResourceIdentifier, 'product');
      if (pendingMembership(ctx, selection.id, product.id)) {
        throw errors.invalidOperation(`Product '${product.id}' is already in Product Selection '${selection.id}'.`);
      }
      setMembership(ctx, selection.id, product.id, true);
      selection.productCount += 1;
      ctx.emit('ProductSelectionProductAdded', { product: { typeId: 'product', id: product.id } });
    },
    removeProduct(selection, action, ctx) {
      const product = ctx.resolveIdentifier<StoredResource>('product', action['product'] as ResourceIdentifier, 'product');
      if (!pendingMembership(ctx, selection.id, product.id)) {
        throw errors.invalidOperation(`Product '${product.id}' is not in Product Selection '${selection.id}'.`);
      }
      setMembership(ctx, selection.id, product.id, false);
      selection.productCount -= 1;
      ctx.emit('ProductSelectionProductRemoved', { product: { typeId: 'product', id: product.id } });
    },
    changeName(selection, action) {
      selection.name = action['name'] as Record<string, string>;
    },
    setKey(selection, action) {
      const key = action['key'];
      if (typeof key === 'string') selection.key = key;
      else delete selection.key;
    },
  },
  beforeDelete(selection, ctx) {
    for (const store of ctx.state.collection<StoredResource & { productSelections: { productSelection: { id: string } }[] }>('store').values()) {
      if (store.productSelections.some((setting) => setting.productSelection.id === selection.id)) {
        throw errors.referenceExists(`Can not delete a product-selection while it is referenced by a store (id '${store.id}').`, 'store');
      }
    }
  },
  afterDelete(selection, ctx) {
    membershipOf(ctx.state).dropSelection(selection.id);
  },
  createdMessages: (selection) => [{ type: 'ProductSelectionCreated', payload: { productSelection: { type: 'individual', name: selection.name } } }],
  deletedMessages: () => [{ type: 'ProductSelectionDeleted', payload: {} }],
};
