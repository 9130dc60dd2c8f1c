import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';

/** Schemas['Category'], not the type of ./index.js, which imports this module. */
type Category = Schemas['Category'];
type Asset = Schemas['Asset'];
type AssetDraft = Schemas['AssetDraft'];

/** An Asset from its draft, with a generated id. */
function assetFrom(draft: AssetDraft): Asset {
  return {
    id: newId(),
    sources: structuredClone(draft.sources),
    name: structuredClone(draft.name),
    ...(draft.description !== undefined ? { description: structuredClone(draft.description) } : {}),
    ...(draft.tags !== undefined ? { tags: [...draft.tags] } : {}),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
  };
}

/** Asset keys are unique within the Category (decision: 400 DuplicateField, as other keys). */
function assertKeysDistinct(assets: readonly Asset[]): void {
  const seen = new Set<string>();
  for (const { key } of assets) {
    if (key === undefined) continue;
    if (seen.has(key)) throw errors.duplicateField('assets.key', key);
    seen.add(key);
  }
}

/** The `assets` member of a Category draft: absent without Assets. */
export function assetsFrom(drafts: readonly AssetDraft[] | undefined): { assets?: Asset[] } {
  const assets = (drafts ?? []).map(assetFrom);
  assertKeysDistinct(assets);
  return assets.length > 0 ? { assets } : {};
}

/** Sets the Category's Assets: the member is absent when there are none. */
function setAssets(category: Category, assets: Asset[]): void {
  assertKeysDistinct(assets);
  setOptional(category, 'assets', assets.length > 0 ? assets : undefined);
}

/** The Asset an action names by `assetId` or `assetKey`; one the Category does not have is 400 InvalidOperation. */
function assetOf(category: Category, { assetId, assetKey }: { assetId?: string; assetKey?: string }): Asset {
  const found = (category.assets ?? []).find((asset) => (assetId !== undefined ? asset.id === assetId : asset.key === assetKey));
  if (!found || (assetId === undefined && assetKey === undefined))
    throw errors.invalidOperation(`The Category has no Asset with ${assetId !== undefined ? `id '${assetId}'` : `key '${assetKey}'`}.`);
  return found;
}

/** An action that changes the Asset it names. */
function assetChange<A extends { assetId?: string; assetKey?: string }>(change: (asset: Asset, action: A) => void) {
  return (category: Category, action: A) => {
    change(assetOf(category, action), action);
    assertKeysDistinct(category.assets ?? []);
  };
}

/** The Asset actions of a Category (https://docs.commercetools.com/api/projects/categories#update-actions). */
export const assetActions: ActionHandlers<Category, Schemas['CategoryUpdateAction']> = {
  addAsset(category, { asset, position }) {
    const assets = [...(category.assets ?? [])];
    if (position !== undefined && position > assets.length)
      throw errors.invalidOperation(`The position ${position} is past the end of the Category's ${assets.length} Assets.`);
    assets.splice(position ?? assets.length, 0, assetFrom(asset));
    setAssets(category, assets);
  },
  removeAsset(category, action) {
    const asset = assetOf(category, action);
    setAssets(
      category,
      (category.assets ?? []).filter((a) => a !== asset),
    );
  },
  changeAssetName: assetChange((asset, { name }) => {
    asset.name = structuredClone(name);
  }),
  setAssetDescription: assetChange((asset, { description }) => {
    setOptional(asset, 'description', description);
  }),
  setAssetKey: assetChange((asset, { assetKey }) => {
    setOptional(asset, 'key', assetKey);
  }),
  setAssetSources: assetChange((asset, { sources }) => {
    asset.sources = structuredClone(sources);
  }),
  setAssetTags: assetChange((asset, { tags }) => {
    setOptional(asset, 'tags', tags);
  }),
  changeAssetOrder(category, { assetOrder }) {
    const assets = category.assets ?? [];
    const ids = assets.map((asset) => asset.id);
    if (assetOrder.length !== ids.length || new Set(assetOrder).size !== ids.length || !assetOrder.every((id) => ids.includes(id)))
      throw errors.invalidOperation('assetOrder must name every Asset id of the Category exactly once.');
    setAssets(
      category,
      assetOrder.map((id) => assets.find((asset) => asset.id === id)!),
    );
  },
};
