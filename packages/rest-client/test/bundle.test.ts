/**
 * What a browser or edge app ships: the client bundled from src with esbuild for the browser
 * platform. No Node built-in may be reachable (the build fails on one), and the size stays small
 * (the generated types weigh nothing at run time). The official SDK ships one 3.7 MB barrel.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noNodeBuiltins, workspaceSources } from '../../../tools/esbuild-workspace-sources.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A message of openapi-fetch's runtime (its query serializer), kept by minification. */
const OPENAPI_FETCH_MARKER = 'Deeply-nested arrays/objects';

async function bundle(source: string): Promise<{ bytes: number; gzip: number; text: string }> {
  const result = await build({
    stdin: { contents: source, resolveDir: `${root}rest-client/test`, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    plugins: [workspaceSources, noNodeBuiltins],
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  return { bytes: text.length, gzip: gzipSync(text, { level: 9 }).length, text };
}

describe('bundle for browsers and edge runtimes', () => {
  it('builds for the browser platform without any Node built-in, and stays small', async () => {
    const all = await bundle(`export * from '../src/index.ts';`);
    expect(all.text).not.toMatch(/["']node:/);
    // Everything the package exports, minified: a few dozen KB, not megabytes.
    expect(all.bytes).toBeLessThan(30 * 1024);
    expect(all.gzip).toBeLessThan(11 * 1024);
    // A consumer that only creates a client and reads pays less still (tree shaking, sideEffects: false).
    const small = await bundle(`import { createRestClient } from '../src/index.ts'; export const c = createRestClient;`);
    expect(small.bytes).toBeLessThanOrEqual(all.bytes);
    // openapi-fetch's runtime is only in the bundles that import the openapi-fetch entry.
    const withOpenapiFetch = await bundle(`export * from '../src/index.ts'; export * from '../src/openapi-fetch.ts';`);
    for (const marker of [OPENAPI_FETCH_MARKER, 'onRequest']) {
      expect(all.text).not.toContain(marker);
      expect(withOpenapiFetch.text).toContain(marker);
    }
    expect(withOpenapiFetch.text).not.toMatch(/["']node:/);
    console.info(
      `bundle: everything ${all.bytes} B (${all.gzip} B gzip); createRestClient only ${small.bytes} B (${small.gzip} B gzip); ` +
        `with the openapi-fetch entry ${withOpenapiFetch.bytes} B (${withOpenapiFetch.gzip} B gzip)`,
    );
  });

  it('publishes an exports map, types first, free of side effects', () => {
    const pkg = JSON.parse(readFileSync(`${root}rest-client/package.json`, 'utf8')) as {
      exports: Record<string, Record<string, string> | string>;
      sideEffects: boolean;
      type: string;
    };
    expect(pkg.type).toBe('module');
    expect(pkg.sideEffects).toBe(false);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target)[0], subpath).toBe('types');
    }
  });
});
