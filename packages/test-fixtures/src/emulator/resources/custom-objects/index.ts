import type { EmulatorContext } from '../../context.js';
import { errors } from '../../http/errors.js';
import { isPlainObject } from '../../query/values.js';
import { applyChange, createResource, validBody, type Caller } from '../kit/operations.js';
import type { ResourceType, Schemas, UpdateAction } from '../kit/resource-type.js';

export type CustomObject = Schemas['CustomObject'];

/** The scopes that grant Custom Objects: their own, or those of products, orders or customers (as live). */
const GRANTING = ['key_value_documents', 'products', 'orders', 'customers'] as const;

/** `null` members of objects are not stored, at any depth; array elements are kept as sent. */
export function withoutNullMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullMembers);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([name, member]) => (member === null ? [] : [[name, withoutNullMembers(member)]])),
  );
}

/**
 * Custom Objects (https://docs.commercetools.com/api/projects/custom-objects): no update actions,
 * a POST is an upsert by `container` and `key` (see {@link upsertCustomObject}).
 */
export const customObjectType: ResourceType<CustomObject, Schemas['CustomObjectDraft'], UpdateAction> = {
  typeId: 'key-value-document',
  path: 'custom-objects',
  scopes: {
    view: GRANTING.flatMap((name) => [`view_${name}`, `manage_${name}`]),
    manage: GRANTING.map((name) => `manage_${name}`),
  },
  schemas: { resource: 'CustomObject', draft: 'CustomObjectDraft' },
  create({ container, key, value }) {
    return { container, key, value: withoutNullMembers(value) };
  },
};

/** The Custom Object of a container and key, or 404 naming both. */
export function customObjectAt(context: EmulatorContext, container: string, key: string): CustomObject {
  const found = context.state.collection<CustomObject>(customObjectType.typeId).getByKey(`${container}/${key}`);
  if (!found) throw errors.notFound(`The CustomObject with container '${container}' and key '${key}' was not found.`);
  return found;
}

/**
 * Creates the Custom Object of the draft's container and key, or replaces the existing one's
 * `value`; a draft `version` must be the existing one's (409), so `version: 0` only creates.
 * Replacing with an equal value changes nothing (version kept).
 *
 * @example
 * const { resource, created } = upsertCustomObject(context, { container: 'config', key: 'shop', value: { open: true } }, caller);
 */
export function upsertCustomObject(context: EmulatorContext, body: unknown, caller: Caller): { resource: CustomObject; created: boolean } {
  const draft = validBody('CustomObjectDraft', body);
  const current = context.state.collection<CustomObject>(customObjectType.typeId).getByKey(`${draft.container}/${draft.key}`);
  if (!current) return { resource: createResource(context, customObjectType, draft, caller), created: true };
  if (draft.version !== undefined && draft.version !== current.version) throw errors.concurrentModification(draft.version, current.version);
  const value = withoutNullMembers(draft.value);
  const resource = applyChange(context, customObjectType, current, caller, [{ action: 'setValue', value }], (working) => {
    working.value = value;
  });
  return { resource, created: false };
}
