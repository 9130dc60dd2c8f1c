import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { expectError, expectUnchanged, snapshot } from '../rest/helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

async function createChannel(key: string, extra: Record<string, unknown> = {}) {
  const answer = await api.call('POST', '/channels', { key, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; version: number; key: string; roles: string[] };
}

describe('channels', () => {
  it('are created with the live default role InventorySupply, read by id and key, queried', async () => {
    const channel = await createChannel('warehouse', {
      name: { en: 'Warehouse' },
      address: { country: 'DE', city: 'Berlin' },
      geoLocation: { type: 'Point', coordinates: [13.4, 52.5] },
    });
    expect(channel.roles).toEqual(['InventorySupply']);
    expect(channel).toMatchObject({
      key: 'warehouse',
      name: { en: 'Warehouse' },
      address: { country: 'DE', city: 'Berlin', id: expect.any(String) },
    });
    expect((await api.call('GET', `/channels/${channel.id}`)).body).toEqual(channel);
    expect((await api.call('GET', '/channels/key=warehouse')).body).toEqual(channel);
    await createChannel('shop', { roles: ['ProductDistribution', 'ProductDistribution'] });
    const page = await api.call('GET', '/channels?where=roles contains any ("ProductDistribution")&withTotal=true');
    expect(page.body.results.map((c: { key: string }) => c.key)).toEqual(['shop']);
    expect(page.body.results[0].roles).toEqual(['ProductDistribution']);
    expectError(await api.call('POST', '/channels', { key: 'shop' }), 400, 'DuplicateField');
  });

  it('change key, name, description, roles, address and geo location by update action', async () => {
    const channel = await createChannel('c1');
    const answer = await api.call('POST', `/channels/${channel.id}`, {
      version: channel.version,
      actions: [
        { action: 'changeKey', key: 'c2' },
        { action: 'changeName', name: { en: 'Two' } },
        { action: 'changeDescription', description: { en: 'second' } },
        { action: 'addRoles', roles: ['ProductDistribution', 'InventorySupply'] },
        { action: 'removeRoles', roles: ['InventorySupply'] },
        { action: 'setAddress', address: { country: 'US' } },
        { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [1, 2] } },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      key: 'c2',
      version: 2,
      name: { en: 'Two' },
      description: { en: 'second' },
      roles: ['ProductDistribution'],
      address: { country: 'US' },
    });
    const cleared = await api.call('POST', '/channels/key=c2', {
      version: 2,
      actions: [{ action: 'changeName' }, { action: 'setRoles', roles: [] }],
    });
    expect(cleared.body.name).toBeUndefined();
    expect(cleared.body.roles).toEqual([]);
  });

  it('custom fields on the address of a Channel are refused as not emulated, and nothing changes', async () => {
    const channel = await createChannel('c1');
    const before = await snapshot(api);
    const draft = await api.call('POST', '/channels', { key: 'c2', address: { country: 'DE', custom: { type: { key: 'tt' } } } });
    expect(expectError(draft, 501, 'NotEmulated')['field']).toBe('address.custom');
    const action = await api.call('POST', `/channels/${channel.id}`, {
      version: 1,
      actions: [{ action: 'setAddressCustomType', type: { key: 'tt' } }],
    });
    expect(expectError(action, 501, 'NotEmulated')).toMatchObject({ field: 'actions.0.action', action: 'setAddressCustomType' });
    await expectUnchanged(api, before);
    expect((await api.call('GET', '/channels/key=c2')).status).toBe(404);
  });

  it('a Store references distribution and supply Channels with the needed role; expandable; deletion refused while referenced', async () => {
    const shop = await createChannel('shop', { roles: ['ProductDistribution'] });
    const warehouse = await createChannel('warehouse');
    const missing = await api.call('POST', '/stores', { key: 's1', distributionChannels: [{ key: 'nope' }] });
    expect(expectError(missing, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'channel', key: 'nope' });
    const wrongRole = await api.call('POST', '/stores', { key: 's1', supplyChannels: [{ key: 'shop' }] });
    expect(expectError(wrongRole, 400, 'MissingRoleOnChannel')).toMatchObject({
      missingRole: 'InventorySupply',
      channel: { typeId: 'channel', id: shop.id },
    });
    const store = await api.call('POST', '/stores?expand=distributionChannels[*]', {
      key: 's1',
      countries: [{ code: 'DE' }, { code: 'DE' }],
      distributionChannels: [{ key: 'shop' }],
      supplyChannels: [{ typeId: 'channel', id: warehouse.id }],
    });
    expect(store.status).toBe(201);
    expect(store.body.countries).toEqual([{ code: 'DE' }]);
    expect(store.body.distributionChannels[0]).toMatchObject({ typeId: 'channel', id: shop.id, obj: { key: 'shop' } });
    expect(store.body.supplyChannels).toEqual([{ typeId: 'channel', id: warehouse.id }]);
    const refused = await api.call('DELETE', `/channels/${shop.id}?version=1`);
    expect(expectError(refused, 400, 'ReferenceExists')['referencedBy']).toBe('store');
    await api.call('DELETE', `/stores/key=s1?version=1`);
    expect((await api.call('DELETE', `/channels/${shop.id}?version=1`)).status).toBe(200);
  });

  it('need view_channels to read and manage_channels to write', async () => {
    await createChannel('c1');
    const viewer = await api.token(`view_channels:${api.project}`);
    expect((await api.as(viewer)('GET', '/channels/key=c1')).status).toBe(200);
    expectError(await api.as(viewer)('POST', '/channels', { key: 'c2' }), 403, 'insufficient_scope');
    const other = await api.token(`view_products:${api.project}`);
    expectError(await api.as(other)('GET', '/channels'), 403, 'insufficient_scope');
  });
});
