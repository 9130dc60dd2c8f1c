import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import type { ResourceIdentifier, WriteContext } from '../kit/write-context.js';

export type State = Schemas['State'];
export type StateType = Schemas['StateTypeEnum'];
type StateRole = Schemas['StateRoleEnum'];
type StateRef = { typeId: 'state'; id: string };

/** The State type each role applies to (https://docs.commercetools.com/api/projects/states#staterole). */
const ROLE_TYPE: Record<StateRole, StateType> = { Return: 'LineItemState', ReviewIncludedInStatistics: 'ReviewState' };

/** 400 InvalidOperation for a role that does not apply to `type`. */
function assertRolesApply(roles: readonly StateRole[], type: StateType): void {
  const misplaced = roles.find((role) => ROLE_TYPE[role] !== type);
  if (misplaced !== undefined) {
    throw errors.invalidOperation(`The role '${misplaced}' applies to States of type '${ROLE_TYPE[misplaced]}' only, not '${type}'.`);
  }
}

/** The references of a State's `transitions`: each State exists (ReferencedResourceNotFound) and has `type` (InvalidOperation). */
function transitionsFrom(ctx: WriteContext, identifiers: readonly ResourceIdentifier[], type: StateType): StateRef[] {
  return identifiers.map((identifier, index) => {
    const target = ctx.resolveIdentifier<State>('state', identifier, `transitions[${index}]`);
    if (target.type !== type) {
      throw errors.invalidOperation(`The State '${target.key}' of 'transitions' is a ${target.type}, not a ${type}.`);
    }
    return { typeId: 'state', id: target.id };
  });
}

/** 400 InvalidOperation when an action sets the value the State already has (the live rule for most State actions). */
function assertChanges(state: State, member: keyof State, value: unknown): void {
  if (isDeepStrictEqual(state[member], value)) throw errors.invalidOperation(`The State already has this '${member}'.`);
}

/** Sets or (empty or left out) removes a localized member, refusing the value it has. */
function setLocalized(state: State, member: 'name' | 'description', value: Record<string, string> | undefined): void {
  const next = value === undefined || Object.keys(value).length === 0 ? undefined : value;
  assertChanges(state, member, next);
  if (next === undefined) delete state[member];
  else state[member] = next;
}

function assertNotBuiltIn(state: State, what: string): void {
  if (state.builtIn) throw errors.invalidOperation(`The State '${state.key}' is built in: its ${what} cannot be changed.`);
}

/** What references a State, with the name a ReferenceExists message gives each (see `beforeDelete`). */
const REFERENCING: readonly { typeId: string; name: string; references(resource: StoredResource, id: string): boolean }[] = [
  { typeId: 'order', name: 'order', references: (order, id) => holdsState(order, id) },
  { typeId: 'product', name: 'product', references: (product, id) => (product['state'] as StateRef | undefined)?.id === id },
  { typeId: 'review', name: 'review', references: (review, id) => (review['state'] as StateRef | undefined)?.id === id },
  {
    typeId: 'payment',
    name: 'payment',
    references: (payment, id) => (payment['paymentStatus'] as { state?: StateRef } | undefined)?.state?.id === id,
  },
  {
    typeId: 'state',
    name: 'state',
    references: (state, id) => ((state['transitions'] as StateRef[] | undefined) ?? []).some((ref) => ref.id === id),
  },
];

/** Whether an Order is in the State, or has a quantity of a Line Item or Custom Line Item in it. */
function holdsState(order: StoredResource, id: string): boolean {
  if ((order['state'] as StateRef | undefined)?.id === id) return true;
  const items = [...((order['lineItems'] as unknown[]) ?? []), ...((order['customLineItems'] as unknown[]) ?? [])];
  return items.some((item) => ((item as { state?: { state: StateRef }[] }).state ?? []).some((held) => held.state.id === id));
}

/**
 * States (https://docs.commercetools.com/api/projects/states): the steps of the workflows of
 * Orders, Line Items, Products, Reviews, Payments and quotes. `transitions` absent: any State of
 * the type may follow; empty: none (final). The built-in `Initial` LineItemState (built-in.ts) is
 * in every Project. The live service sends no Messages for States.
 */
export const stateType: ResourceType<State, Schemas['StateDraft'], Schemas['StateUpdateAction']> = {
  typeId: 'state',
  path: 'states',
  scopes: { view: viewScopes('states'), manage: ['manage_states'] },
  schemas: { resource: 'State', draft: 'StateDraft', updateAction: 'StateUpdateAction' },
  create(draft, ctx) {
    const roles = draft.roles ?? [];
    assertRolesApply(roles, draft.type);
    return {
      key: draft.key,
      type: draft.type,
      ...(draft.name !== undefined ? { name: draft.name } : {}),
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      initial: draft.initial ?? true,
      builtIn: false,
      roles: [...new Set(roles)],
      ...(draft.transitions !== undefined ? { transitions: transitionsFrom(ctx, draft.transitions, draft.type) } : {}),
    };
  },
  actions: {
    changeKey(state, { key }) {
      if (key === state.key) return;
      assertNotBuiltIn(state, 'key');
      state.key = key;
    },
    changeType(state, { type }) {
      assertChanges(state, 'type', type);
      assertNotBuiltIn(state, 'type');
      assertRolesApply(state.roles, type);
      state.type = type;
    },
    changeInitial(state, { initial }) {
      assertChanges(state, 'initial', initial);
      state.initial = initial;
    },
    setName: (state, action) => setLocalized(state, 'name', action.name),
    setDescription: (state, action) => setLocalized(state, 'description', action.description),
    addRoles(state, { roles }) {
      const present = roles.find((role) => state.roles.includes(role));
      if (present !== undefined) throw errors.invalidOperation(`The State already has the role '${present}'.`);
      assertRolesApply(roles, state.type);
      state.roles = [...new Set([...state.roles, ...roles])];
    },
    removeRoles(state, { roles }) {
      if (!roles.some((role) => state.roles.includes(role))) throw errors.invalidOperation('The State has none of these roles.');
      state.roles = state.roles.filter((role) => !roles.includes(role));
    },
    setRoles(state, { roles }) {
      const next = [...new Set(roles)];
      if (next.length === state.roles.length && next.every((role) => state.roles.includes(role))) {
        throw errors.invalidOperation("The State already has these 'roles'.");
      }
      assertRolesApply(next, state.type);
      state.roles = next;
    },
    setTransitions(state, action, ctx) {
      const next = action.transitions === undefined ? undefined : transitionsFrom(ctx, action.transitions, state.type);
      assertChanges(state, 'transitions', next);
      if (next === undefined) delete state.transitions;
      else state.transitions = next;
    },
  },
  beforeDelete(state, ctx) {
    if (state.builtIn) throw errors.invalidOperation(`The State '${state.key}' is built in: it cannot be deleted.`);
    for (const { typeId, name, references } of REFERENCING) {
      for (const resource of ctx.state.collection(typeId).values()) {
        if (resource.id !== state.id && references(resource, state.id)) {
          throw errors.referenceExists(`Can not delete a state while it is referenced by at least one ${name}.`, typeId);
        }
      }
    }
  },
};
