import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { customFieldValue, type FieldDefinition } from './custom-field-values.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

/** What of a Type the Custom Fields of a resource need (types.ts defines the whole resource). */
export interface CustomFieldsType extends StoredResource {
  key: string;
  resourceTypeIds: string[];
  fieldDefinitions: FieldDefinition[];
}

/** The `custom` member of a resource. */
export interface CustomFields {
  type: { typeId: 'type'; id: string };
  fields: Record<string, unknown>;
}

/** A resource that can carry Custom Fields. */
export interface Customizable extends StoredResource {
  custom?: CustomFields;
}

/** The resource types of the emulator that carry Custom Fields, as `resourceTypeIds` names them. */
export const CUSTOMIZABLE_TYPE_IDS = ['product-selection', 'store', 'channel', 'customer', 'category'] as const;

/** The Type a draft names: it must exist (400 ReferencedResourceNotFound) and be one for `resourceTypeId`. */
function typeFor(ctx: WriteContext, identifier: ResourceIdentifier, resourceTypeId: string, field: string): CustomFieldsType {
  const type = ctx.resolveIdentifier<CustomFieldsType>('type', identifier, field);
  if (!type.resourceTypeIds.includes(resourceTypeId)) {
    throw errors.invalidOperation(`The Type '${type.key}' does not have '${resourceTypeId}' in its resourceTypeIds.`);
  }
  return type;
}

/**
 * Every value checked against the Type: a name it does not define is 400 InvalidField, a required
 * field without a value 400 RequiredField; `null` is no value.
 */
function checkedFields(type: CustomFieldsType, fields: Record<string, unknown>): Record<string, unknown> {
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const definition = type.fieldDefinitions.find((d) => d.name === name);
    if (!definition) throw errors.invalidField(name, value, `The field '${name}' is not defined in the Type '${type.key}'.`);
    checked[name] = customFieldValue(definition, value);
  }
  const missing = type.fieldDefinitions.find((d) => d.required && !(d.name in checked));
  if (missing) throw errors.requiredField(missing.name);
  return checked;
}

/**
 * The `custom` of a resource from a CustomFieldsDraft (`undefined` without one).
 *
 * @example
 * const custom = customFieldsFrom(ctx, draft['custom'], 'store');
 */
export function customFieldsFrom(
  ctx: WriteContext,
  draft: unknown,
  resourceTypeId: string,
  typeField = 'custom.type',
): CustomFields | undefined {
  if (draft === undefined) return undefined;
  const { type: identifier, fields } = draft as { type: ResourceIdentifier; fields?: Record<string, unknown> };
  const type = typeFor(ctx, identifier, resourceTypeId, typeField);
  return { type: { typeId: 'type', id: type.id }, fields: checkedFields(type, fields ?? {}) };
}

/**
 * `{ custom }` for a draft with Custom Fields, `{}` without, to spread into a new resource.
 *
 * @example
 * create: (draft, ctx) => ({ key: draft['key'], ...customMemberFrom(ctx, draft, 'store') })
 */
export function customMemberFrom(ctx: WriteContext, draft: Record<string, unknown>, resourceTypeId: string): { custom?: CustomFields } {
  const custom = customFieldsFrom(ctx, draft['custom'], resourceTypeId);
  return custom ? { custom } : {};
}

type CustomAction<T> = (resource: T, action: Record<string, unknown>, ctx: WriteContext) => void;

/**
 * The live `setCustomType` and `setCustomField` update actions of a resource type.
 *
 * @example
 * actions: { ...customFieldActions<Store>('store'), setName(...) {...} }
 */
export function customFieldActions<T extends Customizable>(
  resourceTypeId: string,
): Record<'setCustomType' | 'setCustomField', CustomAction<T>> {
  return {
    setCustomType(resource, action, ctx) {
      if (action['type'] === undefined) {
        delete resource.custom;
        return;
      }
      resource.custom = customFieldsFrom(ctx, { type: action['type'], fields: action['fields'] }, resourceTypeId, 'type');
    },
    setCustomField(resource, action, ctx) {
      const name = action['name'] as string;
      if (!resource.custom)
        throw errors.invalidOperation(`The resource has no Custom Fields: set a Type with setCustomType before setting '${name}'.`);
      const type = ctx.resolveIdentifier<CustomFieldsType>('type', { id: resource.custom.type.id }, 'custom.type');
      const fields = { ...resource.custom.fields };
      const value = action['value'];
      if (value === undefined || value === null) {
        if (!(name in fields)) throw errors.invalidOperation(`The Custom Field '${name}' has no value to remove.`);
        delete fields[name];
      } else {
        fields[name] = value;
      }
      // The live service checks every value again, so one the Type no longer allows fails here.
      resource.custom = { type: resource.custom.type, fields: checkedFields(type, fields) };
    },
  };
}
