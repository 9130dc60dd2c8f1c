import type { Context, Hono } from 'hono';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { createResource, deleteResource, updateResource, type Caller } from '../kit/operations.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { callerOf, expandParams, present, versionParam } from '../kit/rest-routes.js';
import { allowMe } from '../me/session.js';
import { paymentActions } from './actions.js';
import { paymentType } from './index.js';
import type { Payment } from './rules.js';

const MANAGE = ['manage_my_payments'];

/** The members of a Payment that the My Payments endpoints answer (the live `MyPayment`). */
const MY_PAYMENT_MEMBERS: readonly (keyof Payment)[] = [
  'id',
  'version',
  'customer',
  'anonymousId',
  'amountPlanned',
  'paymentMethodInfo',
  'transactions',
  'custom',
];

/** The owner a new My Payment gets: the customer of a customer token, else the anonymous session. */
function ownerOf(principal: Principal): Pick<Schemas['PaymentDraft'], 'customer' | 'anonymousId'> {
  return principal.customerId !== undefined
    ? { customer: { typeId: 'customer', id: principal.customerId } }
    : { anonymousId: principal.anonymousId! };
}

/** Whether the Payment is the caller's: by customer for a customer token, else by anonymous session. */
function owns(principal: Principal, payment: Payment): boolean {
  return principal.customerId !== undefined ? payment.customer?.id === principal.customerId : payment.anonymousId === principal.anonymousId;
}

const { addTransaction, changeAmountPlanned, setCustomField, setTransactionCustomField } = paymentActions;
const { setMethodInfoCustomField, setMethodInfoCustomType, setMethodInfoInterface, setMethodInfoInterfaceAccount } = paymentActions;
const { setMethodInfoMethod, setMethodInfoName } = paymentActions;

/**
 * The Payment type as a customer or anonymous session sees the own Payments
 * (https://docs.commercetools.com/api/projects/me-payments): a MyPaymentDraft, the owner from the
 * token, the MyPayment members, the ten My Payment update actions.
 */
const myPaymentType: ResourceType<Payment, Schemas['MyPaymentDraft'], Schemas['MyPaymentUpdateAction']> = {
  ...paymentType,
  schemas: { resource: 'Payment', draft: 'MyPaymentDraft', updateAction: 'MyPaymentUpdateAction' },
  create({ amountPlanned, paymentMethodInfo, custom, transaction }, ctx) {
    return paymentType.create(
      {
        amountPlanned,
        ...ownerOf(ctx.principal),
        ...(paymentMethodInfo !== undefined ? { paymentMethodInfo } : {}),
        ...(custom !== undefined ? { custom } : {}),
        ...(transaction !== undefined ? { transactions: [transaction] } : {}),
      },
      ctx,
    );
  },
  actions: {
    addTransaction,
    changeAmountPlanned,
    setCustomField,
    setMethodInfoCustomField,
    setMethodInfoCustomType,
    setMethodInfoInterfaceAccount,
    setMethodInfoInterface,
    setMethodInfoMethod,
    setMethodInfoName,
    setTransactionCustomField,
  },
  present: (payment) => Object.fromEntries(MY_PAYMENT_MEMBERS.filter((name) => name in payment).map((name) => [name, payment[name]])),
};

/** 403 naming `manage_my_payments` unless the token is a customer's or an anonymous session's holding it. */
function allowMine(context: EmulatorContext, principal: Principal): void {
  allowMe(principal, context.options.projectKey, undefined, MANAGE, true);
}

/**
 * The caller's Payments, by id (403 for a token that is no session's holding `manage_my_payments`).
 *
 * @example
 * const page = runOnArray(myPayments(context, principal), params, { schema });
 */
export function myPayments(context: EmulatorContext, principal: Principal): Payment[] {
  allowMine(context, principal);
  return [...context.state.collection<Payment>(paymentType.typeId).values()]
    .filter((payment) => owns(principal, payment))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The caller's Payment with this id, undefined when there is none or it is another caller's. */
export function myPayment(context: EmulatorContext, principal: Principal, id: string): Payment | undefined {
  allowMine(context, principal);
  const payment = context.state.collection<Payment>(paymentType.typeId).get(id);
  return payment && owns(principal, payment) ? payment : undefined;
}

/** The caller's Payment to change: 404 when it is not the caller's, 400 InvalidOperation once it has a Transaction. */
function changeable(context: EmulatorContext, principal: Principal, id: string): Payment {
  const payment = myPayment(context, principal, id);
  if (!payment) throw errors.notFoundById(id);
  if (payment.transactions.length > 0)
    throw errors.invalidOperation('A Payment with Transactions cannot be updated or deleted through the My Payments API.');
  return payment;
}

/**
 * The My Payments writes (REST and GraphQL alike), each for the caller only: a create from a
 * MyPaymentDraft; an update with the My Payment actions and a delete, while the Payment has no
 * Transaction.
 */
export const myPaymentWrites = {
  create(context: EmulatorContext, draft: unknown, caller: Caller): Payment {
    allowMine(context, caller.principal);
    return createResource(context, myPaymentType, draft, caller);
  },
  update(context: EmulatorContext, id: string, body: unknown, caller: Caller): Payment {
    changeable(context, caller.principal, id);
    return updateResource(context, myPaymentType, { id }, body, caller);
  },
  delete(context: EmulatorContext, id: string, version: number, caller: Caller): Payment {
    changeable(context, caller.principal, id);
    return deleteResource(context, myPaymentType, { id }, version, caller);
  },
};

/**
 * `/me/payments` and `/me/payments/{ID}`: the Payments of the customer or anonymous session behind
 * the token (scope `manage_my_payments`; a token of neither is 403 naming it). Another caller's
 * Payment is 404, as one that does not exist. A Payment with a Transaction can no longer be updated
 * or deleted here (live rule): 400 InvalidOperation.
 */
export function registerMyPaymentRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const base = `/:projectKey/me/payments`;
  const answer = (c: Context<AppEnv>, payment: Payment, status: 200 | 201 = 200) =>
    json(present(context, myPaymentType, payment, expandParams(c)), status);

  api.get(base, (c) => {
    const own = myPayments(context, c.get('principal'));
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const page = runOnArray(own, params, { schema: commerceContract().schema('Payment') as QuerySchema });
    return json({ ...page, results: page.results.map((payment) => present(context, myPaymentType, payment, params.expand)) });
  });

  api.post(base, async (c) => answer(c, myPaymentWrites.create(context, await readJsonBody(c), callerOf(c)), 201));

  api.get(`${base}/:id`, (c) => {
    const id = c.req.param('id');
    const payment = myPayment(context, c.get('principal'), id);
    if (!payment) throw errors.notFoundById(id);
    return answer(c, payment);
  });

  api.post(`${base}/:id`, async (c) => answer(c, myPaymentWrites.update(context, c.req.param('id'), await readJsonBody(c), callerOf(c))));

  api.delete(`${base}/:id`, (c) => answer(c, myPaymentWrites.delete(context, c.req.param('id'), versionParam(c), callerOf(c))));
}
