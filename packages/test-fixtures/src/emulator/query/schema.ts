/**
 * The JSON-Schema-like description of a resource that predicates and sort expressions are checked
 * against. `$ref`s must already be resolved. An object schema with `additionalProperties` (a schema)
 * and no `properties` is a map; a localized string is such a map with `{ type: 'string' }` values,
 * whose keys are locales.
 */
export interface QuerySchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, QuerySchema | boolean>>;
  readonly additionalProperties?: QuerySchema | boolean;
  readonly items?: QuerySchema | boolean;
  readonly oneOf?: readonly (QuerySchema | boolean)[];
  readonly anyOf?: readonly (QuerySchema | boolean)[];
  readonly allOf?: readonly (QuerySchema | boolean)[];
  readonly [keyword: string]: unknown;
}

/** "No information": every field below is accepted. */
export const ANY_SCHEMA: unique symbol = Symbol('any-schema');
export type SchemaNode = QuerySchema | typeof ANY_SCHEMA;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function typesOf(schema: QuerySchema): readonly string[] | undefined {
  if (schema.type === undefined) return undefined;
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

function normalize(schema: QuerySchema | boolean | undefined): SchemaNode | undefined {
  if (schema === undefined || schema === true) return ANY_SCHEMA;
  if (schema === false) return undefined;
  return schema;
}

/** The alternatives a value may match: the schema itself plus its `oneOf`/`anyOf`/`allOf` branches, recursively. */
function branches(schema: QuerySchema, out: QuerySchema[] = []): QuerySchema[] {
  out.push(schema);
  for (const list of [schema.oneOf, schema.anyOf, schema.allOf]) {
    for (const branch of list ?? []) {
      if (branch === true) out.push({});
      else if (branch !== false) branches(branch, out);
    }
  }
  return out;
}

function isArraySchema(schema: QuerySchema): boolean {
  return schema.items !== undefined || (typesOf(schema)?.includes('array') ?? false);
}

function hasStructure(schema: QuerySchema): boolean {
  return (
    schema.type !== undefined ||
    schema.properties !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.items !== undefined ||
    schema.oneOf !== undefined ||
    schema.anyOf !== undefined ||
    schema.allOf !== undefined
  );
}

/**
 * The schema of field `name` inside a value described by `schema`; `undefined` when the schema says
 * the field cannot exist. On an array schema the lookup goes into the items, because `field(p)` on
 * an array applies `p` to its elements and a sort path crosses arrays.
 *
 * @example
 * childSchema({ properties: { name: { type: 'object', additionalProperties: { type: 'string' } } } }, 'name');
 */
export function childSchema(schema: SchemaNode, name: string): SchemaNode | undefined {
  if (schema === ANY_SCHEMA || !hasStructure(schema)) return ANY_SCHEMA;
  const found: QuerySchema[] = [];
  for (const branch of branches(schema)) {
    const child = childOfBranch(branch, name);
    if (child === ANY_SCHEMA) return ANY_SCHEMA;
    if (child !== undefined) found.push(child);
  }
  if (found.length === 0) return undefined;
  return found.length === 1 ? found[0] : { anyOf: found };
}

function childOfBranch(branch: QuerySchema, name: string): SchemaNode | undefined {
  if (isArraySchema(branch)) {
    const items = normalize(branch.items);
    return items === undefined ? undefined : childSchema(items, name);
  }
  const property = Object.prototype.hasOwnProperty.call(branch.properties ?? {}, name) ? branch.properties![name] : undefined;
  if (property !== undefined) return normalize(property);
  if (branch.additionalProperties !== undefined) return normalize(branch.additionalProperties);
  if (branch.properties !== undefined) return undefined;
  const types = typesOf(branch);
  if (types !== undefined && types.every((t) => PRIMITIVE_TYPES.has(t))) return undefined;
  // A node that composes (`oneOf`...) without fields of its own, such as `type: object` plus a
  // discriminated `oneOf`, leaves the answer to its branches; an object without any field list is open.
  if (branch.oneOf !== undefined || branch.anyOf !== undefined || branch.allOf !== undefined) return undefined;
  return ANY_SCHEMA;
}

/** 'array' or 'scalar' when every alternative of the schema agrees, else 'unknown'. */
export function arrayKind(schema: SchemaNode): 'array' | 'scalar' | 'unknown' {
  if (schema === ANY_SCHEMA) return 'unknown';
  let arrays = 0;
  let others = 0;
  for (const branch of branches(schema)) {
    if (isArraySchema(branch)) arrays++;
    else if (typesOf(branch) !== undefined) others++;
  }
  if (arrays > 0 && others === 0) return 'array';
  if (others > 0 && arrays === 0) return 'scalar';
  return 'unknown';
}

const ids = new WeakMap<object, number>();
let nextId = 1;

/** A small number standing for a schema object's identity, for cache keys. 0 means "no schema". */
export function schemaIdentity(schema: QuerySchema | undefined): number {
  if (schema === undefined) return 0;
  let id = ids.get(schema);
  if (id === undefined) {
    id = nextId++;
    ids.set(schema, id);
  }
  return id;
}
