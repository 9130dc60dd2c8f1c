import { errors } from '../../http/errors.js';
import { channelReference } from '../channels/index.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { optionalSetter, setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type InventoryEntry = Schemas['InventoryEntry'];
type ChannelReference = { typeId: 'channel'; id: string };

/** The supply Channel reference of a draft or action: it must exist and have the role InventorySupply. */
function supplyChannelFrom(ctx: WriteContext, identifier: ResourceIdentifier | undefined): ChannelReference | undefined {
  return identifier === undefined ? undefined : channelReference(ctx, identifier, 'supplyChannel', 'InventorySupply');
}

/** 400 DuplicateField on `sku` when another entry has the same SKU and supply Channel (live error). */
function assertUnique(ctx: WriteContext, sku: string, supplyChannel: ChannelReference | undefined, ownId: string | undefined) {
  const taken = [...ctx.state.collection<InventoryEntry>('inventory-entry').values()].some(
    (entry) => entry.id !== ownId && entry.sku === sku && entry.supplyChannel?.id === supplyChannel?.id,
  );
  if (taken) throw errors.duplicateField('sku', sku);
}

/** Sets `quantityOnStock`; `availableQuantity` follows by the same difference (InventoryEntryQuantitySet). */
function setQuantity(entry: InventoryEntry, quantityOnStock: number, ctx: WriteContext) {
  const old = { oldQuantityOnStock: entry.quantityOnStock, oldAvailableQuantity: entry.availableQuantity };
  entry.availableQuantity += quantityOnStock - entry.quantityOnStock;
  entry.quantityOnStock = quantityOnStock;
  ctx.emit('InventoryEntryQuantitySet', {
    ...old,
    newQuantityOnStock: entry.quantityOnStock,
    newAvailableQuantity: entry.availableQuantity,
    sku: entry.sku,
    ...(entry.supplyChannel ? { supplyChannel: { ...entry.supplyChannel } } : {}),
  });
}

/**
 * Inventory Entries (https://docs.commercetools.com/api/projects/inventory): the stock of a SKU
 * per supply Channel. Nothing reserves stock yet, so `availableQuantity` equals `quantityOnStock`;
 * Carts do not consult entries yet, and the cart quantity limits are stored only.
 */
export const inventoryEntryType: ResourceType<InventoryEntry, Schemas['InventoryEntryDraft'], Schemas['InventoryEntryUpdateAction']> = {
  typeId: 'inventory-entry',
  path: 'inventory',
  scopes: { view: ['view_products', 'manage_products'], manage: ['manage_products'] },
  schemas: { resource: 'InventoryEntry', draft: 'InventoryEntryDraft', updateAction: 'InventoryEntryUpdateAction' },
  create(draft, ctx) {
    const supplyChannel = supplyChannelFrom(ctx, draft.supplyChannel);
    assertUnique(ctx, draft.sku, supplyChannel, undefined);
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      sku: draft.sku,
      ...(supplyChannel ? { supplyChannel } : {}),
      quantityOnStock: draft.quantityOnStock,
      availableQuantity: draft.quantityOnStock,
      ...(draft.minCartQuantity !== undefined ? { minCartQuantity: draft.minCartQuantity } : {}),
      ...(draft.maxCartQuantity !== undefined ? { maxCartQuantity: draft.maxCartQuantity } : {}),
      ...(draft.restockableInDays !== undefined ? { restockableInDays: draft.restockableInDays } : {}),
      ...(draft.expectedDelivery !== undefined ? { expectedDelivery: draft.expectedDelivery } : {}),
      ...customMemberFrom(ctx, draft, 'inventory-entry'),
    };
  },
  createdMessages: (entry) => [{ type: 'InventoryEntryCreated', payload: { inventoryEntry: structuredClone(entry) } }],
  deletedMessages: (entry) => [
    {
      type: 'InventoryEntryDeleted',
      payload: { sku: entry.sku, ...(entry.supplyChannel ? { supplyChannel: { ...entry.supplyChannel } } : {}) },
    },
  ],
  actions: {
    addQuantity(entry, { quantity }, ctx) {
      setQuantity(entry, entry.quantityOnStock + quantity, ctx);
    },
    removeQuantity(entry, { quantity }, ctx) {
      setQuantity(entry, entry.quantityOnStock - quantity, ctx);
    },
    changeQuantity(entry, { quantity }, ctx) {
      setQuantity(entry, quantity, ctx);
    },
    setRestockableInDays: optionalSetter('restockableInDays'),
    setExpectedDelivery: optionalSetter('expectedDelivery'),
    setSupplyChannel(entry, action, ctx) {
      const supplyChannel = supplyChannelFrom(ctx, action.supplyChannel);
      assertUnique(ctx, entry.sku, supplyChannel, entry.id);
      setOptional(entry, 'supplyChannel', supplyChannel);
    },
    setInventoryLimits(entry, { minCartQuantity, maxCartQuantity }) {
      setOptional(entry, 'minCartQuantity', minCartQuantity);
      setOptional(entry, 'maxCartQuantity', maxCartQuantity);
    },
    setKey: optionalSetter('key'),
    ...customFieldActions<InventoryEntry>('inventory-entry'),
  },
};
