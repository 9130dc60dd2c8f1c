/**
 * Once per run of the test-fixtures project: the `commerce-emulator` command compiled from the
 * sources (src/cli.ts) into one ES module laid out as the package's `dist/cli.js`, beside a copy of
 * the package.json it reads its version from. The CLI tests run it with `node` (test/helpers/cli.ts),
 * so a start costs a Node start, not a TypeScript transform of the whole emulator per process.
 */
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { workspaceSources } from '../../../../tools/esbuild-workspace-sources.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled `commerce-emulator` command: `<folder>/dist/cli.js`, `<folder>/package.json` beside. */
    cliBundle: string;
  }
}

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the package's node_modules, where the bundle finds the durable mode's binding (better-sqlite3).
  const cache = join(packageRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'commerce-emulator-cli-'));
  copyFileSync(join(packageRoot, 'package.json'), join(folder, 'package.json'));
  const outfile = join(folder, 'dist', 'cli.js');
  await esbuild.build({
    entryPoints: [join(packageRoot, 'src', 'cli.ts')],
    outfile,
    // The workspace packages and the dependencies from their sources; the binding stays a run-time require.
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    // Bundled CommonJS dependencies (ajv) call require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [workspaceSources],
  });
  project.provide('cliBundle', outfile);
  return () => rmSync(folder, { recursive: true, force: true });
}
