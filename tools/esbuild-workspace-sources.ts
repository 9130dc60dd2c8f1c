/**
 * esbuild plugins for bundling code that imports the workspace packages, as a consumer's bundler
 * would see them, but from their sources (no build needed): the size benchmark
 * (`benchmarks/graphql-bundle-size.ts`), the bundle tests of the packages (rest-client's
 * bundle test, graphql-client's and core-auth's audits, history-client's openapi-fetch entry) and
 * the browser and edge runtime tests (`runtimes/`) share them, so there is one resolver.
 */
import type { Plugin } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

type ExportsMap = Record<string, string | { types?: string; default?: string }>;

/**
 * Resolves `@commerce-kit/<pkg>[/<subpath>]` through the package's `exports` map (its `default`
 * condition, `./dist/<file>.js`) to the `src/<file>.ts` it is compiled from. A subpath the map
 * does not export is a build error, as it is for a consumer of the published package.
 *
 * @example
 * await esbuild.build({ entryPoints: ['app.ts'], bundle: true, platform: 'browser', plugins: [workspaceSources] });
 */
export const workspaceSources: Plugin = {
  name: 'workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@commerce-kit\// }, (args) => {
      const [, name, ...rest] = args.path.split('/');
      const folder = join(root, 'packages', name!);
      if (!existsSync(join(folder, 'package.json'))) return { errors: [{ text: `${args.path}: no workspace package ${name}` }] };
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { exports: ExportsMap };
      const entry = manifest.exports[rest.length === 0 ? '.' : `./${rest.join('/')}`];
      const target = typeof entry === 'object' ? entry.default : undefined;
      if (!target) return { errors: [{ text: `${args.path} is not exported` }] };
      const source = join(folder, target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
      return existsSync(source) ? { path: source } : { errors: [{ text: `no source ${source}` }] };
    });
  },
};

const builtins = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/**
 * Fails the build on any import of a Node built-in (`node:fs`, or a bare `fs`, `buffer`, ...),
 * wherever it comes from and whatever the platform: esbuild's `browser` platform refuses
 * `node:` imports on its own, but a dependency's `browser` field may map a bare one to an empty
 * module, and the `neutral` platform leaves them to the runtime. For bundles that must run in
 * browsers and edge runtimes.
 *
 * On purpose, a bare name is refused even where an npm package of that name is installed: the
 * polyfills `events`, `buffer`, `punycode`, `util`, `process`... are named like the built-ins they
 * stand in for, and the clients must need no polyfill (a consumer's bundler would have to be
 * configured to provide it, or would silently ship it). A dependency that needs one is a finding,
 * not something to resolve.
 *
 * @example
 * await esbuild.build({ entryPoints: ['app.ts'], bundle: true, plugins: [workspaceSources, noNodeBuiltins] });
 */
export const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^[a-z_]/ }, (args) => {
      const name = args.path.replace(/^node:/, '').split('/')[0]!;
      if (!args.path.startsWith('node:') && !builtins.has(name) && !builtins.has(args.path)) return undefined;
      return {
        errors: [
          { text: `Node built-in "${args.path}" imported by ${args.importer || 'the entry'}: not available in browsers and edge runtimes` },
        ],
      };
    });
  },
};
