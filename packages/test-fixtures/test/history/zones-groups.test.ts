import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/** Zones and Customer Groups have Change History Records, their Changes named after the update actions. */
describe('Change History of Zones and Customer Groups', () => {
  it('records a Zone: creation, locations added and removed, rename, deletion', async () => {
    const api = await createHistoryApi();
    const zone = (await api.call('POST', '/zones', { key: 'eu', name: 'EU', locations: [{ country: 'DE' }] })).body;
    const updated = await api.call('POST', '/zones/key=eu', {
      version: 1,
      actions: [
        { action: 'addLocation', location: { country: 'US', state: 'NY' } },
        { action: 'removeLocation', location: { country: 'DE' } },
        { action: 'changeName', name: 'Zone 1' },
      ],
    });
    expect(updated.status).toBe(200);
    expect((await api.call('DELETE', '/zones/key=eu?version=2')).status).toBe(200);
    const records = (await api.history(`/zone/${zone.id}`)).body;
    expect(summary(records)).toEqual([
      'zone v2->v2 ResourceDeleted []',
      'zone v1->v2 ResourceUpdated [addLocation,removeLocation,changeName]',
      'zone v0->v1 ResourceCreated []',
    ]);
    expect(records.results[1]!.changes).toEqual([
      { change: 'addLocation', type: 'AddLocationChange', nextValue: { country: 'US', state: 'NY' } },
      { change: 'removeLocation', type: 'RemoveLocationChange', previousValue: { country: 'DE' } },
      { change: 'changeName', type: 'ChangeNameChange', previousValue: 'EU', nextValue: 'Zone 1' },
    ]);
    expect(records.results[1]!.label).toEqual({ type: 'StringLabel', value: 'Zone 1' });
  });

  it('records a Customer Group: rename and key, and a customer joining it as setCustomerGroup', async () => {
    const api = await createHistoryApi();
    const group = (await api.call('POST', '/customer-groups', { key: 'vip', groupName: 'VIP' })).body;
    const renamed = await api.call('POST', '/customer-groups/key=vip', {
      version: 1,
      actions: [
        { action: 'changeName', name: 'Very important' },
        { action: 'setKey', key: 'very-important' },
      ],
    });
    expect(renamed.status).toBe(200);
    const records = (await api.history(`/customer-group/${group.id}`)).body;
    expect(summary(records)).toEqual([
      'customer-group v1->v2 ResourceUpdated [changeName,setKey]',
      'customer-group v0->v1 ResourceCreated []',
    ]);
    expect(records.results[0]!.label).toEqual({ type: 'StringLabel', value: 'Very important' });
    const customer = (await api.call('POST', '/customers', { email: 'ann@example.com', password: 'x' })).body.customer;
    const joined = await api.call('POST', `/customers/${customer.id}`, {
      version: 1,
      actions: [{ action: 'setCustomerGroup', customerGroup: { key: 'very-important' } }],
    });
    expect(joined.status).toBe(200);
    const customerRecords = (await api.history(`/customer/${customer.id}`)).body;
    expect(customerRecords.results[0]!.changes).toEqual([
      { change: 'setCustomerGroup', type: 'SetCustomerGroupChange', nextValue: { typeId: 'customer-group', id: group.id } },
    ]);
  });
});
