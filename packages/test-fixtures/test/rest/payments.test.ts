import { beforeEach, describe, expect, it } from 'vitest';
import { signUp } from './customer-helpers.js';
import { paymentSnapshot } from './payment-helpers.js';
import { createApi, expectError, messagesOf, ok, tokenWithScope, UUID, type Api, type ApiAnswer, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

/** 49.99 EUR: 4999 cents, the currency's 2 fraction digits. */
const EUR_4999 = { type: 'centPrecision', centAmount: 4999, currencyCode: 'EUR', fractionDigits: 2 };

async function createPayment(draft: Json = {}): Promise<Json> {
  return ok(await api.call('POST', '/payments', { amountPlanned: { centAmount: 4999, currencyCode: 'EUR' }, ...draft }), 201);
}

async function payment(id: string): Promise<Json> {
  return ok(await api.call('GET', `/payments/${id}`));
}

/** Applies actions to a Payment at its current version. */
async function update(id: string, actions: Json[]): Promise<ApiAnswer> {
  return api.call('POST', `/payments/${id}`, { version: (await payment(id)).version, actions });
}

async function expectPaymentsUnchanged(before: unknown): Promise<void> {
  expect(await paymentSnapshot(api)).toEqual(before);
}

const transactionIdOf = (body: Json, index = 0) => (body['transactions'] as Json[])[index]!['id'] as string;

describe('payments', () => {
  it('are created with their method, status and transactions (ids, Initial by default, timestamps as given), read by id and key', async () => {
    const customer = await signUp(api, { email: 'ann@example.com' });
    const created = await createPayment({
      key: 'order-1001',
      customer: { typeId: 'customer', id: customer['id'] },
      interfaceId: 'psp-1',
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CREDIT_CARD', name: { en: 'Credit card' } },
      paymentStatus: { interfaceCode: '10', interfaceText: 'open' },
      transactions: [
        { type: 'Authorization', amount: { centAmount: 4999, currencyCode: 'EUR' }, timestamp: '2026-02-01T10:00:00.000Z' },
        { type: 'Charge', amount: { centAmount: 4999, currencyCode: 'EUR' }, state: 'Pending', interactionId: 'i-2' },
      ],
    });
    expect(created).toMatchObject({
      key: 'order-1001',
      version: 1,
      customer: { typeId: 'customer', id: customer['id'] },
      interfaceId: 'psp-1',
      amountPlanned: EUR_4999,
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CREDIT_CARD', name: { en: 'Credit card' } },
      paymentStatus: { interfaceCode: '10', interfaceText: 'open' },
      interfaceInteractions: [],
    });
    expect(created['transactions']).toEqual([
      { id: expect.stringMatching(UUID), type: 'Authorization', amount: EUR_4999, state: 'Initial', timestamp: '2026-02-01T10:00:00.000Z' },
      { id: expect.stringMatching(UUID), type: 'Charge', amount: EUR_4999, state: 'Pending', interactionId: 'i-2' },
    ]);
    expect(await payment(created['id'] as string)).toEqual(created);
    expect(ok(await api.call('GET', '/payments/key=order-1001'))).toEqual(created);
    const page = ok(await api.call('GET', '/payments?where=transactions(type%3D"Charge")&withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ id: created['id'] }] });
    const minimal = await createPayment();
    expect(minimal).toMatchObject({ paymentMethodInfo: {}, paymentStatus: {}, transactions: [], interfaceInteractions: [] });
    expect(minimal).not.toHaveProperty('key');
  });

  it('send PaymentCreated with the Payment', async () => {
    const created = await createPayment({ key: 'p1' });
    const [message] = await messagesOf(api, created['id'] as string);
    expect(message).toMatchObject({ type: 'PaymentCreated', resourceVersion: 1, resource: { typeId: 'payment', id: created['id'] } });
    expect(message!['payment']).toEqual(created);
  });

  it('refuse a draft without amountPlanned, with an unknown customer or a bad transaction; nothing changes', async () => {
    await createPayment({ key: 'p1' });
    const before = await paymentSnapshot(api);
    expectError(await api.call('POST', '/payments', { key: 'p2' }), 400, 'InvalidJsonInput');
    const noCustomer = await api.call('POST', '/payments', {
      amountPlanned: { centAmount: 100, currencyCode: 'EUR' },
      customer: { typeId: 'customer', id: 'nobody' },
    });
    expectError(noCustomer, 400, 'ReferencedResourceNotFound');
    const badType = {
      amountPlanned: { centAmount: 100, currencyCode: 'EUR' },
      transactions: [{ type: 'Gift', amount: { centAmount: 1, currencyCode: 'EUR' } }],
    };
    expectError(await api.call('POST', '/payments', badType), 400, 'InvalidJsonInput');
    expectError(await api.call('POST', '/payments', { amountPlanned: { centAmount: 1.5, currencyCode: 'EUR' } }), 400, 'InvalidJsonInput');
    expectError(
      await api.call('POST', '/payments', { key: 'p1', amountPlanned: { centAmount: 1, currencyCode: 'EUR' } }),
      400,
      'DuplicateField',
    );
    await expectPaymentsUnchanged(before);
  });

  it('answer 501 NotEmulated to the deprecated amounts, interface interactions and tokens; nothing changes', async () => {
    const before = await paymentSnapshot(api);
    const money = { centAmount: 100, currencyCode: 'EUR' };
    const refused = async (extra: Json, field: string) => {
      const error = expectError(await api.call('POST', '/payments', { amountPlanned: money, ...extra }), 501, 'NotEmulated');
      expect(error['field']).toBe(field);
    };
    await refused({ amountPaid: money }, 'amountPaid');
    await refused({ authorizedUntil: '2026-04-01T00:00:00.000Z' }, 'authorizedUntil');
    await refused({ interfaceInteractions: [{ type: { key: 'log' } }] }, 'interfaceInteractions');
    await refused({ paymentMethodInfo: { token: { value: 'tok' } } }, 'paymentMethodInfo.token');
    await expectPaymentsUnchanged(before);
    const { id } = await createPayment();
    const before2 = await paymentSnapshot(api);
    for (const action of [
      { action: 'setAuthorization', amount: money },
      { action: 'setAmountPaid', amount: money },
    ]) {
      const error = expectError(await update(id as string, [action]), 501, 'NotEmulated');
      expect(error['action']).toBe(action.action);
    }
    await expectPaymentsUnchanged(before2);
  });

  it('decision: the interfaceId and paymentInterface together are unique (400 DuplicateField interfaceId); nothing changes', async () => {
    await createPayment({ interfaceId: 'psp-1', paymentMethodInfo: { paymentInterface: 'psp' } });
    const other = await createPayment({ interfaceId: 'psp-1', paymentMethodInfo: { paymentInterface: 'other-psp' } });
    const open = await createPayment({ paymentMethodInfo: { paymentInterface: 'psp' } });
    const before = await paymentSnapshot(api);
    const twice = await api.call('POST', '/payments', {
      amountPlanned: { centAmount: 1, currencyCode: 'EUR' },
      interfaceId: 'psp-1',
      paymentMethodInfo: { paymentInterface: 'psp' },
    });
    expect(expectError(twice, 400, 'DuplicateField')).toMatchObject({ field: 'interfaceId', duplicateValue: 'psp-1' });
    expectError(await update(open['id'] as string, [{ action: 'setInterfaceId', interfaceId: 'psp-1' }]), 400, 'DuplicateField');
    await expectPaymentsUnchanged(before);
    expect(other['interfaceId']).toBe('psp-1');
  });

  it('keep interfaceId and paymentInterface once set (400 InvalidOperation); setInterfaceId sends PaymentInterfaceIdSet', async () => {
    const { id } = (await createPayment()) as { id: string };
    const set = ok(
      await update(id, [
        { action: 'setInterfaceId', interfaceId: 'psp-1' },
        { action: 'setMethodInfoInterface', interface: 'psp' },
      ]),
    );
    expect(set).toMatchObject({ version: 2, interfaceId: 'psp-1', paymentMethodInfo: { paymentInterface: 'psp' } });
    expect((await messagesOf(api, id)).map((m) => [m['type'], m['interfaceId'] ?? m['interface']])).toEqual([
      ['PaymentCreated', undefined],
      ['PaymentInterfaceIdSet', 'psp-1'],
      ['PaymentMethodInfoInterfaceSet', 'psp'],
    ]);
    const before = await paymentSnapshot(api);
    expectError(await update(id, [{ action: 'setInterfaceId', interfaceId: 'psp-2' }]), 400, 'InvalidOperation');
    expectError(await update(id, [{ action: 'setMethodInfoInterface', interface: 'other' }]), 400, 'InvalidOperation');
    // The same value again changes nothing.
    expect(ok(await update(id, [{ action: 'setInterfaceId', interfaceId: 'psp-1' }]))['version']).toBe(2);
    await expectPaymentsUnchanged(before);
  });

  it('add Transactions and move their state forward, with PaymentTransactionAdded and PaymentTransactionStateChanged', async () => {
    const { id } = (await createPayment()) as { id: string };
    const added = ok(
      await update(id, [{ action: 'addTransaction', transaction: { type: 'Charge', amount: { centAmount: 4999, currencyCode: 'EUR' } } }]),
    );
    const transactionId = transactionIdOf(added);
    expect(added['transactions']).toEqual([{ id: transactionId, type: 'Charge', amount: EUR_4999, state: 'Initial' }]);
    ok(await update(id, [{ action: 'changeTransactionState', transactionId, state: 'Pending' }]));
    const success = ok(await update(id, [{ action: 'changeTransactionState', transactionId, state: 'Success' }]));
    expect(success['transactions'][0]['state']).toBe('Success');
    const sent = (await messagesOf(api, id)).slice(1);
    expect(sent).toMatchObject([
      { type: 'PaymentTransactionAdded', resourceVersion: 2, transaction: added['transactions'][0] },
      { type: 'PaymentTransactionStateChanged', resourceVersion: 3, transactionId, state: 'Pending' },
      { type: 'PaymentTransactionStateChanged', resourceVersion: 4, transactionId, state: 'Success' },
    ]);
  });

  it('decision: a Transaction state moves forward only and Success and Failure are final (400 InvalidOperation); nothing changes', async () => {
    const money = { centAmount: 100, currencyCode: 'EUR' };
    const created = await createPayment({
      transactions: [
        { type: 'Authorization', amount: money, state: 'Pending' },
        { type: 'Charge', amount: money, state: 'Success' },
        { type: 'Refund', amount: money, state: 'Failure' },
      ],
    });
    const id = created['id'] as string;
    const [pending, success, failure] = [0, 1, 2].map((index) => transactionIdOf(created, index));
    const before = await paymentSnapshot(api);
    const change = (transactionId: string | undefined, state: string) =>
      update(id, [{ action: 'changeTransactionState', transactionId, state }]);
    expectError(await change(pending, 'Initial'), 400, 'InvalidOperation');
    expectError(await change(success, 'Failure'), 400, 'InvalidOperation');
    expectError(await change(success, 'Pending'), 400, 'InvalidOperation');
    expectError(await change(failure, 'Success'), 400, 'InvalidOperation');
    expectError(await change('no-such-transaction', 'Success'), 400, 'InvalidOperation');
    // To the state it has: nothing changes, no message.
    expect(ok(await change(success, 'Success'))['version']).toBe(1);
    await expectPaymentsUnchanged(before);
    // Initial may skip Pending.
    const skip = ok(await update(id, [{ action: 'addTransaction', transaction: { type: 'Charge', amount: money } }]));
    expect(ok(await change(transactionIdOf(skip, 3), 'Failure'))['transactions'][3]['state']).toBe('Failure');
  });

  it('change a Transaction interaction id and timestamp, the status, the method info, the planned amount, key, customer and ids', async () => {
    const customer = await signUp(api, { email: 'ann@example.com' });
    const created = await createPayment({ transactions: [{ type: 'Charge', amount: { centAmount: 1, currencyCode: 'EUR' } }] });
    const id = created['id'] as string;
    const transactionId = transactionIdOf(created);
    const updated = ok(
      await update(id, [
        { action: 'changeTransactionInteractionId', transactionId, interactionId: 'i-9' },
        { action: 'changeTransactionTimestamp', transactionId, timestamp: '2026-02-02T08:00:00.000Z' },
        { action: 'setStatusInterfaceCode', interfaceCode: '20' },
        { action: 'setStatusInterfaceText', interfaceText: 'paid' },
        { action: 'setMethodInfoMethod', method: 'PAYPAL' },
        { action: 'setMethodInfoName', name: { en: 'PayPal' } },
        { action: 'setMethodInfoInterfaceAccount', interfaceAccount: 'shop-eu' },
        { action: 'changeAmountPlanned', amount: { centAmount: 2000, currencyCode: 'JPY' } },
        { action: 'setKey', key: 'pay-1' },
        { action: 'setCustomer', customer: { typeId: 'customer', id: customer['id'] } },
        { action: 'setExternalId', externalId: 'crm-7' },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      key: 'pay-1',
      externalId: 'crm-7',
      customer: { typeId: 'customer', id: customer['id'] },
      // 2000 yen: the yen has no fraction digits.
      amountPlanned: { type: 'centPrecision', centAmount: 2000, currencyCode: 'JPY', fractionDigits: 0 },
      paymentStatus: { interfaceCode: '20', interfaceText: 'paid' },
      paymentMethodInfo: { method: 'PAYPAL', name: { en: 'PayPal' }, interfaceAccount: 'shop-eu' },
      transactions: [{ id: transactionId, interactionId: 'i-9', timestamp: '2026-02-02T08:00:00.000Z', state: 'Initial' }],
    });
    const sent = await messagesOf(api, id);
    const codeSet = sent.find((m) => m['type'] === 'PaymentStatusInterfaceCodeSet');
    expect(codeSet).toMatchObject({ paymentId: id, interfaceCode: '20', resourceVersion: 2 });
    expect(sent.filter((m) => m['type'].startsWith('PaymentMethodInfo'))).toMatchObject([
      { type: 'PaymentMethodInfoMethodSet', method: 'PAYPAL' },
      { type: 'PaymentMethodInfoNameSet', name: { en: 'PayPal' } },
      { type: 'PaymentMethodInfoInterfaceAccountSet', interfaceAccount: 'shop-eu' },
    ]);
    // A Payment of a Customer gets no anonymousId (live rule); unsetting the method leaves it out.
    const before = await paymentSnapshot(api);
    expectError(await update(id, [{ action: 'setAnonymousId', anonymousId: 'visitor' }]), 400, 'InvalidOperation');
    expectError(await update(id, [{ action: 'setCustomer', customer: { id: 'nobody' } }]), 400, 'ReferencedResourceNotFound');
    await expectPaymentsUnchanged(before);
    const unset = ok(
      await update(id, [
        { action: 'setCustomer' },
        { action: 'setAnonymousId', anonymousId: 'visitor' },
        { action: 'setMethodInfoMethod' },
      ]),
    );
    expect(unset).toMatchObject({ anonymousId: 'visitor', paymentMethodInfo: { name: { en: 'PayPal' } } });
    expect(unset).not.toHaveProperty('customer');
    expect(unset['paymentMethodInfo']).not.toHaveProperty('method');
    const methodUnset = (await messagesOf(api, id)).at(-1)!;
    expect(methodUnset).toMatchObject({ type: 'PaymentMethodInfoMethodSet', oldMethod: 'PAYPAL' });
    expect(methodUnset).not.toHaveProperty('method');
  });

  it('carry Custom Fields on the Payment, its method info and its Transactions, each with a Type of its own', async () => {
    const fields = [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }];
    for (const [key, resourceTypeId] of [
      ['payment-type', 'payment'],
      ['method-type', 'payment-method-info'],
      ['transaction-type', 'transaction'],
    ])
      ok(await api.call('POST', '/types', { key, name: { en: key }, resourceTypeIds: [resourceTypeId], fieldDefinitions: fields }), 201);
    const created = await createPayment({
      custom: { type: { key: 'payment-type' }, fields: { note: 'a' } },
      paymentMethodInfo: { method: 'CARD', custom: { type: { key: 'method-type' }, fields: { note: 'b' } } },
      transactions: [{ type: 'Charge', amount: { centAmount: 1, currencyCode: 'EUR' }, custom: { type: { key: 'transaction-type' } } }],
    });
    const id = created['id'] as string;
    const transactionId = transactionIdOf(created);
    expect(created['paymentMethodInfo']['custom']['fields']).toEqual({ note: 'b' });
    const updated = ok(
      await update(id, [
        { action: 'setCustomField', name: 'note', value: 'a2' },
        { action: 'setMethodInfoCustomField', name: 'note', value: 'b2' },
        { action: 'setTransactionCustomField', transactionId, name: 'note', value: 'c' },
      ]),
    );
    expect([
      updated['custom']['fields'],
      updated['paymentMethodInfo']['custom']['fields'],
      updated['transactions'][0]['custom']['fields'],
    ]).toEqual([{ note: 'a2' }, { note: 'b2' }, { note: 'c' }]);
    const before = await paymentSnapshot(api);
    // A Type for another resource type is refused.
    expectError(
      await update(id, [{ action: 'setTransactionCustomType', transactionId, type: { key: 'payment-type' } }]),
      400,
      'InvalidOperation',
    );
    expectError(await update(id, [{ action: 'setMethodInfoCustomType', type: { key: 'transaction-type' } }]), 400, 'InvalidOperation');
    await expectPaymentsUnchanged(before);
    const removed = ok(await update(id, [{ action: 'setTransactionCustomType', transactionId }, { action: 'setMethodInfoCustomType' }]));
    expect(removed['transactions'][0]).not.toHaveProperty('custom');
    expect(removed['paymentMethodInfo']).toEqual({ method: 'CARD' });
  });

  it('refuse a stale version with 409 and delete by id or key with the current version', async () => {
    const { id } = (await createPayment({ key: 'p1' })) as { id: string };
    ok(await update(id, [{ action: 'setStatusInterfaceText', interfaceText: 'x' }]));
    const before = await paymentSnapshot(api);
    expectError(await api.call('POST', `/payments/${id}`, { version: 1, actions: [{ action: 'setKey' }] }), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', '/payments/key=p1?version=1'), 409, 'ConcurrentModification');
    await expectPaymentsUnchanged(before);
    expect(ok(await api.call('DELETE', '/payments/key=p1?version=2'))['id']).toBe(id);
    expectError(await api.call('GET', `/payments/${id}`), 404, 'ResourceNotFound');
  });

  it('need view_payments (or manage_payments) to read and manage_payments to write', async () => {
    const { id } = (await createPayment()) as { id: string };
    const viewer = api.as(await tokenWithScope(api, `view_payments:${api.project}`));
    const other = api.as(await tokenWithScope(api, `manage_orders:${api.project}`));
    expect((await viewer('GET', `/payments/${id}`)).status).toBe(200);
    expectError(await viewer('POST', '/payments', { amountPlanned: { centAmount: 1, currencyCode: 'EUR' } }), 403, 'insufficient_scope');
    expectError(await other('GET', '/payments'), 403, 'insufficient_scope');
    const manager = api.as(await tokenWithScope(api, `manage_payments:${api.project}`));
    expect((await manager('POST', '/payments', { amountPlanned: { centAmount: 1, currencyCode: 'EUR' } })).status).toBe(201);
  });
});
