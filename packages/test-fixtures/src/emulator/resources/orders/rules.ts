import { errors } from '../../http/errors.js';
import type { EmulatorState } from '../../state.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';

/** An Order as stored and answered. */
export type Order = Schemas['Order'];

/** The Order resource type, typed from the schema. */
export type OrderType = ResourceType<Order, Schemas['OrderFromCartDraft'], Schemas['OrderUpdateAction']>;

/** The Order with this `orderNumber`, if any (order numbers are unique in the Project: indexed). */
export function orderByNumber(state: EmulatorState, orderNumber: string): Order | undefined {
  return state.collection<Order>('order').getByField('orderNumber', orderNumber);
}

/** 400 DuplicateField `orderNumber` when another Order has it. */
export function assertOrderNumberFree(state: EmulatorState, orderNumber: string, exceptId?: string): void {
  const holder = orderByNumber(state, orderNumber);
  if (holder && holder.id !== exceptId) throw errors.duplicateField('orderNumber', orderNumber);
}
