import type { ChangeEvent, EmulatorState } from '../state.js';
import {
  actionNames,
  change,
  differs,
  simple,
  upperFirst,
  type Change,
  type DiffInput,
  type FieldRule,
  type ResourceHistoryRules,
} from './change-kit.js';

export type { Change } from './change-kit.js';

/**
 * The Changes of an update Record ("differences between the two versions; not identical
 * to the update actions sent and not limited to update actions"). They are computed from the
 * difference between the resource before and after the write, named after the update action
 * that makes such a difference, in the style of the live service: `change` is the action name
 * (`changeName`), `type` the change kind (`ChangeLocalizedNameChange`), localized values are
 * locale maps. A background effect of an action gets its own Change (`setProductCount` after
 * `addProduct`). The rules of a type come from its module in the registry; a field without a rule
 * gets `set<Field>` / `Set<Field>Change`, so a resource added without rules is tracked too.
 */

/** Members every stored resource has that are not the resource's data. */
const BOOKKEEPING = new Set(['id', 'version', 'createdAt', 'lastModifiedAt', 'createdBy', 'lastModifiedBy']);

interface CustomShape {
  type: { id: string };
  fields: Record<string, unknown>;
}

/**
 * Custom Fields, on every resource that has them: setting a Type (or removing the Custom Fields)
 * is one SetCustomTypeChange; otherwise one SetCustomFieldChange per field changed, naming the
 * field and its Type. With a `part` (`Transaction`), the Changes of that part's Custom Fields:
 * `setTransactionCustomType` / `SetTransactionCustomTypeChange`, and so on.
 *
 * @example
 * customChanges('MethodInfo')(before.custom, after.custom, input) // [{ change: 'setMethodInfoCustomType', ... }]
 */
export function customChanges(part = '', extra: Record<string, unknown> = {}): FieldRule {
  const setType = `set${part}CustomType`;
  const setField = `set${part}CustomField`;
  return (previous, next, input) => {
    const before = previous as CustomShape | undefined;
    const after = next as CustomShape | undefined;
    if (!before || !after || before.type.id !== after.type.id || actionNames(input).has(setType)) {
      return [change(setType, `${upperFirst(setType)}Change`, before, after, extra)];
    }
    const names = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])];
    return names
      .filter((name) => differs(before.fields[name], after.fields[name]))
      .map((name) =>
        change(setField, `${upperFirst(setField)}Change`, before.fields[name], after.fields[name], {
          name,
          customTypeId: after.type.id,
          ...extra,
        }),
      );
  };
}

const customRule = customChanges();

const KEY_RULE = simple('setKey', 'SetKeyChange');

/**
 * Orders Changes by the first update action of the same name, so a Record reads like the request;
 * Changes no action names (background ones) come last, in the order found.
 */
function byActionOrder(changes: Change[], actions: readonly Record<string, unknown>[]): Change[] {
  const rank = (c: Change) => {
    const at = actions.findIndex((a) => a['action'] === c.change);
    return at < 0 ? actions.length : at;
  };
  return changes
    .map((c, index) => ({ c, index, rank: rank(c) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ c }) => c);
}

/**
 * The Changes of one ChangeEvent: empty for a creation and a deletion (the labels describe the
 * resource), the field differences for an update.
 *
 * @example
 * changesOf(event, state, categoryChanges) // [{ change: 'changeName', type: 'ChangeLocalizedNameChange', previousValue: { en: 'A' }, nextValue: { en: 'B' } }]
 */
export function changesOf(event: ChangeEvent, state: EmulatorState, rules: ResourceHistoryRules = {}): Change[] {
  if (event.kind !== 'updated' || !event.before || !event.after) return [];
  const input: DiffInput = { before: event.before, after: event.after, actions: event.actions ?? [], state };
  const changes = (event.extraChanges ?? []).map((c) => structuredClone(c) as Change);
  const fields = new Set([...Object.keys(event.before), ...Object.keys(event.after)]);
  for (const field of fields) {
    if (BOOKKEEPING.has(field)) continue;
    const previous = event.before[field];
    const next = event.after[field];
    if (!differs(previous, next)) continue;
    const rule =
      rules[field] ??
      (field === 'key' ? KEY_RULE : field === 'custom' ? customRule : simple(`set${upperFirst(field)}`, `Set${upperFirst(field)}Change`));
    changes.push(...rule(previous, next, input));
  }
  return byActionOrder(changes, input.actions);
}
