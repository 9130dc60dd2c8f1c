/**
 * `pnpm lint:readmes`: type-checks the ```ts / ```typescript code blocks of the package READMEs
 * (and the root README) against the workspace packages' sources (the `paths` of
 * tsconfig.base.json, so nothing needs to be built), with the packages' strict settings.
 *
 * How blocks are combined: a README tells a story, a later block using names of an earlier one.
 * So all blocks of one README are one module, in order, each block nested in the braces of the
 * one before (`{ block 1 { block 2 { ... } } }`): a block sees every top-level name of the blocks
 * above it and may declare a name again (it shadows the earlier one, as a reader expects).
 * Imports are hoisted to the top of the module, one import per name, the same name imported
 * twice written once. A block whose import would give a name to something else than before
 * (`test` from `vitest`, then from `node:test`) starts a new module. The module is ESM with
 * target ES2022, so top-level `await` works. Nested in braces, a story block cannot use `declare`
 * (TS1184): write a placeholder as a value, e.g. `const token = process.env['TOKEN']!`.
 *
 * Markers, on the line before the fence (`<!-- snippet: skip -->`) or in its info string
 * (```` ```ts skip ````):
 * - `skip`: not checked; only for a block that cannot compile by nature (it shows a compile
 *   error on purpose, or needs files generated in the reader's project);
 * - `standalone`: a file of its own (e.g. a `codegen.ts` with `export default`), checked as a
 *   module by itself, outside the story.
 *
 * Two checks of its own come on top of the compiler's, since hoisting and the workspace `paths`
 * would hide them: a name a block uses that only a later block imports, and an import of one of
 * our packages' subpaths that its `exports` map does not list.
 *
 * Errors are printed as `README path:line: TSxxxx: message` (the README's line) and make it exit 1.
 * Every run also checks an in-memory README with known mistakes (the self-test); `--self-test`
 * runs that alone.
 *
 *   pnpm exec tsx tools/check-readme-snippets.ts [--self-test]
 */
import { dirname, join, relative } from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The folders under `packages/`. */
const PACKAGES = readdirSync(join(root, 'packages')).sort();

/** The READMEs whose TypeScript blocks are checked, relative to the repository root: the root's and every package's. */
const READMES = ['README.md', ...PACKAGES.map((name) => `packages/${name}/README.md`).filter((readme) => existsSync(join(root, readme)))];

/** The `exports` keys of each workspace package (`.`, `./http`, ...), by package name. */
const EXPORTED = new Map(
  PACKAGES.filter((name) => existsSync(join(root, 'packages', name, 'package.json'))).map((name) => {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    return [manifest.name, new Set(Object.keys(manifest.exports ?? { '.': null }))] as const;
  }),
);

/**
 * Why `module` cannot be imported by a user, or undefined: a subpath of one of our packages that
 * its `exports` map does not list (the `paths` of tsconfig.base.json would resolve it anyway).
 */
function unexported(module: string): string | undefined {
  const match = /^(@commerce-kit\/[^/]+)(\/.*)?$/.exec(module);
  if (!match) return undefined;
  const [, name, subpath = ''] = match;
  const keys = EXPORTED.get(name!);
  if (!keys) return `${name} is not a package of this repository`;
  return keys.has(`.${subpath}`) ? undefined : `${module} is not exported by ${name} (its exports: ${[...keys].join(', ')})`;
}

type Mode = 'story' | 'skip' | 'standalone';
const MARKERS: readonly string[] = ['skip', 'standalone'];

/** A fenced TypeScript block; lines are 1-based README lines. */
interface Block {
  fenceLine: number;
  closeLine: number;
  code: string[];
  mode: Mode;
}

/** A finding, at a 1-based line of a README. */
interface Problem {
  readme: string;
  line: number;
  code?: number;
  message: string;
}

/** A generated module: its text, and for each of its lines the README line it comes from. */
interface VirtualFile {
  fileName: string;
  readme: string;
  text: string;
  origin: (number | undefined)[];
  /** Story modules: each block's first and last line in `text` (0-based), in order. */
  blockLines?: [number, number][];
  /** Story modules: for each hoisted name, the block that imports it first (an index of `blockLines`) and the README line. */
  importedIn?: Map<string, { block: number; line: number }>;
}

/** The fenced TypeScript blocks of a README, with their markers. */
function extractBlocks(readme: string, markdown: string, problems: Problem[]): Block[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    let close = i + 1;
    while (close < lines.length && !new RegExp(`^\\s*${fence[0]}{${fence.length},}\\s*$`).test(lines[close]!)) close++;
    const [lang = '', ...words] = info.trim().split(/\s+/);
    if (['ts', 'typescript'].includes(lang.toLowerCase())) {
      if (close === lines.length) problems.push({ readme, line: i + 1, message: 'code block is never closed' });
      let previous = i - 1;
      while (previous >= 0 && lines[previous]!.trim() === '') previous--;
      const comment = previous >= 0 ? /^\s*<!--\s*snippet:\s*(\S+)\s*-->\s*$/.exec(lines[previous]!) : null;
      const marks = [...words, ...(comment ? [comment[1]!] : [])];
      for (const mark of marks.filter((word) => !MARKERS.includes(word))) {
        problems.push({ readme, line: i + 1, message: `unknown snippet marker '${mark}' (known: ${MARKERS.join(', ')})` });
      }
      blocks.push({
        fenceLine: i + 1,
        closeLine: close + 1,
        // Fences inside list items are indented: the code is indented as much.
        code: lines.slice(i + 1, close).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart())),
        mode: marks.includes('skip') ? 'skip' : marks.includes('standalone') ? 'standalone' : 'story',
      });
    }
    i = close;
  }
  return blocks;
}

/** A name an import declares: `local` is `imported` (a name, `default` or `*`) of `module`. */
interface Binding {
  local: string;
  module: string;
  imported: string;
  typeOnly: boolean;
  line: number;
}

/** A story block split into its imports and the rest (imports blanked out, lines kept). */
interface StoryBlock {
  block: Block;
  bindings: Binding[];
  sideEffects: { module: string; line: number }[];
  body: string[];
}

function splitImports(readme: string, block: Block, problems: Problem[]): StoryBlock {
  let text = block.code.join('\n');
  const source = ts.createSourceFile('block.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const lineOf = (node: ts.Node) => block.fenceLine + 1 + source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const bindings: Binding[] = [];
  const sideEffects: StoryBlock['sideEffects'] = [];
  for (const statement of source.statements) {
    const exported =
      ts.isExportDeclaration(statement) ||
      ts.isExportAssignment(statement) ||
      (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
    if (exported) {
      problems.push({
        readme,
        line: lineOf(statement),
        message: 'a block of the story cannot export; mark a file of its own with <!-- snippet: standalone -->',
      });
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    const clause = statement.importClause;
    if (!clause) sideEffects.push({ module, line: lineOf(statement) });
    const add = (name: ts.Identifier, imported: string, typeOnly: boolean) =>
      bindings.push({ local: name.text, module, imported, typeOnly: typeOnly || !!clause?.isTypeOnly, line: lineOf(name) });
    if (clause?.name) add(clause.name, 'default', false);
    const named = clause?.namedBindings;
    if (named && ts.isNamespaceImport(named)) add(named.name, '*', false);
    if (named && ts.isNamedImports(named)) {
      for (const element of named.elements) add(element.name, (element.propertyName ?? element.name).text, element.isTypeOnly);
    }
    // Blank the import out, keeping every line break: the rest of the block keeps its lines.
    const start = statement.getStart(source);
    text = text.slice(0, start) + text.slice(start, statement.end).replace(/[^\n]/g, ' ') + text.slice(statement.end);
  }
  return { block, bindings, sideEffects, body: text.split('\n') };
}

function importLine({ local, module, imported, typeOnly }: Binding): string {
  const from = ` from ${JSON.stringify(module)};`;
  const type = typeOnly ? 'type ' : '';
  if (imported === '*') return `import ${type}* as ${local}${from}`;
  if (imported === 'default') return `import ${type}${local}${from}`;
  const name = /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(imported) ? imported : JSON.stringify(imported);
  return `import { ${type}${name === local ? local : `${name} as ${local}`} }${from}`;
}

/** One module of story blocks: hoisted imports, then each block nested in the one before. */
function storyModule(fileName: string, readme: string, blocks: StoryBlock[]): VirtualFile {
  const lines: string[] = [];
  const origin: (number | undefined)[] = [];
  const emit = (line: string, from: number | undefined) => {
    lines.push(line);
    origin.push(from);
  };
  const bindings = new Map<string, Binding>();
  const importedIn = new Map<string, { block: number; line: number }>();
  const sideEffects = new Map<string, number>();
  for (const [index, { bindings: own, sideEffects: bare }] of blocks.entries()) {
    for (const binding of own) {
      const known = bindings.get(binding.local);
      if (known) known.typeOnly &&= binding.typeOnly;
      else {
        bindings.set(binding.local, { ...binding });
        importedIn.set(binding.local, { block: index, line: binding.line });
      }
    }
    for (const { module, line } of bare) if (!sideEffects.has(module)) sideEffects.set(module, line);
  }
  for (const binding of bindings.values()) emit(importLine(binding), binding.line);
  for (const [module, line] of sideEffects) emit(`import ${JSON.stringify(module)};`, line);
  emit('export {};', undefined);
  const blockLines: [number, number][] = [];
  for (const { block, body } of blocks) {
    emit('{', block.fenceLine);
    blockLines.push([lines.length, lines.length + body.length - 1]);
    body.forEach((line, i) => emit(line, block.fenceLine + 1 + i));
  }
  for (const { block } of [...blocks].reverse()) emit('}', block.closeLine);
  return { fileName, readme, text: lines.join('\n'), origin, blockLines, importedIn };
}

/** Whether the block's imports agree with those of the module so far (same name, same thing). */
function agrees(module: StoryBlock[], next: StoryBlock): boolean {
  const known = new Map(module.flatMap(({ bindings }) => bindings.map((b) => [b.local, b] as const)));
  return next.bindings.every((b) => {
    const before = known.get(b.local);
    return !before || (before.module === b.module && before.imported === b.imported);
  });
}

/** The modules to check for one README. Virtual files sit next to it, so they are ESM like its package. */
function readmeModules(readme: string, markdown: string, problems: Problem[]): { files: VirtualFile[]; blocks: Block[] } {
  const blocks = extractBlocks(readme, markdown, problems);
  const files: VirtualFile[] = [];
  const base = join(root, `${readme}.snippets`);
  let story: StoryBlock[] = [];
  const flush = () => {
    if (story.length > 0) files.push(storyModule(`${base}-${files.length + 1}.ts`, readme, story));
    story = [];
  };
  for (const block of blocks) {
    if (block.mode === 'skip') continue;
    if (block.mode === 'standalone') {
      const origin = block.code.map((_, i) => block.fenceLine + 1 + i);
      files.push({
        fileName: `${base}-standalone-${block.fenceLine}.ts`,
        readme,
        text: [...block.code, 'export {};'].join('\n'),
        origin: [...origin, undefined],
      });
      continue;
    }
    const next = splitImports(readme, block, problems);
    if (!agrees(story, next)) flush();
    story.push(next);
  }
  flush();
  return { files, blocks };
}

/** The packages' compiler options: tsconfig.base.json (strict, NodeNext, the `paths` to the sources). */
function compilerOptions(): ts.CompilerOptions {
  const configFile = join(root, 'tsconfig.base.json');
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, { noEmit: true }, configFile);
  // TS18003: the base config lists no files of its own; ours are given to the Program.
  const errors = parsed.errors.filter((d) => d.code !== 18003);
  if (errors.length > 0) throw new Error(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  return parsed.options;
}

/** Type-checks the virtual files in one Program; every diagnostic mapped back to its README line. */
function check(files: VirtualFile[], problems: Problem[]): void {
  const options = compilerOptions();
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const file = byName.get(fileName);
    return file
      ? ts.createSourceFile(fileName, file.text, languageVersion, false, ts.ScriptKind.TS)
      : getSourceFile.call(host, fileName, languageVersion, ...rest);
  };
  host.fileExists = (fileName) => byName.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => byName.get(fileName)?.text ?? readFile.call(host, fileName);
  const program = ts.createProgram({ rootNames: [...byName.keys()], options, host });

  const report = (diagnostic: ts.Diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const file = diagnostic.file && byName.get(diagnostic.file.fileName);
    if (!file || diagnostic.start === undefined) {
      const where = diagnostic.file ? `${relative(root, diagnostic.file.fileName)}: ` : '';
      problems.push({ readme: '(compiler)', line: 0, code: diagnostic.code, message: `${where}${message}` });
      return;
    }
    const line = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start).line;
    // A line the tool wrote (`export {};`) counts as the nearest README line above it.
    const readmeLine = file.origin.slice(0, line + 1).findLast((n) => n !== undefined) ?? file.origin.find((n) => n !== undefined) ?? 0;
    problems.push({ readme: file.readme, line: readmeLine, code: diagnostic.code, message });
  };
  [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].forEach(report);
  const checker = program.getTypeChecker();
  for (const [fileName, file] of byName) {
    const source = program.getSourceFile(fileName)!;
    [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].forEach(report);
    const readmeLineOf = (node: ts.Node) => file.origin[source.getLineAndCharacterOfPosition(node.getStart(source)).line] ?? 0;
    for (const statement of source.statements) {
      const module = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      const why = module && ts.isStringLiteral(module) ? unexported(module.text) : undefined;
      if (why) problems.push({ readme: file.readme, line: readmeLineOf(statement), message: why });
    }
    if (file.blockLines && file.importedIn) usedBeforeImport(source, file, checker, problems);
  }
}

/**
 * The names a story block uses that only a later block imports: hoisting makes them compile here,
 * but a reader who copies the blocks in order gets "Cannot find name".
 */
function usedBeforeImport(source: ts.SourceFile, file: VirtualFile, checker: ts.TypeChecker, problems: Problem[]): void {
  const blockOf = (line: number) => file.blockLines!.findIndex(([first, last]) => line >= first && line <= last);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const block = blockOf(line);
      const imported = file.importedIn!.get(node.text);
      const declaration =
        imported && block >= 0 && block < imported.block ? checker.getSymbolAtLocation(node)?.declarations?.[0] : undefined;
      // Only the hoisted import itself counts, not a name the block declares or a property.
      if (declaration && (ts.isImportSpecifier(declaration) || ts.isImportClause(declaration) || ts.isNamespaceImport(declaration))) {
        problems.push({
          readme: file.readme,
          line: file.origin[line] ?? 0,
          message: `${node.text} is used before the block that imports it (line ${imported!.line})`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * The self-test: a README with a story across blocks, a skipped block, a standalone file and a
 * clash of imports, and exactly these mistakes (line: TS code, `TS-` for this tool's own checks:
 * a name used before the block that imports it, a subpath the package does not export).
 */
const SELF_TEST_README = 'tools/check-readme-snippets.self-test.md';
const SELF_TEST = `# fixture

\`\`\`ts
import { regionUrls } from '@commerce-kit/core-auth';
import { afterAll } from 'vitest';

const hosts = regionUrls('europe-west1.gcp');
\`\`\`

The next block uses \`hosts\` of the one above, and imports \`regionUrls\` again.

- In a list:

  \`\`\`typescript
  import {
    regionUrls,
    notExported,
  } from '@commerce-kit/core-auth';
  const port: number = hosts.api;
  afterAll(() => regionUrls('us-east-2.aws'));
  const selection = await Promise.resolve({ id: 'x' });
  \`\`\`

<!-- snippet: skip -->
\`\`\`ts
const shown: number = 'a compile error on purpose';
\`\`\`

\`\`\`ts standalone
const config = { schema: 'x' };
export default config;
\`\`\`

\`\`\`ts
// afterAll means something else here: a new module, which does not see \`hosts\`.
import { after as afterAll } from 'node:test';
afterAll(() => undefined);
console.log(hosts.api);
const base: string = resolveBaseUrl('http://127.0.0.1:8080');
\`\`\`

\`\`\`ts
import { resolveBaseUrl } from '@commerce-kit/core-auth';
import { fillPath } from '@commerce-kit/core-auth/http/path-template.js';
console.log(base, fillPath('/a/{id}', { id: 'x' }));
\`\`\`
`;
const SELF_TEST_EXPECTED = ['17: TS2305', '19: TS2322', '38: TS2304', '39: TS-', '44: TS-'];

function selfTest(problems: Problem[]): string | undefined {
  const found = problems
    .filter((p) => p.readme === SELF_TEST_README)
    .map((p) => `${p.line}: TS${p.code ?? '-'}`)
    .sort();
  const ok = JSON.stringify(found) === JSON.stringify(SELF_TEST_EXPECTED);
  return ok ? undefined : `self-test failed: expected ${SELF_TEST_EXPECTED.join(', ')}; found ${found.join(', ') || 'nothing'}`;
}

const started = performance.now();
const selfTestOnly = process.argv.includes('--self-test');
const problems: Problem[] = [];
const sources = [
  ...(selfTestOnly ? [] : READMES.map((readme) => ({ readme, markdown: readFileSync(join(root, readme), 'utf8') }))),
  { readme: SELF_TEST_README, markdown: SELF_TEST },
];
const modules = sources.map(({ readme, markdown }) => ({ readme, ...readmeModules(readme, markdown, problems) }));
check(
  modules.flatMap(({ files }) => files),
  problems,
);

const failedSelfTest = selfTest(problems);
const found = problems.filter((p) => p.readme !== SELF_TEST_README).sort((a, b) => a.readme.localeCompare(b.readme) || a.line - b.line);
for (const { readme, line, code, message } of found) {
  console.error(`${readme}:${line}: ${code ? `TS${code}: ` : ''}${message.replaceAll('\n', '\n    ')}`);
}
if (failedSelfTest) console.error(failedSelfTest);

const checked = modules.filter(({ readme }) => readme !== SELF_TEST_README);
const blocks = checked.flatMap(({ blocks }) => blocks);
const skipped = blocks.filter((b) => b.mode === 'skip').length;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  selfTestOnly
    ? `check-readme-snippets: self-test ${failedSelfTest ? 'failed' : 'passed'} (${seconds} s)`
    : `check-readme-snippets: ${checked.length} READMEs, ${blocks.length} TypeScript blocks (${skipped} skipped) in ${checked.reduce((n, m) => n + m.files.length, 0)} modules: ` +
        `${found.length === 0 ? 'no errors' : `${found.length} error(s)`}, self-test ${failedSelfTest ? 'failed' : 'passed'} (${seconds} s)`,
);
if (found.length > 0 || failedSelfTest) process.exit(1);
