import { describe, expect, it } from 'vitest';
import { createApi, createSelection, createStore, expectError, expectUnchanged, raw, snapshot } from '../rest/helpers.js';

/**
 * Spec 7: HTTP 500 means a server-side problem. A malformed percent-escape in a `key=` path is the
 * client's input, so it must not be a 500: it names no resource (404 ResourceNotFound) and changes nothing.
 */
describe('spec 7: bad input in a path is not a server error', () => {
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
