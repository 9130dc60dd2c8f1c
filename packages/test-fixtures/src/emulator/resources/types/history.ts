import {
  type Change,
  type FieldRule,
  type ResourceHistoryRules,
  asArray,
  change,
  differs,
  simple,
  upperFirst,
} from '../../history/change-kit.js';

interface FieldDefinitionShape {
  name: string;
}

/**
 * A Type's field definitions: one Change per definition added or removed, one for a new order,
 * and for a definition changed in place one named after the request's action on that field
 * (`changeLabel`, `addEnumValue`...), with `fieldName`.
 */
const typeFieldDefinitions: FieldRule = (previous, next, input) => {
  const before = asArray(previous) as FieldDefinitionShape[];
  const after = asArray(next) as FieldDefinitionShape[];
  const changes: Change[] = [];
  for (const definition of after) {
    const old = before.find((d) => d.name === definition.name);
    if (!old) changes.push(change('addFieldDefinition', 'AddFieldDefinitionChange', undefined, definition));
    else if (differs(old, definition)) {
      const action = input.actions.find((a) => a['fieldName'] === definition.name)?.['action'];
      const name = typeof action === 'string' ? action : 'changeFieldDefinition';
      changes.push(change(name, `${upperFirst(name)}Change`, old, definition, { fieldName: definition.name }));
    }
  }
  for (const definition of before) {
    if (!after.some((d) => d.name === definition.name))
      changes.push(change('removeFieldDefinition', 'RemoveFieldDefinitionChange', definition.name, undefined));
  }
  const kept = (list: FieldDefinitionShape[], other: FieldDefinitionShape[]) =>
    list.filter((d) => other.some((o) => o.name === d.name)).map((d) => d.name);
  if (differs(kept(before, after), kept(after, before))) {
    changes.push(
      change(
        'changeFieldDefinitionOrder',
        'ChangeFieldDefinitionOrderChange',
        before.map((d) => d.name),
        after.map((d) => d.name),
      ),
    );
  }
  return changes;
};

/** A Type's Changes by field. */
export const typeChanges: ResourceHistoryRules = {
  key: simple('changeKey', 'ChangeKeyChange'),
  name: simple('changeName', 'ChangeNameChange'),
  description: simple('setDescription', 'SetDescriptionChange'),
  fieldDefinitions: typeFieldDefinitions,
};
