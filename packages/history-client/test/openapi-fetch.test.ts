/**
 * `@commerce-kit/history-client/openapi-fetch`: openapi-fetch's own client over a history
 * client's transport, against the emulator; and the main entry, which neither loads nor bundles
 * openapi-fetch.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { noNodeBuiltins, workspaceSources } from '../../../tools/esbuild-workspace-sources.js';
import { toHistoryError, unwrap } from '../src/index.js';
import { createOpenapiFetchHistoryClient, type RawHistoryClient } from '../src/openapi-fetch.js';
import { setup, type Setup } from './helpers.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

describe('openapi-fetch entry', () => {
  let s: Setup;
  let selectionId: string;

  beforeAll(async () => {
    s = await setup();
    selectionId = (await s.api<{ id: string }>('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).body.id;
    s.clock.advance(1);
  });

  it('reads the same Records over the same transport, the all-types path without a trailing slash', async () => {
    const raw: RawHistoryClient = createOpenapiFetchHistoryClient(s.client);
    const seen: string[] = [];
    raw.use({ onRequest: ({ schemaPath }) => void seen.push(schemaPath) });

    const all = await raw.GET('/', { params: { query: { resourceTypes: ['product-selection'], withTotal: true } } });
    expect(all.error).toBeUndefined();
    expect(all.data).toEqual(unwrap(await s.client.queryRecords({ resourceTypes: ['product-selection'], withTotal: true })));
    const sentAll = s.sent.at(-2)!;
    expect(sentAll.url.pathname).toBe(`/history/${s.project}`);
    expect(sentAll.url.search).toBe('?resourceTypes=product-selection&withTotal=true');
    // The transport's steps run for openapi-fetch's requests too (the bearer token: the 200 above).
    expect(sentAll.headers.get('x-correlation-id')).toMatch(/^ck-/);

    const one = await raw.GET('/{resourceType}/{ID}', { params: { path: { resourceType: 'product-selection', ID: selectionId } } });
    expect(one.data?.results.map((record) => record.type)).toEqual(['ResourceCreated']);
    expect(s.sent.at(-1)!.url.pathname).toBe(`/history/${s.project}/product-selection/${selectionId}`);
    expect(seen).toEqual(['/', '/{resourceType}/{ID}']);

    const refused = await raw.GET('/', { params: { query: { limit: 501 } } });
    expect(refused.response.status).toBe(400);
    expect(toHistoryError(refused.error, refused.response).code).toBe('BadRequest');
  });

  it('the main entry neither loads openapi-fetch declarations nor bundles its runtime', async () => {
    const program = ts.createProgram({
      rootNames: [`${src}index.ts`],
      options: {
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        types: [],
      },
    });
    const files = program.getSourceFiles().map((file) => file.fileName);
    expect(files.some((file) => file.endsWith('/history-client/src/client.ts'))).toBe(true);
    expect(files.filter((file) => /openapi-(fetch|typescript-helpers)/.test(file))).toEqual([]);

    const bundle = await build({
      stdin: { contents: `export * from './index.ts';`, resolveDir: src, loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      // core-auth from its sources, through its exports map; any Node built-in fails the build.
      plugins: [workspaceSources, noNodeBuiltins],
    });
    const text = bundle.outputFiles[0]!.text;
    // openapi-fetch's middleware hook and a message of its query serializer.
    for (const marker of ['onRequest', 'Deeply-nested arrays/objects']) expect(text).not.toContain(marker);
    expect(text).not.toMatch(/["']node:/);
  });
});
