import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  ISO_MS,
  PROJECT,
  UUID,
  addProducts,
  configureMessages,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  messages,
  messagesOf,
  ok,
  tokenWithScope,
  update,
  type Api,
} from './helpers.js';

/** Messages of Product Selections and Stores (and the ProductCreated of their Product): types, payloads, numbering, storage and retention. */
describe('messages', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  /** Creates, fills, empties and deletes a selection, and creates a Store and changes its settings: all six types. */
  async function everyType() {
    const product = await createProduct(api, 'p1');
    const selection = await createSelection(api, 'summer', { en: 'Summer', de: 'Sommer' });
    const added = await addProducts(api, 'summer', [product.id]);
    const removed = ok(await update(api, '/product-selections/key=summer', [{ action: 'removeProduct', product: { key: 'p1' } }]));
    const store = await createStore(api, 'berlin', { name: { en: 'Berlin shop', de: 'Berliner Laden' }, languages: ['de', 'en'] });
    const changed = ok(
      await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'summer' }, active: true }]),
    );
    ok(await update(api, '/stores/key=berlin', [{ action: 'removeProductSelection', productSelection: { key: 'summer' } }]));
    const deleted = ok(await api.call('DELETE', `/product-selections/${selection.id}?version=${removed.version}`));
    return { product, selection, added, removed, store, changed, deleted };
  }

  it('emits the five Product Selection message types and StoreCreated with their payloads and the common envelope', async () => {
    const { product, selection, added, removed, store, deleted } = await everyType();
    const all = await messages(api);
    expect(all.map((m) => m['type'])).toEqual([
      'ProductCreated',
      'ProductSelectionCreated',
      'ProductSelectionProductAdded',
      'ProductSelectionProductRemoved',
      'StoreCreated',
      'StoreProductSelectionsChanged',
      'StoreProductSelectionsChanged',
      'ProductSelectionDeleted',
    ]);
    const [, created, productAdded, productRemoved, storeCreated, storeAdded, storeRemoved, selectionDeleted] = all;
    const selectionRef = { typeId: 'product-selection', id: selection.id };

    for (const message of all) {
      expect(message['id']).toMatch(UUID);
      expect(message['version']).toBe(1);
      expect(message['createdAt']).toMatch(ISO_MS);
      expect(message['lastModifiedAt']).toBe(message['createdAt']);
      expect(message['createdBy']).toEqual({ clientId: api.emulator.credentials.clientId });
    }
    expect(created).toMatchObject({ resource: selectionRef, resourceVersion: 1, sequenceNumber: 1 });
    // The ProductSelection as created (the live payload) plus its `type`, `individual`.
    expect(created!['productSelection']).toEqual({ ...selection, type: 'individual' });
    expect(created!['productSelection']).toMatchObject({ type: 'individual', name: { en: 'Summer', de: 'Sommer' }, mode: 'Individual' });
    expect(created!['createdAt']).toBe(selection.createdAt);

    expect(productAdded).toMatchObject({
      resource: selectionRef,
      resourceVersion: added.version,
      sequenceNumber: 2,
      product: { typeId: 'product', id: product.id },
    });
    expect(productRemoved).toMatchObject({
      resource: selectionRef,
      resourceVersion: removed.version,
      sequenceNumber: 3,
      product: { typeId: 'product', id: product.id },
    });

    const storeRef = { typeId: 'store', id: store.id };
    expect(storeCreated).toMatchObject({ resource: storeRef, resourceVersion: 1, sequenceNumber: 1 });
    expect(storeCreated!['name']).toEqual({ en: 'Berlin shop', de: 'Berliner Laden' });
    expect(storeCreated!['languages']).toEqual(['de', 'en']);
    expect(storeCreated!['productSelections']).toEqual([]);
    expect(storeCreated!['createdAt']).toBe(store.createdAt);
    expect(Object.keys(storeCreated!).sort()).toEqual(
      [
        'id',
        'version',
        'sequenceNumber',
        'resource',
        'resourceVersion',
        'type',
        'createdAt',
        'lastModifiedAt',
        'createdBy',
        'lastModifiedBy',
        'name',
        'languages',
        'productSelections',
      ].sort(),
    );

    const setting = { productSelection: selectionRef, active: true };
    expect(storeAdded).toMatchObject({ resource: storeRef, resourceVersion: 2, sequenceNumber: 2, addedProductSelections: [setting] });
    expect(storeRemoved).toMatchObject({ resource: storeRef, resourceVersion: 3, sequenceNumber: 3, removedProductSelections: [setting] });

    expect(selectionDeleted).toMatchObject({ resource: selectionRef, resourceVersion: deleted.version, sequenceNumber: 4 });
    expect(Object.keys(selectionDeleted!).sort()).toEqual(
      [
        'id',
        'version',
        'sequenceNumber',
        'resource',
        'resourceVersion',
        'type',
        'createdAt',
        'lastModifiedAt',
        'createdBy',
        'lastModifiedBy',
      ].sort(),
    );
  });

  it('numbers 1, 2, 3 per resource, independently for each resource', async () => {
    const p = await createProduct(api, 'p1');
    const a = await createSelection(api, 'aa');
    const b = await createSelection(api, 'bb');
    await addProducts(api, 'bb', [p.id]);
    await addProducts(api, 'aa', [p.id]);
    ok(await update(api, '/product-selections/key=aa', [{ action: 'removeProduct', product: { id: p.id } }]));
    expect((await messagesOf(api, a.id)).map((m) => [m['sequenceNumber'], m['type']])).toEqual([
      [1, 'ProductSelectionCreated'],
      [2, 'ProductSelectionProductAdded'],
      [3, 'ProductSelectionProductRemoved'],
    ]);
    expect((await messagesOf(api, b.id)).map((m) => m['sequenceNumber'])).toEqual([1, 2]);
  });

  it('numbers several messages of one request in order, all with the new resource version', async () => {
    const p1 = await createProduct(api, 'p1');
    const p2 = await createProduct(api, 'p2');
    const selection = await createSelection(api, 'aa');
    await addProducts(api, 'aa', [p1.id, p2.id]);
    const sent = await messagesOf(api, selection.id);
    expect(sent.map((m) => [m['sequenceNumber'], m['resourceVersion'], m['product']?.id])).toEqual([
      [1, 1, undefined],
      [2, 2, p1.id],
      [3, 2, p2.id],
    ]);
  });

  it('a no-op update and a refused update emit nothing', async () => {
    const selection = await createSelection(api, 'aa', { en: 'A' });
    ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'A' } }]));
    expectError(
      await update(api, '/product-selections/key=aa', [{ action: 'removeProduct', product: { key: 'nope' } }]),
      400,
      'ReferencedResourceNotFound',
    );
    expect((await messagesOf(api, selection.id)).map((m) => m['type'])).toEqual(['ProductSelectionCreated']);
  });

  it('gets one message by id (404 for an unknown one) and queries by type', async () => {
    await everyType();
    const [first] = await messages(api);
    expect(ok(await api.call('GET', `/messages/${first!['id'] as string}`))).toEqual(first);
    expectError(await api.call('GET', '/messages/no-such-message'), 404, 'ResourceNotFound');
    const changed = ok(await api.call('GET', `/messages?where=${encodeURIComponent('type = "StoreProductSelectionsChanged"')}`));
    expect(changed).toMatchObject({ count: 2, total: 2 });
    const storeCreated = ok(await api.call('GET', `/messages?where=${encodeURIComponent('type = "StoreCreated"')}`));
    expect(storeCreated).toMatchObject({ count: 1, total: 1 });
    const page = ok(await api.call('GET', '/messages?limit=2'));
    expect(page).toMatchObject({ limit: 2, offset: 0, count: 2, total: 8 });
  });

  it('expands the product of a ProductSelectionProductAdded message', async () => {
    const product = await createProduct(api, 'p1');
    await createSelection(api, 'aa');
    await addProducts(api, 'aa', [product.id]);
    const page = ok(await api.call('GET', `/messages?where=${encodeURIComponent('type = "ProductSelectionProductAdded"')}&expand=product`));
    expect(page.results[0].product).toMatchObject({ typeId: 'product', id: product.id, obj: { id: product.id, key: 'p1' } });
  });

  it('expands the settings of a StoreProductSelectionsChanged message, and filters on payload fields', async () => {
    const selection = await createSelection(api, 'aa');
    await createStore(api, 'berlin');
    ok(await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'aa' }, active: true }]));
    const where = encodeURIComponent(`addedProductSelections(productSelection(id = "${selection.id}") and active = true)`);
    const page = ok(
      await api.call('GET', `/messages?where=${where}&expand=${encodeURIComponent('addedProductSelections[*].productSelection')}`),
    );
    expect(page.count).toBe(1);
    expect(page.results[0].addedProductSelections[0].productSelection.obj).toEqual(selection);
    const created = ok(
      await api.call('GET', `/messages?where=${encodeURIComponent('productSelection(type = "individual" and name(en = "aa"))')}`),
    );
    expect(created.results.map((m: { type: string }) => m.type)).toEqual(['ProductSelectionCreated']);
  });

  it(`needs view_messages:${PROJECT} (403 otherwise)`, async () => {
    await createSelection(api, 'aa');
    const viewer = api.as(await tokenWithScope(api, `view_messages:${PROJECT}`));
    expect(ok(await viewer('GET', '/messages')).count).toBe(1);
    const selections = api.as(await tokenWithScope(api, `manage_product_selections:${PROJECT}`));
    const refused = expectError(await selections('GET', '/messages'), 403, 'insufficient_scope');
    expect(refused.message).toBe(`Insufficient scope. One of the following scopes is missing: view_messages:${PROJECT}.`);
    expectError(await selections('GET', '/messages/anything'), 403, 'insufficient_scope');
  });

  describe('messages configuration', () => {
    beforeEach(async () => {
      // Retention is measured in days: the test's token must outlive the default 48 hours.
      api = await createApi({ auth: { accessTokenValiditySeconds: 365 * 24 * 3600 } });
    });

    it('stores nothing while disabled, and stores again once enabled', async () => {
      await configureMessages(api, { enabled: false });
      const p = await createProduct(api, 'p1');
      const selection = await createSelection(api, 'aa');
      await addProducts(api, 'aa', [p.id]);
      await createStore(api, 'berlin', {});
      ok(await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'aa' } }]));
      expect(await messages(api)).toEqual([]);
      expect(ok(await api.call('GET', '/messages'))).toMatchObject({ count: 0, total: 0 });

      await configureMessages(api, { enabled: true });
      ok(await update(api, '/product-selections/key=aa', [{ action: 'removeProduct', product: { id: p.id } }]));
      const stored = await messages(api);
      expect(stored.map((m) => m['type'])).toEqual(['ProductSelectionProductRemoved']);
      expect(stored[0]!['resource']).toEqual({ typeId: 'product-selection', id: selection.id });
    });

    it('keeps messages 15 days by default: present after 14 days, gone after 16', async () => {
      await createSelection(api, 'aa');
      api.clock.advance(14 * DAY_MS);
      expect(await messages(api)).toHaveLength(1);
      api.clock.advance(2 * DAY_MS);
      expect(await messages(api)).toEqual([]);
      expect(ok(await api.call('GET', '/messages'))).toMatchObject({ count: 0, total: 0 });
    });

    it('a message gone by retention is 404 by id too', async () => {
      await createSelection(api, 'aa');
      const [message] = await messages(api);
      api.clock.advance(16 * DAY_MS);
      expectError(await api.call('GET', `/messages/${message!['id'] as string}`), 404, 'ResourceNotFound');
    });

    it('honours a configured deleteDaysAfterCreation', async () => {
      await configureMessages(api, { enabled: true, deleteDaysAfterCreation: 2 });
      await createSelection(api, 'old');
      api.clock.advance(DAY_MS);
      await createSelection(api, 'young');
      expect((await messages(api)).map((m) => m['productSelection'].name.en)).toEqual(['old', 'young']);
      api.clock.advance(DAY_MS + 60_000);
      expect((await messages(api)).map((m) => m['productSelection'].name.en)).toEqual(['young']);
      api.clock.advance(DAY_MS);
      expect(await messages(api)).toEqual([]);
    });

    it('keeps messages longer when configured so', async () => {
      await configureMessages(api, { enabled: true, deleteDaysAfterCreation: 30 });
      await createSelection(api, 'aa');
      api.clock.advance(20 * DAY_MS);
      expect(await messages(api)).toHaveLength(1);
      api.clock.advance(11 * DAY_MS);
      expect(await messages(api)).toEqual([]);
    });
  });
});
