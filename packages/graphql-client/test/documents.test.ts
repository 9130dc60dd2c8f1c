import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildSchema, parse, TypeInfo, visit, visitWithTypeInfo, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createTokenProvider } from '@commerce-kit/core-auth';
import { sdl } from '@commerce-kit/test-fixtures/generated/commerce-sdl.js';
import * as pkg from '../src/index.js';
import {
  createGraphqlClient,
  CreateProductSelectionDocument,
  DeleteProductSelectionDocument,
  findError,
  GetProductSelectionDocument,
  GetStoreDocument,
  NetworkError,
  QueryProductSelectionsDocument,
  UpdateProductSelectionDocument,
  UpdateStoreDocument,
  type FetchFunction,
  type RetryOptions,
} from '../src/index.js';
import { noNodeBuiltins, workspaceSources } from '../../../tools/esbuild-workspace-sources.js';
import { ok, seedProducts, setUp, type Setup } from './helpers.js';

/**
 * The client's GraphQL documents and what the other tests of this package leave open. The documents
 * cover every field of the GraphQL schema's Product Selection types and are plain strings; neither the package nor its bundle needs
 * the `graphql` package; the transport's rules (single-flight token, one retry after 401,
 * correlation ids, which outcomes are retried) hold for GraphQL as for REST; every update action
 * of the package's documents works against the emulator.
 */

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The operation documents of the package, as the exports carry them. */
const documents = Object.entries(pkg).filter(([name]) => /^[A-Z]\w*Document$/.test(name)) as [string, unknown][];

describe('the documents', () => {
  it('are plain strings, one per operation file entry, and each parses against the SDL', () => {
    const sources = readdirSync(`${packageRoot}src/operations`)
      .map((file) => readFileSync(`${packageRoot}src/operations/${file}`, 'utf8'))
      .join('\n');
    const operations = [...sources.matchAll(/^(query|mutation)\s+(\w+)/gm)].map(([, , name]) => `${name}Document`).sort();
    expect(documents.map(([name]) => name).sort()).toEqual(operations);
    for (const [name, document] of documents) {
      expect(typeof document, name).toBe('string');
      expect(() => parse(document as string), name).not.toThrow();
    }
  });

  it('select every field of the selection types and every update action input', () => {
    const schema = buildSchema(sdl);
    const used = new Set<string>();
    for (const [, document] of documents) {
      const info = new TypeInfo(schema);
      const ast: DocumentNode = parse(document as string);
      visit(
        ast,
        visitWithTypeInfo(info, {
          Field(node) {
            const parent = info.getParentType();
            if (parent) used.add(`${parent.name}.${node.name.value}`);
          },
        }),
      );
    }
    expect([...used]).toEqual(
      expect.arrayContaining([
        'Query.productSelection',
        'Query.productSelections',
        'Query.productSelectionAssignments',
        'Mutation.createProductSelection',
        'Mutation.updateProductSelection',
        'Mutation.deleteProductSelection',
        'Product.productSelectionRefs',
        'InStore.product',
        'InStore.productSelectionAssignments',
        'Store.productSelections',
        'Mutation.createStore',
        'Mutation.updateStore',
        'StoreCreated.productSelections',
        'ProductSelection.productRefs',
        'ProductSelection.nameAllLocales',
        'ProductSelectionQueryResult.exists',
        'ProductAssignmentQueryResult.exists',
        'ProductOfSelectionQueryResult.exists',
        'SelectionOfProductQueryResult.exists',
        'ProductAssignment.productRef',
        'ProductAssignment.product',
        'ProductAssignment.productSelectionRef',
        'ProductAssignment.productSelection',
        'ProductSelectionSetting.productSelectionRef',
        'ProductSelectionSetting.productSelection',
        'ProductSelectionCreated.productSelection',
        'ProductSelectionProductAdded.productRef',
        'ProductSelectionProductRemoved.productRef',
        'StoreProductSelectionsChanged.addedProductSelections',
        'StoreProductSelectionsChanged.removedProductSelections',
        'StoreProductSelectionsChanged.updatedProductSelections',
      ]),
    );
    for (const paged of [
      'ProductSelectionQueryResult',
      'ProductAssignmentQueryResult',
      'ProductOfSelectionQueryResult',
      'SelectionOfProductQueryResult',
    ]) {
      for (const field of ['offset', 'count', 'total', 'exists', 'results'])
        expect(used, `${paged}.${field}`).toContain(`${paged}.${field}`);
    }
    expect(used).toContain('MessagePayload.type');
  });
});

describe('no `graphql` package at run time', () => {
  it('is not a dependency (nor a peer or optional one)', () => {
    const manifest = JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      expect(Object.keys(manifest[field] ?? {}).filter((name) => name === 'graphql' || name.startsWith('@graphql'))).toEqual([]);
    }
  });

  it('is not in the bundle of the package entry, nor imported by any source file', async () => {
    const result = await esbuild.build({
      entryPoints: [`${packageRoot}src/index.ts`],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      metafile: true,
      logLevel: 'silent',
      // The workspace packages from their sources, as the runtime tests and the size benchmark resolve them; no Node built-in.
      plugins: [workspaceSources, noNodeBuiltins],
      // Input paths in the metafile are relative to this folder, wherever the tests run from.
      absWorkingDir: repositoryRoot,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('graphql-client/src/client.ts'))).toBe(true);
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
    const output = Object.values(result.metafile.outputs)[0]!;
    expect(output.imports.filter((i) => i.external)).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']graphql|require\(["']graphql/);

    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sources(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
      );
    for (const file of sources(`${packageRoot}src`)) {
      const code = readFileSync(file, 'utf8').replace(/^import type .*$/gm, '');
      expect(code, file).not.toMatch(/from\s*['"](graphql|@graphql[^'"]*)['"]/);
    }
  });
});

/** A setup whose fetch records each request, and may answer some itself instead of the emulator. */
async function recorded(
  projectKey: string,
  options: { retry?: RetryOptions | false; answer?: (n: number, request: Request) => Response | undefined } = {},
) {
  const setup = await setUp(projectKey);
  const requests: Request[] = [];
  const fetch: FetchFunction = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const own = options.answer?.(requests.length, request);
    return own ?? setup.emulator.fetch(request);
  };
  const client = createGraphqlClient({
    baseUrl: setup.emulator.urls().api,
    projectKey,
    auth: setup.tokenProvider,
    fetch,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
  });
  return { ...setup, client, requests };
}

/** A token provider of the emulator's bootstrap client that counts its token requests (revocations aside). */
function countedTokenProvider(setup: Setup) {
  let count = 0;
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    authUrl: setup.emulator.urls().auth,
    projectKey: setup.projectKey,
    credentials: setup.emulator.credentials,
    fetch: async (input, init) => {
      if (new URL(new Request(input, init).url).pathname.endsWith('/oauth/token')) count++;
      return setup.emulator.fetch(input, init);
    },
  });
  return { tokenProvider, tokenRequests: () => count };
}

describe('the same transport rules as rest-client', () => {
  it('single-flight token: concurrent first requests fetch one token', async () => {
    const setup = await setUp('audit-single-flight');
    const { tokenProvider, tokenRequests } = countedTokenProvider(setup);
    const client = createGraphqlClient({
      baseUrl: setup.emulator.urls().api,
      projectKey: setup.projectKey,
      auth: { tokenProvider },
      fetch: setup.emulator.fetch,
    });
    const results = await Promise.all(Array.from({ length: 8 }, () => client.request(QueryProductSelectionsDocument)));
    expect(results.map((r) => r.errors)).toEqual(Array(8).fill(undefined));
    expect(tokenRequests()).toBe(1);
  });

  it('a revoked token: concurrent requests each retry once after 401, with one new token between them', async () => {
    const setup = await setUp('audit-revoked');
    const { tokenProvider, tokenRequests } = countedTokenProvider(setup);
    const sent: string[] = [];
    const client = createGraphqlClient({
      baseUrl: setup.emulator.urls().api,
      projectKey: setup.projectKey,
      auth: { tokenProvider },
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.headers.get('authorization')!);
        return setup.emulator.fetch(request);
      },
    });
    expect((await client.request(QueryProductSelectionsDocument)).errors).toBeUndefined();
    const first = await tokenProvider.getToken();
    const revoked = await setup.emulator.fetch(`${setup.emulator.urls().auth}/oauth/token/revoke`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${setup.emulator.credentials.clientId}:${setup.emulator.credentials.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: first }).toString(),
    });
    expect(revoked.status).toBe(200);
    sent.length = 0;
    const results = await Promise.all(Array.from({ length: 5 }, () => client.request(QueryProductSelectionsDocument)));
    expect(results.map((r) => [r.response.status, r.errors])).toEqual(Array(5).fill([200, undefined]));
    expect(tokenRequests()).toBe(2);
    const second = await tokenProvider.getToken();
    expect(second).not.toBe(first);
    expect(sent.filter((h) => h === `Bearer ${first}`)).toHaveLength(5);
    expect(sent.filter((h) => h === `Bearer ${second}`)).toHaveLength(5);
  });

  it('retries 429 honouring Retry-After, 502 and 504, with the same correlation id on every attempt; not 500', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const busy = (status: number, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify({ statusCode: status, message: 'no', errors: [{ code: 'General', message: 'no' }] }), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const failures = [busy(429, { 'retry-after': '2' }), busy(502), busy(504)];
    const flaky = await recorded('audit-retry', { retry: { sleep, random: () => 0.5 }, answer: (n) => failures[n - 1] });
    const result = await flaky.client.request(QueryProductSelectionsDocument);
    expect(result.errors).toBeUndefined();
    expect(flaky.requests).toHaveLength(4);
    expect(waits[0]).toBe(2000);
    expect(waits).toHaveLength(3);
    const ids = new Set(flaky.requests.map((r) => r.headers.get('x-correlation-id')));
    expect(ids.size).toBe(1);
    expect(result.correlationId).toBe([...ids][0]);

    const serverError = await recorded('audit-500', { retry: { sleep }, answer: () => busy(500) });
    const failed = await serverError.client.request(QueryProductSelectionsDocument);
    expect(serverError.requests).toHaveLength(1);
    expect(failed.response.status).toBe(500);
    expect(failed.data).toBeUndefined();
    expect(failed.errors?.[0]?.extensions.code).toBe('General');
  });

  it('retries a delete (it carries a version) but not a create after 429', async () => {
    const busy = () =>
      new Response(JSON.stringify({ statusCode: 429, message: 'slow', errors: [{ code: 'TooManyRequests', message: 'slow' }] }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
    const sleep = async () => undefined;
    const del = await recorded('audit-delete', { retry: { sleep }, answer: (n) => (n === 1 ? busy() : undefined) });
    await del.rest('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    const deleted = await del.client.request(DeleteProductSelectionDocument, { key: 'summer', version: 1 });
    expect(deleted.errors).toBeUndefined();
    expect(del.requests).toHaveLength(2);
    const create = await recorded('audit-create', { retry: { sleep }, answer: (n) => (n === 1 ? busy() : undefined) });
    const refused = await create.client.request(CreateProductSelectionDocument, {
      draft: { key: 'x', name: [{ locale: 'en', value: 'X' }] },
    });
    expect(create.requests).toHaveLength(1);
    expect(findError(refused, 'TooManyRequests')).toBeDefined();
    expect((await create.rest('GET', '/product-selections/key=x')).status).toBe(404);
  });

  it('sends the document, the variables and operationName as JSON; variables omitted when not given', async () => {
    const flaky = await recorded('audit-body');
    await flaky.client.request(QueryProductSelectionsDocument);
    await flaky.client.request(GetProductSelectionDocument, { key: 'summer' }, { operationName: 'GetProductSelection' });
    const bodies = (await Promise.all(flaky.requests.map((r) => r.json()))) as Record<string, unknown>[];
    expect(bodies[0]).toEqual({ query: QueryProductSelectionsDocument });
    expect(bodies[1]).toEqual({ query: GetProductSelectionDocument, variables: { key: 'summer' }, operationName: 'GetProductSelection' });
    expect(flaky.requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get('content-type')])).toEqual([
      ['POST', '/audit-body/graphql', 'application/json'],
      ['POST', '/audit-body/graphql', 'application/json'],
    ]);
  });
});

describe('errors as values, network errors apart', () => {
  it('a token without any GraphQL scope: 403 insufficient_scope as a value, no data', async () => {
    const setup = await setUp('audit-403');
    const created = await setup.rest<{ id: string; secret: string }>('POST', '/api-clients', {
      name: 'history only',
      scope: `view_audit_log:${setup.projectKey}`,
    });
    expect(created.status).toBe(201);
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: setup.emulator.urls().auth,
      projectKey: setup.projectKey,
      credentials: { clientId: created.body.id, clientSecret: created.body.secret },
      fetch: setup.emulator.fetch,
    });
    const client = createGraphqlClient({
      baseUrl: setup.emulator.urls().api,
      projectKey: setup.projectKey,
      auth: { tokenProvider },
      fetch: setup.emulator.fetch,
    });
    const result = await client.request(QueryProductSelectionsDocument);
    expect(result.response.status).toBe(403);
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.extensions.code).toBe('insufficient_scope');
    expect(result.errors?.[0]?.message).toContain('Insufficient scope');
  });

  it('ConcurrentModification of a Store update and of a delete carry currentVersion', async () => {
    const { client, rest } = await setUp('audit-conflict');
    await rest('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    await rest('POST', '/stores', { key: 'berlin' });
    const store = await client.request(UpdateStoreDocument, { key: 'berlin', version: 4, actions: [{ setProductSelections: {} }] });
    expect(findError(store, 'ConcurrentModification')?.extensions.currentVersion).toBe(1);
    expect(store.data).toEqual({ updateStore: null });
    const del = await client.request(DeleteProductSelectionDocument, { key: 'summer', version: 2 });
    expect(findError(del, 'ConcurrentModification')).toMatchObject({ path: ['deleteProductSelection'], extensions: { currentVersion: 1 } });
  });

  it('limits and bad predicates come back as values with their reason', async () => {
    const { client } = await setUp('audit-limits');
    const bad = await client.request(QueryProductSelectionsDocument, { where: 'colour = "red"' });
    expect(bad.response.status).toBe(200);
    expect(bad.errors?.[0]).toMatchObject({ path: ['productSelections'], extensions: { code: 'InvalidInput' } });
    const huge = await client.request(`{ ${'x'.repeat(70_000)} }`);
    expect(huge.response.status).toBe(400);
    expect(huge.errors?.[0]?.extensions).toEqual({ code: 'InvalidInput', reason: 'TOO_LARGE' });
  });

  it('a network failure rejects with NetworkError, an abort with the signal reason; neither is a result', async () => {
    const setup = await setUp('audit-network');
    const down = createGraphqlClient({
      baseUrl: setup.emulator.urls().api,
      projectKey: setup.projectKey,
      auth: setup.tokenProvider,
      retry: false,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await down.request(GetStoreDocument, { key: 'berlin' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect((error as NetworkError).correlationId).toMatch(/^ck-[0-9a-f]{32}$/);

    const controller = new AbortController();
    const reason = new Error('user left');
    controller.abort(reason);
    await expect(setup.client.request(QueryProductSelectionsDocument, {}, { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe('every update action of the package documents against the emulator', () => {
  it('the four ProductSelectionUpdateAction inputs, by id and by key', async () => {
    const setup: Setup = await setUp('audit-actions');
    const products = await seedProducts(setup);
    const created = ok(
      CreateProductSelectionDocument,
      await setup.client.request(CreateProductSelectionDocument, { draft: { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] } }),
    ).createProductSelection!;
    const updated = ok(
      UpdateProductSelectionDocument,
      await setup.client.request(UpdateProductSelectionDocument, {
        key: 'summer',
        version: 1,
        actions: [
          { addProduct: { product: { key: 'inside' } } },
          { addProduct: { product: { typeId: 'product', id: products.outside } } },
          { removeProduct: { product: { id: products.inside } } },
          { changeName: { name: [{ locale: 'de', value: 'Sommer' }] } },
          { setKey: { key: 'sommer' } },
        ],
      }),
    ).updateProductSelection!;
    expect(updated).toMatchObject({
      id: created.id,
      version: 2,
      key: 'sommer',
      productCount: 1,
      nameAllLocales: [{ locale: 'de', value: 'Sommer' }],
    });
    const unset = ok(
      UpdateProductSelectionDocument,
      await setup.client.request(UpdateProductSelectionDocument, { id: created.id, version: 2, actions: [{ setKey: {} }] }),
    ).updateProductSelection!;
    expect(unset).toMatchObject({ version: 3, key: null });
    const rest = await setup.rest<Record<string, unknown>>('GET', `/product-selections/${created.id}`);
    expect(rest.body).toMatchObject({ version: 3, productCount: 1, name: { de: 'Sommer' } });
    expect(rest.body).not.toHaveProperty('key');
    const members = await setup.rest<{ results: { product: { id: string } }[] }>('GET', `/product-selections/${created.id}/products`);
    expect(members.body.results.map((r) => r.product.id)).toEqual([products.outside]);
  });
});
