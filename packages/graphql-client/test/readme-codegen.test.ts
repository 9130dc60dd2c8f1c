import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedDocument } from '../src/index.js';
import { setUp } from './helpers.js';

/**
 * "Users can bring their own documents: the package documents the codegen config
 * to generate typed documents for their queries against our SDL." The README's `codegen.ts` and
 * its sample document are read from the README itself and run, offline, in a throw-away user
 * project that has what the README's install lines add: @graphql-codegen writes the typed
 * documents, TypeScript (the repository's options, NodeNext) checks the user's code (result and
 * variables typed, wrong variable types and unselected fields refused), and the document runs
 * against the emulator through this package's client.
 */

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');

/** The first fenced block of `language` after `marker` in the README. */
function blockAfter(marker: string, language: string): string {
  const at = readme.indexOf(marker);
  expect(at, `README has ${marker}`).toBeGreaterThan(-1);
  const found = new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```').exec(readme.slice(at));
  expect(found, `a ${language} block after ${marker}`).not.toBeNull();
  return found![1]!;
}

/** The packages that the README's install lines add (`pnpm add [-D] ...`). */
function installedByReadme(): string[] {
  return [...readme.matchAll(/^pnpm add (?:-D )?(.+)$/gm)].flatMap(([, names]) => names!.trim().split(/\s+/));
}

const rootRequire = createRequire(join(repositoryRoot, 'package.json'));
/** Where a package of the repository's node_modules lives (its folder). */
function packageFolder(name: string, from = repositoryRoot): string {
  if (name.startsWith('@commerce-kit/')) return join(repositoryRoot, 'packages', name.slice('@commerce-kit/'.length));
  const require = from === repositoryRoot ? rootRequire : createRequire(join(from, 'package.json'));
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * A user project in a temporary folder: `node_modules` holds exactly `packages` (links, as
 * pnpm's isolated layout gives a project only its direct dependencies), `src/queries.ts` the
 * user's code.
 */
function userProject(packages: Record<string, string>, queries: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'graphql-client-codegen-')));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-app', type: 'module', private: true }));
  for (const [name, folder] of Object.entries(packages)) {
    mkdirSync(dirname(join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(folder, join(dir, 'node_modules', name), 'dir');
  }
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'queries.ts'), queries);
  return dir;
}

/** The README's `codegen.ts`, compiled and loaded. */
async function documentedConfig(dir: string): Promise<Record<string, unknown>> {
  const source = blockAfter('`codegen.ts`:', 'ts');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(dir, 'codegen.mjs');
  writeFileSync(file, js);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: Record<string, unknown> }).default;
}

/** TypeScript errors of the user's project, with the repository's compiler options; paths map our packages to their sources. */
function typeErrors(dir: string): string[] {
  const base = ts.readConfigFile(join(repositoryRoot, 'tsconfig.base.json'), (f) => ts.sys.readFile(f)).config as {
    compilerOptions: Record<string, unknown> & { paths: Record<string, string[]> };
  };
  const paths = Object.fromEntries(
    Object.entries(base.compilerOptions.paths).map(([name, targets]) => [name, targets.map((t) => join(repositoryRoot, t))]),
  );
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    { ...base.compilerOptions, paths, noEmit: true, typeRoots: [join(repositoryRoot, 'node_modules/@types')] },
    dir,
  );
  expect(errors).toEqual([]);
  const program = ts.createProgram([join(dir, 'src/queries.ts')], options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

/** The README's sample document, and checks of its types, as the user's `src/queries.ts`. */
function userCode(): string {
  const sample = blockAfter('Then `pnpm graphql-codegen` and:', 'ts');
  return `import type { GraphqlClient } from '@commerce-kit/graphql-client';
declare const client: GraphqlClient;
${sample}

export async function checks(): Promise<void> {
  const typed = await client.request(SelectionNames, { where: 'key = "a"' });
  if (!typed.errors) {
    const total: number = typed.data.productSelections.total;
    const key: string | null = typed.data.productSelections.results[0]!.key;
    const locale: string = typed.data.productSelections.results[0]!.nameAllLocales[0]!.locale;
    void [total, key, locale];
    // @ts-expect-error a field the document does not select
    void typed.data.productSelections.results[0]!.productCount;
    // @ts-expect-error a field the schema does not have
    void typed.data.productSelections.colour;
  }
  // The only variable is optional, so the variables are.
  await client.request(SelectionNames);
  // @ts-expect-error where is a String
  await client.request(SelectionNames, { where: 1 });
  // @ts-expect-error an unknown variable
  await client.request(SelectionNames, { filter: 'key = "a"' });
}
`;
}

/** What the README's install lines put into the user's node_modules, each linked to its installed folder. */
function readmePackages(): Record<string, string> {
  // A package this repository does not depend on itself (@graphql-typed-document-node/core) is
  // found beside the client preset, which depends on it.
  const preset = packageFolder('@graphql-codegen/client-preset');
  const folder = (name: string) => {
    try {
      return packageFolder(name);
    } catch {
      return packageFolder(name, preset);
    }
  };
  return Object.fromEntries(installedByReadme().map((name) => [name, folder(name)]));
}

describe("the README's codegen config for users' own documents", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  let dir: string;
  let outputs: string[];
  beforeAll(async () => {
    dir = userProject(readmePackages(), userCode());
    dirs.push(dir);
    const config = await documentedConfig(dir);
    const written = (await generate({ ...config, cwd: dir, silent: true } as never, true)) as { filename: string }[];
    outputs = written.map((o) => o.filename).sort();
  }, 60_000);

  it('installs what it needs: the CLI, the client preset, the typed-document type it imports and the SDL', () => {
    expect(installedByReadme()).toEqual(
      expect.arrayContaining([
        '@graphql-codegen/cli',
        '@graphql-codegen/client-preset',
        '@graphql-typed-document-node/core',
        '@commerce-kit/test-fixtures',
        '@commerce-kit/graphql-client',
      ]),
    );
  });

  it('generates typed string documents (no graphql package at run time)', () => {
    expect(outputs).toEqual(['./src/gql/gql.ts', './src/gql/graphql.ts', './src/gql/index.ts']);
    const generated = readFileSync(join(dir, 'src/gql/graphql.ts'), 'utf8');
    expect(generated).toContain('export const SelectionNamesDocument = new TypedDocumentString(');
    expect(generated).toMatch(/export type SelectionNamesQueryVariables = Exact<\{\s*where\?: string \| null \| undefined;\s*\}>/);
    // Only type imports: nothing is loaded at run time.
    const imports = [...generated.matchAll(/^import .*$/gm)].map(([line]) => line);
    expect(imports.every((line) => line.startsWith('import type '))).toBe(true);
  });

  it("type-checks the user's code: results and variables typed, wrong variable types and unselected fields refused", () => {
    expect(typeErrors(dir)).toEqual([]);
  }, 60_000);

  it('the typed document runs against the emulator through this client', async () => {
    const { graphql } = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'src/gql/index.ts')).href)) as {
      graphql: (
        source: string,
      ) => TypedDocument<{ productSelections: { total: number; results: { key: string | null }[] } }, { where?: string }>;
    };
    const source = /graphql\(`([\s\S]*?)`\)/.exec(blockAfter('Then `pnpm graphql-codegen` and:', 'ts'))![1]!;
    const document = graphql(source);
    expect(String(document)).toContain('query SelectionNames');
    const { client, rest } = await setUp('graphql-codegen-user');
    await rest('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    await rest('POST', '/product-selections', { key: 'winter', name: { en: 'Winter' } });
    const result = await client.request(document, { where: 'key = "summer"' });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      productSelections: { total: 1, results: [{ key: 'summer', nameAllLocales: [{ locale: 'en', value: 'Summer' }] }] },
    });
  });

  it('refuses a user document with a field the SDL does not have', async () => {
    const bad = userProject(
      readmePackages(),
      "import { graphql } from './gql/index.js';\nexport const Bad = graphql(`query Bad { productSelections { total colour } }`);\n",
    );
    dirs.push(bad);
    const config = await documentedConfig(bad);
    await expect(generate({ ...config, cwd: bad, silent: true } as never, false)).rejects.toThrow(
      /Cannot query field "colour" on type "ProductSelectionQueryResult"/,
    );
  }, 60_000);

  // The client preset's generated src/gql/graphql.ts has `import type { DocumentTypeDecoration }
  // from '@graphql-typed-document-node/core'`: the README's `pnpm add -D` line installs it, since
  // pnpm's isolated node_modules give a project only its direct dependencies (else TS2307, and
  // the documents lose their types).
  it("compiles with only what the README's install lines add", async () => {
    const only = userProject(readmePackages(), userCode());
    dirs.push(only);
    const config = await documentedConfig(only);
    await generate({ ...config, cwd: only, silent: true } as never, true);
    expect(typeErrors(only)).toEqual([]);
  }, 60_000);
});
