import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/**
 * Payments have Change History Records labelled PaymentLabel (key and planned amount), with Changes
 * named after the update actions: of the Payment, its method info and status, and of each
 * Transaction, naming the Transaction.
 */
describe('Change History of Payments', () => {
  it('records a Payment: its label, the Transaction added and its state, status and method info Changes', async () => {
    const api = await createHistoryApi();
    const type = { key: 'note', name: { en: 'Note' }, resourceTypeIds: ['transaction'] };
    const fieldDefinitions = [{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }];
    expect((await api.call('POST', '/types', { ...type, fieldDefinitions })).status).toBe(201);
    const money = { centAmount: 4999, currencyCode: 'EUR' };
    const created = await api.call('POST', '/payments', { key: 'pay-1', amountPlanned: money });
    const { id } = created.body as { id: string };
    const added = await api.call('POST', `/payments/${id}`, {
      version: 1,
      actions: [
        { action: 'setStatusInterfaceCode', interfaceCode: '10' },
        { action: 'addTransaction', transaction: { type: 'Charge', amount: money, interactionId: 'i-1' } },
        { action: 'setMethodInfoName', name: { en: 'Card' } },
      ],
    });
    const transaction = (added.body as { transactions: { id: string }[] }).transactions[0]!;
    const changed = await api.call('POST', `/payments/${id}`, {
      version: 2,
      actions: [
        { action: 'changeTransactionState', transactionId: transaction.id, state: 'Success' },
        { action: 'setTransactionCustomType', transactionId: transaction.id, type: { key: 'note' }, fields: { note: 'n' } },
        { action: 'changeAmountPlanned', amount: { centAmount: 5000, currencyCode: 'EUR' } },
      ],
    });
    expect(changed.status).toBe(200);
    const records = (await api.history(`/payment/${id}`)).body;
    expect(summary(records)).toEqual([
      'payment v2->v3 ResourceUpdated [changeTransactionState,setTransactionCustomType,changeAmountPlanned]',
      'payment v1->v2 ResourceUpdated [setStatusInterfaceCode,addTransaction,setMethodInfoName]',
      'payment v0->v1 ResourceCreated []',
    ]);
    // 49.99 EUR planned, then 50.00 EUR.
    expect(records.results[2]!.label).toEqual({
      type: 'PaymentLabel',
      key: 'pay-1',
      amountPlanned: { type: 'centPrecision', centAmount: 4999, currencyCode: 'EUR', fractionDigits: 2 },
    });
    expect(records.results[0]!.label).toMatchObject({ amountPlanned: { centAmount: 5000 } });
    const [state, custom] = records.results[0]!.changes;
    expect(state).toEqual({
      change: 'changeTransactionState',
      type: 'ChangeTransactionStateChange',
      previousValue: 'Initial',
      nextValue: 'Success',
      transaction: { id: transaction.id, interactionId: 'i-1' },
    });
    expect(custom).toMatchObject({
      change: 'setTransactionCustomType',
      type: 'SetTransactionCustomTypeChange',
      transaction: { id: transaction.id },
    });
    expect(records.results[1]!.changes.map((c) => [c['type'], c['nextValue']])).toEqual([
      ['SetStatusInterfaceCodeChange', '10'],
      ['AddTransactionChange', added.body.transactions[0]],
      ['SetMethodInfoNameChange', { en: 'Card' }],
    ]);
  });
});
