import { describe, expect, it } from 'vitest';
import {
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  ok,
  raw,
  snapshot,
  update,
} from './helpers.js';

/**
 * Every key the API accepts (2 to 256 of `[A-Za-z0-9_-]`, as the live API) can be used in a `key=`
 * path, URL-encoded once, as a client encodes it; a key with any other character is refused when
 * the resource is created, so it never needs a path.
 */
describe('a key addresses its resource', () => {
  it('refuses keys with %, +, /, #, spaces or non-ASCII characters, and keys of 1 or 257 characters, and stores nothing', async () => {
    const api = await createApi();
    const before = await snapshot(api);
    for (const key of ['a%25b', '50%', 'a+b', 'a/b', 'a#b', 'a b', 'ü-key', 'a', 'k'.repeat(257)]) {
      expectError(await api.call('POST', '/product-selections', { key, name: { en: 'x' } }), 400, 'InvalidJsonInput');
      expectError(await api.call('POST', '/stores', { key }), 400, 'InvalidJsonInput');
    }
    await expectUnchanged(api, before);
  });

  it('finds a Product Selection, a Store, a Product and the in-store endpoints by keys of every allowed character, up to 256 long', async () => {
    const api = await createApi();
    // 254, so that the product's key `p-<key>` is 256 long.
    for (const key of ['ab', 'A_b-9', '0-_', 'k'.repeat(254)]) {
      const selection = await createSelection(api, key);
      await createStore(api, key);
      const product = await createProduct(api, `p-${key}`);
      const path = `key=${encodeURIComponent(key)}`;
      expect(ok(await api.call('GET', `/product-selections/${path}`)).id, key).toBe(selection.id);
      expect(ok(await api.call('GET', `/product-selections/${path}/products`)).count, key).toBe(0);
      expect(ok(await api.call('GET', `/stores/${path}`)).key, key).toBe(key);
      expect(ok(await api.call('GET', `/products/key=${encodeURIComponent(`p-${key}`)}`)).id, key).toBe(product.id);
      expect(ok(await api.call('GET', `/in-store/${path}/product-selection-assignments`)).count, key).toBe(0);
      expect(ok(await api.call('GET', `/in-store/${path}/product-projections/key=${encodeURIComponent(`p-${key}`)}`)).id, key).toBe(
        product.id,
      );
      const updated = ok(await update(api, `/product-selections/${path}`, [{ action: 'changeName', name: { en: 'renamed' } }]));
      expect(updated.version, key).toBe(2);
      expect(ok(await api.call('DELETE', `/product-selections/${path}?version=2`)).id, key).toBe(selection.id);
    }
  });
});

/**
 * HTTP 500 means a server-side problem. A malformed percent-escape in a `key=` path is the client's
 * input, so it must not be a 500: it names no resource (404 ResourceNotFound) and changes nothing.
 */
describe('a malformed key in a path is not a server error', () => {
  it('a malformed percent-escape after key= is 404 ResourceNotFound on every key= endpoint, and changes nothing', async () => {
    const api = await createApi();
    await createSelection(api, 'summer');
    await createStore(api, 'berlin');
    const before = await snapshot(api);
    const paths: [string, string][] = [
      ['GET', '/product-selections/key=%E0%A4%A'],
      ['GET', '/product-selections/key=%'],
      ['GET', '/product-selections/key=50%zz/products'],
      ['POST', '/stores/key=%E0%A4%A'],
      ['DELETE', '/stores/key=%?version=1'],
      ['GET', '/products/key=%/product-selections'],
      ['GET', '/in-store/key=%E0%A4%A/product-selection-assignments'],
      ['GET', '/in-store/key=berlin/product-projections/key=%'],
    ];
    for (const [method, path] of paths) {
      const body = method === 'POST' ? JSON.stringify({ version: 1, actions: [{ action: 'setName', name: { en: 'x' } }] }) : undefined;
      const answer = await raw(api, method, path, body === undefined ? {} : { body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expectError(answer, 404, 'ResourceNotFound');
    }
    await expectUnchanged(api, before);
  });
});
