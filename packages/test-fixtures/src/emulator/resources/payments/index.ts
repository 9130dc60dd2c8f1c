import { viewScopes } from '../../auth/principal.js';
import { customMemberFrom } from '../kit/custom-fields.js';
import { moneyFrom } from '../kit/money.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { stateReference } from '../states/transitions.js';
import { paymentActions } from './actions.js';
import { assertInterfaceIdFree, customerReference, methodInfoFrom, transactionFrom, type Payment } from './rules.js';

export type { Payment } from './rules.js';

/**
 * Payments (https://docs.commercetools.com/api/projects/payments): the money a checkout plans to
 * take, and the Transactions of the payment service. A Payment is created with PaymentCreated;
 * Transactions get generated ids and start `Initial` unless their draft says otherwise.
 */
export const paymentType: ResourceType<Payment, Schemas['PaymentDraft'], Schemas['PaymentUpdateAction']> = {
  typeId: 'payment',
  path: 'payments',
  scopes: { view: viewScopes('payments'), manage: ['manage_payments'] },
  schemas: { resource: 'Payment', draft: 'PaymentDraft', updateAction: 'PaymentUpdateAction' },
  create(draft, ctx) {
    const status = draft.paymentStatus ?? {};
    const payment = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.customer !== undefined ? { customer: customerReference(ctx, draft.customer, 'customer') } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(draft.externalId !== undefined ? { externalId: draft.externalId } : {}),
      ...(draft.interfaceId !== undefined ? { interfaceId: draft.interfaceId } : {}),
      amountPlanned: moneyFrom(draft.amountPlanned, 'amountPlanned'),
      paymentMethodInfo: methodInfoFrom(ctx, draft.paymentMethodInfo),
      paymentStatus: {
        ...(status.interfaceCode !== undefined ? { interfaceCode: status.interfaceCode } : {}),
        ...(status.interfaceText !== undefined ? { interfaceText: status.interfaceText } : {}),
        ...(status.state !== undefined ? { state: stateReference(ctx, status.state, 'PaymentState', 'paymentStatus.state') } : {}),
      },
      transactions: (draft.transactions ?? []).map((transaction, index) => transactionFrom(ctx, transaction, `transactions[${index}]`)),
      interfaceInteractions: [],
      ...customMemberFrom(ctx, draft, 'payment'),
    };
    assertInterfaceIdFree(ctx, payment);
    return payment;
  },
  actions: paymentActions,
  createdMessages: (payment) => [{ type: 'PaymentCreated', payload: { payment: structuredClone(payment) } }],
};
