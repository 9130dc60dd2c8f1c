import { describe, expect, it } from 'vitest';
import { orderApi } from '../rest/order-fixtures.js';
import { createHistoryApi, summary } from './helpers.js';

/** States have Change History Records, labelled by their name (or key), their Changes named after the update actions. */
describe('Change History of States', () => {
  it('records a State: creation, each action as its Change, deletion', async () => {
    const api = await createHistoryApi();
    const final = (await api.call('POST', '/states', { key: 'final', type: 'LineItemState', transitions: [] })).body;
    const state = (await api.call('POST', '/states', { key: 'open', type: 'LineItemState', name: { en: 'Open' } })).body;
    const updated = await api.call('POST', '/states/key=open', {
      version: 1,
      actions: [
        { action: 'changeKey', key: 'opened' },
        { action: 'changeInitial', initial: false },
        { action: 'addRoles', roles: ['Return'] },
        { action: 'setTransitions', transitions: [{ typeId: 'state', key: 'final' }] },
        { action: 'setName', name: { en: 'Opened' } },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await api.call('DELETE', '/states/key=opened?version=2')).status).toBe(200);
    const records = (await api.history(`/state/${state.id}`)).body;
    expect(summary(records)).toEqual([
      'state v2->v2 ResourceDeleted []',
      'state v1->v2 ResourceUpdated [changeKey,changeInitial,setTransitions,setName,setRoles]',
      'state v0->v1 ResourceCreated []',
    ]);
    const reference = { typeId: 'state', id: final.id };
    expect(records.results[1]!.changes).toEqual([
      { change: 'changeKey', type: 'ChangeKeyChange', previousValue: 'open', nextValue: 'opened' },
      { change: 'changeInitial', type: 'ChangeInitialChange', previousValue: true, nextValue: false },
      { change: 'setTransitions', type: 'SetTransitionsChange', nextValue: [reference], addedItems: [reference], removedItems: [] },
      { change: 'setName', type: 'SetNameChange', previousValue: { en: 'Open' }, nextValue: { en: 'Opened' } },
      {
        change: 'setRoles',
        type: 'SetStateRolesChange',
        previousValue: [],
        nextValue: ['Return'],
        addedItems: ['Return'],
        removedItems: [],
      },
    ]);
    expect(records.results[1]!.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Opened' } });
    const unnamed = (await api.history(`/state/${final.id}`)).body;
    expect(unnamed.results[0]!.label).toEqual({ type: 'StringLabel', value: 'final' });
  });

  it('records the transitions of an Order and of its Line Items as their Changes', async () => {
    const api = await createHistoryApi();
    const o = await orderApi(api);
    const open = (await api.call('POST', '/states', { key: 'open', type: 'OrderState' })).body;
    const packed = (await api.call('POST', '/states', { key: 'packed', type: 'LineItemState' })).body;
    const order = await o.ordered(await o.orderable({}, 2));
    const lineItemId = order.lineItems[0].id as string;
    const updated = await api.call('POST', `/orders/${order.id as string}`, {
      version: 1,
      actions: [
        { action: 'transitionState', state: { key: 'open' } },
        { action: 'transitionLineItemState', lineItemId, quantity: 1, fromState: { key: 'Initial' }, toState: { key: 'packed' } },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const [record] = (await api.history(`/order/${order.id as string}`)).body.results;
    const initial = { typeId: 'state', id: '00000000-0000-4000-8000-000000000001' };
    expect(record!.changes).toEqual([
      { change: 'transitionState', type: 'TransitionStateChange', nextValue: { typeId: 'state', id: open.id } },
      {
        change: 'transitionLineItemState',
        type: 'TransitionLineItemStateChange',
        lineItemId,
        previousValue: [{ quantity: 2, state: initial }],
        nextValue: [
          { quantity: 1, state: initial },
          { quantity: 1, state: { typeId: 'state', id: packed.id } },
        ],
      },
    ]);
  });
});
