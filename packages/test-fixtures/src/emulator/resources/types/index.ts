import { isDeepStrictEqual } from 'node:util';
import { viewScopes } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { FieldDefinition, FieldType } from '../kit/custom-field-values.js';
import { CUSTOMIZABLE_TYPE_IDS, type CustomFields, type Customizable } from '../kit/custom-fields.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { setOptional } from '../kit/set-optional.js';
import type { WriteContext } from '../kit/write-context.js';

export type Type = Schemas['Type'];

type EnumType = Schemas['CustomFieldEnumType'] | Schemas['CustomFieldLocalizedEnumType'];
/** A value of an Enum or a LocalizedEnum field (the action's kind, checked against the field's, tells which). */
type EnumValue = Schemas['CustomFieldEnumValue'] | Schemas['CustomFieldLocalizedEnumValue'];
type EnumKind = EnumType['name'];

/** The enum type of a field, or of the elements of a Set field. */
function enumOf(fieldType: FieldType): EnumType | undefined {
  if (fieldType.name === 'Enum' || fieldType.name === 'LocalizedEnum') return fieldType;
  return fieldType.name === 'Set' ? enumOf(fieldType.elementType) : undefined;
}

/** Within one Enum or LocalizedEnum (also of a Set) the keys are unique: 400 DuplicateEnumValues. */
function assertUniqueEnumKeys(fieldType: FieldType): void {
  const values: readonly EnumValue[] = enumOf(fieldType)?.values ?? [];
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

function definitionOf(type: Type, fieldName: string): FieldDefinition {
  const definition = type.fieldDefinitions.find((d) => d.name === fieldName);
  if (!definition) throw errors.invalidOperation(`The Type '${type.key}' has no field definition named '${fieldName}'.`);
  return definition;
}

/** The enum values of the field, which must be of `kind` (or a Set of it): 400 InvalidOperation otherwise. */
function enumValuesOf(type: Type, fieldName: string, kind: EnumKind): EnumValue[] {
  const definition = definitionOf(type, fieldName);
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

/** The enum value actions of both kinds take the field's name and a value, or a list of keys. */
type ValueAction = (type: Type, action: { fieldName: string; value: EnumValue }) => void;
type KeysAction = (type: Type, action: { fieldName: string; keys: string[] }) => void;

function addEnumValue(kind: EnumKind): ValueAction {
  return (type, { fieldName, value }) => {
    const values = enumValuesOf(type, fieldName, kind);
    if (values.some((v) => v.key === value.key)) throw errors.enumKeyAlreadyExists(value.key, fieldName);
    values.push(value);
  };
}

function changeEnumValueLabel(kind: EnumKind): ValueAction {
  return (type, { fieldName, value }) => {
    const values = enumValuesOf(type, fieldName, kind);
    const existing = values.find((v) => v.key === value.key);
    if (!existing) throw errors.enumKeyDoesNotExist(value.key, fieldName);
    // The label's type follows the kind, which enumValuesOf checked.
    Object.assign(existing, { label: value.label });
  };
}

function changeEnumValueOrder(kind: EnumKind): KeysAction {
  return (type, { fieldName, keys }) => {
    const values = enumValuesOf(type, fieldName, kind);
    values.splice(0, values.length, ...reorderedValues(values, keys));
  };
}

function removeEnumValues(kind: EnumKind): KeysAction {
  return (type, { fieldName, keys }) => {
    const values = enumValuesOf(type, fieldName, kind);
    const unknown = keys.find((key) => !values.some((v) => v.key === key));
    if (unknown !== undefined) throw errors.enumKeyDoesNotExist(unknown, fieldName);
    values.splice(0, values.length, ...values.filter((v) => !keys.includes(v.key)));
  };
}

const isStringField = (fieldType: FieldType): boolean =>
  fieldType.name === 'String' || fieldType.name === 'LocalizedString' || (fieldType.name === 'Set' && isStringField(fieldType.elementType));

/** The resource types kept under another `resourceTypeIds` name: Carts take the Types of `order`, as on the live service. */
const COLLECTIONS_OF: Partial<Record<string, readonly string[]>> = { order: ['order', 'cart'] };

/** The resources of the emulator whose `custom` uses the Type, by resource type. */
function usersOf(ctx: WriteContext, type: Type): { typeId: string; resource: Customizable }[] {
  const users: { typeId: string; resource: Customizable }[] = [];
  for (const resourceTypeId of CUSTOMIZABLE_TYPE_IDS) {
    if (!type.resourceTypeIds.includes(resourceTypeId)) continue;
    for (const typeId of COLLECTIONS_OF[resourceTypeId] ?? [resourceTypeId]) {
      for (const resource of ctx.state.collection<Customizable>(typeId).values()) {
        if (resource.custom?.type.id === type.id) users.push({ typeId, resource });
      }
    }
  }
  return users;
}

/** The members of Carts and Orders holding lines with Custom Fields of their own, by `resourceTypeIds` name. */
const LINES_OF = [
  ['line-item', 'lineItems'],
  ['custom-line-item', 'customLineItems'],
] as const;

/** The first of 'cart' and 'order' with a line item or custom line item whose `custom` uses the Type. */
function lineUserOf(ctx: WriteContext, type: Type): string | undefined {
  const members = LINES_OF.filter(([name]) => type.resourceTypeIds.includes(name)).map(([, member]) => member);
  const uses = (line: { custom?: CustomFields }) => line.custom?.type.id === type.id;
  for (const typeId of members.length > 0 ? ['cart', 'order'] : []) {
    for (const resource of ctx.state.collection(typeId).values()) {
      if (members.some((member) => (resource[member] as { custom?: CustomFields }[] | undefined)?.some(uses))) return typeId;
    }
  }
  return undefined;
}

/**
 * Types (https://docs.commercetools.com/api/projects/types): the Custom Field definitions of the
 * resources in `resourceTypeIds`. A Type still used by a resource cannot be deleted (400
 * ReferenceExists). The live service emits no Messages for Types.
 */
export const typeType: ResourceType<Type, Schemas['TypeDraft'], Schemas['TypeUpdateAction']> = {
  typeId: 'type',
  path: 'types',
  scopes: { view: viewScopes('types'), manage: ['manage_types'] },
  schemas: { resource: 'Type', draft: 'TypeDraft', updateAction: 'TypeUpdateAction' },
  create(draft, ctx) {
    const resourceTypeIds = [...new Set(draft.resourceTypeIds)];
    const fieldDefinitions: FieldDefinition[] = [];
    for (const definition of draft.fieldDefinitions ?? []) {
      assertDefinitionFits(ctx, { id: '', resourceTypeIds, fieldDefinitions }, definition);
      fieldDefinitions.push(definition);
    }
    return {
      key: draft.key,
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      resourceTypeIds,
      fieldDefinitions,
    };
  },
  actions: {
    changeKey(type, { key }) {
      type.key = key;
    },
    changeName(type, { name }) {
      type.name = name;
    },
    setDescription(type, { description }) {
      setOptional(type, 'description', description);
    },
    addFieldDefinition(type, { fieldDefinition }, ctx) {
      assertDefinitionFits(ctx, type, fieldDefinition);
      type.fieldDefinitions.push(fieldDefinition);
    },
    removeFieldDefinition(type, { fieldName }, ctx) {
      const { name } = definitionOf(type, fieldName);
      type.fieldDefinitions = type.fieldDefinitions.filter((d) => d.name !== name);
      // The live service removes the values eventually; here at once, once the update commits. A
      // background change of each resource: a new version and lastModifiedAt, lastModifiedBy kept.
      ctx.onCommit(() => {
        for (const { typeId, resource } of usersOf(ctx, type)) {
          if (!resource.custom || !(name in resource.custom.fields)) continue;
          const fields = { ...resource.custom.fields };
          delete fields[name];
          const updated = { ...resource, custom: { ...resource.custom, fields }, version: resource.version + 1, lastModifiedAt: ctx.now };
          ctx.state.collection<Customizable>(typeId).replace(updated);
          ctx.recordChange(typeId, 'updated', resource, updated, [], { background: true });
        }
      });
    },
    changeLabel(type, { fieldName, label }) {
      definitionOf(type, fieldName).label = label;
    },
    changeInputHint(type, { fieldName, inputHint }) {
      const definition = definitionOf(type, fieldName);
      if (!isStringField(definition.type)) {
        throw errors.invalidOperation(`The field definition '${definition.name}' is not of a string type; it takes no inputHint.`);
      }
      definition.inputHint = inputHint;
    },
    changeFieldDefinitionOrder(type, { fieldNames: names }) {
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
    const user = usersOf(ctx, type)[0]?.typeId ?? lineUserOf(ctx, type);
    if (user) throw errors.referenceExists(`Can not delete a type while it is referenced by at least one ${user}.`, user);
  },
};
