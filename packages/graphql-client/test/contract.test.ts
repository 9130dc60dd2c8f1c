import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '@commerce-kit/test-fixtures/emulator/server.js';
import {
  CreateProductSelectionDocument,
  CreateStoreDocument,
  DeleteProductSelectionDocument,
  GetInStoreProductDocument,
  GetProductDocument,
  GetProductSelectionDocument,
  GetProductSelectionProductsDocument,
  GetStoreDocument,
  QueryInStoreProductSelectionAssignmentsDocument,
  QueryMessagesDocument,
  QueryProductSelectionAssignmentsDocument,
  QueryProductSelectionsDocument,
  UpdateProductSelectionDocument,
  UpdateStoreDocument,
  type GraphqlClient,
} from '../src/index.js';
import { overLoopback, ok, seedProducts, setUp, startEmulatorCommand, type EmulatorProcess, type Setup } from './helpers.js';

const run = promisify(execFile);
const hasPython = await run('python3', ['--version']).then(
  () => true,
  () => false,
);

/**
 * Every operation document of this package against the emulator, each result checked against
 * the SDL (shape.ts): the Product Selection story (create, fill, assign to a Store, read in store) over GraphQL.
 */
async function runStory(client: GraphqlClient, products: { inside: string; outside: string }) {
  const created = ok(
    CreateProductSelectionDocument,
    await client.request(CreateProductSelectionDocument, { draft: { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] } }),
  ).createProductSelection!;
  expect(created).toMatchObject({ key: 'summer', version: 1, productCount: 0, mode: 'Individual' });

  const filled = ok(
    UpdateProductSelectionDocument,
    await client.request(UpdateProductSelectionDocument, {
      id: created.id,
      version: created.version,
      actions: [
        { addProduct: { product: { typeId: 'product', id: products.inside } } },
        {
          changeName: {
            name: [
              { locale: 'en', value: 'Summer 26' },
              { locale: 'de', value: 'Sommer 26' },
            ],
          },
        },
      ],
    }),
  ).updateProductSelection!;
  expect(filled).toMatchObject({ version: 2, productCount: 1 });

  const read = ok(GetProductSelectionDocument, await client.request(GetProductSelectionDocument, { key: 'summer', locale: 'de' }));
  expect(read.productSelection).toMatchObject({ id: created.id, name: 'Sommer 26' });

  const page = ok(
    QueryProductSelectionsDocument,
    await client.request(QueryProductSelectionsDocument, { where: 'key = "summer"', sort: ['key asc'], limit: 5 }),
  );
  expect(page.productSelections).toMatchObject({ offset: 0, count: 1, total: 1, exists: true });

  const productsOf = ok(GetProductSelectionProductsDocument, await client.request(GetProductSelectionProductsDocument, { key: 'summer' }));
  expect(productsOf.productSelection?.productRefs.results.map((r) => r.product?.key)).toEqual(['inside']);

  const selectionsOf = ok(GetProductDocument, await client.request(GetProductDocument, { sku: 'sku-inside' }));
  expect(selectionsOf.product?.productSelectionRefs.results.map((r) => r.productSelection?.key)).toEqual(['summer']);

  const store = ok(
    CreateStoreDocument,
    await client.request(CreateStoreDocument, {
      draft: {
        key: 'berlin',
        name: [{ locale: 'en', value: 'Berlin' }],
        productSelections: [{ productSelection: { key: 'summer' }, active: false }],
      },
    }),
  ).createStore!;
  expect(store.productSelections).toEqual([
    {
      active: false,
      productSelectionRef: { typeId: 'product-selection', id: created.id },
      productSelection: { id: created.id, key: 'summer', version: 2 },
    },
  ]);

  // Assigned but inactive: nothing is available in the Store.
  const hidden = ok(
    GetInStoreProductDocument,
    await client.request(GetInStoreProductDocument, { storeKey: 'berlin', id: products.inside }),
  );
  expect(hidden.inStore.product).toBeNull();

  const activated = ok(
    UpdateStoreDocument,
    await client.request(UpdateStoreDocument, {
      key: 'berlin',
      version: store.version,
      actions: [{ changeProductSelectionActive: { productSelection: { key: 'summer' }, active: true } }],
    }),
  ).updateStore!;
  expect(activated).toMatchObject({ version: 2, productSelections: [{ active: true }] });

  for (const args of [{ id: products.inside }, { key: 'inside' }, { sku: 'sku-inside' }, { variantKey: 'variant-inside' }]) {
    const visible = ok(GetInStoreProductDocument, await client.request(GetInStoreProductDocument, { storeKey: 'berlin', ...args }));
    expect(visible.inStore.product).toMatchObject({ id: products.inside, key: 'inside', masterData: { published: true } });
  }
  const outside = ok(GetInStoreProductDocument, await client.request(GetInStoreProductDocument, { storeKey: 'berlin', key: 'outside' }));
  expect(outside.inStore.product).toBeNull();

  const inStore = ok(
    QueryInStoreProductSelectionAssignmentsDocument,
    await client.request(QueryInStoreProductSelectionAssignmentsDocument, { storeKey: 'berlin' }),
  );
  expect(inStore.inStore.productSelectionAssignments.results).toEqual([
    {
      productRef: { typeId: 'product', id: products.inside },
      product: { id: products.inside, key: 'inside', skus: ['sku-inside'] },
      productSelectionRef: { typeId: 'product-selection', id: created.id },
      productSelection: { id: created.id, key: 'summer' },
      variantSelection: null,
      variantExclusion: null,
    },
  ]);
  const all = ok(QueryProductSelectionAssignmentsDocument, await client.request(QueryProductSelectionAssignmentsDocument));
  expect(all.productSelectionAssignments.total).toBe(1);

  const moved = ok(
    UpdateStoreDocument,
    await client.request(UpdateStoreDocument, {
      key: 'berlin',
      version: 2,
      actions: [
        { addProductSelection: { productSelection: { id: created.id }, active: true } },
        { removeProductSelection: { productSelection: { key: 'summer' } } },
        { setProductSelections: { productSelections: [] } },
      ],
    }),
  ).updateStore!;
  expect(moved).toMatchObject({ version: 3, productSelections: [] });
  const storeNow = ok(GetStoreDocument, await client.request(GetStoreDocument, { key: 'berlin' }));
  expect(storeNow.store).toMatchObject({ version: 3, key: 'berlin' });

  const deleted = ok(DeleteProductSelectionDocument, await client.request(DeleteProductSelectionDocument, { key: 'summer', version: 2 }));
  expect(deleted.deleteProductSelection?.id).toBe(created.id);

  const messages = ok(
    QueryMessagesDocument,
    await client.request(QueryMessagesDocument, { sort: ['createdAt asc', 'sequenceNumber asc'], limit: 50 }),
  );
  // Calls within one millisecond share createdAt: compare as a multiset.
  const payloads = messages.messages.results.map((m) => m.payload.__typename).sort();
  expect(payloads).toEqual([
    'ProductCreated', // the two seeded Products
    'ProductCreated',
    'ProductSelectionCreated',
    'ProductSelectionDeleted',
    'ProductSelectionProductAdded',
    'StoreCreated', // with the settings it was created with (no StoreProductSelectionsChanged for them)
    'StoreProductSelectionsChanged', // activated
    'StoreProductSelectionsChanged', // removed (adding it again with the same flag changed nothing)
  ]);
  const added = messages.messages.results.find((m) => m.payload.__typename === 'ProductSelectionProductAdded')!.payload;
  if (added.__typename !== 'ProductSelectionProductAdded') throw new Error('unexpected payload');
  expect(added.productRef.id).toBe(products.inside);
  const ofStore = messages.messages.results.filter((m) => m.resourceRef.id === store.id);
  expect(ofStore.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
    ['StoreCreated', 1, 1],
    ['StoreProductSelectionsChanged', 2, 2],
    ['StoreProductSelectionsChanged', 3, 3],
  ]);
  const storeCreated = ofStore[0]!.payload;
  if (storeCreated.__typename !== 'StoreCreated') throw new Error('unexpected payload');
  expect(storeCreated).toEqual({
    __typename: 'StoreCreated',
    type: 'StoreCreated',
    nameAllLocales: [{ locale: 'en', value: 'Berlin' }],
    languages: [],
    // The resolved form is null: the selection has been deleted since.
    productSelections: [{ active: false, productSelectionRef: { typeId: 'product-selection', id: created.id }, productSelection: null }],
  });
  return created.id;
}

describe('the Product Selection story over GraphQL', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp('graphql-story');
  });

  it('runs every operation in-process, results typed and checked against the SDL; REST sees the same', async () => {
    const products = await seedProducts(setup);
    const id = await runStory(setup.client, products);
    expect((await setup.rest('GET', `/product-selections/${id}`)).status).toBe(404);
    const store = await setup.rest<{ version: number; productSelections: unknown[] }>('GET', '/stores/key=berlin');
    expect(store.body).toMatchObject({ version: 3, productSelections: [] });
  });

  describe('against the emulator on a loopback port, in this process (startEmulator)', () => {
    let server: RunningEmulator;
    beforeAll(async () => {
      server = await startEmulator({ projectKey: 'graphql-loopback' });
    });
    afterAll(() => server.close());

    it('runs the story with the global fetch', async () => {
      const loopback = overLoopback(server.urls, 'graphql-loopback', server.emulator.credentials);
      expect(loopback.client.endpoint).toBe(`${server.origin}/graphql-loopback/graphql`);
      await runStory(loopback.client, await seedProducts(loopback));
    });
  });

  describe('against `pnpm emulator`, a process of its own (issue 5: done when)', () => {
    let command: EmulatorProcess;
    beforeAll(async () => {
      command = await startEmulatorCommand('graphql-command');
    }, 60_000);
    afterAll(() => command?.stop());

    it('runs the story with the global fetch; the banner names the GraphQL endpoint and prints no other secret', async () => {
      const loopback = overLoopback(command.urls, 'graphql-command', command.credentials);
      expect(command.output()).toContain(`${loopback.client.endpoint}\n`);
      await runStory(loopback.client, await seedProducts(loopback));
    });

    it.skipIf(!hasPython)("serves a client in another language (Python's standard library): what one writes, the other reads", async () => {
      const key = 'winter';
      const { stdout } = await run('python3', [
        fileURLToPath(new URL('python-client.py', import.meta.url)),
        command.urls.api,
        command.urls.auth,
        'graphql-command',
        command.credentials.clientId,
        command.credentials.clientSecret,
        key,
      ]);
      const seen = JSON.parse(stdout) as Record<'created' | 'read' | 'stale', [number, Record<string, unknown>]>;
      expect(seen.created[0]).toBe(201);
      const created = seen.created[1] as { id: string; version: number };
      expect(seen.read).toEqual([
        200,
        { data: { productSelection: { id: created.id, version: 1, nameAllLocales: [{ locale: 'en', value: 'Winter' }] } } },
      ]);
      expect(seen.stale[0]).toBe(409);
      expect(seen.stale[1]).toMatchObject({ statusCode: 409, errors: [{ code: 'ConcurrentModification', currentVersion: 1 }] });

      const { client } = overLoopback(command.urls, 'graphql-command', command.credentials);
      const ours = ok(GetProductSelectionDocument, await client.request(GetProductSelectionDocument, { key }));
      expect(ours.productSelection).toMatchObject({ id: created.id, version: 1, key });
    });

    it('stops by itself when its stdin ends (--stop-on-stdin-end): exit code 0, the port closed', async () => {
      expect(await command.stop()).toEqual({ code: 0, signal: null });
      await expect(fetch(`${command.urls.api}/graphql-command/graphql`, { method: 'POST' })).rejects.toThrow(TypeError);
    });
  });
});
