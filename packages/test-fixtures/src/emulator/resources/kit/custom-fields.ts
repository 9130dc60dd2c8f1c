import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { customFieldValue } from './custom-field-values.js';
import type { ActionHandlers, Schemas } from './resource-type.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

type Type = Schemas['Type'];
/** The `custom` member of a resource. */
export type CustomFields = Schemas['CustomFields'];
type CustomFieldsDraft = Schemas['CustomFieldsDraft'];
type FieldContainer = Schemas['FieldContainer'];

/** A resource that can carry Custom Fields. */
export type Customizable = StoredResource & { custom?: CustomFields };

/** The resource types of the emulator that carry Custom Fields, as `resourceTypeIds` names them. */
export const CUSTOMIZABLE_TYPE_IDS = [
  'product-selection',
  'store',
  'channel',
  'customer',
  'category',
  'customer-group',
  'payment',
  'shipping-method',
  'order',
  'shopping-list',
  'cart-discount',
  'review',
  'discount-code',
] as const;

/** The Type a draft names: it must exist (400 ReferencedResourceNotFound) and be one for `resourceTypeId`. */
function typeFor(ctx: WriteContext, identifier: ResourceIdentifier, resourceTypeId: Schemas['ResourceTypeId'], field: string): Type {
  const type = ctx.resolveIdentifier<Type>('type', identifier, field);
  if (!type.resourceTypeIds.includes(resourceTypeId)) {
    throw errors.invalidOperation(`The Type '${type.key}' does not have '${resourceTypeId}' in its resourceTypeIds.`);
  }
  return type;
}

/**
 * Every value checked against the Type: a name it does not define is 400 InvalidField, a required
 * field without a value 400 RequiredField; `null` is no value.
 */
function checkedFields(type: Type, fields: FieldContainer): FieldContainer {
  const checked: FieldContainer = {};
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
 * const custom = customFieldsFrom(ctx, draft.custom, 'store');
 */
export function customFieldsFrom(
  ctx: WriteContext,
  draft: CustomFieldsDraft | undefined,
  resourceTypeId: Schemas['ResourceTypeId'],
  typeField = 'custom.type',
): CustomFields | undefined {
  if (draft === undefined) return undefined;
  const type = typeFor(ctx, draft.type, resourceTypeId, typeField);
  return { type: { typeId: 'type', id: type.id }, fields: checkedFields(type, draft.fields ?? {}) };
}

/**
 * `{ custom }` for a draft with Custom Fields, `{}` without, to spread into a new resource.
 *
 * @example
 * create: (draft, ctx) => ({ key: draft.key, ...customMemberFrom(ctx, draft, 'store') })
 */
export function customMemberFrom(
  ctx: WriteContext,
  draft: { custom?: CustomFieldsDraft },
  resourceTypeId: Schemas['ResourceTypeId'],
): { custom?: CustomFields } {
  const custom = customFieldsFrom(ctx, draft.custom, resourceTypeId);
  return custom ? { custom } : {};
}

/** The two Custom Field actions, as every customizable resource's action union holds them. */
type CustomFieldAction = Schemas['SetCustomTypeAction'] | Schemas['SetCustomFieldAction'];

/**
 * The live `setCustomType` and `setCustomField` update actions of a resource type. With
 * `messages`, the resource's message prefix (`Customer`), they send its live messages:
 * `<prefix>CustomTypeSet` / `CustomTypeRemoved` (with `previousTypeId` when there was a Type) and
 * `<prefix>CustomFieldAdded` / `Changed` (with `previousValue`) / `Removed`.
 *
 * Works on anything holding `custom`, a part of a resource too (a Payment's Transaction).
 *
 * @example
 * actions: { ...customFieldActions<Store>('store'), setName(...) {...} }
 */
export function customFieldActions<T extends { custom?: CustomFields }>(
  resourceTypeId: Schemas['ResourceTypeId'],
  messages?: 'Customer' | 'CustomerGroup' | 'Order',
): Required<ActionHandlers<T, CustomFieldAction>> {
  const emit = (ctx: WriteContext, type: string, payload: Record<string, unknown>) => {
    if (messages !== undefined) ctx.emit(`${messages}${type}`, structuredClone(payload));
  };
  return {
    setCustomType(resource, { type, fields }, ctx) {
      const previous = resource.custom ? { previousTypeId: resource.custom.type.id } : {};
      if (type === undefined) {
        delete resource.custom;
        emit(ctx, 'CustomTypeRemoved', previous);
        return;
      }
      const custom = customFieldsFrom(ctx, { type, ...(fields !== undefined ? { fields } : {}) }, resourceTypeId, 'type');
      resource.custom = custom;
      emit(ctx, 'CustomTypeSet', { customFields: custom, ...previous });
    },
    setCustomField(resource, { name, value }, ctx) {
      if (!resource.custom)
        throw errors.invalidOperation(`The resource has no Custom Fields: set a Type with setCustomType before setting '${name}'.`);
      const type = ctx.resolveIdentifier<Type>('type', { id: resource.custom.type.id }, 'custom.type');
      const fields = { ...resource.custom.fields };
      const previousValue = fields[name];
      if (value === undefined || value === null) {
        if (!(name in fields)) throw errors.invalidOperation(`The Custom Field '${name}' has no value to remove.`);
        delete fields[name];
      } else {
        fields[name] = value;
      }
      // The live service checks every value again, so one the Type no longer allows fails here.
      resource.custom = { type: resource.custom.type, fields: checkedFields(type, fields) };
      if (!(name in resource.custom.fields)) emit(ctx, 'CustomFieldRemoved', { name });
      else if (previousValue === undefined) emit(ctx, 'CustomFieldAdded', { name, value: resource.custom.fields[name] });
      else emit(ctx, 'CustomFieldChanged', { name, value: resource.custom.fields[name], previousValue });
    },
  };
}
