/**
 * Reading the component schemas of the Commerce schema (bundled as JSON) the way the builders need
 * them: an object schema flattened across `allOf`, with its `oneOf` alternatives kept apart, and
 * the two kinds of member whose GraphQL form differs from REST (localized strings and references).
 */
import commerceDocument from '../generated/commerce.openapi.json' with { type: 'json' };

/** A JSON Schema node of the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

const components = (commerceDocument as unknown as { components: { schemas: Record<string, JsonSchema> } }).components.schemas;
const REF_PREFIX = '#/components/schemas/';

/** The names of every component schema of the Commerce schema. */
export const componentNames: readonly string[] = Object.keys(components);

/** A component schema by name. */
export function componentSchema(name: string): JsonSchema {
  const schema = components[name];
  if (schema === undefined) throw new Error(`The Commerce schema has no component schema ${JSON.stringify(name)}`);
  return schema;
}

/** The component name a `$ref` points to, if the node is a reference. */
export function refName(schema: JsonSchema): string | undefined {
  const ref = schema['$ref'];
  return typeof ref === 'string' && ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
}

/** Follows `$ref`s until a node that is not a bare reference. */
export function deref(schema: JsonSchema): JsonSchema {
  let node = schema;
  for (let hops = 0; hops < 32; hops++) {
    const name = refName(node);
    if (name === undefined) return node;
    node = componentSchema(name);
  }
  throw new Error('a $ref chain of more than 32 hops');
}

/** True when `schema` is, or extends through `$ref`s and `allOf`, the component `name`. */
export function extendsComponent(schema: JsonSchema, name: string, depth = 0): boolean {
  if (depth > 16) return false;
  const direct = refName(schema);
  if (direct === name) return true;
  if (direct !== undefined) return extendsComponent(componentSchema(direct), name, depth + 1);
  const parts = schema['allOf'];
  return Array.isArray(parts) && parts.some((part) => extendsComponent(part as JsonSchema, name, depth + 1));
}

/** One member of an object: the schemas that constrain it (several when `allOf` parts refine it). */
export type MemberSchemas = readonly JsonSchema[];

/** An object schema flattened across `allOf`. */
export interface ObjectView {
  properties: Map<string, JsonSchema[]>;
  required: Set<string>;
  /** The alternatives of a `oneOf` among the parts (a ResourceIdentifier by id or by key, a Message type, ...). */
  oneOf?: { discriminator?: string; mapping?: Record<string, string>; alternatives: ObjectView[] };
}

function emptyView(): ObjectView {
  return { properties: new Map(), required: new Set() };
}

function mergeInto(target: ObjectView, source: ObjectView): void {
  for (const [name, schemas] of source.properties) target.properties.set(name, [...(target.properties.get(name) ?? []), ...schemas]);
  for (const name of source.required) target.required.add(name);
  if (source.oneOf) target.oneOf = source.oneOf;
}

const viewCache = new Map<JsonSchema, ObjectView>();

/** The flattened view of an object schema (memoized per schema node). */
export function objectView(schema: JsonSchema): ObjectView {
  const cached = viewCache.get(schema);
  if (cached) return cached;
  const view = emptyView();
  viewCache.set(schema, view);
  const node = deref(schema);
  const properties = node['properties'];
  if (properties && typeof properties === 'object') {
    for (const [name, member] of Object.entries(properties as Record<string, JsonSchema>)) view.properties.set(name, [member]);
  }
  const required = node['required'];
  if (Array.isArray(required)) for (const name of required) view.required.add(String(name));
  const parts = node['allOf'];
  if (Array.isArray(parts)) for (const part of parts) mergeInto(view, objectView(part as JsonSchema));
  const oneOf = node['oneOf'];
  if (Array.isArray(oneOf)) {
    const discriminator = node['discriminator'] as { propertyName?: string; mapping?: Record<string, string> } | undefined;
    view.oneOf = {
      ...(discriminator?.propertyName !== undefined ? { discriminator: discriminator.propertyName } : {}),
      ...(discriminator?.mapping !== undefined ? { mapping: discriminator.mapping } : {}),
      alternatives: oneOf.map((alternative) => objectView(alternative as JsonSchema)),
    };
  }
  return view;
}

/** True when the view describes an object with members (rather than a string, a number, ...). */
export function isObjectView(view: ObjectView): boolean {
  return view.properties.size > 0 || (view.oneOf?.alternatives.some(isObjectView) ?? false);
}

/** The view with one `oneOf` alternative merged in. */
export function withAlternative(view: ObjectView, alternative: ObjectView | undefined): ObjectView {
  if (!alternative) return view;
  const merged = emptyView();
  mergeInto(merged, { properties: view.properties, required: view.required });
  mergeInto(merged, alternative);
  return merged;
}

/**
 * The alternative a value takes: by the discriminator's mapping when there is one, otherwise the
 * first whose required members are all present (then the first).
 */
export function alternativeFor(view: ObjectView, value: Record<string, unknown>): ObjectView | undefined {
  const oneOf = view.oneOf;
  if (!oneOf) return undefined;
  if (oneOf.discriminator !== undefined && oneOf.mapping) {
    const target = oneOf.mapping[String(value[oneOf.discriminator])];
    if (target !== undefined) {
      const index = Object.values(oneOf.mapping).indexOf(target);
      if (index >= 0) return oneOf.alternatives[index];
    }
  }
  return oneOf.alternatives.find((alternative) => [...alternative.required].every((name) => name in value)) ?? oneOf.alternatives[0];
}

/** A member that holds a LocalizedString (GraphQL: a `[{ locale, value }]` list, and `<name>AllLocales` on outputs). */
export function isLocalizedMember(schemas: MemberSchemas): boolean {
  return schemas.some((schema) => extendsComponent(schema, 'LocalizedString'));
}

/** A member that holds a Reference `{ typeId, id, obj? }` (GraphQL output: `<name>Ref`). */
export function isReferenceMember(schemas: MemberSchemas): boolean {
  return schemas.some((schema) => extendsComponent(schema, 'Reference'));
}

/** A member that holds Custom Fields `{ type, fields }` (GraphQL output: `{ typeRef, customFieldsRaw }`). */
export function isCustomFieldsMember(schemas: MemberSchemas): boolean {
  return schemas.some((schema) => extendsComponent(schema, 'CustomFields'));
}

/** The `items` schemas of an array member, or undefined when the member is not an array. */
export function arrayItems(schemas: MemberSchemas): JsonSchema[] | undefined {
  const items = schemas
    .map(deref)
    .flatMap((schema) => (schema['type'] === 'array' && schema['items'] ? [schema['items'] as JsonSchema] : []));
  return items.length > 0 ? items : undefined;
}

/** The merged view of the object a member holds, or undefined when it holds no object with members. */
export function memberObjectView(schemas: MemberSchemas): ObjectView | undefined {
  const merged = emptyView();
  for (const schema of schemas) mergeInto(merged, objectView(schema));
  return isObjectView(merged) ? merged : undefined;
}
