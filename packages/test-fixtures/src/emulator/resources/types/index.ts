import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { FieldDefinition, FieldType } from '../kit/custom-field-values.js';
import { CUSTOMIZABLE_TYPE_IDS, type Customizable, type CustomFieldsType } from '../kit/custom-fields.js';
import type { ResourceType } from '../kit/resource-type.js';
import type { WriteContext } from '../kit/write-context.js';

export interface Type extends CustomFieldsType {
  name: Record<string, string>;
  description?: Record<string, string>;
}

type EnumValue = { key: string; label: unknown };
type Action = (type: Type, action: Record<string, unknown>, ctx: WriteContext) => void;

/** The enum type of a field, or of the elements of a Set field. */
function enumOf(fieldType: FieldType): (FieldType & { values: EnumValue[] }) | undefined {
  if (fieldType.name === 'Enum' || fieldType.name === 'LocalizedEnum') return fieldType;
  return fieldType.name === 'Set' ? enumOf(fieldType.elementType) : undefined;
}

/** Within one Enum or LocalizedEnum (also of a Set) the keys are unique: 400 DuplicateEnumValues. */
function assertUniqueEnumKeys(fieldType: FieldType): void {
  const values = enumOf(fieldType)?.values ?? [];
  const keys = values.map((v) => v.key);
  const duplicates = [...new Set(keys.filter((key, index) => keys.indexOf(key) !== index))];
  if (duplicates.length > 0) throw errors.duplicateEnumValues(duplicates);
}

/**
 * A field's `name` is unique in the Type (400 DuplicateField); a field of that name in another
 * Type for one of the same resource types must have the same `type` (400 InvalidOperation).
 */
function assertDefinitionFits(
  ctx: WriteContext,
  type: Pick<Type, 'id' | 'resourceTypeIds' | 'fieldDefinitions'>,
  added: FieldDefinition,
): void {
  if (type.fieldDefinitions.some((d) => d.name === added.name)) throw errors.duplicateField('name', added.name);
  assertUniqueEnumKeys(added.type);
  for (const other of ctx.state.collection<Type>('type').values()) {
    if (other.id === type.id || !other.resourceTypeIds.some((id) => type.resourceTypeIds.includes(id))) continue;
    const same = other.fieldDefinitions.find((d) => d.name === added.name);
    if (same && same.type.name !== added.type.name) {
      throw errors.invalidOperation(
        `The field '${added.name}' is defined with the type '${same.type.name}' in the Type '${other.key}' for the same resource types.`,
      );
    }
  }
}

function definitionOf(type: Type, action: Record<string, unknown>): FieldDefinition {
  const name = action['fieldName'] as string;
  const definition = type.fieldDefinitions.find((d) => d.name === name);
  if (!definition) throw errors.invalidOperation(`The Type '${type.key}' has no field definition named '${name}'.`);
  return definition;
}

/** The enum values of the action's field, which must be of `kind` (or a Set of it): 400 InvalidOperation otherwise. */
function enumValuesOf(type: Type, action: Record<string, unknown>, kind: 'Enum' | 'LocalizedEnum'): EnumValue[] {
  const definition = definitionOf(type, action);
  const found = enumOf(definition.type);
  if (found?.name !== kind) throw errors.invalidOperation(`The field definition '${definition.name}' is not of type ${kind}.`);
  return found.values;
}

/** Keys must name every value of the field, in any order: 400 EnumValuesMustMatch otherwise. */
function reorderedValues(values: EnumValue[], keys: readonly string[]): EnumValue[] {
  const same = keys.length === values.length && new Set(keys).size === keys.length && keys.every((k) => values.some((v) => v.key === k));
  if (!same) throw errors.enumValuesMustMatch();
  return keys.map((key) => values.find((v) => v.key === key)!);
}

function addEnumValue(kind: 'Enum' | 'LocalizedEnum'): Action {
  return (type, action) => {
    const values = enumValuesOf(type, action, kind);
    const value = action['value'] as EnumValue;
    if (values.some((v) => v.key === value.key)) throw errors.enumKeyAlreadyExists(value.key, action['fieldName'] as string);
    values.push(value);
  };
}

function changeEnumValueLabel(kind: 'Enum' | 'LocalizedEnum'): Action {
  return (type, action) => {
    const values = enumValuesOf(type, action, kind);
    const value = action['value'] as EnumValue;
    const existing = values.find((v) => v.key === value.key);
    if (!existing) throw errors.enumKeyDoesNotExist(value.key, action['fieldName'] as string);
    existing.label = value.label;
  };
}

function changeEnumValueOrder(kind: 'Enum' | 'LocalizedEnum'): Action {
  return (type, action) => {
    const values = enumValuesOf(type, action, kind);
    values.splice(0, values.length, ...reorderedValues(values, action['keys'] as string[]));
  };
}

function removeEnumValues(kind: 'Enum' | 'LocalizedEnum'): Action {
  return (type, action) => {
    const values = enumValuesOf(type, action, kind);
    const keys = action['keys'] as string[];
    const unknown = keys.find((key) => !values.some((v) => v.key === key));
    if (unknown !== undefined) throw errors.enumKeyDoesNotExist(unknown, action['fieldName'] as string);
    values.splice(0, values.length, ...values.filter((v) => !keys.includes(v.key)));
  };
}

const isStringField = (fieldType: FieldType): boolean =>
  fieldType.name === 'String' || fieldType.name === 'LocalizedString' || (fieldType.name === 'Set' && isStringField(fieldType.elementType));

/** The resources of the emulator whose `custom` uses the Type, by resource type. */
function usersOf(ctx: WriteContext, type: Type): { typeId: string; resource: Customizable }[] {
  const users: { typeId: string; resource: Customizable }[] = [];
  for (const typeId of CUSTOMIZABLE_TYPE_IDS) {
    if (!type.resourceTypeIds.includes(typeId)) continue;
    for (const resource of ctx.state.collection<Customizable>(typeId).values()) {
      if (resource.custom?.type.id === type.id) users.push({ typeId, resource });
    }
  }
  return users;
}

/**
 * Types (https://docs.commercetools.com/api/projects/types): the Custom Field definitions of the
 * resources in `resourceTypeIds`. A Type still used by a resource cannot be deleted (400
 * ReferenceExists). The live service emits no Messages for Types.
 */
export const typeType: ResourceType<Type> = {
  typeId: 'type',
  path: 'types',
  scopes: { view: viewScopes('types'), manage: ['manage_types'] },
  schemas: { resource: 'Type', draft: 'TypeDraft', updateAction: 'TypeUpdateAction' },
  create(draft, ctx) {
    const resourceTypeIds = [...new Set(draft['resourceTypeIds'] as string[])];
    const fieldDefinitions: FieldDefinition[] = [];
    for (const definition of (draft['fieldDefinitions'] as FieldDefinition[] | undefined) ?? []) {
      assertDefinitionFits(ctx, { id: '', resourceTypeIds, fieldDefinitions }, definition);
      fieldDefinitions.push(definition);
    }
    return {
      key: draft['key'] as string,
      name: draft['name'] as Record<string, string>,
      ...(draft['description'] !== undefined ? { description: draft['description'] as Record<string, string> } : {}),
      resourceTypeIds,
      fieldDefinitions,
    };
  },
  actions: {
    changeKey(type, action) {
      type.key = action['key'] as string;
    },
    changeName(type, action) {
      type.name = action['name'] as Record<string, string>;
    },
    setDescription(type, action) {
      const description = action['description'] as Record<string, string> | undefined;
      if (description === undefined) delete type.description;
      else type.description = description;
    },
    addFieldDefinition(type, action, ctx) {
      const definition = action['fieldDefinition'] as FieldDefinition;
      assertDefinitionFits(ctx, type, definition);
      type.fieldDefinitions.push(definition);
    },
    removeFieldDefinition(type, action, ctx) {
      const { name } = definitionOf(type, action);
      type.fieldDefinitions = type.fieldDefinitions.filter((d) => d.name !== name);
      // The live service removes the values eventually; here at once, once the update commits.
      ctx.onCommit(() => {
        for (const { typeId, resource } of usersOf(ctx, type)) {
          if (!resource.custom || !(name in resource.custom.fields)) continue;
          const fields = { ...resource.custom.fields };
          delete fields[name];
          ctx.state.collection<Customizable>(typeId).replace({ ...resource, custom: { ...resource.custom, fields } });
        }
      });
    },
    changeLabel(type, action) {
      definitionOf(type, action).label = action['label'] as Record<string, string>;
    },
    changeInputHint(type, action) {
      const definition = definitionOf(type, action);
      if (!isStringField(definition.type)) {
        throw errors.invalidOperation(`The field definition '${definition.name}' is not of a string type; it takes no inputHint.`);
      }
      definition.inputHint = action['inputHint'] as FieldDefinition['inputHint'];
    },
    changeFieldDefinitionOrder(type, action) {
      const names = action['fieldNames'] as string[];
      const current = type.fieldDefinitions.map((d) => d.name);
      if (!isDeepStrictEqual([...names].sort(), [...current].sort())) {
        throw errors.invalidOperation(`The fieldNames must be the names of all field definitions (${current.join(', ')}), in any order.`);
      }
      type.fieldDefinitions = names.map((name) => type.fieldDefinitions.find((d) => d.name === name)!);
    },
    addEnumValue: addEnumValue('Enum'),
    addLocalizedEnumValue: addEnumValue('LocalizedEnum'),
    changeEnumValueLabel: changeEnumValueLabel('Enum'),
    changeLocalizedEnumValueLabel: changeEnumValueLabel('LocalizedEnum'),
    changeEnumValueOrder: changeEnumValueOrder('Enum'),
    changeLocalizedEnumValueOrder: changeEnumValueOrder('LocalizedEnum'),
    removeEnumValues: removeEnumValues('Enum'),
    removeLocalizedEnumValues: removeEnumValues('LocalizedEnum'),
  },
  beforeDelete(type, ctx) {
    const user = usersOf(ctx, type)[0];
    if (user) throw errors.referenceExists(`Can not delete a type while it is referenced by at least one ${user.typeId}.`, user.typeId);
  },
};
