import { errors } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { customFieldsFrom } from '../kit/custom-fields.js';
import { moneyFrom } from '../kit/money.js';
import type { Schemas } from '../kit/resource-type.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type Payment = Schemas['Payment'];
export type Transaction = Schemas['Transaction'];
type PaymentMethodInfo = Schemas['PaymentMethodInfo'];

/** A Transaction from its draft (or a My Payment's), with a new id; `state` Initial unless the draft says. */
export function transactionFrom(
  ctx: WriteContext,
  draft: Schemas['TransactionDraft'] | Schemas['MyTransactionDraft'],
  field: string,
): Transaction {
  const custom = customFieldsFrom(ctx, draft.custom, 'transaction', `${field}.custom.type`);
  return {
    id: newId(),
    ...(draft.timestamp !== undefined ? { timestamp: draft.timestamp } : {}),
    type: draft.type,
    amount: moneyFrom(draft.amount, `${field}.amount`),
    ...(draft.interactionId !== undefined ? { interactionId: draft.interactionId } : {}),
    state: 'state' in draft && draft.state !== undefined ? draft.state : 'Initial',
    ...(custom ? { custom } : {}),
    ...(draft.interfaceId !== undefined ? { interfaceId: draft.interfaceId } : {}),
  };
}

/** `paymentMethodInfo` from its draft: the members given, Custom Fields for `payment-method-info`. */
export function methodInfoFrom(ctx: WriteContext, draft: Schemas['PaymentMethodInfoDraft'] | undefined): PaymentMethodInfo {
  if (draft === undefined) return {};
  const { custom, ...plain } = draft;
  const fields = customFieldsFrom(ctx, custom, 'payment-method-info', 'paymentMethodInfo.custom.type');
  return { ...structuredClone(plain), ...(fields ? { custom: fields } : {}) };
}

/** A Customer reference from a ResourceIdentifier: the Customer must exist (400 ReferencedResourceNotFound). */
export function customerReference(ctx: WriteContext, identifier: ResourceIdentifier, field: string): { typeId: 'customer'; id: string } {
  return { typeId: 'customer', id: ctx.resolveIdentifier('customer', identifier, field).id };
}

/**
 * 400 DuplicateField `interfaceId` when another Payment has the same `interfaceId` and
 * `paymentMethodInfo.paymentInterface` as this one (the live uniqueness rule); a Payment without
 * either is not checked.
 */
export function assertInterfaceIdFree(
  ctx: WriteContext,
  payment: Pick<Payment, 'interfaceId' | 'paymentMethodInfo'>,
  exceptId?: string,
): void {
  const { interfaceId } = payment;
  const { paymentInterface } = payment.paymentMethodInfo;
  if (interfaceId === undefined || paymentInterface === undefined) return;
  for (const other of ctx.state.collection<Payment>('payment').values()) {
    if (other.id !== exceptId && other.interfaceId === interfaceId && other.paymentMethodInfo.paymentInterface === paymentInterface)
      throw errors.duplicateField('interfaceId', interfaceId);
  }
}
