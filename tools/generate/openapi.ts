/**
 * The OpenAPI generator: openapi-typescript's types of each OpenAPI document (plus a named alias
 * per component schema) into the packages that use them, and a JSON copy of each document into
 * test-fixtures, so that the emulator and the contract kit carry their contract at run time.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { COMMERCE_OPENAPI, readSchema } from './bundle.js';
import { hoistRepeatedTypeLiterals } from './hoist-type-literals.js';
import type { OpenApiDocument } from './openapi-document.js';
import { at, header, write } from './output.js';
import { readonlyQueryLists } from './readonly-query-lists.js';

interface OpenApiTarget {
  schema: string;
  /** Packages that get the TypeScript types; `lean`: with repeated type literals written once (see {@link hoistRepeatedTypeLiterals}). */
  typesInto: { pkg: string; file: string; lean?: boolean }[];
  /** Name of the JSON copy in test-fixtures. */
  json: string;
  /** Prefix of an alias whose name would shadow a TypeScript global (`Record` → `HistoryRecord`). */
  aliasPrefix: string;
  /** Every list in a query parameter's type `readonly` (see {@link readonlyQueryLists}). */
  readonlyQueryLists?: boolean;
}

/** Global type names a generated alias must not shadow. */
const TS_GLOBALS = new Set([
  'Record',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Exclude',
  'Extract',
  'Array',
  'Date',
  'Error',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Function',
  'Map',
  'Set',
  'Promise',
  'Symbol',
  'Response',
  'Request',
  'Headers',
  'URL',
  'Event',
]);

export const openapiTargets: OpenApiTarget[] = [
  {
    schema: 'schemas/openapi/auth.yaml',
    typesInto: [{ pkg: 'core-auth', file: 'auth.ts' }],
    json: 'auth.openapi.json',
    aliasPrefix: 'Auth',
  },
  {
    schema: COMMERCE_OPENAPI,
    typesInto: [
      { pkg: 'rest-client', file: 'commerce.ts', lean: true },
      { pkg: 'test-fixtures', file: 'commerce.ts' },
    ],
    json: 'commerce.openapi.json',
    aliasPrefix: 'Commerce',
    readonlyQueryLists: true,
  },
  {
    schema: 'schemas/openapi/history.yaml',
    typesInto: [{ pkg: 'history-client', file: 'history.ts' }],
    json: 'history.openapi.json',
    aliasPrefix: 'History',
    readonlyQueryLists: true,
  },
  // Not the service's: the emulator's control API (`<origin>/_emulator`), checked by the contract
  // kit. Only the JSON copy: its TypeScript types are written by hand next to the routes.
  {
    schema: 'schemas/openapi/emulator-control.yaml',
    typesInto: [],
    json: 'emulator-control.openapi.json',
    aliasPrefix: 'Control',
  },
];

export async function generateOpenApi(target: OpenApiTarget): Promise<void> {
  const document = readSchema<OpenApiDocument>(target.schema);
  const postTransform = target.readonlyQueryLists ? readonlyQueryLists(document, target.schema) : undefined;
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: false,
    // A member with a `default` and not `required` may be left out of a request (the service fills
    // it in), so it is optional, as written; a member an answer always has is in `required`.
    defaultNonNullable: false,
    exportType: false,
    ...(postTransform ? { postTransform } : {}),
  });
  const schemaNames = Object.keys(document.components?.schemas ?? {});
  const aliasOf = (name: string) => (TS_GLOBALS.has(name) ? `${target.aliasPrefix}${name}` : name);
  const aliases = schemaNames.map((name) => `export type ${aliasOf(name)} = components['schemas']['${name}'];`).join('\n');
  const types = `${header(target.schema)}\n${astToString(ast)}\n/* Named aliases of every component schema. */\n${aliases}\n`;
  for (const into of target.typesInto) {
    await write(at('packages', into.pkg, 'src/generated', into.file), into.lean ? hoistRepeatedTypeLiterals(types) : types, 'typescript');
  }
  await write(at('packages/test-fixtures/src/generated', target.json), JSON.stringify(document), 'json');
}
