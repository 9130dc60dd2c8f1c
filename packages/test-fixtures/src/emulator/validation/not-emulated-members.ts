import { errors } from '../http/errors.js';
import type { OpenApiValidator } from './openapi-validator.js';

/**
 * The schema extension that lists, on an object schema of the Commerce schema, the members the live API
 * defines there and the emulator does not model; on an update-action union, `x-not-emulated-actions`
 * lists the live actions it does not model.
 */
const MEMBERS = 'x-not-emulated';
const ACTIONS = 'x-not-emulated-actions';

interface SchemaNode {
  [MEMBERS]?: string[];
  [ACTIONS]?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ALTERNATIVES = new WeakMap<SchemaNode, Map<string, SchemaNode>>();

/** A discriminated union's alternatives by their tag, found once per union (update-action unions have about 90). */
function alternativesOf(union: SchemaNode): Map<string, SchemaNode> {
  let byTag = ALTERNATIVES.get(union);
  if (!byTag) {
    byTag = new Map();
    const property = union.discriminator!.propertyName;
    for (const alternative of union.oneOf ?? []) {
      const tag = (alternative.properties?.[property] as { const?: unknown } | undefined)?.const;
      if (typeof tag === 'string' && !byTag.has(tag)) byTag.set(tag, alternative);
    }
    ALTERNATIVES.set(union, byTag);
  }
  return byTag;
}

/** The path of the first not-emulated member present in `value`, walking the schema along the value. */
function firstNotEmulated(schema: SchemaNode | undefined, value: unknown, path: string): string | undefined {
  if (!schema) return undefined;
  const at = (name: string) => (path === '' ? name : `${path}.${name}`);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNotEmulated(schema.items, item, at(String(index)));
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  for (const name of schema[MEMBERS] ?? []) if (value[name] !== undefined && value[name] !== null) return at(name);
  // Over the value's members (a few) rather than the schema's (a draft schema has dozens).
  const properties = schema.properties;
  if (properties)
    for (const name of Object.keys(value)) {
      if (!Object.hasOwn(properties, name) || value[name] === undefined) continue;
      const property = properties[name];
      const found = firstNotEmulated(property, value[name], at(name));
      if (found) return found;
    }
  for (const part of schema.allOf ?? []) {
    const found = firstNotEmulated(part, value, path);
    if (found) return found;
  }
  // A discriminated union: the alternative named by the discriminator's value.
  if (schema.oneOf && schema.discriminator) {
    const tag = value[schema.discriminator.propertyName];
    return firstNotEmulated(typeof tag === 'string' ? alternativesOf(schema).get(tag) : undefined, value, path);
  }
  return undefined;
}

/**
 * 501 NotEmulated naming the first member of `value` (a draft or an update action) that the live
 * API defines and the emulator does not model (`masterVariant.assets`), as the component schema
 * `schemaName` marks them. Members the live API does not define are not listed and stay ignored.
 */
export function refuseNotEmulatedMembers(validator: OpenApiValidator, schemaName: string, value: unknown, prefix = ''): void {
  const found = firstNotEmulated(validator.schema(schemaName) as SchemaNode, value, prefix);
  if (found) throw errors.notEmulated({ field: found });
}

/** True when the update-action union `unionName` lists `action` as a live action the emulator does not model. */
export function isNotEmulatedAction(validator: OpenApiValidator, unionName: string, action: string): boolean {
  return ((validator.schema(unionName) as SchemaNode)[ACTIONS] ?? []).includes(action);
}
