/**
 * Compiles a consumer's library against the BUILT packages, as a user's build would see them:
 * each package's `package.json` and the `.d.ts` files of its `dist/` (bundled by
 * tools/bundle-declarations.ts) in a temporary `node_modules`, the library emitting declarations
 * with `skipLibCheck: false`. Fails on any error: a declaration that does not check, an entry
 * that does not resolve, or an inferred type that cannot be named from the packages' entries
 * (TS2742, what bundling declarations can break). Run in a package folder after its build:
 *
 *   tsx ../../tools/check-consumer-declarations.ts <library.ts> <package> [<package> ...]
 *
 * `<package>` is a folder name under packages/; its dependencies other than ours resolve from
 * the package folder it is run in.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installBuiltDeclarations } from './install-declarations.js';

const [library, ...packages] = process.argv.slice(2);
if (!library || packages.length === 0) throw new Error('usage: check-consumer-declarations.ts <library.ts> <package> [<package> ...]');
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(process.cwd(), 'package.json'));
const tsc = require.resolve('typescript/bin/tsc');

const work = mkdtempSync(join(tmpdir(), 'ck-consumer-declarations-'));
try {
  const modules = join(work, 'node_modules');
  for (const pkg of packages) installBuiltDeclarations(root, pkg, modules);
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
  try {
    execFileSync(process.execPath, [tsc, '-p', work], { stdio: 'pipe' });
  } catch (error) {
    const out = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    console.error(`A consumer's declaration build fails against the built declarations of ${packages.join(', ')}:\n${out}`);
    process.exit(1);
  }
  console.log(`${basename(library)}: declarations emitted against the built ${packages.join(', ')} (skipLibCheck: false), no errors`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
