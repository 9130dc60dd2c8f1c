import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { customFieldActions, customMemberFrom, type CustomFields } from '../kit/custom-fields.js';
import { addressesFrom, type Address } from '../customers/addresses.js';
import type { ResourceType } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type ChannelRole = 'InventorySupply' | 'ProductDistribution' | 'OrderExport' | 'OrderImport' | 'Primary';

export interface Channel extends StoredResource {
  key: string;
  roles: ChannelRole[];
  name?: Record<string, string>;
  description?: Record<string, string>;
  address?: Address;
  geoLocation?: { type: 'Point'; coordinates: [number, number] };
  custom?: CustomFields;
}

/** Roles in the order given, each once. */
function uniqueRoles(roles: readonly ChannelRole[]): ChannelRole[] {
  return [...new Set(roles)];
}

/** An address of a draft with its generated id (the same rule as a Customer's addresses). */
function addressFrom(draft: Record<string, unknown>): Address {
  return addressesFrom({ addresses: [draft] }).addresses[0]!;
}

/**
 * A Channel reference for a Store or a Price: the Channel must exist (400
 * ReferencedResourceNotFound) and, when `role` is given, hold it (400 MissingRoleOnChannel).
 */
export function channelReference(
  ctx: WriteContext,
  identifier: ResourceIdentifier,
  field: string,
  role?: ChannelRole,
): { typeId: 'channel'; id: string } {
  const channel = ctx.resolveIdentifier<Channel>('channel', identifier, field);
  const reference = { typeId: 'channel' as const, id: channel.id };
  if (role !== undefined && !channel.roles.includes(role)) throw errors.missingRoleOnChannel(reference, role);
  return reference;
}

/** What of a Store and a Product references Channels (their own modules import this one). */
interface ChannelHolders {
  store: StoredResource & { distributionChannels: { id: string }[]; supplyChannels: { id: string }[] };
  product: StoredResource & { masterData: Record<'current' | 'staged', { masterVariant: PricedVariant; variants: PricedVariant[] }> };
}
type PricedVariant = { prices: { channel?: { id: string } }[] };

/** Where a Channel is still referenced: a Store's distribution or supply Channels, a Price of a Product. */
function referencedBy(ctx: WriteContext, channelId: string): string | undefined {
  for (const store of ctx.state.collection<ChannelHolders['store']>('store').values()) {
    if ([...store.distributionChannels, ...store.supplyChannels].some((ref) => ref.id === channelId)) return 'store';
  }
  for (const product of ctx.state.collection<ChannelHolders['product']>('product').values()) {
    const { current, staged } = product.masterData;
    const variants = [current.masterVariant, ...current.variants, staged.masterVariant, ...staged.variants];
    if (variants.some((variant) => variant.prices.some((price) => price.channel?.id === channelId))) return 'product';
  }
  return undefined;
}

/**
 * Channels (https://docs.commercetools.com/api/projects/channels): sources and destinations of
 * prices and inventory. `roles` defaults to `[InventorySupply]`; a Channel still referenced by a
 * Store or a Price cannot be deleted (400 ReferenceExists).
 */
export const channelType: ResourceType<Channel> = {
  typeId: 'channel',
  path: 'channels',
  scopes: { view: viewScopes('channels'), manage: ['manage_channels'] },
  schemas: { resource: 'Channel', draft: 'ChannelDraft', updateAction: 'ChannelUpdateAction' },
  create: (draft, ctx) => ({
    key: draft['key'] as string,
    roles: uniqueRoles((draft['roles'] as ChannelRole[] | undefined) ?? ['InventorySupply']),
    ...(draft['name'] !== undefined ? { name: draft['name'] as Record<string, string> } : {}),
    ...(draft['description'] !== undefined ? { description: draft['description'] as Record<string, string> } : {}),
    ...(draft['address'] !== undefined ? { address: addressFrom(draft['address'] as Record<string, unknown>) } : {}),
    ...(draft['geoLocation'] !== undefined ? { geoLocation: draft['geoLocation'] as Channel['geoLocation'] } : {}),
    ...customMemberFrom(ctx, draft, 'channel'),
  }),
  actions: {
    changeKey(channel, action) {
      channel.key = action['key'] as string;
    },
    changeName(channel, action) {
      setOptional(channel, 'name', action['name'] as Channel['name']);
    },
    changeDescription(channel, action) {
      setOptional(channel, 'description', action['description'] as Channel['description']);
    },
    setRoles(channel, action) {
      channel.roles = uniqueRoles(action['roles'] as ChannelRole[]);
    },
    addRoles(channel, action) {
      channel.roles = uniqueRoles([...channel.roles, ...(action['roles'] as ChannelRole[])]);
    },
    removeRoles(channel, action) {
      const removed = new Set(action['roles'] as ChannelRole[]);
      channel.roles = channel.roles.filter((role) => !removed.has(role));
    },
    setAddress(channel, action) {
      const address = action['address'] as Record<string, unknown> | undefined;
      setOptional(channel, 'address', address === undefined ? undefined : addressFrom(address));
    },
    setGeoLocation(channel, action) {
      setOptional(channel, 'geoLocation', action['geoLocation'] as Channel['geoLocation']);
    },
    ...customFieldActions<Channel>('channel'),
  },
  beforeDelete(channel, ctx) {
    const by = referencedBy(ctx, channel.id);
    if (by !== undefined) throw errors.referenceExists(`Can not delete a channel while it is referenced by at least one ${by}.`, by);
  },
};
