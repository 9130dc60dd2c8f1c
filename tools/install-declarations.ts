/**
 * A package as a user's type check sees it once installed: its `package.json` and the `.d.ts`
 * files of its built `dist/`, copied into `<modules>/@commerce-kit/<pkg>`. Used by
 * tools/check-consumer-declarations.ts and benchmarks/rest-client.ts (section (c)).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Copies packages/`pkg`'s manifest and built declarations into `modules` (a `node_modules` folder).
 *
 * @throws when the package has no declarations in `dist/` (it is not built)
 * @example
 * installBuiltDeclarations(repoRoot, 'rest-client', join(work, 'node_modules'));
 */
export function installBuiltDeclarations(repoRoot: string, pkg: string, modules: string): void {
  const folder = join(repoRoot, 'packages', pkg);
  const target = join(modules, '@commerce-kit', pkg);
  mkdirSync(target, { recursive: true });
  copyFileSync(join(folder, 'package.json'), join(target, 'package.json'));
  const declarations = readdirSync(join(folder, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.d.ts'));
  if (declarations.length === 0) throw new Error(`${pkg}: no declarations in dist/ (build it first)`);
  for (const file of declarations) {
    mkdirSync(dirname(join(target, 'dist', file)), { recursive: true });
    copyFileSync(join(folder, 'dist', file), join(target, 'dist', file));
  }
}
