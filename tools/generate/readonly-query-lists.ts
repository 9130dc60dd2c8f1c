/** openapi-typescript's `postTransform` that types every list of a query parameter `readonly`. */
import ts from 'typescript';
import { HTTP_METHODS, atPointer, unescapePointerPart, type OpenApiDocument, type ParameterNode } from './openapi-document.js';

/**
 * The path openapi-typescript gives (`createRef` in its transform/parameters-array) to the schema
 * of a query parameter written inline in a path item (under `paths`, `webhooks` or
 * `components.pathItems`): `<path item>/<method>/parameters/query/<name>` for an operation's own
 * parameter, and for one of its path item's, which openapi-typescript repeats in every operation;
 * `<path item>/parameters/parameters/query/<name>` for the path item's `parameters` member.
 * Anchored at both ends: a body or answer schema whose properties happen to be named
 * `parameters` and `query` (`…/requestBody/content/application~1json/parameters/query/<name>`,
 * `#/components/schemas/<name>/parameters/query/<name>`) is no query parameter.
 */
const INLINE_QUERY_PARAMETER = new RegExp(
  `^#/(?:paths|webhooks|components/pathItems)/[^/]+/(?:parameters|${HTTP_METHODS.join('|')})/parameters/query/[^/]+$`,
);

/** The subschemas openapi-typescript types within a schema (transform/schema-object): members that hold one schema, a list of schemas, a map of schemas. */
const ONE_SCHEMA = ['items', 'additionalProperties'];
const SCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs'];

/** Whether openapi-typescript types a schema as a list (an array or a tuple): `type: array`, or a type list with `array`. */
const isListSchema = ({ type }: Record<string, unknown>): boolean => type === 'array' || (Array.isArray(type) && type.includes('array'));

/**
 * The first list a schema reaches through a `$ref` (at any depth: a property, `items`,
 * `additionalProperties`, a `oneOf` branch... of the schema or of a schema it refers to), as the
 * `$ref` it went through first and the pointer of the list; `undefined` when there is none. Every
 * `$ref` is followed once (a recursive schema ends).
 */
function listThroughRef(
  document: unknown,
  schema: unknown,
  at: string,
  via: string | undefined,
  seen: Set<string>,
): { via: string; at: string } | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    // openapi-typescript types a `$ref` as the schema it refers to, whatever its sibling keywords.
    return listThroughRef(document, atPointer(document, ref), ref, via ?? ref, seen);
  }
  if (via !== undefined && isListSchema(node)) return { via, at };
  for (const key of ONE_SCHEMA) {
    const found = Array.isArray(node[key]) ? undefined : listThroughRef(document, node[key], `${at}/${key}`, via, seen);
    if (found) return found;
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    for (const [i, part] of list.entries()) {
      const found = listThroughRef(document, part, `${at}/${key}/${i}`, via, seen);
      if (found) return found;
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (typeof map !== 'object' || map === null) continue;
    for (const [name, part] of Object.entries(map)) {
      const found = listThroughRef(document, part, `${at}/${key}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, via, seen);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The query parameters of a document, each with where it is written: the ones of
 * `components.parameters`, and the ones written inline in a path item (its own `parameters` and
 * its operations', under `paths`, `webhooks` and `components.pathItems`). A `$ref` to a parameter
 * is not listed again: the parameter is, where it is defined.
 */
function queryParameters(document: OpenApiDocument): { parameter: ParameterNode; at: string }[] {
  const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
  const found: { parameter: ParameterNode; at: string }[] = [];
  for (const [name, parameter] of Object.entries(document.components?.parameters ?? {}))
    found.push({ parameter, at: `#/components/parameters/${escape(name)}` });
  const pathItems = [
    ...Object.entries(document.paths ?? {}).map(([name, item]) => [`#/paths/${escape(name)}`, item] as const),
    ...Object.entries(document.webhooks ?? {}).map(([name, item]) => [`#/webhooks/${escape(name)}`, item] as const),
    ...Object.entries(document.components?.pathItems ?? {}).map(
      ([name, item]) => [`#/components/pathItems/${escape(name)}`, item] as const,
    ),
  ];
  for (const [at, item] of pathItems) {
    for (const [i, parameter] of (item.parameters ?? []).entries()) found.push({ parameter, at: `${at}/parameters/${i}` });
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { parameters?: ParameterNode[] } | undefined;
      for (const [i, parameter] of (operation?.parameters ?? []).entries())
        found.push({ parameter, at: `${at}/${method}/parameters/${i}` });
    }
  }
  return found.filter(({ parameter }) => parameter.$ref === undefined && parameter.in === 'query');
}

/**
 * openapi-typescript's `postTransform` that makes every list in the type of a query parameter
 * `readonly` (`where?: readonly string[]`, and the list values of `var`), so that a caller may pass
 * an `as const` or `readonly` list: the client only reads the query (commerceQuerySerializer
 * tests lists with `Array.isArray`, which a readonly array passes). Element types stay as they
 * are. Only query parameters: bodies keep mutable lists, since their schemas also type the
 * answers, and an answer's lists are the caller's to change. A query parameter is one of
 * `components.parameters` with `in: query` (the schema is transformed where it is defined, and
 * every operation refers to it) or one written inline in a path item or operation (its path:
 * {@link INLINE_QUERY_PARAMETER}).
 *
 * A list that a query parameter's schema reaches through a `$ref` (`schema: { $ref }` to a list,
 * or to a `oneOf` with a list branch; `additionalProperties: { $ref }`, `items: { $ref }`, a
 * property... at any depth) is typed where the referred schema is, so it would stay mutable:
 * the generation fails on it instead, naming the parameter, the `$ref` and the list. openapi-typescript
 * calls the hook for a parameter's nested schemas (`items`) under the same path too, so a list
 * that is already `readonly` is left as it is. readonly-query-lists.test.ts checks all this.
 */
export function readonlyQueryLists(
  document: OpenApiDocument,
  source: string,
): (type: ts.TypeNode, options: { path?: string }) => ts.TypeNode | undefined {
  for (const { parameter, at } of queryParameters(document)) {
    const found = listThroughRef(document, parameter.schema, `${at}/schema`, undefined, new Set());
    if (found) {
      throw new Error(
        `${source}: query parameter ${JSON.stringify(parameter.name)} (${at}) reaches the list ${found.at} through the $ref ${found.via}: ` +
          'a list behind a $ref is typed where its schema is and would stay mutable; write the list inline in the parameter for its readonly type',
      );
    }
  }
  const readonlyLists = (node: ts.Node): ts.Node => {
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) return node;
    const visited = ts.visitEachChild(node, readonlyLists, undefined);
    return ts.isArrayTypeNode(visited) || ts.isTupleTypeNode(visited)
      ? ts.factory.createTypeOperatorNode(ts.SyntaxKind.ReadonlyKeyword, visited)
      : visited;
  };
  return (type, { path = '' }) => {
    const component = /^#\/components\/parameters\/([^/]+)$/.exec(path);
    const name = component?.[1] === undefined ? undefined : unescapePointerPart(component[1]);
    const inQuery = name !== undefined ? document.components?.parameters?.[name]?.in === 'query' : INLINE_QUERY_PARAMETER.test(path);
    return inQuery ? (readonlyLists(type) as ts.TypeNode) : undefined;
  };
}
