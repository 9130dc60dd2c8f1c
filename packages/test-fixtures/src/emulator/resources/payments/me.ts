import type { Context, Hono } from 'hono';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, type QuerySchema } from '../../query/index.js';
import { commerceContract } from '../../validation/contract.js';
import { createResource, deleteResource, updateResource } from '../kit/operations.js';
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

/**
 * `/me/payments` and `/me/payments/{ID}`: the Payments of the customer or anonymous session behind
 * the token (scope `manage_my_payments`; a token of neither is 403 naming it). Another caller's
 * Payment is 404, as one that does not exist. A Payment with a Transaction can no longer be updated
 * or deleted here (live rule): 400 InvalidOperation.
 */
export function registerMyPaymentRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const base = `/:projectKey/me/payments`;

  /** The caller, when the token is a customer's or an anonymous session's holding `manage_my_payments` (else 403). */
  const sessionOf = (c: Context<AppEnv>): Principal => {
    const principal = c.get('principal');
    allowMe(principal, projectKey, undefined, MANAGE, true);
    return principal;
  };
  /** The caller's Payment with the id of the path (404 when none is the caller's). */
  const mine = (c: Context<AppEnv>): Payment => {
    const principal = sessionOf(c);
    const id = c.req.param('id')!;
    const payment = context.state.collection<Payment>(paymentType.typeId).get(id);
    if (!payment || !owns(principal, payment)) throw errors.notFoundById(id);
    return payment;
  };
  /** The caller's Payment, refused (400 InvalidOperation) once it has a Transaction. */
  const changeable = (c: Context<AppEnv>): Payment => {
    const payment = mine(c);
    if (payment.transactions.length > 0)
      throw errors.invalidOperation('A Payment with Transactions cannot be updated or deleted through the My Payments API.');
    return payment;
  };
  const answer = (c: Context<AppEnv>, payment: Payment, status: 200 | 201 = 200) =>
    json(present(context, myPaymentType, payment, expandParams(c)), status);

  api.get(base, (c) => {
    const principal = sessionOf(c);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const own = [...context.state.collection<Payment>(paymentType.typeId).values()]
      .filter((payment) => owns(principal, payment))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = runOnArray(own, params, { schema: commerceContract().schema('Payment') as QuerySchema });
    return json({ ...page, results: page.results.map((payment) => present(context, myPaymentType, payment, params.expand)) });
  });

  api.post(base, async (c) => {
    sessionOf(c);
    return answer(c, createResource(context, myPaymentType, await readJsonBody(c), callerOf(c)), 201);
  });

  api.get(`${base}/:id`, (c) => answer(c, mine(c)));

  api.post(`${base}/:id`, async (c) => {
    const { id } = changeable(c);
    return answer(c, updateResource(context, myPaymentType, { id }, await readJsonBody(c), callerOf(c)));
  });

  api.delete(`${base}/:id`, (c) => {
    const { id } = changeable(c);
    return answer(c, deleteResource(context, myPaymentType, { id }, versionParam(c), callerOf(c)));
  });
}
