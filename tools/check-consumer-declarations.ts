/**
 * Compiles a consumer's library against the PACKED packages, as a user's build sees them after
 * `npm install`: each package's tarball (`pnpm pack`) unpacked into a fresh project's
 * `node_modules`, the library emitting declarations with `skipLibCheck: false` and `types: []`
 * (no `@types/node`). Fails on any error: a declaration that does not check, an entry that does
 * not resolve, an inferred type that cannot be named from the packages' entries (TS2742, what
 * bundling declarations can break), or a declaration that pulls in `@types/node` (found through a
 * `/// <reference types="node" />` somewhere). Run in a package folder after its build:
 *
 *   tsx ../../tools/check-consumer-declarations.ts <library.ts> <package> [<package> ...]
 *
 * `<package>` is a folder name under packages/; its dependencies other than ours resolve from
 * the package folder it is run in (the versions the lockfile installed, no network).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [library, ...packages] = process.argv.slice(2);
if (!library || packages.length === 0) throw new Error('usage: check-consumer-declarations.ts <library.ts> <package> [<package> ...]');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(process.cwd(), 'package.json'));
const tsc = require.resolve('typescript/bin/tsc');

/** Packs packages/`pkg` and unpacks the tarball into `modules`/@commerce-kit/`pkg`, as npm installs it. */
function installPacked(pkg: string, modules: string, tarballs: string): void {
  const before = new Set(readdirSync(tarballs));
  execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: join(root, 'packages', pkg), stdio: 'pipe' });
  const tarball = readdirSync(tarballs).find((name) => !before.has(name));
  if (!tarball) throw new Error(`${pkg}: pnpm pack wrote no tarball`);
  const target = join(modules, '@commerce-kit', pkg);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['xzf', join(tarballs, tarball), '-C', target, '--strip-components=1'], { stdio: 'pipe' });
}

const work = mkdtempSync(join(tmpdir(), 'ck-consumer-declarations-'));
try {
  const modules = join(work, 'node_modules');
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const pkg of packages) installPacked(pkg, modules, tarballs);
  // Third-party packages the declarations import (e.g. openapi-fetch), from this package's own dependencies.
  for (const name of readdirSync(join(process.cwd(), 'node_modules')).filter((name) => !name.startsWith('.') && name !== '@commerce-kit')) {
    symlinkSync(join(process.cwd(), 'node_modules', name), join(modules, name), 'dir');
  }
  copyFileSync(resolve(library), join(work, basename(library)));
  writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        declaration: true,
        emitDeclarationOnly: true,
        outDir: 'out',
        skipLibCheck: false,
      },
      files: [basename(library)],
    }),
  );
  let files: string;
  try {
    files = execFileSync(process.execPath, [tsc, '-p', work, '--listFiles'], { stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    // The diagnostics, without the file list.
    const out = ((error as { stdout?: string }).stdout ?? String(error))
      .split('\n')
      .filter((line) => !/^\/\S+\.ts$/.test(line))
      .join('\n');
    console.error(`A consumer's declaration build fails against the packed declarations of ${packages.join(', ')}:\n${out}`);
    process.exit(1);
  }
  const nodeTypes = files.split('\n').filter((file) => file.includes('/@types/node/'));
  if (nodeTypes.length > 0) {
    console.error(`The declarations of ${packages.join(', ')} pull in @types/node (a consumer without it fails), e.g. ${nodeTypes[0]}`);
    process.exit(1);
  }
  console.log(
    `${basename(library)}: declarations emitted against the packed ${packages.join(', ')} (skipLibCheck: false, types: []), no errors`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
