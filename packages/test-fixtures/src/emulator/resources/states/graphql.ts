import { need, type GraphqlContext } from '../../graphql/context.js';
import { localizedString, present, withoutNulls, type IdentifierInput, type LocalizedInput, type Nullable } from '../../graphql/inputs.js';
import { localizedField, modifiedBy } from '../../graphql/objects.js';
import { mergeResolvers, readScopes, standardFields } from '../../graphql/standard-fields.js';
import type { Schemas } from '../kit/resource-type.js';
import { stateType, type State } from './index.js';

type Ref = { typeId: string; id: string };
type Roles = { roles: Schemas['StateRoleEnum'][] };

/** `StateDraft`: the REST draft's plain members, localized strings as locale items, `transitions` as references. */
type StateDraftInput = Nullable<Pick<Schemas['StateDraft'], 'key' | 'type' | 'initial' | 'roles'>> & {
  name?: LocalizedInput | null;
  description?: LocalizedInput | null;
  transitions?: readonly Ref[] | null;
};

/** `StateUpdateAction`: one member set, named after the action. */
type StateUpdateActionInput = Nullable<{
  addRoles: Roles;
  changeInitial: { initial: boolean };
  changeKey: { key: string };
  changeType: { type: Schemas['StateTypeEnum'] };
  removeRoles: Roles;
  setDescription: { description?: LocalizedInput | null };
  setName: { name?: LocalizedInput | null };
  setRoles: Roles;
  setTransitions: { transitions?: readonly IdentifierInput[] | null };
}>;

const localized = (items: LocalizedInput | null | undefined, field: string) => (items == null ? undefined : localizedString(items, field));

function stateDraft(draft: StateDraftInput): object {
  return present({
    key: draft.key,
    type: draft.type,
    name: localized(draft.name, 'draft.name'),
    description: localized(draft.description, 'draft.description'),
    initial: draft.initial,
    roles: draft.roles,
    transitions: draft.transitions?.map(({ typeId, id }) => ({ typeId, id })),
  });
}

/** The resolved States of references, those the caller may read that still exist. */
function statesOf(ctx: GraphqlContext, refs: readonly Ref[]): State[] {
  need(ctx, readScopes(stateType));
  return refs.flatMap((ref) => ctx.emulator.state.collection<State>('state').get(ref.id) ?? []);
}

type Stated = { state?: Ref };

/** The resolved State of a source's `state` reference (an item's quantity, an Order, a Payment's status). */
const stateField = (source: Stated, _: unknown, ctx: GraphqlContext) => (source.state ? (statesOf(ctx, [source.state])[0] ?? null) : null);

/** States in GraphQL: `state`, `states`, the writes, `State.transitions` and the `state` of items, Orders and Payments resolved. */
export const stateResolvers = mergeResolvers(
  standardFields<StateDraftInput, StateUpdateActionInput>({
    typeId: 'state',
    typeName: 'State',
    one: 'state',
    many: 'states',
    draft: stateDraft,
    actions: {
      addRoles: withoutNulls,
      changeInitial: withoutNulls,
      changeKey: withoutNulls,
      changeType: withoutNulls,
      removeRoles: withoutNulls,
      setRoles: withoutNulls,
      setDescription: (a, field) => present({ description: localized(a.description, `${field}.description`) }),
      setName: (a, field) => present({ name: localized(a.name, `${field}.name`) }),
      setTransitions: (a) => present({ transitions: a.transitions?.map(present) }),
    },
  }),
  {
    State: {
      ...localizedField('name'),
      ...localizedField('description'),
      transitionsRef: (state: State) => state.transitions ?? null,
      transitions: (state: State, _: unknown, ctx: GraphqlContext) => (state.transitions ? statesOf(ctx, state.transitions) : null),
      ...modifiedBy,
    },
    ItemState: { state: stateField },
    Order: { stateRef: (source: Stated) => source.state ?? null, state: stateField },
    PaymentStatus: { stateRef: (source: Stated) => source.state ?? null, state: stateField },
  },
);
