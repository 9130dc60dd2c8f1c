import { beforeEach, describe, expect, it } from 'vitest';
import {
  createApi,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  messagesOf,
  ok,
  snapshot,
  update,
  type Api,
  type Selection,
  type StoreBody,
} from './helpers.js';

const ps = (selection: { id: string }) => ({ typeId: 'product-selection', id: selection.id });

/**
 * Stores and their Product Selection settings: how each action changes the settings, a StoreCreated
 * message on creation, and one StoreProductSelectionsChanged message per change.
 */
describe('Stores', () => {
  let api: Api;
  let a: Selection;
  let b: Selection;
  let c: Selection;
  beforeEach(async () => {
    api = await createApi();
    a = await createSelection(api, 'aa');
    b = await createSelection(api, 'bb');
    c = await createSelection(api, 'cc');
  });

  /** Every message of the Store, oldest first. */
  async function storeMessages(store: { id: string }) {
    return messagesOf(api, store.id);
  }

  /** The Store's messages after its StoreCreated, which must come first (sequence number 1, resource version 1). */
  async function changeMessages(store: { id: string }) {
    const [created, ...changes] = await storeMessages(store);
    expect(created).toMatchObject({
      type: 'StoreCreated',
      resource: { typeId: 'store', id: store.id },
      resourceVersion: 1,
      sequenceNumber: 1,
    });
    return changes;
  }

  describe('create, get, query, delete', () => {
    it('creates a Store with defaults (no name, no languages, no selections)', async () => {
      const store = await createStore(api, 'berlin');
      expect(store).toMatchObject({ key: 'berlin', version: 1, languages: [], productSelections: [] });
      expect(store).not.toHaveProperty('name');
      expect(ok(await api.call('GET', `/stores/${store.id}`))).toEqual(store);
      expect(ok(await api.call('GET', '/stores/key=berlin'))).toEqual(store);
      expect(ok(await api.call('GET', '/stores'))).toMatchObject({ count: 1, total: 1 });
      const sent = await storeMessages(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        type: 'StoreCreated',
        resource: { typeId: 'store', id: store.id },
        resourceVersion: 1,
        sequenceNumber: 1,
        languages: [],
        productSelections: [],
      });
      expect(sent[0]).not.toHaveProperty('name');
    });

    it('creates a Store with settings (active as given) and emits one StoreCreated message with them, no StoreProductSelectionsChanged', async () => {
      const store = await createStore(api, 'berlin', {
        name: { en: 'Berlin' },
        languages: ['de', 'en'],
        productSelections: [
          { productSelection: { typeId: 'product-selection', key: 'aa' }, active: true },
          { productSelection: { id: b.id }, active: false },
        ],
      });
      expect(store.productSelections).toEqual([
        { productSelection: ps(a), active: true },
        { productSelection: ps(b), active: false },
      ]);
      const sent = await storeMessages(store);
      expect(sent.map((m) => m['type'])).toEqual(['StoreCreated']);
      expect(sent[0]).toMatchObject({
        resource: { typeId: 'store', id: store.id },
        resourceVersion: 1,
        sequenceNumber: 1,
        name: { en: 'Berlin' },
        languages: ['de', 'en'],
      });
      expect(sent[0]!['productSelections']).toEqual([
        { productSelection: ps(a), active: true },
        { productSelection: ps(b), active: false },
      ]);
      expect(sent[0]).not.toHaveProperty('addedProductSelections');
      expect(sent[0]).not.toHaveProperty('removedProductSelections');
      expect(sent[0]).not.toHaveProperty('updatedProductSelections');
    });

    it('refuses a draft with an unknown selection (400 ReferencedResourceNotFound) and a duplicate key (400 DuplicateField)', async () => {
      await createStore(api, 'berlin');
      const before = await snapshot(api);
      const missing = expectError(
        await api.call('POST', '/stores', { key: 'paris', productSelections: [{ productSelection: { key: 'nope' }, active: true }] }),
        400,
        'ReferencedResourceNotFound',
      );
      expect(missing).toMatchObject({ typeId: 'product-selection', key: 'nope' });
      const duplicate = expectError(await api.call('POST', '/stores', { key: 'berlin' }), 400, 'DuplicateField');
      expect(duplicate).toMatchObject({ field: 'key', duplicateValue: 'berlin' });
      await expectUnchanged(api, before);
    });

    it('deletes a Store by key with the version; its selections can then be deleted', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      expectError(await api.call('DELETE', `/product-selections/${a.id}?version=1`), 400, 'ReferenceExists');
      ok(await api.call('DELETE', '/stores/key=berlin?version=1'));
      expectError(await api.call('GET', '/stores/key=berlin'), 404, 'ResourceNotFound');
      ok(await api.call('DELETE', `/product-selections/${a.id}?version=1`));
    });

    it('setName and setLanguages change and unset the plain fields', async () => {
      await createStore(api, 'berlin');
      const named = ok(
        await update(api, '/stores/key=berlin', [
          { action: 'setName', name: { en: 'Berlin' } },
          { action: 'setLanguages', languages: ['de'] },
        ]),
      );
      expect(named).toMatchObject({ version: 2, name: { en: 'Berlin' }, languages: ['de'] });
      const unset = ok(await update(api, '/stores/key=berlin', [{ action: 'setName' }, { action: 'setLanguages' }]));
      expect(unset).not.toHaveProperty('name');
      expect(unset.languages).toEqual([]);
    });
  });

  describe('addProductSelection', () => {
    it('(not assigned) → assigned with active false by default, one message with addedProductSelections', async () => {
      const store = await createStore(api, 'berlin');
      const added = ok(
        await update(api, '/stores/key=berlin', [
          { action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 'aa' } },
        ]),
      );
      expect(added).toMatchObject({ version: 2, productSelections: [{ productSelection: ps(a), active: false }] });
      const sent = await changeMessages(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        type: 'StoreProductSelectionsChanged',
        resource: { typeId: 'store', id: store.id },
        resourceVersion: 2,
        sequenceNumber: 2,
        addedProductSelections: [{ productSelection: ps(a), active: false }],
      });
      expect(sent[0]).not.toHaveProperty('removedProductSelections');
      expect(sent[0]).not.toHaveProperty('updatedProductSelections');
    });

    it('(not assigned) → assigned active when active: true is given', async () => {
      await createStore(api, 'berlin');
      const added = ok(
        await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { id: a.id }, active: true }]),
      );
      expect(added.productSelections).toEqual([{ productSelection: ps(a), active: true }]);
    });

    it('has no effect when the selection is already there with the same flag: version, lastModifiedAt and messages unchanged', async () => {
      const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      const before = await snapshot(api);
      const again = ok(
        await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'aa' }, active: true }]),
      );
      expect(again).toEqual(store);
      await expectUnchanged(api, before);

      const inactive = await createStore(api, 'paris', { productSelections: [{ productSelection: { key: 'aa' }, active: false }] });
      const defaulted = ok(await update(api, '/stores/key=paris', [{ action: 'addProductSelection', productSelection: { key: 'aa' } }]));
      expect(defaulted).toEqual(inactive);
    });

    it('adds after the existing settings, keeping their order', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'bb' }, active: true }] });
      const added = ok(await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'aa' } }]));
      expect(added.productSelections.map((s: { productSelection: { id: string } }) => s.productSelection.id)).toEqual([b.id, a.id]);
    });
  });

  describe('changeProductSelectionActive', () => {
    it('assigned, active=false → active=true → active=false, one updatedProductSelections message each', async () => {
      const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: false }] });
      const on = ok(
        await update(api, '/stores/key=berlin', [
          { action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: true },
        ]),
      );
      expect(on).toMatchObject({ version: 2, productSelections: [{ productSelection: ps(a), active: true }] });
      const off = ok(
        await update(api, '/stores/key=berlin', [
          { action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: false },
        ]),
      );
      expect(off).toMatchObject({ version: 3, productSelections: [{ productSelection: ps(a), active: false }] });
      const sent = await changeMessages(store);
      expect(sent.map((m) => [m['type'], m['sequenceNumber'], m['resourceVersion'], m['updatedProductSelections']])).toEqual([
        ['StoreProductSelectionsChanged', 2, 2, [{ productSelection: ps(a), active: true }]],
        ['StoreProductSelectionsChanged', 3, 3, [{ productSelection: ps(a), active: false }]],
      ]);
      for (const message of sent) {
        expect(message).not.toHaveProperty('addedProductSelections');
        expect(message).not.toHaveProperty('removedProductSelections');
      }
    });

    it('to the flag it already has: no change, no message', async () => {
      const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      expect(
        ok(
          await update(api, '/stores/key=berlin', [
            { action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: true },
          ]),
        ),
      ).toEqual(store);
      expect(await changeMessages(store)).toEqual([]);
    });

    it('of a selection not on the Store is 400 InvalidOperation and changes nothing', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: false }] });
      const before = await snapshot(api);
      expectError(
        await update(api, '/stores/key=berlin', [
          { action: 'changeProductSelectionActive', productSelection: { key: 'bb' }, active: true },
        ]),
        400,
        'InvalidOperation',
      );
      await expectUnchanged(api, before);
    });

    it('requires active (400 InvalidJsonInput: actions -> active: Missing required value)', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: false }] });
      const refused = expectError(
        await update(api, '/stores/key=berlin', [{ action: 'changeProductSelectionActive', productSelection: { key: 'aa' } }]),
        400,
        'InvalidJsonInput',
      );
      expect(refused['detailedErrorMessage']).toBe('actions -> active: Missing required value');
    });
  });

  describe('removeProductSelection', () => {
    it('assigned → not assigned, one message with removedProductSelections (the setting as it was)', async () => {
      const store = await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'aa' }, active: true },
          { productSelection: { key: 'bb' }, active: false },
        ],
      });
      const removed = ok(await update(api, '/stores/key=berlin', [{ action: 'removeProductSelection', productSelection: { key: 'aa' } }]));
      expect(removed).toMatchObject({ version: 2, productSelections: [{ productSelection: ps(b), active: false }] });
      const sent = await changeMessages(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        type: 'StoreProductSelectionsChanged',
        resourceVersion: 2,
        sequenceNumber: 2,
        removedProductSelections: [{ productSelection: ps(a), active: true }],
      });
      expect(sent[0]).not.toHaveProperty('addedProductSelections');
    });

    it('has no effect when the selection is absent: same version, no message', async () => {
      const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      const before = await snapshot(api);
      expect(ok(await update(api, '/stores/key=berlin', [{ action: 'removeProductSelection', productSelection: { key: 'bb' } }]))).toEqual(
        store,
      );
      await expectUnchanged(api, before);
    });

    it('of a selection that does not exist at all is 400 ReferencedResourceNotFound', async () => {
      await createStore(api, 'berlin');
      expectError(
        await update(api, '/stores/key=berlin', [{ action: 'removeProductSelection', productSelection: { key: 'nope' } }]),
        400,
        'ReferencedResourceNotFound',
      );
    });
  });

  describe('setProductSelections', () => {
    it('replaces the list (active defaults to false) with one message listing added, removed and updated', async () => {
      const store = await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'aa' }, active: true },
          { productSelection: { key: 'bb' }, active: false },
        ],
      });
      const replaced = ok(
        await update(api, '/stores/key=berlin', [
          {
            action: 'setProductSelections',
            productSelections: [
              { productSelection: { key: 'bb' }, active: true },
              { productSelection: { typeId: 'product-selection', id: c.id } },
            ],
          },
        ]),
      );
      expect(replaced).toMatchObject({ version: 2 });
      expect(replaced.productSelections).toEqual([
        { productSelection: ps(b), active: true },
        { productSelection: ps(c), active: false },
      ]);
      const sent = await changeMessages(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        type: 'StoreProductSelectionsChanged',
        resourceVersion: 2,
        sequenceNumber: 2,
        addedProductSelections: [{ productSelection: ps(c), active: false }],
        removedProductSelections: [{ productSelection: ps(a), active: true }],
        updatedProductSelections: [{ productSelection: ps(b), active: true }],
      });
    });

    it('with an empty list removes all', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      const emptied = ok(await update(api, '/stores/key=berlin', [{ action: 'setProductSelections', productSelections: [] }]));
      expect(emptied.productSelections).toEqual([]);
    });

    it('with a missing list removes all', async () => {
      const store = await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'aa' }, active: true },
          { productSelection: { key: 'bb' }, active: false },
        ],
      });
      const emptied = ok(await update(api, '/stores/key=berlin', [{ action: 'setProductSelections' }]));
      expect(emptied).toMatchObject({ version: 2, productSelections: [] });
      const sent = await changeMessages(store);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ type: 'StoreProductSelectionsChanged', resourceVersion: 2, sequenceNumber: 2 });
      expect(sent[0]!['removedProductSelections']).toEqual([
        { productSelection: ps(a), active: true },
        { productSelection: ps(b), active: false },
      ]);
    });

    it('with the same list is no change: same version, no message', async () => {
      const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: false }] });
      expect(
        ok(
          await update(api, '/stores/key=berlin', [
            { action: 'setProductSelections', productSelections: [{ productSelection: { key: 'aa' } }] },
          ]),
        ),
      ).toEqual(store);
      expect(await changeMessages(store)).toEqual([]);
    });

    it('on an empty Store with an empty list is no change', async () => {
      const store = await createStore(api, 'berlin');
      expect(ok(await update(api, '/stores/key=berlin', [{ action: 'setProductSelections', productSelections: [] }]))).toEqual(store);
    });

    it('with an unknown selection is 400 ReferencedResourceNotFound and changes nothing', async () => {
      await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'aa' }, active: true }] });
      const before = await snapshot(api);
      expectError(
        await update(api, '/stores/key=berlin', [
          {
            action: 'setProductSelections',
            productSelections: [{ productSelection: { key: 'bb' } }, { productSelection: { id: 'nope' } }],
          },
        ]),
        400,
        'ReferencedResourceNotFound',
      );
      await expectUnchanged(api, before);
    });
  });

  it('each changing action of one request emits its own message, numbered in order', async () => {
    const store: StoreBody = await createStore(api, 'berlin');
    ok(
      await update(api, '/stores/key=berlin', [
        { action: 'addProductSelection', productSelection: { key: 'aa' } },
        { action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: true },
        { action: 'addProductSelection', productSelection: { key: 'aa' }, active: true },
        { action: 'removeProductSelection', productSelection: { key: 'bb' } },
      ]),
    );
    const sent = await storeMessages(store);
    expect(sent.map((m) => [m['type'], m['sequenceNumber'], m['resourceVersion']])).toEqual([
      ['StoreCreated', 1, 1],
      ['StoreProductSelectionsChanged', 2, 2],
      ['StoreProductSelectionsChanged', 3, 2],
    ]);
    expect(sent[1]).toMatchObject({ addedProductSelections: [{ productSelection: ps(a), active: false }] });
    expect(sent[2]).toMatchObject({ updatedProductSelections: [{ productSelection: ps(a), active: true }] });
  });
});
