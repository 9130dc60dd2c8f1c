import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { anonymousToken, apiClient, passwordToken, tokenWith, type ClientCredentials } from '../helpers/tokens.js';
import { paymentSnapshot } from '../rest/payment-helpers.js';
import { data, failure, gql } from './helpers.js';

/**
 * Payments and My Payments over GraphQL, on the REST operations: what GraphQL writes REST reads back,
 * the REST errors surface as field errors that change nothing, and `me` sees the caller's own only.
 */

let api: Api;
let storefront: ClientCredentials;
beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-payments' });
  storefront = await apiClient(api, `manage_my_payments:${api.project} create_anonymous_token:${api.project}`);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const PAYMENT = `id version key customerRef { typeId id } anonymousId interfaceId
  amountPlanned { type currencyCode centAmount fractionDigits }
  paymentMethodInfo { paymentInterface method name(locale: "en") nameAllLocales { locale value } }
  paymentStatus { interfaceCode interfaceText }
  transactions { id type state amount { centAmount currencyCode } timestamp interactionId }
  createdBy { clientId }`;
const MY_PAYMENT = 'id version customerRef { id } anonymousId amountPlanned { centAmount } transactions { id type state }';

const updatePayment = (id: string, version: number, actions: unknown[]) =>
  gql<{ updatePayment: Json | null }>(
    api,
    `mutation ($id: String, $version: Long!, $actions: [PaymentUpdateAction!]!) {
      updatePayment(id: $id, version: $version, actions: $actions) { ${PAYMENT} } }`,
    { id, version, actions },
  );

describe('Payments over GraphQL', () => {
  it('are created, read, queried, updated and deleted; REST reads the same Payment', async () => {
    const { createPayment: created } = await data<{ createPayment: Json }>(
      gql(api, `mutation ($draft: PaymentDraft!) { createPayment(draft: $draft) { ${PAYMENT} } }`, {
        draft: {
          key: 'pay-1',
          amountPlanned: { currencyCode: 'EUR', centAmount: 4999 },
          paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD', name: [{ locale: 'en', value: 'Card' }] },
          paymentStatus: { interfaceCode: '10', interfaceText: null },
          transactions: [
            { type: 'Authorization', amount: { currencyCode: 'EUR', centAmount: 4999 }, timestamp: '2026-02-01T10:00:00.000Z' },
          ],
        },
      }),
    );
    // 49.99 EUR: 4999 cents, two fraction digits.
    expect(created).toMatchObject({
      version: 1,
      key: 'pay-1',
      amountPlanned: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 4999, fractionDigits: 2 },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'CARD', name: 'Card', nameAllLocales: [{ locale: 'en', value: 'Card' }] },
      paymentStatus: { interfaceCode: '10', interfaceText: null },
      transactions: [{ type: 'Authorization', state: 'Initial', timestamp: '2026-02-01T10:00:00.000Z' }],
      createdBy: { clientId: api.emulator.credentials.clientId },
    });
    const stored = (await api.call('GET', `/payments/${created['id'] as string}`)).body as Json;
    expect(stored).toMatchObject({ key: 'pay-1', paymentMethodInfo: { name: { en: 'Card' } }, paymentStatus: { interfaceCode: '10' } });
    expect(stored['paymentStatus']).not.toHaveProperty('interfaceText');

    const transactionId = created['transactions'][0]['id'] as string;
    const { updatePayment: updated } = await data(
      updatePayment(created['id'] as string, 1, [
        { changeTransactionState: { transactionId, state: 'Success' } },
        { addTransaction: { transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 4999 }, interactionId: 'i-2' } } },
        { setMethodInfoName: { name: [{ locale: 'en', value: 'Credit card' }] } },
        { changeAmountPlanned: { amount: { currencyCode: 'EUR', centAmount: 5000 } } },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      amountPlanned: { centAmount: 5000 },
      paymentMethodInfo: { name: 'Credit card' },
      transactions: [
        { id: transactionId, state: 'Success' },
        { type: 'Charge', state: 'Initial', interactionId: 'i-2' },
      ],
    });
    const read = await data<{ byKey: Json; none: null; page: Json }>(
      gql(
        api,
        `{ byKey: payment(key: "pay-1") { id version } none: payment(key: "nope") { id }
          page: payments(where: "transactions(state = \\"Success\\")") { total results { key } } }`,
      ),
    );
    expect(read).toEqual({ byKey: { id: created['id'], version: 2 }, none: null, page: { total: 1, results: [{ key: 'pay-1' }] } });
    const deleted = await data<{ deletePayment: Json }>(gql(api, 'mutation { deletePayment(key: "pay-1", version: 2) { id } }'));
    expect(deleted.deletePayment['id']).toBe(created['id']);
    expect((await api.call('GET', '/payments/key=pay-1')).status).toBe(404);
  });

  it('fail with the REST errors and change nothing: a backward state, a stale version, a duplicate interface id', async () => {
    const create = (draft: Json) =>
      gql<{ createPayment: Json | null }>(
        api,
        'mutation ($draft: PaymentDraft!) { createPayment(draft: $draft) { id version transactions { id } } }',
        {
          draft: { amountPlanned: { currencyCode: 'EUR', centAmount: 100 }, ...draft },
        },
      );
    const { createPayment: payment } = await data(
      create({
        interfaceId: 'psp-1',
        paymentMethodInfo: { paymentInterface: 'psp' },
        transactions: [{ type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 100 }, state: 'Success' }],
      }),
    );
    const before = await paymentSnapshot(api);
    const backward = await failure(
      updatePayment(payment!['id'], 1, [
        { changeTransactionState: { transactionId: payment!['transactions'][0]['id'], state: 'Pending' } },
      ]),
    );
    expect(backward.error.extensions?.code).toBe('InvalidOperation');
    const stale = await failure(updatePayment(payment!['id'], 7, [{ setKey: { key: 'late' } }]));
    expect(stale.error.extensions).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const duplicate = await failure(create({ interfaceId: 'psp-1', paymentMethodInfo: { paymentInterface: 'psp' } }));
    expect(duplicate.error.extensions).toMatchObject({ code: 'DuplicateField', field: 'interfaceId' });
    const twoActions = await failure(updatePayment(payment!['id'], 1, [{ setKey: { key: 'a' }, setExternalId: { externalId: 'b' } }]));
    expect(twoActions.error.extensions?.code).toBe('InvalidInput');
    expect(await paymentSnapshot(api)).toEqual(before);
  });

  it('need view_payments or manage_payments to read and manage_payments to write', async () => {
    const token = await tokenWith(api, `view_payments:${api.project}`);
    expect((await data<{ payments: Json }>(gql(api, '{ payments { total } }', undefined, token))).payments['total']).toBe(0);
    const refused = await failure(
      gql(api, 'mutation { createPayment(draft: { amountPlanned: { currencyCode: "EUR", centAmount: 1 } }) { id } }', undefined, token),
    );
    expect(refused.error.extensions?.code).toBe('insufficient_scope');
  });
});

describe('My Payments over GraphQL', () => {
  async function customerToken(email: string): Promise<{ id: string; token: string }> {
    const signUp = await api.call('POST', '/customers', { email, password: 'secret' });
    return { id: signUp.body.customer.id as string, token: await passwordToken(api, storefront, { email, password: 'secret' }) };
  }
  const createMine = (token: string, draft: Json) =>
    gql<{ createMyPayment: Json | null }>(
      api,
      `mutation ($draft: MyPaymentDraft!) { createMyPayment(draft: $draft) { ${MY_PAYMENT} } }`,
      { draft },
      token,
    );

  it("create the caller's Payment, read through me, updated and deleted while without a Transaction", async () => {
    const ann = await customerToken('ann@example.com');
    const { createMyPayment: mine } = await data(createMine(ann.token, { amountPlanned: { currencyCode: 'EUR', centAmount: 100 } }));
    expect(mine).toMatchObject({ version: 1, customerRef: { id: ann.id }, anonymousId: null, transactions: [] });
    const id = mine!['id'] as string;
    const me = await data<{ me: Json }>(
      gql(api, `query ($id: String!) { me { payment(id: $id) { id } payments { total results { id } } } }`, { id }, ann.token),
    );
    expect(me.me).toEqual({ payment: { id }, payments: { total: 1, results: [{ id }] } });
    const updated = await data<{ updateMyPayment: Json }>(
      gql(
        api,
        `mutation ($id: String!) { updateMyPayment(id: $id, version: 1, actions: [
          { setMethodInfoMethod: { method: "CARD" } },
          { addTransaction: { transaction: { type: Charge, amount: { currencyCode: "EUR", centAmount: 100 } } } }
        ]) { ${MY_PAYMENT} } }`,
        { id },
        ann.token,
      ),
    );
    expect(updated.updateMyPayment).toMatchObject({ version: 2, transactions: [{ type: 'Charge', state: 'Initial' }] });
    const before = await paymentSnapshot(api);
    const locked = await failure(gql(api, `mutation ($id: String!) { deleteMyPayment(id: $id, version: 2) { id } }`, { id }, ann.token));
    expect(locked.error.extensions?.code).toBe('InvalidOperation');
    expect(await paymentSnapshot(api)).toEqual(before);

    const visitor = await anonymousToken(api, storefront, 'visitor-1');
    const { createMyPayment: visitors } = await data(createMine(visitor, { amountPlanned: { currencyCode: 'EUR', centAmount: 5 } }));
    expect(visitors).toMatchObject({ anonymousId: 'visitor-1', customerRef: null });
    const gone = await data<{ deleteMyPayment: Json }>(
      gql(api, `mutation ($id: String!) { deleteMyPayment(id: $id, version: 1) { id } }`, { id: visitors!['id'] }, visitor),
    );
    expect(gone.deleteMyPayment['id']).toBe(visitors!['id']);
  });

  it("answer null for another caller's Payment and fail its writes with ResourceNotFound; nothing changes", async () => {
    const ann = await customerToken('ann@example.com');
    const bob = await customerToken('bob@example.com');
    const { createMyPayment: bobs } = await data(createMine(bob.token, { amountPlanned: { currencyCode: 'EUR', centAmount: 100 } }));
    const id = bobs!['id'] as string;
    const before = await paymentSnapshot(api);
    const seen = await data<{ me: Json }>(
      gql(api, `query ($id: String!) { me { payment(id: $id) { id } payments { total } } }`, { id }, ann.token),
    );
    expect(seen.me).toEqual({ payment: null, payments: { total: 0 } });
    const update = await failure(
      gql(
        api,
        `mutation ($id: String!) { updateMyPayment(id: $id, version: 1, actions: [{ setMethodInfoMethod: { method: "X" } }]) { id } }`,
        { id },
        ann.token,
      ),
    );
    expect(update.error.extensions?.code).toBe('ResourceNotFound');
    const remove = await failure(gql(api, `mutation ($id: String!) { deleteMyPayment(id: $id, version: 1) { id } }`, { id }, ann.token));
    expect(remove.error.extensions?.code).toBe('ResourceNotFound');
    // A client credentials token is no caller of its own.
    const clientOnly = await failure(gql(api, '{ me { payments { total } } }'));
    expect(clientOnly.error.extensions?.code).toBe('insufficient_scope');
    expect(await paymentSnapshot(api)).toEqual(before);
  });
});
