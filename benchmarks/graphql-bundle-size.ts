/**
 * Bundle size of a browser consumer that runs one typed GraphQL query with
 * @commerce-kit/graphql-client (issue 5; goal: under 5 KB minified and gzipped).
 *
 *   pnpm exec tsx benchmarks/graphql-bundle-size.ts
 *
 * Each consumer is bundled with esbuild (browser target, ESM, minified, tree-shaken) from the
 * packages' `src/` (the published `dist/` is the same code compiled by tsc), and measured
 * minified and minified + gzipped (level 9). Consumers:
 *
 * - `typed query, token provider`: gets a client-credentials token with core-auth's token
 *   provider and runs `GetProductSelectionDocument` (what a backend-for-frontend ships);
 * - `typed query, own token source`: the same query with a token from the application (a
 *   browser app whose backend hands out tokens);
 * - `shared transport alone (floor)`: core-auth's transport and base-URL resolution without
 *   this package, i.e. what any client on the shared transport starts from;
 * - `official SDK, untyped query`: the same query with @commercetools/ts-client and
 *   @commercetools/platform-sdk (`apiRoot.graphql().post(...)`), for scale.
 *
 * It is a measurement, not a test: it prints and exits 0.
 */
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { workspaceSources } from '../tools/esbuild-workspace-sources.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GOAL_GZIP_BYTES = 5 * 1024;

const consumers: Record<string, string> = {
  'typed query, token provider': `
    import { createTokenProvider, regionUrls } from '@commerce-kit/core-auth';
    import { createGraphqlClient, GetProductSelectionDocument } from '@commerce-kit/graphql-client';
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: regionUrls('europe-west1.gcp').auth,
      projectKey: 'my-project',
      credentials: { clientId: 'client-id', clientSecret: 'client-secret' },
    });
    const client = createGraphqlClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth: { tokenProvider } });
    const result = await client.request(GetProductSelectionDocument, { key: 'summer' });
    if (result.errors) console.error(result.errors[0].extensions.code, result.correlationId);
    else console.log(result.data.productSelection?.productCount);
  `,
  'typed query, own token source': `
    import { createGraphqlClient, GetProductSelectionDocument } from '@commerce-kit/graphql-client';
    let token;
    const auth = {
      getToken: async () => (token ??= await fetch('/api/commerce-token').then((r) => r.text())),
      invalidate: () => { token = undefined; },
    };
    const client = createGraphqlClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth });
    const result = await client.request(GetProductSelectionDocument, { key: 'summer' });
    if (result.errors) console.error(result.errors[0].extensions.code, result.correlationId);
    else console.log(result.data.productSelection?.productCount);
  `,
  'shared transport alone (floor)': `
    import { createTransport } from '@commerce-kit/core-auth/http';
    import { resolveBaseUrl, regionUrls } from '@commerce-kit/core-auth';
    const base = location.hostname === 'localhost' ? resolveBaseUrl('http://127.0.0.1:8080') : regionUrls('europe-west1.gcp').api;
    const transport = createTransport({ auth: { getToken: async () => 'token', invalidate: () => undefined } });
    const res = await transport(base + '/my-project/graphql', { method: 'POST', body: JSON.stringify({ query: '{ __typename }' }) });
    console.log(await res.json());
  `,
  'official SDK, untyped query': `
    import { ClientBuilder } from '@commercetools/ts-client';
    import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
    const ctpClient = new ClientBuilder()
      .withProjectKey('my-project')
      .withClientCredentialsFlow({ host: 'https://auth.europe-west1.gcp.commercetools.com', projectKey: 'my-project', credentials: { clientId: 'client-id', clientSecret: 'client-secret' }, httpClient: fetch })
      .withHttpMiddleware({ host: 'https://api.europe-west1.gcp.commercetools.com', httpClient: fetch })
      .build();
    const apiRoot = createApiBuilderFromCtpClient(ctpClient).withProjectKey({ projectKey: 'my-project' });
    const query = 'query GetProductSelection($key: String) { productSelection(key: $key) { id version key productCount } }';
    const result = await apiRoot.graphql().post({ body: { query, variables: { key: 'summer' } } }).execute();
    console.log(result.body.data?.productSelection?.productCount);
  `,
};

interface Measure {
  minified: number;
  gzipped: number;
  top: [string, number][];
}

async function measure(name: string, source: string, dir: string): Promise<Measure | string> {
  const entry = join(dir, `${name.replace(/\W+/g, '-')}.ts`);
  writeFileSync(entry, source);
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      minify: true,
      treeShaking: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      metafile: true,
      absWorkingDir: join(root, 'benchmarks'),
      // The entry is written to a temporary folder; bare imports resolve from the benchmarks package.
      nodePaths: [join(root, 'benchmarks/node_modules'), join(root, 'node_modules')],
      plugins: [workspaceSources],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
    const top = Object.entries(inputs)
      .map(([file, { bytesInOutput }]) => [file.replace(/^.*?(packages\/|node_modules\/)/, '$1'), bytesInOutput] as [string, number])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, top };
  } catch (error) {
    return `not measured: ${(error as Error).message.split('\n').slice(0, 4).join(' | ')}`;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const dir = mkdtempSync(join(tmpdir(), 'graphql-bundle-'));
try {
  console.log('Consumer bundles (esbuild, browser, ESM, minified; gzip level 9)\n');
  for (const [name, source] of Object.entries(consumers)) {
    const m = await measure(name, source, dir);
    if (typeof m === 'string') {
      console.log(`${name.padEnd(32)} ${m}`);
      continue;
    }
    const verdict = name.startsWith('typed')
      ? m.gzipped < GOAL_GZIP_BYTES
        ? '  (goal < 5 KB gzipped: met)'
        : '  (goal < 5 KB gzipped: NOT met)'
      : '';
    console.log(`${name.padEnd(32)} ${kb(m.minified).padStart(10)} minified  ${kb(m.gzipped).padStart(9)} gzipped${verdict}`);
    for (const [file, bytes] of m.top) console.log(`    ${String(bytes).padStart(7)} B  ${file}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
