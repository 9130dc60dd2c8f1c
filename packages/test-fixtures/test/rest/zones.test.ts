import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, ok, UUID, type Api, type Json } from './helpers.js';
import { created, expectNothingChanged, shippingSnapshot } from './shipping-helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/zones/key=${key}`, { version, actions });

describe('zones', () => {
  it('are created with locations, read by id and key, queried; an empty state counts as none', async () => {
    const europe = await created(api, '/zones', {
      key: 'europe',
      name: 'Europe',
      description: 'EU',
      locations: [{ country: 'DE' }, { country: 'AT', state: '' }, { country: 'US', state: 'NY' }],
    });
    expect(europe).toMatchObject({ id: expect.stringMatching(UUID), version: 1, key: 'europe', name: 'Europe', description: 'EU' });
    expect(europe['locations']).toEqual([{ country: 'DE' }, { country: 'AT' }, { country: 'US', state: 'NY' }]);
    expect(ok(await api.call('GET', `/zones/${europe['id'] as string}`))).toEqual(europe);
    expect(ok(await api.call('GET', '/zones/key=europe'))).toEqual(europe);
    expect((await created(api, '/zones', { name: 'Empty' }))['locations']).toEqual([]);
    const page = ok(await api.call('GET', '/zones?where=locations(country="AT")&withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ key: 'europe' }] });
  });

  it('update actions add and remove locations and change the name, description and key', async () => {
    await created(api, '/zones', { key: 'eu', name: 'EU', description: 'x', locations: [{ country: 'DE' }] });
    const changed = ok(
      await update('eu', 1, [
        { action: 'addLocation', location: { country: 'US', state: 'CA' } },
        { action: 'addLocation', location: { country: 'US' } },
        { action: 'removeLocation', location: { country: 'DE' } },
        { action: 'changeName', name: 'Zone 1' },
        { action: 'setDescription' },
        { action: 'setKey', key: 'zone-1' },
      ]),
    );
    expect(changed).toMatchObject({
      version: 2,
      key: 'zone-1',
      name: 'Zone 1',
      locations: [{ country: 'US', state: 'CA' }, { country: 'US' }],
    });
    expect(changed).not.toHaveProperty('description');
    const unset = ok(await api.call('POST', `/zones/${changed['id'] as string}`, { version: 2, actions: [{ action: 'setKey' }] }));
    expect(unset).not.toHaveProperty('key');
  });

  it('a location (country and state) is in one zone only: another zone or a repeat is 400 DuplicateField naming it; nothing changes', async () => {
    await created(api, '/zones', { key: 'za', name: 'A', locations: [{ country: 'DE' }, { country: 'US', state: 'NY' }] });
    await created(api, '/zones', { key: 'zb', name: 'B' });
    const before = await shippingSnapshot(api);
    const taken = await api.call('POST', '/zones', { name: 'C', locations: [{ country: 'FR' }, { country: 'DE', state: '' }] });
    expect(expectError(taken, 400, 'DuplicateField')).toMatchObject({ field: 'locations[1]', duplicateValue: { country: 'DE' } });
    const repeated = await api.call('POST', '/zones', { name: 'C', locations: [{ country: 'FR' }, { country: 'FR' }] });
    expect(expectError(repeated, 400, 'DuplicateField')).toMatchObject({ field: 'locations[1]', duplicateValue: { country: 'FR' } });
    const added = await update('zb', 1, [
      { action: 'addLocation', location: { country: 'FR' } },
      { action: 'addLocation', location: { country: 'US', state: 'NY' } },
    ]);
    expect(expectError(added, 400, 'DuplicateField')).toMatchObject({ field: 'location', duplicateValue: { country: 'US', state: 'NY' } });
    expectError(await update('za', 1, [{ action: 'addLocation', location: { country: 'DE' } }]), 400, 'DuplicateField');
    await expectNothingChanged(api, before);
    // Another state of the same country is another location.
    expect(ok(await update('zb', 1, [{ action: 'addLocation', location: { country: 'US', state: 'CA' } }]))['version']).toBe(2);
  });

  it('refuse a bad country, a missing name, an unknown action and removing a location it does not have; nothing changes', async () => {
    await created(api, '/zones', { key: 'za', name: 'A', locations: [{ country: 'DE' }] });
    const before = await shippingSnapshot(api);
    expect(
      expectError(await api.call('POST', '/zones', { name: 'x', locations: [{ country: 'germany' }] }), 400, 'InvalidJsonInput'),
    ).toBeDefined();
    expectError(await api.call('POST', '/zones', { key: 'x' }), 400, 'InvalidJsonInput');
    expectError(await update('za', 1, [{ action: 'addLocation', location: { state: 'BY' } }]), 400, 'InvalidJsonInput');
    expectError(await update('za', 1, [{ action: 'removeLocation', location: { country: 'FR' } }]), 400, 'InvalidOperation');
    expectError(await update('za', 1, [{ action: 'changeColour' }]), 400, 'InvalidInput');
    expectError(
      await update('za', 1, [
        { action: 'changeName', name: 'B' },
        { action: 'removeLocation', location: { country: 'FR' } },
      ]),
      400,
      'InvalidOperation',
    );
    expectError(await api.call('POST', '/zones', { name: 'taken key', key: 'za' }), 400, 'DuplicateField');
    await expectNothingChanged(api, before);
  });

  it('answer 404 for an unknown zone and 409 for a stale version, by id and by key', async () => {
    const zone = await created(api, '/zones', { key: 'za', name: 'A' });
    expectError(await api.call('GET', '/zones/key=nope'), 404, 'ResourceNotFound');
    expectError(await update('nope', 1, [{ action: 'changeName', name: 'B' }]), 404, 'ResourceNotFound');
    expectError(await update('za', 2, [{ action: 'changeName', name: 'B' }]), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', `/zones/${zone['id'] as string}?version=3`), 409, 'ConcurrentModification');
    expect(ok(await api.call('DELETE', '/zones/key=za?version=1'))['id']).toBe(zone['id']);
    expectError(await api.call('GET', `/zones/${zone['id'] as string}`), 404, 'ResourceNotFound');
  });

  it('need view_zones (or view_orders) to read and manage_zones (or manage_orders) to write', async () => {
    await created(api, '/zones', { key: 'za', name: 'A' });
    const viewer = await api.token(`view_zones:${api.project}`);
    expect((await api.as(viewer)('GET', '/zones/key=za')).status).toBe(200);
    expectError(await api.as(viewer)('POST', '/zones', { name: 'x' }), 403, 'insufficient_scope');
    const orders = await api.token(`view_orders:${api.project}`);
    expect((await api.as(orders)('GET', '/zones')).status).toBe(200);
    const manager = await api.token(`manage_orders:${api.project}`);
    expect((await api.as(manager)('POST', '/zones', { name: 'x' })).status).toBe(201);
    const other = await api.token(`view_shipping_methods:${api.project}`);
    expectError(await api.as(other)('GET', '/zones'), 403, 'insufficient_scope');
  });
});
