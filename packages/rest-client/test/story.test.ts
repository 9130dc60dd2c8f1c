/**
 * The README quickstart, run against the emulator: a token from core-auth, a Product Selection
 * created and filled, a Store created, the selection assigned and activated, the projection read
 * in the Store.
 */
import { createTokenProvider } from '@commerce-kit/core-auth';
import { createEmulator } from '@commerce-kit/test-fixtures/emulator/app.js';
import { describe, expect, it } from 'vitest';
import {
  assignProductSelection,
  createAndVerify,
  createRestClient,
  isResourceNotFound,
  setProductSelectionActive,
  unwrap,
  updateWithRetry,
} from '../src/index.js';
import { recordRequests } from '@commerce-kit/test-fixtures/recording.js';

describe('quickstart: the Product Selection story', () => {
  it('creates, fills, assigns, activates and reads the projection in the Store', async () => {
    const emulator = createEmulator({ projectKey: 'test-project' });
    const rec = recordRequests(emulator.fetch);
    const projectKey = 'test-project';

    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: emulator.urls().auth,
      projectKey,
      credentials: { clientId: emulator.credentials.clientId, clientSecret: emulator.credentials.clientSecret },
      scope: [`manage_project:${projectKey}`],
      fetch: rec.fetch,
    });
    const client = createRestClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: { tokenProvider },
      fetch: rec.fetch,
      externalUserId: 'quickstart',
    });

    // Two published Products of one Product Type.
    unwrap(await client.POST('/product-types', { body: { key: 'shirt', name: 'Shirt', description: 'A shirt' } }));
    const product = async (key: string) =>
      unwrap(
        await client.POST('/products', {
          body: {
            key,
            productType: { typeId: 'product-type', key: 'shirt' },
            name: { en: `Shirt ${key}` },
            slug: { en: `shirt-${key}` },
            masterVariant: { sku: key },
            publish: true,
          },
        }),
      );
    const inside = await product('inside');
    const outside = await product('outside');

    // Create the Product Selection (at most once, even after a 500) and fill it.
    const created = await createAndVerify(client, {
      path: '/product-selections',
      body: { key: 'summer', name: { en: 'Summer', de: 'Sommer' } },
    });
    const selection = unwrap(created);
    const filled = await updateWithRetry(client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: selection.id } },
      current: selection,
      buildActions: (current) =>
        current.productCount > 0 ? [] : [{ action: 'addProduct', product: { typeId: 'product', id: inside.id } }],
    });
    expect(unwrap(filled).productCount).toBe(1);

    // Create a Store and assign the selection, inactive first.
    unwrap(await createAndVerify(client, { path: '/stores', body: { key: 'berlin', name: { en: 'Berlin' }, languages: ['en'] } }));
    const assigned = unwrap(await assignProductSelection(client, { store: { key: 'berlin' }, productSelection: { key: 'summer' } }));
    expect(assigned.productSelections).toEqual([{ productSelection: { typeId: 'product-selection', id: selection.id }, active: false }]);
    const hidden = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', {
      params: { path: { storeKey: 'berlin', ID: inside.id } },
    });
    expect(isResourceNotFound(hidden.error)).toBe(true);

    // Activate it in the Store: the Product is available there, the other one is not.
    const activated = unwrap(
      await setProductSelectionActive(client, { store: { key: 'berlin' }, productSelection: { id: selection.id }, active: true }),
    );
    expect(activated.productSelections[0]!.active).toBe(true);
    const { data: projection } = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', {
      params: { path: { storeKey: 'berlin', ID: inside.id } },
    });
    expect(projection).toMatchObject({ id: inside.id, name: { en: 'Shirt inside' } });
    const other = await client.GET('/in-store/key={storeKey}/product-projections/key={key}', {
      params: { path: { storeKey: 'berlin', key: 'outside' } },
    });
    expect(other.error?.code).toBe('ResourceNotFound');
    void outside;

    // The conveniences are end-state: asking again writes nothing.
    const writes = rec.api().filter((r) => r.method === 'POST').length;
    const again = await assignProductSelection(client, { store: { key: 'berlin' }, productSelection: { key: 'summer' }, active: true });
    expect(again).toMatchObject({ attempts: 0, data: { version: activated.version } });
    expect(rec.api().filter((r) => r.method === 'POST').length).toBe(writes);

    // Who did it, without personal data.
    expect(activated.lastModifiedBy?.externalUserId).toBe('quickstart');
    expect(rec.tokenRequests()).toBe(1);
  });

  it('the conveniences report what the service refuses', async () => {
    const emulator = createEmulator({ projectKey: 'test-project' });
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: emulator.urls().auth,
      projectKey: 'test-project',
      credentials: emulator.credentials,
      fetch: emulator.fetch,
    });
    const client = createRestClient({
      baseUrl: emulator.urls().api,
      projectKey: 'test-project',
      auth: tokenProvider,
      fetch: emulator.fetch,
    });
    unwrap(await client.POST('/stores', { body: { key: 'eu' } }));
    const unknownSelection = await assignProductSelection(client, { store: { key: 'eu' }, productSelection: { key: 'nope' } });
    expect(unknownSelection).toMatchObject({ attempts: 0, error: { code: 'ResourceNotFound' } });
    const selection = unwrap(await client.POST('/product-selections', { body: { key: 'off', name: { en: 'Off' } } }));
    const notAssigned = await setProductSelectionActive(client, {
      store: { id: 'missing-store' },
      productSelection: { id: selection.id },
      active: true,
    });
    expect(notAssigned.error?.code).toBe('ResourceNotFound');
    const notOnStore = await setProductSelectionActive(client, {
      store: { key: 'eu' },
      productSelection: { id: selection.id },
      active: true,
    });
    expect(notOnStore.error?.code).toBe('InvalidOperation');
  });
});
