/**
 * What installing the emulator costs a consumer: `npm install` of the packed
 * @commerce-kit/test-fixtures (and @commerce-kit/core-auth, which it depends on) into a fresh npm
 * project, the durable mode's binding (better-sqlite3, an optional peer dependency) not asked
 * for. A script, not a test: it prints the figures and exits 0; exit code 1 only when the install
 * fails or installs the binding anyway, because then the figures mean nothing.
 *
 *   pnpm --filter @commerce-kit/benchmarks consumer-install [--no-build]
 *
 * It builds the two packages (turbo; `--no-build` when dist/ is fresh), packs them
 * (`pnpm pack`), then times `npm install <tarballs>` twice, each into a new project: with an
 * empty npm cache (every dependency downloaded from the registry), then with the cache that run
 * filled. Last, it starts the installed `commerce-emulator --data-dir` without the binding and
 * prints how it refuses (or, on a Node with `node:sqlite`, that it serves).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg, machine, printTable } from './lib/report.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = ['@commerce-kit/core-auth', '@commerce-kit/test-fixtures'];
const work = mkdtempSync(join(tmpdir(), 'consumer-install-'));
/** A consumer's environment: none of the variables pnpm sets for its scripts (NODE_PATH would find the workspace's better-sqlite3). */
const consumerEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => name !== 'NODE_PATH' && !name.toLowerCase().startsWith('npm_') && !name.startsWith('PNPM_'),
  ),
);

function run(command: string, args: string[], cwd: string, env = process.env): void {
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A fresh npm project with the tarballs installed; the install's wall time in seconds. */
function install(name: string, tarballs: string[], cache: string): { seconds: number; project: string } {
  const project = join(work, name);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }));
  const start = performance.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `--cache=${cache}`, ...tarballs], project, consumerEnv);
  return { seconds: (performance.now() - start) / 1000, project };
}

try {
  console.log(`consumer install of the packed ${packages.join(' and ')}; ${machine()}\n`);
  if (arg('no-build') === undefined)
    run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@commerce-kit/test-fixtures', '--output-logs=errors-only'], root);
  const packed = join(work, 'packed');
  for (const name of packages) run('pnpm', ['--filter', name, 'pack', '--pack-destination', packed], root);
  const tarballs = readdirSync(packed).map((file) => join(packed, file));

  const cache = join(work, 'npm-cache');
  const cold = install('consumer-cold', tarballs, cache);
  const warm = install('consumer-warm', tarballs, cache);
  const binding = existsSync(join(cold.project, 'node_modules', 'better-sqlite3'));
  const installed = readdirSync(join(cold.project, 'node_modules')).filter((entry) => !entry.startsWith('.')).length;
  printTable(
    ['npm install of the two tarballs', 'wall time'],
    [
      ['empty npm cache (from the registry)', `${cold.seconds.toFixed(1)} s`],
      ['npm cache of the run above', `${warm.seconds.toFixed(1)} s`],
    ],
  );
  console.log(`\n${installed} entries in node_modules; better-sqlite3 installed: ${binding ? 'yes (it should not be)' : 'no'}`);

  // The durable mode without the binding: a clear refusal naming the package (exit code 2), or,
  // where Node has node:sqlite, an emulator that serves (until its stdin ends: at once here).
  const bin = join(cold.project, 'node_modules', '.bin', 'commerce-emulator');
  const started = spawnSync(bin, ['--port', '0', '--data-dir', join(work, 'data')], {
    cwd: cold.project,
    env: consumerEnv,
    encoding: 'utf8',
    timeout: 10_000,
  });
  const said = `${started.stderr}${started.stdout}`.trim().split('\n')[0];
  console.log(
    `commerce-emulator --data-dir without better-sqlite3 (Node ${process.versions.node}): exit ${started.status ?? started.signal}: ${said}`,
  );
  if (binding) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
