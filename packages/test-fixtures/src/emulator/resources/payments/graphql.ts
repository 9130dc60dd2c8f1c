import type { GraphqlContext } from '../../graphql/context.js';
import {
  convertActions,
  localizedString,
  plainActions,
  withoutNulls,
  type IdentifierInput,
  type LocalizedInput,
  type Nullable,
} from '../../graphql/inputs.js';
import { modifiedBy, named } from '../../graphql/objects.js';
import { pageOfArray, type PageArgs } from '../../graphql/paging.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import { standardFields } from '../../graphql/standard-fields.js';
import type { Schemas } from '../kit/resource-type.js';
import { myPayment, myPayments, myPaymentWrites } from './me.js';
import type { Payment } from './rules.js';

type MethodInfoInput = Nullable<Omit<Schemas['PaymentMethodInfoDraft'], 'name' | 'custom'>> & { name?: LocalizedInput | null };
type PaymentDraftInput = Nullable<Omit<Schemas['PaymentDraft'], 'paymentMethodInfo'>> & { paymentMethodInfo?: MethodInfoInput | null };
type MyPaymentDraftInput = Nullable<Omit<Schemas['MyPaymentDraft'], 'paymentMethodInfo'>> & {
  paymentMethodInfo?: MethodInfoInput | null;
};

/** The actions a My Payment takes in GraphQL, with the REST action's members (the name as locale items). */
type MyPaymentActionInput = Nullable<{
  addTransaction: { transaction: Nullable<Schemas['MyTransactionDraft']> };
  changeAmountPlanned: { amount: Schemas['Money'] };
  setMethodInfoInterface: { interface: string };
  setMethodInfoInterfaceAccount: { interfaceAccount?: string | null };
  setMethodInfoMethod: { method?: string | null };
  setMethodInfoName: { name?: LocalizedInput | null };
}>;
/** `PaymentUpdateAction`: one member set, named after the action. */
type PaymentActionInput = MyPaymentActionInput &
  Nullable<{
    addTransaction: { transaction: Nullable<Schemas['TransactionDraft']> };
    changeTransactionInteractionId: { transactionId: string; interactionId: string };
    changeTransactionState: { transactionId: string; state: Schemas['TransactionState'] };
    changeTransactionTimestamp: { transactionId: string; timestamp: string };
    setAnonymousId: { anonymousId?: string | null };
    setCustomer: { customer?: Record<string, unknown> | null };
    setExternalId: { externalId?: string | null };
    setInterfaceId: { interfaceId?: string | null };
    setKey: { key?: string | null };
    setStatusInterfaceCode: { interfaceCode?: string | null };
    setStatusInterfaceText: { interfaceText?: string | null };
    transitionState: { state: IdentifierInput; force?: boolean | null };
  }>;

/** A draft with `paymentMethodInfo.name` as locale items → the REST draft (nulls dropped, the name a locale map). */
function paymentDraft<D extends { paymentMethodInfo?: MethodInfoInput | null }>(input: D): object {
  const draft = withoutNulls(input);
  const info = draft.paymentMethodInfo;
  if (info?.name == null) return draft;
  return { ...draft, paymentMethodInfo: { ...info, name: localizedString(info.name, 'draft.paymentMethodInfo.name') } };
}

const myActions = {
  ...plainActions<MyPaymentActionInput>([
    'addTransaction',
    'changeAmountPlanned',
    'setMethodInfoInterface',
    'setMethodInfoInterfaceAccount',
    'setMethodInfoMethod',
  ]),
  setMethodInfoName: (a: { name?: LocalizedInput | null }, field: string) =>
    a.name == null ? {} : { name: localizedString(a.name, `${field}.name`) },
};

/** The fields of a Payment in GraphQL that differ from its REST members. */
const paymentObject = { customerRef: (payment: Payment) => payment.customer ?? null };

/** The standard fields: `payment`, `payments`, `createPayment`, `updatePayment`, `deletePayment`. */
const standard = standardFields<PaymentDraftInput, PaymentActionInput>({
  typeId: 'payment',
  typeName: 'Payment',
  one: 'payment',
  many: 'payments',
  draft: paymentDraft,
  actions: {
    ...myActions,
    ...plainActions<PaymentActionInput>([
      'addTransaction',
      'changeTransactionInteractionId',
      'changeTransactionState',
      'changeTransactionTimestamp',
      'setAnonymousId',
      'setCustomer',
      'setExternalId',
      'setInterfaceId',
      'setKey',
      'setStatusInterfaceCode',
      'setStatusInterfaceText',
      'transitionState',
    ]),
  },
});

/**
 * Payments in GraphQL: `payment`, `payments` and the writes, through the REST operations; `me {
 * payment, payments }` and the My Payment mutations through the same operations as `/me/payments`.
 */
export const paymentResolvers: ResolverMap = {
  ...standard,
  Mutation: {
    ...standard['Mutation'],
    createMyPayment: (_: unknown, args: { draft: MyPaymentDraftInput }, ctx: GraphqlContext) =>
      myPaymentWrites.create(ctx.emulator, paymentDraft(args.draft), ctx.caller),
    updateMyPayment: (_: unknown, args: { id: string; version: number; actions: MyPaymentActionInput[] }, ctx: GraphqlContext) =>
      myPaymentWrites.update(
        ctx.emulator,
        args.id,
        { version: args.version, actions: convertActions(args.actions, myActions) },
        ctx.caller,
      ),
    deleteMyPayment: (_: unknown, args: { id: string; version: number }, ctx: GraphqlContext) =>
      myPaymentWrites.delete(ctx.emulator, args.id, args.version, ctx.caller),
  },
  Me: {
    payment: (_: unknown, args: { id: string }, ctx: GraphqlContext) => myPayment(ctx.emulator, ctx.principal, args.id) ?? null,
    payments: (_: unknown, args: PageArgs, ctx: GraphqlContext) => pageOfArray(myPayments(ctx.emulator, ctx.principal), args, 'Payment'),
  },
  Payment: { ...paymentObject, ...modifiedBy },
  MyPayment: paymentObject,
  PaymentMethodInfo: named((info: Schemas['PaymentMethodInfo']) => info.name),
};
