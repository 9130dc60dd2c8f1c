import { describe, expect, it } from 'vitest';
import { createTokenProvider } from '@commerce-kit/core-auth';
import {
  createGraphqlClient,
  CreateMyPaymentDocument,
  CreatePaymentDocument,
  DeleteMyPaymentDocument,
  DeletePaymentDocument,
  GetMyPaymentDocument,
  GetMyPaymentsDocument,
  GetPaymentDocument,
  QueryPaymentsDocument,
  UpdateMyPaymentDocument,
  UpdatePaymentDocument,
} from '../src/index.js';
import { ok, setUp } from './helpers.js';

/** The Payment documents of the package, typed, against the in-process emulator: REST reads what they write. */
describe('the Payment documents', () => {
  it('create, read, query, update and delete a Payment', async () => {
    const { client, rest } = await setUp('graphql-payments');
    const draft = {
      key: 'pay-1',
      amountPlanned: { currencyCode: 'EUR', centAmount: 4999 },
      paymentMethodInfo: { paymentInterface: 'psp', name: [{ locale: 'en', value: 'Card' }] },
      transactions: [{ type: 'Authorization' as const, amount: { currencyCode: 'EUR', centAmount: 4999 } }],
    };
    const created = ok(CreatePaymentDocument, await client.request(CreatePaymentDocument, { draft })).createPayment!;
    // 49.99 EUR: 4999 cents, two fraction digits.
    expect(created).toMatchObject({
      key: 'pay-1',
      amountPlanned: { centAmount: 4999, fractionDigits: 2 },
      transactions: [{ state: 'Initial' }],
    });
    const transactionId = created.transactions[0]!.id;
    const updated = ok(
      UpdatePaymentDocument,
      await client.request(UpdatePaymentDocument, {
        key: 'pay-1',
        version: 1,
        actions: [{ changeTransactionState: { transactionId, state: 'Success' } }, { setStatusInterfaceCode: { interfaceCode: 'paid' } }],
      }),
    ).updatePayment!;
    expect(updated).toMatchObject({ version: 2, paymentStatus: { interfaceCode: 'paid' }, transactions: [{ state: 'Success' }] });
    expect(ok(GetPaymentDocument, await client.request(GetPaymentDocument, { id: created.id })).payment).toEqual(updated);
    const page = ok(QueryPaymentsDocument, await client.request(QueryPaymentsDocument, { where: 'key = "pay-1"' })).payments;
    expect(page).toMatchObject({ total: 1, exists: true, results: [{ id: created.id }] });
    expect((await rest('GET', `/payments/${created.id}`)).body).toMatchObject({ version: 2, paymentStatus: { interfaceCode: 'paid' } });
    const deleted = ok(DeletePaymentDocument, await client.request(DeletePaymentDocument, { id: created.id, version: 2 })).deletePayment;
    expect(deleted).toEqual({ id: created.id, version: 2 });
  });

  it("create, read, update and delete a customer's My Payment", async () => {
    const { emulator, rest } = await setUp('graphql-my-payments');
    expect((await rest('POST', '/customers', { email: 'ann@example.com', password: 'secret' })).status).toBe(201);
    const { api, auth } = emulator.urls();
    const tokenProvider = createTokenProvider({
      flow: 'password',
      username: 'ann@example.com',
      password: 'secret',
      authUrl: auth,
      projectKey: 'graphql-my-payments',
      credentials: emulator.credentials,
      fetch: emulator.fetch,
    });
    const client = createGraphqlClient({ baseUrl: api, projectKey: 'graphql-my-payments', auth: { tokenProvider }, fetch: emulator.fetch });
    const mine = ok(
      CreateMyPaymentDocument,
      await client.request(CreateMyPaymentDocument, { draft: { amountPlanned: { currencyCode: 'EUR', centAmount: 100 } } }),
    ).createMyPayment!;
    expect(mine).toMatchObject({ version: 1, customerRef: { typeId: 'customer' }, transactions: [] });
    const updated = ok(
      UpdateMyPaymentDocument,
      await client.request(UpdateMyPaymentDocument, { id: mine.id, version: 1, actions: [{ setMethodInfoMethod: { method: 'CARD' } }] }),
    ).updateMyPayment!;
    expect(updated.paymentMethodInfo.method).toBe('CARD');
    expect(ok(GetMyPaymentDocument, await client.request(GetMyPaymentDocument, { id: mine.id })).me.payment).toEqual(updated);
    expect(ok(GetMyPaymentsDocument, await client.request(GetMyPaymentsDocument, {})).me.payments.total).toBe(1);
    const deleted = ok(DeleteMyPaymentDocument, await client.request(DeleteMyPaymentDocument, { id: mine.id, version: 2 })).deleteMyPayment;
    expect(deleted).toEqual({ id: mine.id, version: 2 });
    expect((await rest('GET', `/payments/${mine.id}`)).status).toBe(404);
  });
});
