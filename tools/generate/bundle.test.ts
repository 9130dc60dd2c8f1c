/**
 * Schemas written in parts: the merge of a folder of OpenAPI parts (the root first, then the
 * parts by file name; a path or component defined twice, a foreign member, a `$ref` that does not
 * resolve in the merged document each fail naming the file), the join of SDL parts, and the
 * repository's own Commerce schemas merging cleanly.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMERCE_OPENAPI, bundleGraphql, bundleOpenApi } from './bundle.js';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function partsFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'bundle-test-'));
  folders.push(folder);
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const root = `
openapi: 3.1.0
info: { title: parts, version: '1' }
components:
  securitySchemes: { oauth2: { type: http, scheme: bearer } }
`;
const things = `
paths:
  /things:
    get:
      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } } }
components:
  schemas:
    Thing: { type: object, properties: { price: { $ref: '#/components/schemas/Money' } } }
`;
const common = `
components:
  schemas:
    Money: { type: object, properties: { centAmount: { type: integer } } }
`;

describe('bundleOpenApi', () => {
  it('merges the root and then the parts by file name, with $refs across parts resolved', () => {
    const document = bundleOpenApi(partsFolder({ 'openapi.yaml': root, 'things.yaml': things, 'common.yaml': common }));
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'paths', 'components']);
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components)).toEqual(['schemas', 'securitySchemes']);
    expect(Object.keys(components.schemas!)).toEqual(['Money', 'Thing']);
    expect(Object.keys(document.paths as object)).toEqual(['/things']);
  });

  it('fails on a component defined in two parts, naming the file and the pointer', () => {
    const folder = partsFolder({ 'openapi.yaml': root, 'things.yaml': things, 'common.yaml': common, 'more.yaml': common });
    expect(() => bundleOpenApi(folder)).toThrow(/more\.yaml: #\/components\/schemas\/Money is defined in .*common\.yaml too/);
  });

  it('fails on a path defined in two parts, escaped as a JSON pointer', () => {
    const folder = partsFolder({
      'openapi.yaml': root,
      'things.yaml': things,
      'common.yaml': common,
      'z.yaml': things.replace(/Thing\b/g, 'Other'),
    });
    expect(() => bundleOpenApi(folder)).toThrow(/z\.yaml: #\/paths\/~1things is defined in .*things\.yaml too/);
  });

  it('fails on a $ref that does not resolve in the merged document, naming the part that holds it', () => {
    const folder = partsFolder({ 'openapi.yaml': root, 'things.yaml': things });
    expect(() => bundleOpenApi(folder)).toThrow(
      /things\.yaml: \$ref #\/components\/schemas\/Money at #\/components\/schemas\/Thing\/properties\/price/,
    );
  });

  it('fails on a $ref to another file: a $ref points into the merged document', () => {
    const folder = partsFolder({
      'openapi.yaml': root,
      'things.yaml': things.replace("'#/components/schemas/Money'", './common.yaml#/components/schemas/Money'),
      'common.yaml': common,
    });
    expect(() => bundleOpenApi(folder)).toThrow(/things\.yaml: \$ref \.\/common\.yaml#/);
  });

  it('fails on a part holding anything but paths, webhooks and components', () => {
    const folder = partsFolder({ 'openapi.yaml': root, 'common.yaml': `${common}\ntags: [{ name: X }]\n` });
    expect(() => bundleOpenApi(folder)).toThrow(/common\.yaml: a part holds only paths, webhooks and components, not tags/);
  });

  it('merges the Commerce REST API of schemas/openapi/commerce/', () => {
    const document = bundleOpenApi(COMMERCE_OPENAPI) as { paths: object; components: { schemas: object } };
    expect(Object.keys(document.paths)).toContain('/product-selections/{ID}');
    expect(Object.keys(document.components.schemas)).toContain('ProductDraft');
  });
});

describe('bundleGraphql', () => {
  it('joins schema.graphql first, then the other parts by file name', () => {
    const folder = partsFolder({
      'schema.graphql': 'type Query\n',
      'things.graphql': 'extend type Query {\n  thing: Thing\n}\n\ntype Thing {\n  id: ID\n}\n',
      'b.graphql': 'extend type Query {\n  b: Int\n}\n',
    });
    expect(bundleGraphql(folder)).toBe(
      'type Query\n\nextend type Query {\n  b: Int\n}\n\nextend type Query {\n  thing: Thing\n}\n\ntype Thing {\n  id: ID\n}\n',
    );
  });
});
