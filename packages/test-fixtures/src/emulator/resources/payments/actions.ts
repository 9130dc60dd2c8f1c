import { upperFirst } from '../../history/change-kit.js';
import { errors } from '../../http/errors.js';
import { customFieldActions } from '../kit/custom-fields.js';
import { moneyFrom } from '../kit/money.js';
import type { ActionHandlers, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';
import { transitionState } from '../states/transitions.js';
import { assertInterfaceIdFree, customerReference, transactionFrom, type Payment, type Transaction } from './rules.js';

type TransactionState = Schemas['TransactionState'];
type PaymentMethodInfo = Schemas['PaymentMethodInfo'];

/** The Transaction of the Payment with this id (400 InvalidOperation when none, the live error). */
function transactionOf(payment: Payment, transactionId: string): Transaction {
  const found = payment.transactions.find((transaction) => transaction.id === transactionId);
  if (!found) throw errors.invalidOperation(`The Payment has no Transaction with the ID '${transactionId}'.`);
  return found;
}

/** How far along a state is: a Transaction moves to a later state only; Success and Failure are final. */
const STAGE: Record<TransactionState, number> = { Initial: 0, Pending: 1, Success: 2, Failure: 2 };

/** 400 InvalidOperation unless a Transaction in `from` may move to `to` (see the schema's TransactionState). */
function assertTransition(from: TransactionState, to: TransactionState): void {
  if (STAGE[to] <= STAGE[from])
    throw errors.invalidOperation(`The Transaction's state cannot change from '${from}' to '${to}': Transactions move forward only.`);
}

/** A member of a Payment that cannot change once set (live rule): 400 InvalidOperation for another value. */
function assertUnset(current: string | undefined, next: string, name: string): void {
  if (current !== undefined && current !== next)
    throw errors.invalidOperation(`The Payment's '${name}' is set to '${current}' and cannot be changed.`);
}

/** The member of `paymentMethodInfo` each `setMethodInfo<Member>` sets, and the live message it sends. */
const METHOD_INFO_MESSAGES = {
  method: 'PaymentMethodInfoMethodSet',
  name: 'PaymentMethodInfoNameSet',
  interfaceAccount: 'PaymentMethodInfoInterfaceAccountSet',
} as const;

/**
 * `setMethodInfo<Member>` of an optional member of `paymentMethodInfo`: omitting the value unsets
 * it. Sends `PaymentMethodInfo<Member>Set` with the value before and after (`oldMethod`, `method`).
 */
function methodInfoSetter<M extends keyof typeof METHOD_INFO_MESSAGES>(member: M) {
  return (payment: Payment, action: { [K in M]?: PaymentMethodInfo[M] }, ctx: WriteContext): void => {
    const old = payment.paymentMethodInfo[member];
    const value = action[member];
    setOptional<PaymentMethodInfo, M>(payment.paymentMethodInfo, member, value);
    ctx.emit(METHOD_INFO_MESSAGES[member], {
      ...(value !== undefined ? { [member]: structuredClone(value) } : {}),
      ...(old !== undefined ? { [`old${upperFirst(member)}`]: structuredClone(old) } : {}),
    });
  };
}

const onPayment = customFieldActions<Payment>('payment');
const onMethodInfo = customFieldActions<PaymentMethodInfo>('payment-method-info');
const onTransaction = customFieldActions<Transaction>('transaction');

/**
 * The Payment update actions (https://docs.commercetools.com/api/projects/payments#update-actions)
 * the emulator models, with the messages the live service sends. The others of the union are
 * listed as not emulated in the schema (501).
 */
export const paymentActions: ActionHandlers<Payment, Schemas['PaymentUpdateAction']> = {
  addTransaction(payment, { transaction }, ctx) {
    const added = transactionFrom(ctx, transaction, 'transaction');
    payment.transactions.push(added);
    ctx.emit('PaymentTransactionAdded', { transaction: structuredClone(added) });
  },
  changeTransactionState(payment, { transactionId, state }, ctx) {
    const transaction = transactionOf(payment, transactionId);
    if (transaction.state === state) return;
    assertTransition(transaction.state, state);
    transaction.state = state;
    ctx.emit('PaymentTransactionStateChanged', { transactionId, state });
  },
  changeTransactionInteractionId(payment, { transactionId, interactionId }) {
    transactionOf(payment, transactionId).interactionId = interactionId;
  },
  changeTransactionTimestamp(payment, { transactionId, timestamp }) {
    transactionOf(payment, transactionId).timestamp = timestamp;
  },
  setStatusInterfaceCode(payment, { interfaceCode }, ctx) {
    setOptional(payment.paymentStatus, 'interfaceCode', interfaceCode);
    ctx.emit('PaymentStatusInterfaceCodeSet', { paymentId: payment.id, ...(interfaceCode !== undefined ? { interfaceCode } : {}) });
  },
  setStatusInterfaceText(payment, { interfaceText }) {
    payment.paymentStatus.interfaceText = interfaceText;
  },
  setInterfaceId(payment, { interfaceId }, ctx) {
    const old = payment.interfaceId;
    if (old === interfaceId) return;
    assertUnset(old, interfaceId, 'interfaceId');
    payment.interfaceId = interfaceId;
    assertInterfaceIdFree(ctx, payment, payment.id);
    ctx.emit('PaymentInterfaceIdSet', { interfaceId });
  },
  setMethodInfoInterface(payment, action, ctx) {
    const old = payment.paymentMethodInfo.paymentInterface;
    if (old === action.interface) return;
    assertUnset(old, action.interface, 'paymentMethodInfo.paymentInterface');
    payment.paymentMethodInfo.paymentInterface = action.interface;
    assertInterfaceIdFree(ctx, payment, payment.id);
    ctx.emit('PaymentMethodInfoInterfaceSet', { interface: action.interface });
  },
  setMethodInfoMethod: methodInfoSetter('method'),
  setMethodInfoName: methodInfoSetter('name'),
  setMethodInfoInterfaceAccount: methodInfoSetter('interfaceAccount'),
  setMethodInfoCustomType(payment, action, ctx) {
    onMethodInfo.setCustomType(payment.paymentMethodInfo, { ...action, action: 'setCustomType' }, ctx);
  },
  setMethodInfoCustomField(payment, action, ctx) {
    onMethodInfo.setCustomField(payment.paymentMethodInfo, { ...action, action: 'setCustomField' }, ctx);
  },
  setTransactionCustomType(payment, { transactionId, ...action }, ctx) {
    onTransaction.setCustomType(transactionOf(payment, transactionId), { ...action, action: 'setCustomType' }, ctx);
  },
  setTransactionCustomField(payment, { transactionId, ...action }, ctx) {
    onTransaction.setCustomField(transactionOf(payment, transactionId), { ...action, action: 'setCustomField' }, ctx);
  },
  changeAmountPlanned(payment, { amount }) {
    payment.amountPlanned = moneyFrom(amount, 'amount');
  },
  setKey(payment, { key }) {
    setOptional(payment, 'key', key);
  },
  setCustomer(payment, { customer }, ctx) {
    setOptional(payment, 'customer', customer === undefined ? undefined : customerReference(ctx, customer, 'customer'));
  },
  setAnonymousId(payment, { anonymousId }) {
    if (payment.customer !== undefined) throw errors.invalidOperation('The Payment belongs to a Customer: it cannot get an anonymousId.');
    setOptional(payment, 'anonymousId', anonymousId);
  },
  setExternalId(payment, { externalId }) {
    setOptional(payment, 'externalId', externalId);
  },
  ...onPayment,
  transitionState: transitionState<Payment>(
    'PaymentState',
    'PaymentStatusStateTransition',
    (payment) => payment.paymentStatus.state,
    (payment, state) => {
      payment.paymentStatus.state = state;
    },
  ),
};
