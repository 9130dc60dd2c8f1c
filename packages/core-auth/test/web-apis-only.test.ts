/**
 * core-auth runs unchanged in Node, browsers and edge runtimes (fetch and Web
 * APIs only; base64 and crypto from Web APIs). Both entries are bundled for the browser platform
 * with esbuild and the shared `noNodeBuiltins` plugin, which fails on any Node built-in (a
 * `node:` import, a bare `buffer`, or an npm package named like one); the bundle must not reach
 * for Node globals either. And the package publishes an exports map (the official SDK ships one
 * barrel without).
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { noNodeBuiltins } from '../../../tools/esbuild-workspace-sources.js';

const pkgRoot = fileURLToPath(new URL('..', import.meta.url));

async function browserBundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [`${pkgRoot}${entry}`],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    plugins: [noNodeBuiltins],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('core-auth on Web APIs only', () => {
  it.each(['src/index.ts', 'src/http/index.ts'])('%s bundles for the browser without Node built-ins or Node globals', async (entry) => {
    const text = await browserBundle(entry);
    expect(text).not.toMatch(/["']node:/);
    expect(text).not.toMatch(/\brequire\(/);
    expect(text).not.toMatch(/\bBuffer\./);
    expect(text).not.toMatch(/\bprocess\./);
    expect(text).not.toMatch(/\bglobal\./);
  });

  it('publishes an exports map for both entries, types first, free of side effects', () => {
    const pkg = JSON.parse(readFileSync(`${pkgRoot}package.json`, 'utf8')) as {
      type: string;
      sideEffects: boolean;
      exports: Record<string, Record<string, string> | string>;
    };
    expect(pkg.type).toBe('module');
    expect(pkg.sideEffects).toBe(false);
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './http']));
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'string') expect(Object.keys(target)[0], subpath).toBe('types');
    }
  });
});
