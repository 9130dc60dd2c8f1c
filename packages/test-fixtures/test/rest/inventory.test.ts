import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, messagesOf, ok, UUID, type Api, type Json } from './helpers.js';
import { created } from './shipping-helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
  await created(api, '/channels', { key: 'warehouse', roles: ['InventorySupply'] });
  await created(api, '/channels', { key: 'shop', roles: ['ProductDistribution'] });
});

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/inventory/key=${key}`, { version, actions });
const all = async () => ok(await api.call('GET', '/inventory?limit=500&sort=id%20asc')).results as Json[];
const channelId = async (key: string) => ok(await api.call('GET', `/channels/key=${key}`))['id'] as string;

describe('inventory entries', () => {
  it('are created with availableQuantity equal to quantityOnStock, read by id and key, queried and deleted', async () => {
    const entry = await created(api, '/inventory', {
      key: 'shirt-warehouse',
      sku: 'shirt',
      supplyChannel: { key: 'warehouse' },
      quantityOnStock: 12,
      restockableInDays: 3,
      expectedDelivery: '2030-01-01T00:00:00.000Z',
      minCartQuantity: 1,
      maxCartQuantity: 4,
    });
    expect(entry).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      sku: 'shirt',
      supplyChannel: { typeId: 'channel', id: await channelId('warehouse') },
      quantityOnStock: 12,
      availableQuantity: 12,
      restockableInDays: 3,
      minCartQuantity: 1,
      maxCartQuantity: 4,
    });
    expect(ok(await api.call('GET', `/inventory/${entry['id'] as string}`))).toEqual(entry);
    expect(ok(await api.call('GET', '/inventory/key=shirt-warehouse'))).toEqual(entry);
    expect(ok(await api.call('GET', '/inventory?where=sku="shirt"&withTotal=true'))).toMatchObject({
      total: 1,
      results: [{ key: 'shirt-warehouse' }],
    });
    expect(ok(await api.call('DELETE', '/inventory/key=shirt-warehouse?version=1'))).toEqual(entry);
    expectError(await api.call('GET', `/inventory/${entry['id'] as string}`), 404, 'ResourceNotFound');
  });

  it('quantity actions move quantityOnStock and availableQuantity together and send InventoryEntryQuantitySet', async () => {
    const entry = await created(api, '/inventory', { key: 'cup', sku: 'cup', quantityOnStock: 10 });
    // 10 + 5 = 15; 15 - 20 = -5 (no floor); then set to 8.
    const changed = ok(
      await update('cup', 1, [
        { action: 'addQuantity', quantity: 5 },
        { action: 'removeQuantity', quantity: 20 },
        { action: 'changeQuantity', quantity: 8 },
      ]),
    );
    expect(changed).toMatchObject({ version: 2, quantityOnStock: 8, availableQuantity: 8 });
    const sent = await messagesOf(api, entry['id'] as string);
    expect(sent.map((m) => m['type'])).toEqual([
      'InventoryEntryCreated',
      'InventoryEntryQuantitySet',
      'InventoryEntryQuantitySet',
      'InventoryEntryQuantitySet',
    ]);
    expect(sent[0]).toMatchObject({ inventoryEntry: { id: entry['id'], quantityOnStock: 10, availableQuantity: 10 } });
    expect(
      sent.slice(1).map(({ oldQuantityOnStock, newQuantityOnStock, oldAvailableQuantity, newAvailableQuantity, sku }) => ({
        oldQuantityOnStock,
        newQuantityOnStock,
        oldAvailableQuantity,
        newAvailableQuantity,
        sku,
      })),
    ).toEqual([
      { oldQuantityOnStock: 10, newQuantityOnStock: 15, oldAvailableQuantity: 10, newAvailableQuantity: 15, sku: 'cup' },
      { oldQuantityOnStock: 15, newQuantityOnStock: -5, oldAvailableQuantity: 15, newAvailableQuantity: -5, sku: 'cup' },
      { oldQuantityOnStock: -5, newQuantityOnStock: 8, oldAvailableQuantity: -5, newAvailableQuantity: 8, sku: 'cup' },
    ]);
    ok(await api.call('DELETE', '/inventory/key=cup?version=2'));
    expect((await messagesOf(api, entry['id'] as string)).at(-1)).toMatchObject({ type: 'InventoryEntryDeleted', sku: 'cup' });
  });

  it('set actions set and unset the restock, delivery, supply channel, limits and key', async () => {
    await created(api, '/inventory', { key: 'mug', sku: 'mug', quantityOnStock: 1, restockableInDays: 2, minCartQuantity: 2 });
    const set = ok(
      await update('mug', 1, [
        { action: 'setRestockableInDays', restockableInDays: 9 },
        { action: 'setExpectedDelivery', expectedDelivery: '2031-02-03T04:05:06.000Z' },
        { action: 'setSupplyChannel', supplyChannel: { key: 'warehouse' } },
        { action: 'setInventoryLimits', maxCartQuantity: 6 },
        { action: 'setKey', key: 'mug-2' },
      ]),
    );
    expect(set).toMatchObject({
      version: 2,
      key: 'mug-2',
      restockableInDays: 9,
      expectedDelivery: '2031-02-03T04:05:06.000Z',
      supplyChannel: { typeId: 'channel', id: await channelId('warehouse') },
      maxCartQuantity: 6,
    });
    expect(set).not.toHaveProperty('minCartQuantity');
    const unset = ok(
      await update('mug-2', 2, [
        { action: 'setRestockableInDays' },
        { action: 'setExpectedDelivery' },
        { action: 'setSupplyChannel' },
        { action: 'setInventoryLimits' },
      ]),
    );
    for (const member of ['restockableInDays', 'expectedDelivery', 'supplyChannel', 'minCartQuantity', 'maxCartQuantity']) {
      expect(unset).not.toHaveProperty(member);
    }
  });

  it('one entry per sku and supply channel: a second is 400 DuplicateField on sku; nothing changes', async () => {
    await created(api, '/inventory', { key: 'aa', sku: 'pen', quantityOnStock: 1 });
    await created(api, '/inventory', { key: 'bb', sku: 'pen', supplyChannel: { key: 'warehouse' }, quantityOnStock: 1 });
    const before = await all();
    const again = await api.call('POST', '/inventory', { sku: 'pen', quantityOnStock: 2 });
    expect(expectError(again, 400, 'DuplicateField')).toMatchObject({ field: 'sku', duplicateValue: 'pen' });
    expectError(
      await api.call('POST', '/inventory', { sku: 'pen', supplyChannel: { key: 'warehouse' }, quantityOnStock: 2 }),
      400,
      'DuplicateField',
    );
    expectError(await update('aa', 1, [{ action: 'setSupplyChannel', supplyChannel: { key: 'warehouse' } }]), 400, 'DuplicateField');
    expect(await all()).toEqual(before);
  });

  it('refuse bad input naming the path, a channel without InventorySupply, unknown channels and not-emulated members; nothing changes', async () => {
    await created(api, '/inventory', { key: 'aa', sku: 'ink', quantityOnStock: 3 });
    const before = await all();
    const noQuantity = expectError(await api.call('POST', '/inventory', { sku: 'x' }), 400, 'InvalidJsonInput');
    expect(JSON.stringify(noQuantity)).toContain('quantityOnStock');
    const fraction = expectError(await update('aa', 1, [{ action: 'addQuantity', quantity: 1.5 }]), 400, 'InvalidJsonInput');
    expect(fraction['detailedErrorMessage']).toContain('quantity');
    const zeroLimit = expectError(
      await api.call('POST', '/inventory', { sku: 'x', quantityOnStock: 1, minCartQuantity: 0 }),
      400,
      'InvalidJsonInput',
    );
    expect(zeroLimit['detailedErrorMessage']).toContain('minCartQuantity');
    expectError(
      await api.call('POST', '/inventory', { sku: 'x', quantityOnStock: 1, supplyChannel: { key: 'shop' } }),
      400,
      'MissingRoleOnChannel',
    );
    expectError(
      await api.call('POST', '/inventory', { sku: 'x', quantityOnStock: 1, supplyChannel: { key: 'nope' } }),
      400,
      'ReferencedResourceNotFound',
    );
    expectError(
      await update('aa', 1, [
        { action: 'addQuantity', quantity: 1 },
        { action: 'setSupplyChannel', supplyChannel: { key: 'shop' } },
      ]),
      400,
      'MissingRoleOnChannel',
    );
    expectError(
      await api.call('POST', '/inventory', { sku: 'x', quantityOnStock: 1, reservationExpirationInMinutes: 5 }),
      501,
      'NotEmulated',
    );
    expectError(await update('aa', 1, [{ action: 'setSafetyStock', safetyStock: 1 }]), 501, 'NotEmulated');
    expect(await all()).toEqual(before);
    expectError(await api.call('GET', '/inventory/key=none'), 404, 'ResourceNotFound');
    expectError(await update('aa', 7, [{ action: 'addQuantity', quantity: 1 }]), 409, 'ConcurrentModification');
  });

  it('are read with view_products and written with manage_products only', async () => {
    await created(api, '/inventory', { key: 'aa', sku: 'ink', quantityOnStock: 3 });
    const reader = api.as(await api.token(`view_products:${api.project}`));
    expect((await reader('GET', '/inventory/key=aa')).status).toBe(200);
    expectError(await reader('POST', '/inventory', { sku: 'y', quantityOnStock: 1 }), 403, 'insufficient_scope');
    const manager = api.as(await api.token(`manage_products:${api.project}`));
    expect((await manager('POST', '/inventory', { sku: 'y', quantityOnStock: 1 })).status).toBe(201);
    const other = api.as(await api.token(`view_orders:${api.project}`));
    expectError(await other('GET', '/inventory'), 403, 'insufficient_scope');
  });
});
