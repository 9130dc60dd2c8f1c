/**
 * The `readonlyQueryLists` transform on in-memory documents. The accepted document has query lists
 * in every place a query parameter is written (`components.parameters`, a path item's
 * `parameters`, an operation's, an operation with and one without `operationId`, a webhook, a path
 * item of `components.pathItems`) and, as decoys, lists of a header parameter and lists in a body,
 * an answer and a component schema whose properties are named `parameters` and `query` (their
 * paths end in `…/parameters/query/<name>`), a recursive schema behind a query parameter and a
 * header parameter that refers to a list schema: every list of a query parameter comes out
 * `readonly`, every other list mutable. The lists a query parameter reaches through a `$ref`
 * (directly, through a `oneOf` branch, `additionalProperties`, a property of another schema, a
 * list's `items`), each in a component and in an inline parameter, fail with the `$ref` and the
 * list named.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { OpenApiDocument } from './openapi-document.js';
import { readonlyQueryLists } from './readonly-query-lists.js';

const source = 'readonlyQueryLists test';
const schemas = `
    Kind: { type: string, enum: [a, b] }
    List: { type: array, items: { type: string } }
    VarValue: { oneOf: [{ type: string }, { type: array, items: { type: string } }] }
    Holder: { type: object, properties: { values: { $ref: '#/components/schemas/VarValue' } } }
    Tree: { type: object, properties: { name: { type: string }, child: { $ref: '#/components/schemas/Tree' } } }
    Nested:
      type: object
      properties: { parameters: { type: object, properties: { query: { type: object, properties: { inSchema: { type: array, items: { type: string } } } } } } }`;
const nested = (name: string) =>
  `{ type: object, properties: { parameters: { type: object, properties: { query: { type: object, properties: { ${name}: { type: array, items: { type: string } } } } } } } }`;
const accepted = parseYaml(`
openapi: 3.1.0
info: { title: self-test, version: '1' }
paths:
  /things/{id}:
    parameters:
      - { name: id, in: path, required: true, schema: { type: string } }
      - { name: itemLevel, in: query, schema: { type: array, items: { type: string } } }
    get:
      operationId: getThing
      parameters:
        - { name: opLevel, in: query, schema: { type: array, items: { $ref: '#/components/schemas/Kind' } } }
        - { name: opHeader, in: header, schema: { type: array, items: { type: string } } }
        - { name: tree, in: query, schema: { $ref: '#/components/schemas/Tree' } }
        - $ref: '#/components/parameters/shared'
        - $ref: '#/components/parameters/sharedHeader'
      responses:
        '200': { description: ok, content: { application/json: { schema: ${nested('inAnswer')} } } }
    post:
      parameters:
        - { name: noIdOpLevel, in: query, schema: { type: object, additionalProperties: { type: [string, array], items: { type: string } } } }
      requestBody: { content: { application/json: { schema: ${nested('inBody')} } } }
      responses: { '204': { description: none } }
  /shared:
    $ref: '#/components/pathItems/Shared'
webhooks:
  hook:
    parameters: [{ name: hookItem, in: query, schema: { type: array, items: { type: string } } }]
    post:
      parameters: [{ name: hookOp, in: query, schema: { type: array, items: { type: string } } }]
      responses: { '204': { description: none } }
components:
  pathItems:
    Shared:
      parameters: [{ name: pathItemsItem, in: query, schema: { type: array, items: { type: string } } }]
      get:
        parameters: [{ name: pathItemsOp, in: query, schema: { type: array, items: { type: string } } }]
        responses: { '204': { description: none } }
  parameters:
    shared: { name: shared, in: query, schema: { type: array, items: { type: integer } } }
    sharedHeader: { name: X-Ids, in: header, schema: { $ref: '#/components/schemas/List' } }
  schemas:${schemas}
`) as OpenApiDocument;
const expected: Record<string, string[]> = {
  // The path item's own member, and each of its two operations.
  itemLevel: ['readonly string[]', 'readonly string[]', 'readonly string[]'],
  opLevel: ['readonly components["schemas"]["Kind"][]'],
  noIdOpLevel: ['{ [key: string]: string | readonly string[]; }'],
  shared: ['components["parameters"]["shared"]', 'readonly number[]'],
  tree: ['components["schemas"]["Tree"]'],
  opHeader: ['string[]'],
  'X-Ids': ['components["parameters"]["sharedHeader"]'],
  sharedHeader: ['components["schemas"]["List"]'],
  inAnswer: ['string[]'],
  inBody: ['string[]'],
  inSchema: ['string[]'],
  // A webhook and a path item of components.pathItems: the item's own member and its operation.
  hookItem: ['readonly string[]', 'readonly string[]'],
  hookOp: ['readonly string[]'],
  pathItemsItem: ['readonly string[]', 'readonly string[]'],
  pathItemsOp: ['readonly string[]'],
};

/** The types openapi-typescript writes for each property named in {@link expected}, one per occurrence. */
async function propertyTypes(document: OpenApiDocument): Promise<Record<string, string[]>> {
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: false,
    exportType: false,
    postTransform: readonlyQueryLists(document, source),
  });
  const text = astToString(ast);
  const file = ts.createSourceFile('generated.ts', text, ts.ScriptTarget.Latest, true);
  const found: Record<string, string[]> = {};
  const visitNode = (node: ts.Node): void => {
    if (
      ts.isPropertySignature(node) &&
      node.type &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      node.name.text in expected
    ) {
      (found[node.name.text] ??= []).push(node.type.getText(file).replace(/\s+/g, ' '));
    }
    ts.forEachChild(node, visitNode);
  };
  visitNode(file);
  return found;
}

describe('readonlyQueryLists', () => {
  describe('makes every list of a query parameter readonly and leaves every other list mutable', () => {
    let found: Record<string, string[]>;
    beforeAll(async () => {
      found = await propertyTypes(accepted);
    });

    it.each(Object.entries(expected))('%s', (name, types) => {
      expect((found[name] ?? []).sort()).toEqual([...types].sort());
    });
  });

  describe('refuses a query parameter that reaches a list through a $ref, naming the $ref and the list', () => {
    const rejected: { schema: string; via: string; list: string }[] = [
      { schema: `{ $ref: '#/components/schemas/List' }`, via: 'List', list: 'List' },
      { schema: `{ $ref: '#/components/schemas/VarValue' }`, via: 'VarValue', list: 'VarValue/oneOf/1' },
      {
        schema: `{ type: object, additionalProperties: { $ref: '#/components/schemas/VarValue' } }`,
        via: 'VarValue',
        list: 'VarValue/oneOf/1',
      },
      { schema: `{ $ref: '#/components/schemas/Holder' }`, via: 'Holder', list: 'VarValue/oneOf/1' },
      { schema: `{ type: array, items: { $ref: '#/components/schemas/List' } }`, via: 'List', list: 'List' },
    ];
    const places = {
      component: (schema: string) =>
        `paths: {}\ncomponents:\n  parameters:\n    p: { name: p, in: query, schema: ${schema} }\n  schemas:${schemas}`,
      pathItem: (schema: string) =>
        `paths:\n  /x:\n    parameters: [{ name: p, in: query, schema: ${schema} }]\ncomponents:\n  schemas:${schemas}`,
      operation: (schema: string) =>
        `paths:\n  /x:\n    get:\n      parameters: [{ name: p, in: query, schema: ${schema} }]\n      responses: { '204': { description: none } }\ncomponents:\n  schemas:${schemas}`,
    };
    const cases = rejected.flatMap(({ schema, via, list }) =>
      Object.entries(places).map(([place, document]) => ({ place, schema, via, list, document })),
    );

    it.each(cases)('$place query parameter $schema', ({ schema, via, list, document }) => {
      const parsed = parseYaml(`openapi: 3.1.0\ninfo: { title: self-test, version: '1' }\n${document(schema)}\n`) as OpenApiDocument;
      expect(() => readonlyQueryLists(parsed, source)).toThrow('query parameter "p"');
      expect(() => readonlyQueryLists(parsed, source)).toThrow(
        `reaches the list #/components/schemas/${list} through the $ref #/components/schemas/${via}:`,
      );
    });
  });
});
