import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import { customFieldActions, customMemberFrom } from '../kit/custom-fields.js';
import { addressesFrom, type Address, type AddressDraft } from '../customers/addresses.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type ChannelRole = Schemas['ChannelRole'];
export type Channel = Schemas['Channel'];

/** Roles in the order given, each once. */
function uniqueRoles(roles: readonly ChannelRole[]): ChannelRole[] {
  return [...new Set(roles)];
}

/** An address of a draft with its generated id (the same rule as a Customer's addresses). */
function addressFrom(draft: AddressDraft): Address {
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
  const reference: { typeId: 'channel'; id: string } = { typeId: 'channel', id: channel.id };
  if (role !== undefined && !channel.roles.includes(role)) throw errors.missingRoleOnChannel(reference, role);
  return reference;
}

/** Where a Channel is still referenced: a Store's distribution or supply Channels, a Price of a Product. */
function referencedBy(ctx: WriteContext, channelId: string): string | undefined {
  for (const store of ctx.state.collection<Schemas['Store']>('store').values()) {
    if ([...store.distributionChannels, ...store.supplyChannels].some((ref) => ref.id === channelId)) return 'store';
  }
  for (const product of ctx.state.collection<Schemas['Product']>('product').values()) {
    const { current, staged } = product.masterData;
    const variants = [current.masterVariant, ...current.variants, staged.masterVariant, ...staged.variants];
    if (variants.some((variant) => (variant.prices ?? []).some((price) => price.channel?.id === channelId))) return 'product';
  }
  return undefined;
}

/**
 * Channels (https://docs.commercetools.com/api/projects/channels): sources and destinations of
 * prices and inventory. `roles` defaults to `[InventorySupply]`; a Channel still referenced by a
 * Store or a Price cannot be deleted (400 ReferenceExists).
 */
export const channelType: ResourceType<Channel, Schemas['ChannelDraft'], Schemas['ChannelUpdateAction']> = {
  typeId: 'channel',
  path: 'channels',
  scopes: { view: viewScopes('channels'), manage: ['manage_channels'] },
  schemas: { resource: 'Channel', draft: 'ChannelDraft', updateAction: 'ChannelUpdateAction' },
  create: (draft, ctx) => ({
    key: draft.key,
    roles: uniqueRoles(draft.roles ?? ['InventorySupply']),
    ...(draft.name !== undefined ? { name: draft.name } : {}),
    ...(draft.description !== undefined ? { description: draft.description } : {}),
    ...(draft.address !== undefined ? { address: addressFrom(draft.address) } : {}),
    ...(draft.geoLocation !== undefined ? { geoLocation: draft.geoLocation } : {}),
    ...customMemberFrom(ctx, draft, 'channel'),
  }),
  actions: {
    changeKey(channel, { key }) {
      channel.key = key;
    },
    changeName(channel, { name }) {
      setOptional(channel, 'name', name);
    },
    changeDescription(channel, { description }) {
      setOptional(channel, 'description', description);
    },
    setRoles(channel, { roles }) {
      channel.roles = uniqueRoles(roles);
    },
    addRoles(channel, { roles }) {
      channel.roles = uniqueRoles([...channel.roles, ...roles]);
    },
    removeRoles(channel, { roles }) {
      const removed = new Set(roles);
      channel.roles = channel.roles.filter((role) => !removed.has(role));
    },
    setAddress(channel, { address }) {
      setOptional(channel, 'address', address === undefined ? undefined : addressFrom(address));
    },
    setGeoLocation(channel, { geoLocation }) {
      setOptional(channel, 'geoLocation', geoLocation);
    },
    ...customFieldActions<Channel>('channel'),
  },
  beforeDelete(channel, ctx) {
    const by = referencedBy(ctx, channel.id);
    if (by !== undefined) throw errors.referenceExists(`Can not delete a channel while it is referenced by at least one ${by}.`, by);
  },
};
