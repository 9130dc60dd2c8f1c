import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { channelReference, type ChannelRole } from '../channels/index.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import type { ProductSelection } from '../product-selections/index.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type ProductSelectionSetting = Schemas['ProductSelectionSetting'];
export type Store = Schemas['Store'];
type ChannelReference = Store['supplyChannels'][number];

/**
 * A setting of a draft or an action. `active` defaults to false; the validator does not fill
 * schema defaults, so the type may say required while a request leaves it out.
 */
type SettingDraft = Omit<Schemas['ProductSelectionSettingDraft'], 'active'> & { active?: boolean };

/** The Channels of a draft, each once, each existing and holding the role its use needs. */
function channelsFrom(
  ctx: WriteContext,
  drafts: readonly ResourceIdentifier[] | undefined,
  field: string,
  role: ChannelRole,
): ChannelReference[] {
  const references = (drafts ?? []).map((draft, index) => channelReference(ctx, draft, `${field}[${index}]`, role));
  return references.filter((reference, index) => references.findIndex((other) => other.id === reference.id) === index);
}

/** The countries of a draft, in order, each code once. */
function countriesFrom(drafts: readonly Schemas['StoreCountry'][] | undefined): Schemas['StoreCountry'][] {
  return [...new Set((drafts ?? []).map((country) => country.code))].map((code) => ({ code }));
}

function setting(ctx: WriteContext, draft: SettingDraft, field: string): ProductSelectionSetting {
  const selection = ctx.resolveIdentifier<ProductSelection>('product-selection', draft.productSelection, `${field}.productSelection`);
  return { productSelection: { typeId: 'product-selection', id: selection.id }, active: draft.active ?? false };
}

function settingsFrom(ctx: WriteContext, drafts: readonly SettingDraft[] | undefined, field: string): ProductSelectionSetting[] {
  const settings: ProductSelectionSetting[] = [];
  (drafts ?? []).forEach((draft, index) => {
    const next = setting(ctx, draft, `${field}.${index}`);
    const existing = settings.findIndex((s) => s.productSelection.id === next.productSelection.id);
    if (existing >= 0) settings[existing] = next;
    else settings.push(next);
  });
  return settings;
}

/**
 * One StoreProductSelectionsChanged message per change, listing what was
 * added, removed and updated between two lists of settings.
 */
function emitSelectionsChanged(
  ctx: WriteContext,
  before: readonly ProductSelectionSetting[],
  after: readonly ProductSelectionSetting[],
): void {
  const was = new Map(before.map((s) => [s.productSelection.id, s]));
  const now = new Map(after.map((s) => [s.productSelection.id, s]));
  const added = after.filter((s) => !was.has(s.productSelection.id));
  const removed = before.filter((s) => !now.has(s.productSelection.id));
  const updated = after.filter((s) => was.has(s.productSelection.id) && was.get(s.productSelection.id)!.active !== s.active);
  if (added.length + removed.length + updated.length === 0) return;
  ctx.emit('StoreProductSelectionsChanged', {
    ...(added.length ? { addedProductSelections: structuredClone(added) } : {}),
    ...(removed.length ? { removedProductSelections: structuredClone(removed) } : {}),
    ...(updated.length ? { updatedProductSelections: structuredClone(updated) } : {}),
  });
}

function changeSettings(store: Store, ctx: WriteContext, next: ProductSelectionSetting[]): void {
  emitSelectionsChanged(ctx, store.productSelections, next);
  store.productSelections = next;
}

/** Stores with their Product Selection settings. */
export const storeType: ResourceType<Store, Schemas['StoreDraft'], Schemas['StoreUpdateAction']> = {
  typeId: 'store',
  path: 'stores',
  scopes: { view: viewScopes('stores'), manage: ['manage_stores'] },
  schemas: { resource: 'Store', draft: 'StoreDraft', updateAction: 'StoreUpdateAction' },
  create: (draft, ctx) => ({
    key: draft.key,
    ...customMemberFrom(ctx, draft, 'store'),
    ...(draft.name !== undefined ? { name: draft.name } : {}),
    languages: draft.languages ?? [],
    countries: countriesFrom(draft.countries),
    distributionChannels: channelsFrom(ctx, draft.distributionChannels, 'distributionChannels', 'ProductDistribution'),
    supplyChannels: channelsFrom(ctx, draft.supplyChannels, 'supplyChannels', 'InventorySupply'),
    productSelections: settingsFrom(ctx, draft.productSelections, 'productSelections'),
  }),
  createdMessages: (store) => [
    {
      type: 'StoreCreated',
      payload: {
        ...(store.name !== undefined ? { name: structuredClone(store.name) } : {}),
        languages: [...store.languages],
        productSelections: structuredClone(store.productSelections),
        ...(store.custom ? { custom: structuredClone(store.custom) } : {}),
      },
    },
  ],
  actions: {
    addProductSelection(store, action, ctx) {
      const next = setting(ctx, action, 'productSelection');
      const at = store.productSelections.findIndex((s) => s.productSelection.id === next.productSelection.id);
      changeSettings(
        store,
        ctx,
        at < 0 ? [...store.productSelections, next] : store.productSelections.map((s, i) => (i === at ? next : s)),
      );
    },
    changeProductSelectionActive(store, { productSelection, active }, ctx) {
      const selection = ctx.resolveIdentifier<ProductSelection>('product-selection', productSelection, 'productSelection');
      const at = store.productSelections.findIndex((s) => s.productSelection.id === selection.id);
      if (at < 0) throw errors.invalidOperation(`Product Selection '${selection.id}' is not assigned to Store '${store.key}'.`);
      changeSettings(
        store,
        ctx,
        store.productSelections.map((s, i) => (i === at ? { ...s, active } : s)),
      );
    },
    removeProductSelection(store, { productSelection }, ctx) {
      const selection = ctx.resolveIdentifier<ProductSelection>('product-selection', productSelection, 'productSelection');
      changeSettings(
        store,
        ctx,
        store.productSelections.filter((s) => s.productSelection.id !== selection.id),
      );
    },
    setProductSelections(store, { productSelections }, ctx) {
      changeSettings(store, ctx, settingsFrom(ctx, productSelections, 'productSelections'));
    },
    setName(store, { name }) {
      setOptional(store, 'name', name);
    },
    setLanguages(store, { languages }) {
      store.languages = languages ?? [];
    },
    ...customFieldActions<Store>('store'),
  },
};
