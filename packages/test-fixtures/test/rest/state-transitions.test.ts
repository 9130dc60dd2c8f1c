import { beforeEach, describe, expect, it } from 'vitest';
import { data, gql } from '../graphql/helpers.js';
import { eur } from './cart-fixtures.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';
import { expectError, ok, updateMessagesOf, type Api, type Json } from './helpers.js';

const INITIAL_ID = '00000000-0000-4000-8000-000000000001';

let o: OrderApi;
let api: Api;
beforeEach(async () => {
  o = await orderApi();
  api = o.api;
});

/** A State of `type` by key; `transitions` by key. */
async function state(key: string, type: string, extra: Json = {}): Promise<Json> {
  const { transitions, ...rest } = extra;
  const draft = {
    key,
    type,
    ...rest,
    ...(transitions !== undefined ? { transitions: (transitions as string[]).map((k) => ({ typeId: 'state', key: k })) } : {}),
  };
  return ok(await api.call('POST', '/states', draft), 201);
}

const ref = (s: Json) => ({ typeId: 'state', id: s['id'] });
const byKey = (key: string) => ({ typeId: 'state', key });
const updateOrder = (order: Json, ...actions: Json[]) =>
  api.call('POST', `/orders/${order['id'] as string}`, { version: order['version'], actions });

/** An Order of `quantity` shirts (the Cart tests' catalogue), with one Custom Line Item of 3. */
async function placed(quantity = 5): Promise<Json> {
  const cart = await o.orderable(
    { customLineItems: [{ name: { en: 'Fee' }, slug: 'fee', quantity: 3, money: eur(100), taxCategory: { key: 'standard' } }] },
    quantity,
  );
  return o.ordered(cart);
}

describe('an Order transitionState', () => {
  it('goes to an initial OrderState first, then along the transitions; OrderStateTransition names both', async () => {
    await state('shipped', 'OrderState', { initial: false, transitions: [] });
    const open = await state('open', 'OrderState', { transitions: ['shipped'] });
    const order = await placed();
    const opened = ok(await updateOrder(order, { action: 'transitionState', state: byKey('open') }));
    expect(opened['state']).toEqual(ref(open));
    const shipped = ok(await updateOrder(opened, { action: 'transitionState', state: byKey('shipped') }));
    expect(shipped['state']).toMatchObject({ typeId: 'state' });
    const messages = (await updateMessagesOf(api, order['id'] as string)).filter((m) => m['type'] === 'OrderStateTransition');
    expect(messages.map((m) => [m['state'], m['oldState'], m['force']])).toEqual([
      [ref(open), undefined, false],
      [shipped['state'], ref(open), false],
    ]);
  });

  it('refuses a non-initial first State, a State not in the transitions, one of another type, one of none; nothing changes', async () => {
    await state('shipped', 'OrderState', { initial: false, transitions: [] });
    await state('open', 'OrderState', { transitions: [] });
    await state('sale', 'ProductState');
    const order = await placed();
    const before = await o.everything();
    expectError(await updateOrder(order, { action: 'transitionState', state: byKey('shipped') }), 400, 'InvalidOperation');
    expectError(await updateOrder(order, { action: 'transitionState', state: byKey('sale') }), 400, 'InvalidOperation');
    expectError(await updateOrder(order, { action: 'transitionState', state: byKey('nope') }), 400, 'ReferencedResourceNotFound');
    await expectNothingChanged(o, before);
    const opened = ok(await updateOrder(order, { action: 'transitionState', state: byKey('open') }));
    const final = await o.everything();
    expectError(await updateOrder(opened, { action: 'transitionState', state: byKey('shipped') }), 400, 'InvalidOperation');
    await expectNothingChanged(o, final);
  });

  it('with force skips the transition rules, but not the State type; the message says force', async () => {
    await state('shipped', 'OrderState', { initial: false, transitions: [] });
    await state('sale', 'ProductState');
    const order = await placed();
    const forced = ok(await updateOrder(order, { action: 'transitionState', state: byKey('shipped'), force: true }));
    expect(forced['state']).toMatchObject({ typeId: 'state' });
    expectError(await updateOrder(forced, { action: 'transitionState', state: byKey('sale'), force: true }), 400, 'InvalidOperation');
    const [message] = (await updateMessagesOf(api, order['id'] as string)).filter((m) => m['type'] === 'OrderStateTransition');
    expect(message).toMatchObject({ force: true });
  });

  it('starts in the OrderState its draft names (not necessarily initial); another type is refused and no Order is made', async () => {
    const shipped = await state('shipped', 'OrderState', { initial: false });
    await state('sale', 'ProductState');
    const cart = await o.orderable();
    const before = await o.everything();
    expectError(await o.order(cart, { state: byKey('sale') }), 400, 'InvalidOperation');
    await expectNothingChanged(o, before);
    expect((await o.ordered(cart, { state: byKey('shipped') }))['state']).toEqual(ref(shipped));
  });

  it('cannot delete a State an Order is in (ReferenceExists)', async () => {
    const open = await state('open', 'OrderState');
    ok(await updateOrder(await placed(), { action: 'transitionState', state: byKey('open') }));
    const refused = expectError(await api.call('DELETE', `/states/key=open?version=${open['version'] as number}`), 400, 'ReferenceExists');
    expect(refused['referencedBy']).toBe('order');
  });
});

describe('transitionLineItemState and transitionCustomLineItemState', () => {
  it('move a quantity of the Line Item from the Initial State to another, adding it at the end, with the message', async () => {
    const packed = await state('packed', 'LineItemState', { initial: false });
    const order = await placed(5);
    const line = (order['lineItems'] as Json[])[0]!;
    expect(line['state']).toEqual([{ quantity: 5, state: { typeId: 'state', id: INITIAL_ID } }]);
    const moved = ok(
      await updateOrder(order, {
        action: 'transitionLineItemState',
        lineItemId: line['id'],
        quantity: 2,
        fromState: byKey('Initial'),
        toState: byKey('packed'),
        actualTransitionDate: '2026-03-02T10:00:00.000Z',
      }),
    );
    expect(moved['lineItems'][0]['state']).toEqual([
      { quantity: 3, state: { typeId: 'state', id: INITIAL_ID } },
      { quantity: 2, state: ref(packed) },
    ]);
    const all = ok(
      await updateOrder(moved, {
        action: 'transitionLineItemState',
        lineItemId: line['id'],
        quantity: 3,
        fromState: { typeId: 'state', id: INITIAL_ID },
        toState: byKey('packed'),
      }),
    );
    // The Initial State, left with no quantity, leaves the list.
    expect(all['lineItems'][0]['state']).toEqual([{ quantity: 5, state: ref(packed) }]);
    const messages = (await updateMessagesOf(api, order['id'] as string)).filter((m) => m['type'] === 'LineItemStateTransition');
    expect(messages[0]).toMatchObject({
      lineItemId: line['id'],
      quantity: 2,
      fromState: { typeId: 'state', id: INITIAL_ID },
      toState: ref(packed),
      transitionDate: '2026-03-02T10:00:00.000Z',
    });
    expect(messages[1]!['transitionDate']).toEqual(expect.stringMatching(/^2026-03-01T/));
  });

  it('moves a Custom Line Item quantity too, with CustomLineItemStateTransition', async () => {
    const packed = await state('packed', 'LineItemState');
    const order = await placed();
    const custom = (order['customLineItems'] as Json[])[0]!;
    const moved = ok(
      await updateOrder(order, {
        action: 'transitionCustomLineItemState',
        customLineItemId: custom['id'],
        quantity: 1,
        fromState: byKey('Initial'),
        toState: byKey('packed'),
      }),
    );
    expect(moved['customLineItems'][0]['state']).toEqual([
      { quantity: 2, state: { typeId: 'state', id: INITIAL_ID } },
      { quantity: 1, state: ref(packed) },
    ]);
    const [message] = (await updateMessagesOf(api, order['id'] as string)).filter((m) => m['type'] === 'CustomLineItemStateTransition');
    expect(message).toMatchObject({ customLineItemId: custom['id'], quantity: 1, toState: ref(packed) });
  });

  it('refuse more than the fromState holds, a transition the fromState does not allow, a State of another type, an unknown item; nothing changes', async () => {
    await state('packed', 'LineItemState');
    await state('final', 'LineItemState', { transitions: [] });
    await state('open', 'OrderState');
    const order = await placed(5);
    const lineItemId = (order['lineItems'] as Json[])[0]!['id'];
    const move = (extra: Json) =>
      updateOrder(order, {
        action: 'transitionLineItemState',
        lineItemId,
        quantity: 1,
        fromState: byKey('Initial'),
        toState: byKey('packed'),
        ...extra,
      });
    const before = await o.everything();
    expectError(await move({ quantity: 6 }), 400, 'InvalidOperation');
    expectError(await move({ fromState: byKey('packed') }), 400, 'InvalidOperation');
    expectError(await move({ toState: byKey('open') }), 400, 'InvalidOperation');
    expectError(await move({ lineItemId: 'nope' }), 400, 'InvalidOperation');
    expectError(await move({ quantity: 0 }), 400, 'InvalidJsonInput');
    await expectNothingChanged(o, before);
    // The built-in Initial State, made final, lets nothing leave it.
    const initial = ok(await api.call('GET', '/states/key=Initial'));
    ok(
      await api.call('POST', '/states/key=Initial', {
        version: initial['version'],
        actions: [{ action: 'setTransitions', transitions: [] }],
      }),
    );
    expectError(await move({}), 400, 'InvalidOperation');
  });
});

describe('Payment and Product transitionState', () => {
  it('set the Payment status State along the transitions, force skipping them, with PaymentStatusStateTransition', async () => {
    await state('paid', 'PaymentState', { initial: false, transitions: [] });
    const pending = await state('pending', 'PaymentState', { transitions: ['paid'] });
    await state('refunded', 'PaymentState', { initial: false });
    const payment = ok(await api.call('POST', '/payments', { amountPlanned: eur(100) }), 201);
    const path = `/payments/${payment['id'] as string}`;
    expectError(
      await api.call('POST', path, { version: 1, actions: [{ action: 'transitionState', state: byKey('paid') }] }),
      400,
      'InvalidOperation',
    );
    const first = ok(await api.call('POST', path, { version: 1, actions: [{ action: 'transitionState', state: byKey('pending') }] }));
    expect(first['paymentStatus']['state']).toEqual(ref(pending));
    const paid = ok(await api.call('POST', path, { version: 2, actions: [{ action: 'transitionState', state: byKey('paid') }] }));
    const refused = await api.call('POST', path, { version: 3, actions: [{ action: 'transitionState', state: byKey('refunded') }] });
    expectError(refused, 400, 'InvalidOperation');
    const forced = await api.call('POST', path, {
      version: 3,
      actions: [{ action: 'transitionState', state: byKey('refunded'), force: true }],
    });
    expect(ok(forced)['paymentStatus']['state']).not.toEqual(paid['paymentStatus']['state']);
    const messages = (await updateMessagesOf(api, payment['id'] as string)).filter((m) => m['type'] === 'PaymentStatusStateTransition');
    expect(messages.map((m) => m['force'])).toEqual([false, false, true]);
  });

  it('start in the State their drafts name, of their own State type only; nothing is made otherwise', async () => {
    const pending = await state('pending', 'PaymentState', { initial: false });
    const sale = await state('sale', 'ProductState', { initial: false });
    const payment = { amountPlanned: eur(100) };
    expectError(await api.call('POST', '/payments', { ...payment, paymentStatus: { state: byKey('sale') } }), 400, 'InvalidOperation');
    const created = ok(await api.call('POST', '/payments', { ...payment, paymentStatus: { state: byKey('pending') } }), 201);
    expect(created['paymentStatus']).toEqual({ state: ref(pending) });
    const product = { productType: { key: 'thing' }, name: { en: 'P' }, slug: { en: 'p-state' } };
    expectError(await api.call('POST', '/products', { ...product, state: byKey('pending') }), 400, 'InvalidOperation');
    expect(ok(await api.call('POST', '/products', { ...product, state: byKey('sale') }), 201)['state']).toEqual(ref(sale));
    expect(ok(await api.call('GET', '/payments?withTotal=true'))['total']).toBe(1);
  });

  it('set the Product State, ProductStates only, with ProductStateTransition', async () => {
    const sale = await state('sale', 'ProductState');
    await state('open', 'OrderState');
    const product = ok(await api.call('GET', '/products/key=shirt'));
    const path = `/products/${product['id'] as string}`;
    const version = product['version'] as number;
    expectError(
      await api.call('POST', path, { version, actions: [{ action: 'transitionState', state: byKey('open') }] }),
      400,
      'InvalidOperation',
    );
    expectError(await api.call('POST', path, { version, actions: [{ action: 'transitionState' }] }), 400, 'RequiredField');
    const moved = ok(await api.call('POST', path, { version, actions: [{ action: 'transitionState', state: byKey('sale') }] }));
    expect(moved['state']).toEqual(ref(sale));
    const [message] = (await updateMessagesOf(api, product['id'] as string)).filter((m) => m['type'] === 'ProductStateTransition');
    expect(message).toMatchObject({ state: ref(sale), force: false });
  });
});

describe('State transitions over GraphQL', () => {
  it('updateOrder transitions the Order and a Line Item; the States resolve', async () => {
    await state('open', 'OrderState');
    await state('packed', 'LineItemState');
    const order = await placed(2);
    const lineItemId = (order['lineItems'] as Json[])[0]!['id'];
    const { updateOrder: updated } = await data<{ updateOrder: Json }>(
      gql(
        api,
        `mutation ($id: String, $line: String) { updateOrder(id: $id, version: 1, actions: [
          { transitionState: { state: { key: "open" } } },
          { transitionLineItemState: { lineItemId: $line, quantity: 1, fromState: { key: "Initial" }, toState: { key: "packed" } } }
        ]) { version state { key } lineItems { state { quantity state { key } } } } }`,
        { id: order['id'], line: lineItemId },
      ),
    );
    expect(updated).toEqual({
      version: 2,
      state: { key: 'open' },
      lineItems: [
        {
          state: [
            { quantity: 1, state: { key: 'Initial' } },
            { quantity: 1, state: { key: 'packed' } },
          ],
        },
      ],
    });
  });
});
