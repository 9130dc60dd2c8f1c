import { isoTimestamp } from '../../clock.js';
import { errors } from '../../http/errors.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';
import type { State, StateType } from './index.js';

export type StateRef = { typeId: 'state'; id: string };

/** A quantity of an item in a State (`ItemState`). */
export interface HeldQuantity {
  quantity: number;
  state: StateRef;
}

/** The State an identifier names (400 ReferencedResourceNotFound), which must be of `type` (400 InvalidOperation, decision). */
export function stateOfType(ctx: WriteContext, identifier: ResourceIdentifier, type: StateType, field: string): State {
  const state = ctx.resolveIdentifier<State>('state', identifier, field);
  if (state.type !== type) throw errors.invalidOperation(`${field}: the State '${state.key}' is a ${state.type}, not a ${type}.`);
  return state;
}

/** A reference to the State an identifier names, of `type` (see {@link stateOfType}): a draft's `state`, set without a transition. */
export function stateReference(ctx: WriteContext, identifier: ResourceIdentifier, type: StateType, field: string): StateRef {
  return { typeId: 'state', id: stateOfType(ctx, identifier, type, field).id };
}

/**
 * 400 InvalidOperation unless `to` may follow `from` (https://docs.commercetools.com/api/projects/states):
 * from no State only to an initial one; from a State with `transitions` only to one of them; from a
 * State without `transitions` to any.
 */
export function assertTransition(ctx: WriteContext, from: StateRef | undefined, to: State): void {
  if (from === undefined) {
    if (!to.initial) throw errors.invalidOperation(`The State '${to.key}' is not initial: a first State must be.`);
    return;
  }
  const current = ctx.state.collection<State>('state').get(from.id);
  if (current?.transitions !== undefined && !current.transitions.some((ref) => ref.id === to.id)) {
    throw errors.invalidOperation(`The State '${to.key}' cannot follow the State '${current.key}': it is not one of its transitions.`);
  }
}

/** What a `transitionState` action carries. */
interface TransitionAction {
  state?: ResourceIdentifier;
  force?: boolean;
}

/**
 * The handler of a resource's `transitionState`: the new State, of `type`, validated against the
 * current one's transitions unless `force`; the message `message` with `state` and `force` (and
 * `oldState` where `withOld`). Where the State is kept: `get` and `set`.
 *
 * @example
 * transitionState<Product>('ProductState', 'ProductStateTransition', (p) => p.state, (p, ref) => { p.state = ref; });
 */
export function transitionState<T>(
  type: StateType,
  message: string,
  get: (resource: T) => StateRef | undefined,
  set: (resource: T, state: StateRef) => void,
  withOld = false,
) {
  return (resource: T, action: TransitionAction, ctx: WriteContext): void => {
    if (action.state === undefined) throw errors.requiredField('state');
    const to = stateOfType(ctx, action.state, type, 'state');
    const old = get(resource);
    const force = action.force ?? false;
    if (!force) assertTransition(ctx, old, to);
    const state: StateRef = { typeId: 'state', id: to.id };
    set(resource, state);
    ctx.emit(message, { state, ...(withOld && old !== undefined ? { oldState: structuredClone(old) } : {}), force });
  };
}

/** What `transitionLineItemState` and `transitionCustomLineItemState` carry beyond the item. */
interface QuantityMove {
  quantity: number;
  fromState: ResourceIdentifier;
  toState: ResourceIdentifier;
  actualTransitionDate?: string;
}

/**
 * Moves `quantity` of an item from one LineItemState to another, as the live
 * `transitionLineItemState` does: `fromState` must hold that much of it (400 InvalidOperation
 * otherwise) and `toState` must be allowed to follow it; a State left without quantity is removed
 * from the item's `state`, a new one is added at its end. Returns the message payload's states and
 * date (`actualTransitionDate`, or now).
 */
export function moveQuantity(
  ctx: WriteContext,
  held: HeldQuantity[],
  move: QuantityMove,
): { fromState: StateRef; toState: StateRef; transitionDate: string; quantity: number } {
  const from = stateOfType(ctx, move.fromState, 'LineItemState', 'fromState');
  const to = stateOfType(ctx, move.toState, 'LineItemState', 'toState');
  const source = held.find((entry) => entry.state.id === from.id);
  if (!source || source.quantity < move.quantity) {
    throw errors.invalidOperation(
      `The State '${from.key}' holds ${source?.quantity ?? 0} of the item, fewer than the ${move.quantity} to move.`,
    );
  }
  assertTransition(ctx, source.state, to);
  source.quantity -= move.quantity;
  if (source.quantity === 0) held.splice(held.indexOf(source), 1);
  const target = held.find((entry) => entry.state.id === to.id);
  if (target) target.quantity += move.quantity;
  else held.push({ quantity: move.quantity, state: { typeId: 'state', id: to.id } });
  return {
    fromState: { typeId: 'state', id: from.id },
    toState: { typeId: 'state', id: to.id },
    transitionDate: move.actualTransitionDate ?? isoTimestamp(ctx.state.clock),
    quantity: move.quantity,
  };
}
