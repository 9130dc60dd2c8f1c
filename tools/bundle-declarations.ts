/**
 * Bundles a package's emitted declarations: one `.d.ts` per entry of its `exports` (types shared
 * by several entries in one shared file), in place of tsc's file per module. Run in a package
 * folder after `tsc -p tsconfig.build.json` (the build script of every client package).
 *
 * Why: a consumer's type check pays per declaration file (module resolution, reading, parsing,
 * binding), not only per declaration: with one file per module, core-auth and rest-client made
 * a consumer load 47 files (benchmarks/rest-client.ts, section (c)). Other packages (`openapi-fetch`,
 * `@commerce-kit/core-auth/http`, ...) stay imports. The JavaScript is not touched.
 *
 *   tsx ../../tools/bundle-declarations.ts
 */
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { rollup, type RollupLog } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const packageDir = process.cwd();
const dist = join(packageDir, 'dist');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | { types?: string }>;
};

/** Entry name (path in dist without `.d.ts`) -> its emitted declaration file. */
const inputs: Record<string, string> = {};
for (const target of Object.values(manifest.exports)) {
  const types = typeof target === 'object' ? target.types : undefined;
  if (!types) continue;
  const file = join(packageDir, types);
  if (!file.startsWith(`${dist}/`) || !file.endsWith('.d.ts')) throw new Error(`${manifest.name}: types ${types} are not a .d.ts in dist/`);
  inputs[relative(dist, file).replace(/\.d\.ts$/, '')] = file;
}
if (Object.keys(inputs).length === 0) throw new Error(`${manifest.name}: no "types" in its exports`);

const warnings: string[] = [];
const bundle = await rollup({
  input: inputs,
  plugins: [dts()],
  // Only the package's own modules are bundled: every bare import stays an import.
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  onLog: (level, log: RollupLog) => {
    if (level === 'warn') warnings.push(log.message);
  },
});
const staging = mkdtempSync(join(dist, '.declarations-'));
await bundle.write({ dir: staging, format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'shared-[hash].d.ts' });
await bundle.close();

// Out with tsc's declarations (and their maps, which point into files that are gone), in with the bundles.
function removeDeclarations(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (path === staging) continue;
    if (statSync(path).isDirectory()) removeDeclarations(path);
    else if (/\.d\.ts(\.map)?$/.test(name)) rmSync(path);
  }
}
removeDeclarations(dist);
function moveInto(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) moveInto(source, join(to, name));
    else {
      mkdirSync(dirname(join(to, name)), { recursive: true });
      renameSync(source, join(to, name));
    }
  }
}
moveInto(staging, dist);
rmSync(staging, { recursive: true, force: true });

// Types that live in the shared file and are used, but not exported, by an entry: a consumer's
// emitted declarations still name them through the public types that use them (rest-client's
// lint compiles such a consumer: tools/check-consumer-declarations.ts). Listed, not repeated in full.
const unnamed = /references private shared type exports with no public re-export: ([^.]+)\./;
const shared = warnings.flatMap((warning) => unnamed.exec(warning)?.[1]?.split(', ') ?? []);
if (shared.length > 0)
  console.log(`${manifest.name}: types an entry uses from the shared file without exporting them: ${shared.join(', ')}`);
for (const warning of warnings.filter((warning) => !unnamed.test(warning))) console.warn(`${manifest.name}: ${warning}`);
console.log(
  `${manifest.name}: declarations bundled into ${Object.keys(inputs)
    .map((name) => `${name}.d.ts`)
    .join(', ')}`,
);
