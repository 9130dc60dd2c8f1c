/**
 * `pnpm generate:check`: regenerates, then fails when any generated file differs from what is
 * committed (or is new and untracked). CI runs it first, so a schema change without
 * `pnpm generate` cannot land. It generates through turbo's `//#generate` task, so that the turbo
 * run of the other tasks, which depend on it, finds it cached and does not generate again.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Every generated file, as an explicit glob pathspec (a bare `*` pathspec is not reliable across environments). */
const GENERATED = ':(glob)packages/*/src/generated/**';
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

execFileSync('pnpm', ['exec', 'turbo', 'run', '//#generate', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
const drift = git('status', '--porcelain', '--untracked-files=all', '--', GENERATED).trim();
if (drift !== '') {
  console.error('\nGenerated code is out of date with schemas/. Run `pnpm generate` and commit the result:\n');
  console.error(drift);
  console.error(git('diff', '--stat', '--', GENERATED));
  process.exit(1);
}
console.log('generate:check: generated code matches the schemas.');
