/** The OpenAPI documents of `schemas/` (read by bundle.ts): the parts the generators use, local JSON pointers. */

/** One part of a JSON pointer, unescaped (`~1` is `/`, `~0` is `~`). */
export const unescapePointerPart = (part: string): string => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node a local JSON pointer (`#/components/parameters/where`) addresses in `document`, or `undefined`. */
export function atPointer(document: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[unescapePointerPart(part)], document);
}

/** The parts of an OpenAPI document that the generators read. */
export interface OpenApiDocument {
  paths?: Record<string, PathItemNode>;
  webhooks?: Record<string, PathItemNode>;
  components?: { schemas?: Record<string, unknown>; parameters?: Record<string, ParameterNode>; pathItems?: Record<string, PathItemNode> };
}
/** A parameter object (or a `$ref` to one), as {@link readonlyQueryLists} reads it. */
export interface ParameterNode {
  $ref?: string;
  in?: string;
  name?: string;
  schema?: unknown;
}
/** A path item: its own parameters and its operations' (by HTTP method). */
export type PathItemNode = { parameters?: ParameterNode[] } & { [method: string]: unknown };

/** The HTTP methods of a path item, as openapi-typescript reads them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
