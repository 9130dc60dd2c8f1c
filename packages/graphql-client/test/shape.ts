/**
 * Checks a result against the SDL: every selected field present, of its declared type, null only
 * where the schema allows it, lists as lists, enums within their values, abstract types resolved
 * to one of their possible types. Independent of the emulator's resolvers and of the generated
 * TypeScript types, so it catches a server and a client that agree on something the SDL does not say.
 */
import {
  buildSchema,
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  isAbstractType,
  isObjectType,
  Kind,
  parse,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { sdl } from '@commerce-kit/test-fixtures/generated/commerce-sdl.js';

const schema: GraphQLSchema = buildSchema(sdl);

const scalarChecks: Record<string, (v: unknown) => boolean> = {
  String: (v) => typeof v === 'string',
  Boolean: (v) => typeof v === 'boolean',
  Int: (v) => Number.isInteger(v),
  Float: (v) => typeof v === 'number',
  ID: (v) => typeof v === 'string',
  Long: (v) => Number.isSafeInteger(v),
  DateTime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v),
  Locale: (v) => typeof v === 'string' && v !== '',
  Country: (v) => typeof v === 'string' && /^[A-Z]{2}$/.test(v),
  Currency: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
  Json: () => true,
};

function fail(path: string, message: string): never {
  throw new Error(`result shape: ${path || '(root)'} ${message}`);
}

function checkValue(
  type: GraphQLOutputType,
  value: unknown,
  selectionSet: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  path: string,
): void {
  if (type instanceof GraphQLNonNull) {
    if (value === null || value === undefined) fail(path, 'is null but non-null in the SDL');
    checkValue(type.ofType, value, selectionSet, fragments, path);
    return;
  }
  if (value === null) return;
  if (value === undefined) fail(path, 'is missing');
  if (type instanceof GraphQLList) {
    if (!Array.isArray(value)) fail(path, 'is not a list');
    value.forEach((item, index) => checkValue(type.ofType, item, selectionSet, fragments, `${path}[${index}]`));
    return;
  }
  if (type instanceof GraphQLScalarType) {
    const check = scalarChecks[type.name];
    if (!check?.(value)) fail(path, `is not a ${type.name}: ${JSON.stringify(value)}`);
    return;
  }
  if (type instanceof GraphQLEnumType) {
    if (!type.getValues().some((v) => v.value === value)) fail(path, `is not a value of ${type.name}: ${JSON.stringify(value)}`);
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) fail(path, 'is not an object');
  checkSelection(type.name, value as Record<string, unknown>, selectionSet!, fragments, path);
}

function checkSelection(
  typeName: string,
  object: Record<string, unknown>,
  selectionSet: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  path: string,
): void {
  let type = schema.getType(typeName)!;
  if (isAbstractType(type)) {
    const concrete = object['__typename'];
    const possible = schema.getPossibleTypes(type).map((t) => t.name);
    // Without __typename the concrete type is unknown: check the interface's own fields only.
    if (typeof concrete === 'string') {
      if (!possible.includes(concrete)) fail(path, `has __typename ${concrete}, not a ${typeName}`);
      type = schema.getType(concrete)!;
    }
  }
  const fields =
    isObjectType(type) || isAbstractType(type)
      ? ((type as { getFields?: () => Record<string, { type: GraphQLOutputType }> }).getFields?.() ?? {})
      : {};
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      const key = selection.alias?.value ?? name;
      if (name === '__typename') {
        if (typeof object[key] !== 'string') fail(`${path}.${key}`, 'is not a type name');
        continue;
      }
      const field = fields[name];
      if (!field) fail(`${path}.${key}`, `is not a field of ${type.name}`);
      checkValue(field.type, object[key], selection.selectionSet, fragments, `${path}.${key}`);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value)!;
      const condition = fragment.typeCondition?.name.value;
      if (condition === undefined || condition === type.name) {
        checkSelection(type.name, object, fragment.selectionSet, fragments, path);
        continue;
      }
      const conditionType = schema.getType(condition)!;
      // An abstract condition applies to its possible types; a concrete one only to itself.
      if (isObjectType(type) && isAbstractType(conditionType) && schema.isSubType(conditionType, type)) {
        checkSelection(type.name, object, fragment.selectionSet, fragments, path);
      }
    }
  }
}

/**
 * Throws when `data` does not fit the operation of `document` as the SDL types it.
 *
 * @example
 * expectShape(GetProductSelectionDocument, result.data);
 */
export function expectShape(document: string | { toString(): string }, data: unknown): void {
  const ast = parse(String(document));
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of ast.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const operation = ast.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) throw new Error('no operation');
  const root = schema.getRootType(operation.operation)!;
  if (typeof data !== 'object' || data === null) fail('', 'data is not an object');
  checkSelection(root.name, data as Record<string, unknown>, operation.selectionSet, fragments, 'data');
}
