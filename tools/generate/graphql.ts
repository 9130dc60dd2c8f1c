/**
 * The GraphQL generator: @graphql-codegen's types of each SDL, and of the operation documents of a
 * client package with their typed documents; a copy of each SDL (as a file and as a string
 * module) into test-fixtures, for the emulator at run time.
 */
import { generate as codegen } from '@graphql-codegen/cli';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { bundleGraphql } from './bundle.js';
import { at, header, root, write } from './output.js';
import { typedDocuments } from './typed-documents.js';

interface GraphqlTarget {
  /** An SDL file, or a folder of SDL parts (see bundle.ts). */
  schema: string;
  pkg: string;
  /** Base name of the generated files. */
  name: string;
}

export const graphqlTargets: GraphqlTarget[] = [
  { schema: 'schemas/graphql/commerce', pkg: 'graphql-client', name: 'commerce' },
  { schema: 'schemas/graphql/history.graphql', pkg: 'history-client', name: 'history-graphql' },
];

const scalars = {
  Long: 'number',
  DateTime: 'string',
  Locale: 'string',
  Json: 'unknown',
  DateFilterValue: 'string | number',
  Set: 'unknown[]',
  BigDecimal: 'string',
  Currency: 'string',
  Country: 'string',
  KeyReferenceInput: 'unknown',
  SearchFilter: 'string',
  SearchSort: 'string',
  YearMonth: 'string',
  Date: 'string',
  Time: 'string',
};

/** Operation documents of a client package, if it has any. */
function operationDocuments(pkg: string): string | undefined {
  const folder = at('packages', pkg, 'src/operations');
  if (!existsSync(folder) || !readdirSync(folder).some((f) => f.endsWith('.graphql'))) return undefined;
  return join(folder, '*.graphql');
}

export async function generateGraphql(target: GraphqlTarget): Promise<void> {
  const sdl = bundleGraphql(target.schema);
  const typesFile = at('packages', target.pkg, 'src/generated', `${target.name}.ts`);
  const documents = operationDocuments(target.pkg);
  const generates: Record<string, unknown> = {
    [typesFile]: {
      plugins: ['typescript'],
      config: { scalars, enumsAsTypes: true, avoidOptionals: false, useTypeImports: true, strictScalars: true },
    },
  };
  if (documents) {
    generates[at('packages', target.pkg, 'src/generated', `${target.name}-operations.ts`)] = {
      documents,
      plugins: ['typescript-operations'],
      preset: undefined,
      config: {
        scalars,
        strictScalars: true,
        enumsAsTypes: true,
        useTypeImports: true,
        importTypesFrom: `./${target.name}.js`,
        onlyOperationTypes: true,
        preResolveTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        skipTypename: true,
      },
    };
  }
  const outputs = (await codegen({ schema: sdl, generates, silent: true, cwd: root } as never, false)) as {
    filename: string;
    content: string;
  }[];
  for (const output of outputs) {
    const operations = output.filename.endsWith('-operations.ts');
    const source = operations ? `${target.schema} and packages/${target.pkg}/src/operations/*.graphql` : target.schema;
    const content = operations ? `${output.content}\n${typedDocuments(dirname(documents!))}` : output.content;
    await write(output.filename, `${header(source)}\n${content}`, 'typescript');
  }
  const sdlName = `${basename(target.schema, '.graphql')}.graphql`;
  await write(at('packages/test-fixtures/src/generated', sdlName), sdl, 'graphql');
  await write(
    at('packages/test-fixtures/src/generated', sdlName.replace('.graphql', '-sdl.ts')),
    `${header(target.schema)}\nexport const sdl = ${JSON.stringify(sdl)};\n`,
    'typescript',
  );
}
