import { type Change, type FieldRule, type ResourceHistoryRules, asArray, change, differs, simple } from '../../history/change-kit.js';

interface AttributeDefinitionShape {
  name: string;
  label?: unknown;
  inputTip?: unknown;
  attributeConstraint?: unknown;
  isSearchable?: unknown;
  inputHint?: unknown;
  type?: { name?: string; values?: { key: string }[]; elementType?: { name?: string; values?: { key: string }[] } };
}

/** The enum values of an attribute type (or of the element type of a set). */
const enumOf = (type: AttributeDefinitionShape['type']) => (type?.name === 'set' ? type.elementType : type);

/**
 * A Product Type's attribute definitions, one Change per difference as the live service names
 * them: definitions added and removed, a member of one changed (`attributeName` naming it), enum
 * values added and removed, and the order.
 */
const attributeDefinitions: FieldRule = (previous, next) => {
  const before = asArray(previous) as AttributeDefinitionShape[];
  const after = asArray(next) as AttributeDefinitionShape[];
  const was = new Map(before.map((a) => [a.name, a]));
  const now = new Set(after.map((a) => a.name));
  // A renamed definition (`changeAttributeName`) is the same but for its name: the live Change
  // History has no Change for it, so it is neither added nor removed.
  const gone = before.filter((definition) => !now.has(definition.name));
  const renamed = new Set<AttributeDefinitionShape>();
  for (const definition of after) {
    if (was.has(definition.name)) continue;
    const old = gone.find((candidate) => !renamed.has(candidate) && !differs({ ...candidate, name: '' }, { ...definition, name: '' }));
    if (old) renamed.add(old).add(definition);
  }
  const changes: Change[] = [];
  const members = [
    ['label', 'changeLabel', 'ChangeLabelChange'],
    ['inputTip', 'setInputTip', 'SetInputTipChange'],
    ['attributeConstraint', 'changeAttributeConstraint', 'ChangeAttributeConstraintChange'],
    ['isSearchable', 'changeIsSearchable', 'ChangeIsSearchableChange'],
    ['inputHint', 'changeInputHint', 'ChangeInputHintChange'],
  ] as const;
  for (const definition of after) {
    const old = was.get(definition.name);
    if (renamed.has(definition)) continue;
    if (!old) {
      changes.push(change('addAttributeDefinition', 'AddAttributeDefinitionChange', undefined, definition));
      continue;
    }
    const attributeName = definition.name;
    for (const [member, name, type] of members)
      if (differs(old[member], definition[member])) changes.push(change(name, type, old[member], definition[member], { attributeName }));
    const oldType = enumOf(old.type);
    const newType = enumOf(definition.type);
    const localized = newType?.name === 'lenum';
    for (const value of newType?.values ?? []) {
      if (oldType?.values?.some((v) => v.key === value.key)) continue;
      const [name, type] = localized
        ? ['addLocalizedEnumValue', 'AddLocalizedEnumValueChange']
        : ['addPlainEnumValue', 'AddPlainEnumValueChange'];
      changes.push(change(name, type, undefined, value, { attributeName }));
    }
    const type = localized ? 'RemoveLocalizedEnumValuesChange' : 'RemoveEnumValuesChange';
    for (const value of oldType?.values ?? [])
      if (!newType?.values?.some((v) => v.key === value.key))
        changes.push(change('removeEnumValues', type, value, undefined, { attributeName }));
  }
  for (const definition of gone)
    if (!renamed.has(definition))
      changes.push(change('removeAttributeDefinition', 'RemoveAttributeDefinitionChange', definition, undefined));
  const kept = (list: AttributeDefinitionShape[], other: Set<string>) => list.map((a) => a.name).filter((name) => other.has(name));
  const oldOrder = kept(before, now);
  const newOrder = kept(after, new Set(was.keys()));
  if (differs(oldOrder, newOrder))
    changes.push(change('changeAttributeOrderByName', 'ChangeAttributeOrderByNameChange', oldOrder, newOrder));
  return changes;
};

/** A Product Type's Changes by field. */
export const productTypeChanges: ResourceHistoryRules = {
  name: simple('changeName', 'ChangeNameChange'),
  description: simple('changeDescription', 'ChangeDescriptionChange'),
  attributes: attributeDefinitions,
};
