import { beforeEach, describe, expect, it } from 'vitest';
import {
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  raw,
  snapshot,
  type Api,
} from './helpers.js';

/**
 * Bad input gets its documented error and changes nothing: every test takes a
 * snapshot of selections, stores, memberships and messages before and compares it after.
 */
describe('bad input', () => {
  let api: Api;
  let product: { id: string };
  let before: unknown;
  beforeEach(async () => {
    api = await createApi();
    product = await createProduct(api, 'p1');
    await createSelection(api, 'summer');
    await addProducts(api, 'summer', [product.id]);
    await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    before = await snapshot(api);
  });

  const post = (path: string, body: unknown) => api.call('POST', path, body);

  describe('malformed JSON', () => {
    it('on create, update and store update: 400 InvalidJsonInput with a detailedErrorMessage', async () => {
      for (const [path, text] of [
        ['/product-selections', '{"key": "x", "name": '],
        ['/product-selections', 'not json at all'],
        ['/product-selections/key=summer', '{version: 2}'],
        ['/stores/key=berlin', '{"version": 1, "actions": [}'],
        ['/stores', "{'key': 'single-quotes'}"],
      ] as const) {
        const error = expectError(await post(path, text), 400, 'InvalidJsonInput');
        expect(error.message).toBe('Request body does not contain valid JSON.');
        expect(typeof error['detailedErrorMessage'], `${path} ${text}`).toBe('string');
      }
      await expectUnchanged(api, before);
    });

    it('an empty body is 400 InvalidJsonInput', async () => {
      const answer = await raw(api, 'POST', '/product-selections', { body: '' });
      expectError(answer, 400, 'InvalidJsonInput');
      await expectUnchanged(api, before);
    });

    it('a JSON value that is not an object is 400 InvalidJsonInput', async () => {
      for (const body of ['[]', '"text"', '42', 'null']) {
        expectError(await post('/product-selections', body), 400, 'InvalidJsonInput');
        expectError(await post('/product-selections/key=summer', body), 400, 'InvalidJsonInput');
      }
      await expectUnchanged(api, before);
    });
  });

  describe('wrong types and missing fields in drafts', () => {
    it('Product Selection draft: name of the wrong type, key not a string, name missing', async () => {
      const wrongName = expectError(await post('/product-selections', { key: 'xx', name: 'Summer' }), 400, 'InvalidJsonInput');
      expect(wrongName['detailedErrorMessage']).toMatch(/name/);
      expectError(await post('/product-selections', { key: 42, name: { en: 'x' } }), 400, 'InvalidJsonInput');
      expectError(await post('/product-selections', { key: 'xx', name: { en: 7 } }), 400, 'InvalidJsonInput');
      expectError(await post('/product-selections', { key: 'xx', name: { 'not a locale!': 'x' } }), 400, 'InvalidJsonInput');
      const missing = expectError(await post('/product-selections', { key: 'xx' }), 400, 'InvalidJsonInput');
      expect(missing['detailedErrorMessage']).toBe('name: Missing required value');
      await expectUnchanged(api, before);
    });

    it('Store draft: key missing, languages not a list, a setting without active', async () => {
      expect(expectError(await post('/stores', { name: { en: 'x' } }), 400, 'InvalidJsonInput')['detailedErrorMessage']).toBe(
        'key: Missing required value',
      );
      expectError(await post('/stores', { key: 'xx', languages: 'de' }), 400, 'InvalidJsonInput');
      expectError(await post('/stores', { key: 'xx', productSelections: { key: 'summer' } }), 400, 'InvalidJsonInput');
      const noActive = expectError(
        await post('/stores', { key: 'xx', productSelections: [{ productSelection: { key: 'summer' } }] }),
        400,
        'InvalidJsonInput',
      );
      expect(noActive['detailedErrorMessage']).toBe('productSelections -> active: Missing required value');
      expectError(
        await post('/stores', { key: 'xx', productSelections: [{ productSelection: { key: 'summer' }, active: 'yes' }] }),
        400,
        'InvalidJsonInput',
      );
      await expectUnchanged(api, before);
    });
  });

  describe('keys: 2 to 256 of [A-Za-z0-9_-], as the live API caps them', () => {
    const badKeys = ['k'.repeat(257), 'k'.repeat(20_000), 'x', 'with space', 'dot.ted', 'ümlaut', ''];

    it('refuses a bad key on every draft that takes one with 400 InvalidJsonInput naming it; nothing is created', async () => {
      for (const key of badKeys) {
        for (const [path, draft, field] of [
          ['/product-selections', { key, name: { en: 'S' } }, 'key'],
          ['/stores', { key }, 'key'],
          ['/product-types', { key, name: 'T', description: 'T' }, 'key'],
          ['/products', { key, productType: { typeId: 'product-type', key: 'shirt' }, name: { en: 'P' }, slug: { en: 'p-bad' } }, 'key'],
          [
            '/products',
            { productType: { typeId: 'product-type', key: 'shirt' }, name: { en: 'P' }, slug: { en: 'p-bad' }, masterVariant: { key } },
            'masterVariant.key',
          ],
        ] as const) {
          const error = expectError(await post(path, draft), 400, 'InvalidJsonInput');
          expect(error['detailedErrorMessage'], `${path} ${key.slice(0, 20)}`).toMatch(new RegExp(`^${field.replace('.', ' -> ')}: `));
        }
      }
      await expectUnchanged(api, before);
    });

    it('refuses a bad key in setKey and addVariant; the resources keep their version', async () => {
      for (const key of badKeys) {
        expectError(
          await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'setKey', key }] }),
          400,
          'InvalidJsonInput',
        );
        expectError(await post('/products/key=p1', { version: 2, actions: [{ action: 'setKey', key }] }), 400, 'InvalidJsonInput');
        expectError(
          await post('/products/key=p1', { version: 2, actions: [{ action: 'addVariant', sku: 'v2', key }] }),
          400,
          'InvalidJsonInput',
        );
      }
      await expectUnchanged(api, before);
    });

    it('takes keys of 2 and 256 characters of every allowed kind', async () => {
      for (const key of ['ab', `Az09_-${'k'.repeat(250)}`]) {
        expect((await post('/product-selections', { key, name: { en: 'S' } })).status).toBe(201);
        expect((await api.call('GET', `/product-selections/key=${key}`)).status).toBe(200);
      }
    });
  });

  describe('update requests', () => {
    it('missing version or actions is 400 InvalidJsonInput naming the member', async () => {
      const detail = (body: unknown, path = '/product-selections/key=summer') =>
        post(path, body).then((answer) => expectError(answer, 400, 'InvalidJsonInput')['detailedErrorMessage']);
      expect(await detail({ actions: [{ action: 'changeName', name: { en: 'x' } }] })).toBe('version: Missing required value');
      expect(await detail({ version: 2 })).toBe('actions: Missing required value');
      expect(await detail({ actions: [] }, '/stores/key=berlin')).toBe('version: Missing required value');
      await expectUnchanged(api, before);
    });

    it('version or actions of the wrong type is 400 InvalidJsonInput', async () => {
      for (const body of [
        { version: '2', actions: [{ action: 'changeName', name: { en: 'x' } }] },
        { version: 2.5, actions: [{ action: 'changeName', name: { en: 'x' } }] },
        { version: 2, actions: { action: 'changeName', name: { en: 'x' } } },
      ]) {
        expectError(await post('/product-selections/key=summer', body), 400, 'InvalidJsonInput');
      }
      await expectUnchanged(api, before);
    });

    it('an unknown action is 400 InvalidInput, even after valid ones', async () => {
      const unknown = expectError(
        await post('/product-selections/key=summer', {
          version: 2,
          actions: [
            { action: 'changeName', name: { en: 'x' } },
            { action: 'setDescription', description: 'x' },
          ],
        }),
        400,
        'InvalidInput',
      );
      expect(unknown.message).toMatch(/setDescription/);
      expectError(
        await post('/stores/key=berlin', { version: 1, actions: [{ action: 'addProduct', product: { id: product.id } }] }),
        400,
        'InvalidInput',
      );
      expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'AddProduct', product: { id: product.id } }] }),
        400,
        'InvalidInput',
      );
      await expectUnchanged(api, before);
    });

    it('an action without its name is 400 InvalidJsonInput naming actions -> action', async () => {
      const error = expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ name: { en: 'x' } }] }),
        400,
        'InvalidJsonInput',
      );
      expect(error['detailedErrorMessage']).toBe('actions -> action: Missing required value');
      await expectUnchanged(api, before);
    });

    it('wrong types inside an action and a missing required member are 400 InvalidJsonInput naming the path', async () => {
      expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'changeName', name: 'x' }] }),
        400,
        'InvalidJsonInput',
      );
      expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'setKey', key: 5 }] }),
        400,
        'InvalidJsonInput',
      );
      expectError(
        await post('/stores/key=berlin', {
          version: 1,
          actions: [{ action: 'changeProductSelectionActive', productSelection: { key: 'summer' }, active: 'no' }],
        }),
        400,
        'InvalidJsonInput',
      );
      expectError(
        await post('/stores/key=berlin', { version: 1, actions: [{ action: 'setProductSelections', productSelections: 'none' }] }),
        400,
        'InvalidJsonInput',
      );
      const missing = expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'addProduct' }] }),
        400,
        'InvalidJsonInput',
      );
      expect(missing.message).toBe('Request body does not contain valid JSON.');
      expect(missing['detailedErrorMessage']).toBe('actions -> product: Missing required value');
      const wrongType = expectError(
        await post('/product-selections/key=summer', { version: 2, actions: [{ action: 'changeName', name: 'x' }] }),
        400,
        'InvalidJsonInput',
      );
      expect(wrongType['detailedErrorMessage']).toBe('actions -> name: must be object');
      await expectUnchanged(api, before);
    });

    it('an empty actions list is 400 InvalidJsonInput (an update needs one or more actions)', async () => {
      expectError(await post('/product-selections/key=summer', { version: 2, actions: [] }), 400, 'InvalidJsonInput');
      expectError(await post('/stores/key=berlin', { version: 1, actions: [] }), 400, 'InvalidJsonInput');
      await expectUnchanged(api, before);
    });
  });

  describe('resource identifiers', () => {
    it('both id and key in one ResourceIdentifier is 400 InvalidJsonInput', async () => {
      const other = await createProduct(api, 'p2');
      before = await snapshot(api);
      expectError(
        await post('/product-selections/key=summer', {
          version: 2,
          actions: [{ action: 'addProduct', product: { typeId: 'product', id: other.id, key: 'p2' } }],
        }),
        400,
        'InvalidJsonInput',
      );
      expectError(
        await post('/stores/key=berlin', {
          version: 1,
          actions: [{ action: 'removeProductSelection', productSelection: { id: 'x', key: 'summer' } }],
        }),
        400,
        'InvalidJsonInput',
      );
      expectError(
        await post('/stores', { key: 'x', productSelections: [{ productSelection: { id: 'a', key: 'summer' }, active: true }] }),
        400,
        'InvalidJsonInput',
      );
      await expectUnchanged(api, before);
    });

    it('neither id nor key is 400 (RequiredField or InvalidJsonInput)', async () => {
      const answer = await post('/product-selections/key=summer', {
        version: 2,
        actions: [{ action: 'removeProduct', product: { typeId: 'product' } }],
      });
      expect(answer.status).toBe(400);
      expect(['RequiredField', 'InvalidJsonInput']).toContain(answer.body.errors[0].code);
      await expectUnchanged(api, before);
    });

    it('a typeId that does not fit the field is 400 InvalidJsonInput', async () => {
      expectError(
        await post('/product-selections/key=summer', {
          version: 2,
          actions: [{ action: 'removeProduct', product: { typeId: 'store', id: product.id } }],
        }),
        400,
        'InvalidJsonInput',
      );
      await expectUnchanged(api, before);
    });

    it('an identifier that names nothing is 400 ReferencedResourceNotFound with typeId and id or key', async () => {
      const byId = expectError(
        await post('/product-selections/key=summer', {
          version: 2,
          actions: [{ action: 'addProduct', product: { id: 'no-such-product' } }],
        }),
        400,
        'ReferencedResourceNotFound',
      );
      expect(byId).toMatchObject({ typeId: 'product', id: 'no-such-product' });
      expect(byId).not.toHaveProperty('key');
      const byKey = expectError(
        await post('/stores/key=berlin', {
          version: 1,
          actions: [{ action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 'no-such-key' } }],
        }),
        400,
        'ReferencedResourceNotFound',
      );
      expect(byKey).toMatchObject({ typeId: 'product-selection', key: 'no-such-key' });
      expect(byKey).not.toHaveProperty('id');
      await expectUnchanged(api, before);
    });
  });

  it('updates of unknown resources are 404 ResourceNotFound', async () => {
    expectError(await post('/product-selections/key=nope', { version: 1, actions: [{ action: 'setKey' }] }), 404, 'ResourceNotFound');
    expectError(await post('/stores/no-such-id', { version: 1, actions: [{ action: 'setName' }] }), 404, 'ResourceNotFound');
    await expectUnchanged(api, before);
  });
});
