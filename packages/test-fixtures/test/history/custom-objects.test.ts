import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/** Custom Objects (`key-value-document`) have Change History Records labelled by container and key. */
describe('Change History of Custom Objects', () => {
  it('records each upsert of an object value as property Changes by path, and of another value as SetValueChange', async () => {
    const api = await createHistoryApi();
    const upsert = (value: unknown) => api.call('POST', '/custom-objects', { container: 'config', key: 'shop', value });
    const created = (await upsert({ open: true, hours: { from: 9, to: 17 }, tag: 'x' })).body;
    expect((await upsert({ open: false, hours: { from: 8, to: 17 }, city: 'Berlin' })).status).toBe(200);
    expect((await upsert('closed')).status).toBe(200);
    expect((await api.call('DELETE', '/custom-objects/config/shop?version=3')).status).toBe(200);
    const records = (await api.history(`/key-value-document/${created.id}`)).body;
    expect(summary(records)).toEqual([
      'key-value-document v3->v3 ResourceDeleted []',
      'key-value-document v2->v3 ResourceUpdated [setValue]',
      'key-value-document v1->v2 ResourceUpdated [setProperty,setProperty,removeProperty,addProperty]',
      'key-value-document v0->v1 ResourceCreated []',
    ]);
    expect(records.results[0]!.label).toEqual({ type: 'CustomObjectLabel', key: 'shop', container: 'config' });
    expect(records.results[2]!.changes).toEqual([
      { change: 'setProperty', type: 'SetPropertyChange', previousValue: true, nextValue: false, path: 'open' },
      { change: 'setProperty', type: 'SetPropertyChange', previousValue: 9, nextValue: 8, path: 'hours.from' },
      { change: 'removeProperty', type: 'RemovePropertyChange', previousValue: 'x', path: 'tag' },
      { change: 'addProperty', type: 'AddPropertyChange', nextValue: 'Berlin', path: 'city' },
    ]);
    expect(records.results[1]!.changes).toEqual([
      {
        change: 'setValue',
        type: 'SetValueChange',
        previousValue: { open: false, hours: { from: 8, to: 17 }, city: 'Berlin' },
        nextValue: 'closed',
      },
    ]);
  });
});
