import { beforeEach, describe, expect, it } from 'vitest';
import { data, failure, gql } from '../graphql/helpers.js';
import { orderApi } from './order-fixtures.js';
import { createApi, expectError, ok, tokenWithScope, UUID, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

const INITIAL_ID = '00000000-0000-4000-8000-000000000001';

async function createState(key: string, extra: Json = {}): Promise<Json> {
  return ok(await api.call('POST', '/states', { key, type: 'OrderState', ...extra }), 201);
}

const update = (key: string, version: number, actions: Json[]) => api.call('POST', `/states/key=${key}`, { version, actions });
const stateNow = async (key: string) => ok(await api.call('GET', `/states/key=${key}`)) as Json;

/** Expects the request to fail with `code` and the State to be as it was. */
async function expectRefused(key: string, actions: Json[], code: string): Promise<void> {
  const before = await stateNow(key);
  expectError(await update(key, before['version'] as number, actions), 400, code);
  expect(await stateNow(key)).toEqual(before);
}

describe('States', () => {
  it('are created initial, not built in, without roles or transitions; read by id and key; queried', async () => {
    const open = await createState('open', { name: { en: 'Open' } });
    expect(open).toMatchObject({ id: expect.stringMatching(UUID), version: 1, key: 'open', type: 'OrderState', name: { en: 'Open' } });
    expect(open).toMatchObject({ initial: true, builtIn: false, roles: [] });
    expect(open['transitions']).toBeUndefined();
    expect(ok(await api.call('GET', `/states/${open['id'] as string}`))).toEqual(open);
    expect(await stateNow('open')).toEqual(open);
    const page = ok(await api.call('GET', '/states?where=type%3D%22OrderState%22&withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ key: 'open' }] });
  });

  it('take every State type, and a transition list of States of the same type', async () => {
    const types = ['OrderState', 'LineItemState', 'ProductState', 'ReviewState', 'PaymentState'];
    const more = ['QuoteRequestState', 'StagedQuoteState', 'QuoteState', 'RecurringOrderState'];
    for (const type of [...types, ...more]) await createState(`s-${type}`, { type, initial: false });
    const shipped = await createState('shipped', { transitions: [] });
    const open = await createState('open', { transitions: [{ typeId: 'state', key: 'shipped' }] });
    expect(open['transitions']).toEqual([{ typeId: 'state', id: shipped['id'] }]);
    expect(shipped['transitions']).toEqual([]);
    const expanded = ok(await api.call('GET', '/states/key=open?expand=transitions[*]'));
    expect(expanded.transitions[0].obj).toMatchObject({ key: 'shipped' });
  });

  it('refuse a duplicate key, a missing or other-type transition, a role of another type; nothing is created', async () => {
    await createState('open');
    await createState('draft', { type: 'ProductState' });
    const before = ok(await api.call('GET', '/states?limit=500')).results as Json[];
    expectError(await api.call('POST', '/states', { key: 'open', type: 'OrderState' }), 400, 'DuplicateField');
    const missing = await api.call('POST', '/states', { key: 'xx', type: 'OrderState', transitions: [{ typeId: 'state', key: 'nope' }] });
    expectError(missing, 400, 'ReferencedResourceNotFound');
    const other = await api.call('POST', '/states', { key: 'xx', type: 'OrderState', transitions: [{ typeId: 'state', key: 'draft' }] });
    expectError(other, 400, 'InvalidOperation');
    expectError(await api.call('POST', '/states', { key: 'xx', type: 'OrderState', roles: ['Return'] }), 400, 'InvalidOperation');
    expectError(await api.call('POST', '/states', { key: 'xx', type: 'Unknown' }), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/states', { type: 'OrderState' }), 400, 'InvalidJsonInput');
    expect(ok(await api.call('GET', '/states?limit=500')).results).toEqual(before);
  });

  it('apply their nine update actions', async () => {
    await createState('final', { transitions: [] });
    await createState('open', { type: 'LineItemState' });
    const updated = ok(
      await update('open', 1, [
        { action: 'changeKey', key: 'opened' },
        { action: 'changeType', type: 'OrderState' },
        { action: 'changeInitial', initial: false },
        { action: 'setName', name: { en: 'Opened' } },
        { action: 'setDescription', description: { en: 'Just placed' } },
        { action: 'setTransitions', transitions: [{ typeId: 'state', key: 'final' }] },
      ]),
    );
    expect(updated).toMatchObject({ version: 2, key: 'opened', type: 'OrderState', initial: false, name: { en: 'Opened' } });
    expect(updated['description']).toEqual({ en: 'Just placed' });
    expect(updated['transitions']).toHaveLength(1);
    await createState('returned', { type: 'LineItemState' });
    expect(ok(await update('returned', 1, [{ action: 'addRoles', roles: ['Return'] }])).roles).toEqual(['Return']);
    expect(ok(await update('returned', 2, [{ action: 'removeRoles', roles: ['Return'] }])).roles).toEqual([]);
    expect(ok(await update('returned', 3, [{ action: 'setRoles', roles: ['Return'] }])).roles).toEqual(['Return']);
    const cleared = ok(
      await update('opened', 2, [{ action: 'setName', name: {} }, { action: 'setDescription' }, { action: 'setTransitions' }]),
    );
    expect(cleared['name']).toBeUndefined();
    expect(cleared['description']).toBeUndefined();
    expect(cleared['transitions']).toBeUndefined();
  });

  it('refuse an action that sets the value the State has, a taken key, a role twice or of another type; nothing changes', async () => {
    await createState('other');
    await createState('open', { name: { en: 'Open' }, transitions: [] });
    await createState('item', { type: 'LineItemState', roles: ['Return'] });
    await expectRefused('open', [{ action: 'changeType', type: 'OrderState' }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'changeInitial', initial: true }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'setName', name: { en: 'Open' } }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'setDescription' }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'setTransitions', transitions: [] }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'changeKey', key: 'other' }], 'DuplicateField');
    await expectRefused('open', [{ action: 'addRoles', roles: ['Return'] }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'setRoles', roles: ['ReviewIncludedInStatistics'] }], 'InvalidOperation');
    await expectRefused('item', [{ action: 'addRoles', roles: ['Return'] }], 'InvalidOperation');
    await expectRefused('item', [{ action: 'removeRoles', roles: ['ReviewIncludedInStatistics'] }], 'InvalidOperation');
    await expectRefused('item', [{ action: 'setRoles', roles: ['Return'] }], 'InvalidOperation');
    await expectRefused('item', [{ action: 'changeType', type: 'OrderState' }], 'InvalidOperation');
    await expectRefused('open', [{ action: 'setTransitions', transitions: [{ typeId: 'state', key: 'item' }] }], 'InvalidOperation');
    // All or nothing: a valid action before a refused one is not kept.
    await expectRefused(
      'open',
      [
        { action: 'changeInitial', initial: false },
        { action: 'setName', name: { en: 'Open' } },
      ],
      'InvalidOperation',
    );
  });

  it('cannot be deleted while another State transitions to them (ReferenceExists), then can', async () => {
    const shipped = await createState('shipped');
    await createState('open', { transitions: [{ typeId: 'state', key: 'shipped' }] });
    const refused = expectError(await api.call('DELETE', '/states/key=shipped?version=1'), 400, 'ReferenceExists');
    expect(refused).toMatchObject({ referencedBy: 'state' });
    expect(await stateNow('shipped')).toEqual(shipped);
    ok(await update('open', 1, [{ action: 'setTransitions' }]));
    expect(ok(await api.call('DELETE', '/states/key=shipped?version=1'))).toEqual(shipped);
    expect((await api.call('GET', '/states/key=shipped')).status).toBe(404);
  });

  it('need view_states to read and manage_states to write', async () => {
    await createState('open');
    const viewer = api.as(await tokenWithScope(api, `view_states:${api.project}`));
    expect((await viewer('GET', '/states/key=open')).status).toBe(200);
    expect((await viewer('POST', '/states', { key: 'xx', type: 'OrderState' })).status).toBe(403);
    const stranger = api.as(await tokenWithScope(api, `view_orders:${api.project}`));
    expect((await stranger('GET', '/states/key=open')).status).toBe(403);
  });
});

describe('the built-in Initial LineItemState', () => {
  it('is in every project with its fixed id, and the state of every new Line Item, expanded', async () => {
    const initial = await stateNow('Initial');
    expect(initial).toMatchObject({ id: INITIAL_ID, version: 1, type: 'LineItemState', initial: true, builtIn: true, roles: [] });
    expect(initial['name']).toEqual({ en: 'Initial' });
    const o = await orderApi(api);
    const cart = await o.orderable();
    const expanded = ok(await api.call('GET', `/carts/${cart['id'] as string}?expand=lineItems[*].state[*].state`));
    expect(expanded.lineItems[0].state).toEqual([{ quantity: 2, state: { typeId: 'state', id: INITIAL_ID, obj: initial } }]);
  });

  it('cannot be deleted, nor its key or type changed; its name and transitions can; a reset keeps it', async () => {
    expectError(await api.call('DELETE', '/states/key=Initial?version=1'), 400, 'InvalidOperation');
    await expectRefused('Initial', [{ action: 'changeKey', key: 'First' }], 'InvalidOperation');
    await expectRefused('Initial', [{ action: 'changeType', type: 'OrderState' }], 'InvalidOperation');
    const renamed = ok(
      await update('Initial', 1, [
        { action: 'setName', name: { en: 'New' } },
        { action: 'setTransitions', transitions: [] },
      ]),
    );
    expect(renamed).toMatchObject({ version: 2, name: { en: 'New' }, transitions: [] });
    api.emulator.reset();
    expect(await stateNow('Initial')).toMatchObject({ version: 1, name: { en: 'Initial' }, builtIn: true });
    expect(ok(await api.call('GET', '/states?withTotal=true')).total).toBe(1);
  });
});

describe('States over GraphQL', () => {
  const FIELDS = 'id version key type roles name(locale: "en") builtIn initial transitionsRef { id } transitions { key }';

  it('creates, reads, updates and deletes a State, with the REST rules', async () => {
    const { createState: final } = await data<{ createState: Json }>(
      gql(api, `mutation ($draft: StateDraft!) { createState(draft: $draft) { ${FIELDS} } }`, {
        draft: { key: 'final', type: 'OrderState', name: [{ locale: 'en', value: 'Final' }], transitions: [] },
      }),
    );
    expect(final).toMatchObject({ key: 'final', name: 'Final', builtIn: false, initial: true, roles: [], transitions: [] });
    const { createState: open } = await data<{ createState: Json }>(
      gql(api, `mutation ($draft: StateDraft!) { createState(draft: $draft) { ${FIELDS} } }`, {
        draft: { key: 'open', type: 'OrderState', transitions: [{ typeId: 'state', id: final['id'] }] },
      }),
    );
    expect(open).toMatchObject({ transitionsRef: [{ id: final['id'] }], transitions: [{ key: 'final' }] });
    const { updateState } = await data<{ updateState: Json }>(
      gql(
        api,
        `mutation { updateState(key: "open", version: 1, actions: [
          { setName: { name: [{ locale: "en", value: "Open" }] } }, { setTransitions: {} }, { changeInitial: { initial: false } }
        ]) { ${FIELDS} } }`,
      ),
    );
    expect(updateState).toMatchObject({ version: 2, name: 'Open', initial: false, transitionsRef: null, transitions: null });
    const { state } = await data<{ state: Json }>(gql(api, `{ state(key: "Initial") { ${FIELDS} } }`));
    expect(state).toMatchObject({ id: INITIAL_ID, builtIn: true, type: 'LineItemState' });
    const { states } = await data<{ states: Json }>(gql(api, '{ states(sort: ["key asc"]) { total results { key } } }'));
    expect(states).toEqual({ total: 3, results: [{ key: 'Initial' }, { key: 'final' }, { key: 'open' }] });
    const refused = await failure(gql(api, 'mutation { deleteState(key: "Initial", version: 1) { id } }'));
    expect(refused.error.extensions?.code).toBe('InvalidOperation');
    const { deleteState } = await data<{ deleteState: Json }>(gql(api, 'mutation { deleteState(key: "open", version: 2) { key } }'));
    expect(deleteState).toEqual({ key: 'open' });
  });
});
