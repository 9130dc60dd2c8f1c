/**
 * What a consumer's type check loads from the main entry. openapi-fetch's declarations belong to
 * the `@commerce-kit/rest-client/openapi-fetch` entry only: checked with `skipLibCheck: false`,
 * their `Client` type alone costs a consumer about a second (benchmarks/rest-client.ts, (c)).
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  types: [],
};
// One host for the programs of both entries: the files they share are read and parsed once.
const host = ts.createCompilerHost(options);
const parsed = new Map<string, ts.SourceFile | undefined>();
const parse = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, language, ...rest) => {
  if (!parsed.has(fileName)) parsed.set(fileName, parse(fileName, language, ...rest));
  return parsed.get(fileName);
};

/** The files a program rooted at `entry` loads (the package's own tsconfig options). */
function filesLoadedBy(entry: string): string[] {
  const program = ts.createProgram({ rootNames: [entry], options, host });
  return program.getSourceFiles().map((file) => file.fileName);
}

describe('declarations of the entries', () => {
  it('the main entry never loads openapi-fetch or its helpers; the openapi-fetch entry does', () => {
    const main = filesLoadedBy(`${src}index.ts`);
    expect(main.some((file) => file.includes('/rest-client/src/client.ts'))).toBe(true);
    expect(main.filter((file) => /openapi-(fetch|typescript-helpers)/.test(file))).toEqual([]);

    const raw = filesLoadedBy(`${src}openapi-fetch.ts`);
    expect(raw.some((file) => file.includes('openapi-fetch/dist/'))).toBe(true);
  }, 60_000);
});
