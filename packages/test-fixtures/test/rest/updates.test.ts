import { beforeEach, describe, expect, it } from 'vitest';
import {
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  messagesOf,
  ok,
  raw,
  snapshot,
  update,
  type Api,
} from './helpers.js';

/** Update requests: order, atomicity, optimistic concurrency, lenient members. */
describe('update requests', () => {
  let api: Api;
  let p1: { id: string };
  let p2: { id: string };
  beforeEach(async () => {
    api = await createApi();
    p1 = await createProduct(api, 'p1');
    p2 = await createProduct(api, 'p2');
  });

  describe('actions apply in order', () => {
    it('a later action sees the effect of an earlier one', async () => {
      const selection = await createSelection(api, 'aa');
      const answer = ok(
        await update(api, '/product-selections/key=aa', [
          { action: 'addProduct', product: { id: p1.id } },
          { action: 'removeProduct', product: { id: p1.id } },
          { action: 'addProduct', product: { id: p2.id } },
          { action: 'changeName', name: { en: 'first' } },
          { action: 'changeName', name: { en: 'second' } },
        ]),
      );
      expect(answer).toMatchObject({ version: 2, productCount: 1, name: { en: 'second' } });
      expect(ok(await api.call('GET', '/product-selections/key=aa/products')).results).toEqual([
        { product: { typeId: 'product', id: p2.id } },
      ]);
      expect((await messagesOf(api, selection.id)).map((m) => [m['type'], m['product']?.id])).toEqual([
        ['ProductSelectionCreated', undefined],
        ['ProductSelectionProductAdded', p1.id],
        ['ProductSelectionProductRemoved', p1.id],
        ['ProductSelectionProductAdded', p2.id],
      ]);
    });

    it('the same actions in the other order fail: removing before adding is InvalidOperation', async () => {
      await createSelection(api, 'aa');
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=aa', [
          { action: 'removeProduct', product: { id: p1.id } },
          { action: 'addProduct', product: { id: p1.id } },
        ]),
        400,
        'InvalidOperation',
      );
      await expectUnchanged(api, before);
    });

    it('in a Store request, changeProductSelectionActive sees the setting added by the action before it', async () => {
      await createStore(api, 'berlin');
      await createSelection(api, 'aa');
      const answer = ok(
        await update(api, '/stores/key=berlin', [
          { action: 'addProductSelection', productSelection: { key: 'aa' } },
          { action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: true },
        ]),
      );
      expect(answer.productSelections).toEqual([
        { productSelection: expect.objectContaining({ typeId: 'product-selection' }), active: true },
      ]);
    });
  });

  describe('all or nothing', () => {
    it('a failing last action rejects the earlier ones: no change, no membership, no message', async () => {
      await createSelection(api, 'aa');
      const before = await snapshot(api);
      const refused = expectError(
        await update(api, '/product-selections/key=aa', [
          { action: 'changeName', name: { en: 'changed' } },
          { action: 'addProduct', product: { id: p1.id } },
          { action: 'setKey', key: 'bb' },
          { action: 'addProduct', product: { typeId: 'product', id: 'no-such-product' } },
        ]),
        400,
        'ReferencedResourceNotFound',
      );
      expect(refused).toMatchObject({ typeId: 'product', id: 'no-such-product' });
      await expectUnchanged(api, before);
      expectError(await api.call('GET', '/product-selections/key=bb'), 404, 'ResourceNotFound');
    });

    it('adding the same product twice in one request fails as a whole', async () => {
      await createSelection(api, 'aa');
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=aa', [
          { action: 'addProduct', product: { id: p1.id } },
          { action: 'addProduct', product: { key: 'p1' } },
        ]),
        400,
        'InvalidOperation',
      );
      await expectUnchanged(api, before);
      // The membership index was not touched: adding it now works.
      expect((await addProducts(api, 'aa', [p1.id])).productCount).toBe(1);
    });

    it('a Store update with one bad action changes none of the settings', async () => {
      await createSelection(api, 'aa');
      await createSelection(api, 'bb');
      await createStore(api, 'berlin');
      const before = await snapshot(api);
      expectError(
        await update(api, '/stores/key=berlin', [
          { action: 'addProductSelection', productSelection: { key: 'aa' }, active: true },
          { action: 'setName', name: { en: 'Berlin' } },
          { action: 'changeProductSelectionActive', productSelection: { key: 'bb' }, active: true },
        ]),
        400,
        'InvalidOperation',
      );
      await expectUnchanged(api, before);
    });

    it('a key taken by another resource, set by a later action, rejects the whole request', async () => {
      await createSelection(api, 'aa');
      await createSelection(api, 'taken');
      const before = await snapshot(api);
      expectError(
        await update(api, '/product-selections/key=aa', [
          { action: 'addProduct', product: { id: p1.id } },
          { action: 'setKey', key: 'taken' },
        ]),
        400,
        'DuplicateField',
      );
      await expectUnchanged(api, before);
    });
  });

  describe('optimistic concurrency', () => {
    it('a stale version is 409 ConcurrentModification with currentVersion, and changes nothing', async () => {
      await createSelection(api, 'aa');
      ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'v2' } }]));
      const before = await snapshot(api);
      const stale = await api.call('POST', '/product-selections/key=aa', {
        version: 1,
        actions: [{ action: 'changeName', name: { en: 'lost' } }],
      });
      const error = expectError(stale, 409, 'ConcurrentModification');
      expect(error['currentVersion']).toBe(2);
      expect(error.message).toBe('Object has a different version than expected. Expected: 1 - Actual: 2.');
      const ahead = expectError(
        await api.call('POST', '/product-selections/key=aa', { version: 3, actions: [{ action: 'changeName', name: { en: 'xx' } }] }),
        409,
        'ConcurrentModification',
      );
      expect(ahead['currentVersion']).toBe(2);
      await expectUnchanged(api, before);
      // Retrying with the current version works.
      expect(
        ok(await api.call('POST', '/product-selections/key=aa', { version: 2, actions: [{ action: 'changeName', name: { en: 'v3' } }] }))
          .version,
      ).toBe(3);
    });

    it('applies to Stores and to deletes too', async () => {
      await createStore(api, 'berlin');
      await createSelection(api, 'aa');
      const store = expectError(
        await api.call('POST', '/stores/key=berlin', {
          version: 9,
          actions: [{ action: 'addProductSelection', productSelection: { key: 'aa' } }],
        }),
        409,
        'ConcurrentModification',
      );
      expect(store['currentVersion']).toBe(1);
      expect(expectError(await api.call('DELETE', '/stores/key=berlin?version=2'), 409, 'ConcurrentModification')['currentVersion']).toBe(
        1,
      );
    });

    it('ignores ETag and If-Match: only the version decides', async () => {
      await createSelection(api, 'aa');
      const body = (version: number, en: string) => JSON.stringify({ version, actions: [{ action: 'changeName', name: { en } }] });
      // A mismatching If-Match does not stop an update with the current version...
      const updated = await raw(api, 'POST', '/product-selections/key=aa', {
        headers: { 'if-match': '"not-the-etag"' },
        body: body(1, 'v2'),
      });
      expect(updated.status).toBe(200);
      expect(updated.headers.get('etag')).toBeNull();
      // ...and a matching-looking one does not save a stale version.
      const before = await snapshot(api);
      const stale = await raw(api, 'POST', '/product-selections/key=aa', { headers: { 'if-match': '*' }, body: body(1, 'lost') });
      expect(expectError(stale, 409, 'ConcurrentModification')['currentVersion']).toBe(2);
      await expectUnchanged(api, before);
      const read = await raw(api, 'GET', '/product-selections/key=aa', { headers: { 'if-none-match': '*' } });
      expect(read.status).toBe(200);
      expect(read.headers.get('etag')).toBeNull();
    });

    it('a no-op update with the current version answers the resource at that version', async () => {
      const selection = await createSelection(api, 'aa', { en: 'A' });
      expect(
        ok(await api.call('POST', '/product-selections/key=aa', { version: 1, actions: [{ action: 'changeName', name: { en: 'A' } }] })),
      ).toEqual(selection);
    });
  });

  describe('misspelled optional members are ignored', () => {
    it('addProductSelection with "actve" adds an inactive setting, without error', async () => {
      await createSelection(api, 'aa');
      await createStore(api, 'berlin');
      const answer = ok(
        await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { key: 'aa' }, actve: true }]),
      );
      expect(answer.productSelections).toEqual([
        { productSelection: expect.objectContaining({ typeId: 'product-selection' }), active: false },
      ]);
    });

    it('unknown members next to required ones are ignored (changeName with "locale", addProduct with "variantId")', async () => {
      await createSelection(api, 'aa');
      const answer = ok(
        await update(api, '/product-selections/key=aa', [
          { action: 'changeName', name: { en: 'B' }, locale: 'en' },
          { action: 'addProduct', product: { id: p1.id }, variantId: 3 },
        ]),
      );
      expect(answer).toMatchObject({ name: { en: 'B' }, productCount: 1 });
      expect(answer).not.toHaveProperty('locale');
      expect(answer).not.toHaveProperty('variantId');
    });

    it('setKey with a misspelled "kee" is a setKey without key: it unsets the key', async () => {
      await createSelection(api, 'aa');
      const answer = ok(await update(api, '/product-selections/key=aa', [{ action: 'setKey', kee: 'bb' }]));
      expect(answer).not.toHaveProperty('key');
    });

    it('an unknown member at the top of the request is ignored as well', async () => {
      const selection = await createSelection(api, 'aa');
      const answer = ok(
        await api.call('POST', `/product-selections/${selection.id}`, {
          id: selection.id,
          version: 1,
          actons: [],
          actions: [{ action: 'changeName', name: { en: 'B' } }],
        }),
      );
      expect(answer.version).toBe(2);
    });
  });

  describe('the URL names the resource to update', () => {
    it('a body id of another resource is 400 InvalidField id, and neither resource changes', async () => {
      const a = await createSelection(api, 'aa');
      const b = await createSelection(api, 'bb');
      const before = await snapshot(api);
      for (const path of [`/product-selections/${a.id}`, '/product-selections/key=aa']) {
        const refused = expectError(
          await api.call('POST', path, { id: b.id, version: 1, actions: [{ action: 'changeName', name: { en: 'X' } }] }),
          400,
          'InvalidField',
        );
        expect(refused).toMatchObject({ field: 'id', invalidValue: b.id, allowedValues: [a.id] });
      }
      await expectUnchanged(api, before);
    });

    it("a body id that is the URL resource's own is accepted, by id and by key", async () => {
      const a = await createSelection(api, 'aa');
      expect(
        ok(
          await api.call('POST', `/product-selections/${a.id}`, {
            id: a.id,
            version: 1,
            actions: [{ action: 'changeName', name: { en: 'X' } }],
          }),
        ),
      ).toMatchObject({ version: 2, name: { en: 'X' } });
      expect(
        ok(
          await api.call('POST', '/product-selections/key=aa', {
            id: a.id,
            version: 2,
            actions: [{ action: 'changeName', name: { en: 'Y' } }],
          }),
        ),
      ).toMatchObject({ version: 3, name: { en: 'Y' } });
    });

    it('a body id that is not a string is 400 InvalidJsonInput', async () => {
      await createSelection(api, 'aa');
      const before = await snapshot(api);
      const refused = expectError(
        await api.call('POST', '/product-selections/key=aa', { id: 7, version: 1, actions: [{ action: 'changeName', name: { en: 'X' } }] }),
        400,
        'InvalidJsonInput',
      );
      expect(refused['detailedErrorMessage']).toBe('id: must be string');
      await expectUnchanged(api, before);
    });
  });
});
