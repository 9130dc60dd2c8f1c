/**
 * The clients in an edge runtime: the story's browser bundle evaluated in Vercel's EdgeVM (the
 * `edge-runtime` package: a V8 context with the Web APIs of edge functions and nothing of Node),
 * against the emulator on a loopback port, over EdgeVM's own `fetch`.
 */
import { EdgeRuntime } from 'edge-runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleForWeb, bundleStory, type Bundle } from '../bundle.js';
import type { StorySummary } from '../story.js';
import { expectStory, storyEmulator } from './helpers.js';

let bundle: Bundle;
beforeAll(async () => {
  bundle = await bundleStory();
});

describe('the bundle', () => {
  it('is built from the client packages sources only, without Node built-ins or module statements', () => {
    const packages = new Set(bundle.inputs.map((input) => input.replace(/^packages\/([^/]+)\/src\/.*$/, '$1')));
    expect([...packages].filter((p) => !p.startsWith('runtimes/')).sort()).toEqual([
      'core-auth',
      'graphql-client',
      'history-client',
      'rest-client',
    ]);
    expect(bundle.inputs.filter((input) => input.startsWith('runtimes/')).sort()).toEqual(['runtimes/entry.ts', 'runtimes/story.ts']);
    expect(bundle.code).not.toMatch(/["']node:/);
    // No import or export: the same bytes load as a module in a page and as a script in EdgeVM.
    expect(bundle.code).not.toMatch(/^\s*(import|export)\b/m);
    expect(bundle.code).toContain('globalThis.runCommerceStory = runStory');
  });

  it('fails to build when anything imports a Node built-in', async () => {
    for (const source of [
      `import { readFileSync } from 'node:fs'; console.log(readFileSync);`,
      `import { Buffer } from 'buffer'; console.log(Buffer);`,
    ]) {
      await expect(bundleForWeb({ contents: source }), source).rejects.toThrow(/Node built-in "(node:fs|buffer)"/);
    }
    await expect(bundleForWeb({ contents: `export { createRestClient } from '@commerce-kit/rest-client';` })).resolves.toMatchObject({
      code: expect.stringContaining('createRestClient'),
    });
  });
});

describe('in EdgeVM (edge-runtime)', () => {
  const emulator = storyEmulator('runtime-edge');

  it('runs the story: REST, GraphQL, paginate, history, a typed ConcurrentModification', async () => {
    const runtime = new EdgeRuntime({ initialCode: bundle.code });
    // What the story's code sees: Web APIs, no Node globals.
    expect(
      runtime.evaluate('[typeof process, typeof Buffer, typeof require, typeof setImmediate, typeof EdgeRuntime, typeof fetch]'),
    ).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'string', 'function']);
    const json = await runtime.evaluate<Promise<string>>(
      `runCommerceStory(${JSON.stringify(emulator.config)}).then((summary) => JSON.stringify(summary))`,
    );
    const summary = JSON.parse(json) as StorySummary;
    expect(summary.globals).toEqual({
      process: 'undefined',
      Buffer: 'undefined',
      require: 'undefined',
      setImmediate: 'undefined',
      window: 'undefined',
      document: 'undefined',
      EdgeRuntime: 'string',
      fetch: 'function',
      crypto: 'object',
    });
    expectStory(summary, 'runtime-edge');
  });
});
