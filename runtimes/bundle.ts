/**
 * The story as a browser or edge app ships it: bundled by esbuild for the `browser` platform,
 * ESM, from the packages' sources (through their `exports` maps). Any Node built-in fails the
 * build.
 */
import * as esbuild from 'esbuild';
import { fileURLToPath } from 'node:url';
import { noNodeBuiltins, workspaceSources } from '../tools/esbuild-workspace-sources.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** A bundle and the files it was made from (relative to the repository root). */
export interface Bundle {
  code: string;
  inputs: string[];
}

/**
 * Bundles `entry` (a file), or `contents` (source text resolved from `runtimes/`), for the web.
 *
 * @throws esbuild's build failure, with every error (e.g. a Node built-in) in its message
 * @example
 * const { code } = await bundleForWeb({ entry: 'entry.ts' });
 */
export async function bundleForWeb(source: { entry: string } | { contents: string }): Promise<Bundle> {
  const result = await esbuild.build({
    ...('entry' in source
      ? { entryPoints: [`${here}${source.entry}`] }
      : { stdin: { contents: source.contents, resolveDir: here, loader: 'ts' as const, sourcefile: 'stdin.ts' } }),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    plugins: [noNodeBuiltins, workspaceSources],
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * The entries of `runtimes/`: `entry.ts`, the story through every client
 * (`globalThis.runCommerceStory(config)` once loaded), and `anonymous-entry.ts`, the storefront
 * page's anonymous session kept in `localStorage` (runs on load: `globalThis.anonymousSession`).
 */
export type StoryEntry = 'entry.ts' | 'anonymous-entry.ts';

/**
 * A story's bundle, by its entry.
 *
 * @example
 * const { code } = await bundleStory('anonymous-entry.ts');
 */
export const bundleStory = (entry: StoryEntry = 'entry.ts'): Promise<Bundle> => bundleForWeb({ entry });
