/**
 * Type errors: "wrong path, missing path param, wrong action field, and wrong query parameter
 * fail to compile", on endpoints beyond the Product Selection ones of client.test-d.ts: Stores,
 * key= paths, in-store paths, Messages, and the helpers.
 */
import { describe, it } from 'vitest';
import { paginate, updateWithRetry, type RestClient } from '../src/index.js';

declare const client: RestClient;

describe('type errors on more endpoints', () => {
  it('a wrong path', () => {
    // @ts-expect-error the in-store prefix needs key=
    void client.GET('/in-store/{storeKey}/product-selection-assignments', { params: { path: { storeKey: 'eu' } } });
    // @ts-expect-error no such collection
    void client.GET('/product-selection');
    // @ts-expect-error Messages are read-only: no POST
    void client.POST('/messages', { body: {} });
    // @ts-expect-error no such path for paginate
    void paginate(client, '/selections');
  });

  it('a missing or misspelt path parameter', () => {
    // @ts-expect-error params.path.key is required
    void client.GET('/stores/key={key}');
    // @ts-expect-error storeKey is missing
    void client.GET('/in-store/key={storeKey}/product-projections/{ID}', { params: { path: { ID: 'p' } } });
    // @ts-expect-error `Key` is not `key`
    void client.GET('/product-selections/key={key}/products', { params: { path: { Key: 'k' } } });
    // @ts-expect-error a path parameter is a string
    void client.GET('/messages/{ID}', { params: { path: { ID: 42 } } });
  });

  it('a wrong action or action field', () => {
    void client.POST('/stores/key={key}', {
      params: { path: { key: 'eu' } },
      body: {
        version: 1,
        actions: [{ action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 's' }, active: true }],
      },
    });
    void client.POST('/stores/key={key}', {
      params: { path: { key: 'eu' } },
      body: {
        version: 1,
        // @ts-expect-error `active` is a boolean
        actions: [{ action: 'changeProductSelectionActive', productSelection: { typeId: 'product-selection', key: 's' }, active: 'yes' }],
      },
    });
    void client.POST('/stores/key={key}', {
      params: { path: { key: 'eu' } },
      // @ts-expect-error a Product Selection action on a Store
      body: { version: 1, actions: [{ action: 'addProduct', product: { typeId: 'product', id: 'p' } }] },
    });
    void client.POST('/product-selections/key={key}', {
      params: { path: { key: 's' } },
      // @ts-expect-error setKey takes `key`, not `newKey`
      body: { version: 1, actions: [{ action: 'setKey', newKey: 'x' }] },
    });
    void updateWithRetry(client, {
      path: '/stores/key={key}',
      params: { path: { key: 'eu' } },
      // @ts-expect-error setLanguages takes a list
      buildActions: () => [{ action: 'setLanguages', languages: 'en' }],
    });
  });

  it('a wrong query parameter', () => {
    // @ts-expect-error `withTotals` is not a parameter
    void client.GET('/stores', { params: { query: { withTotals: true } } });
    // @ts-expect-error version is a number
    void client.DELETE('/stores/key={key}', { params: { path: { key: 'eu' }, query: { version: '1' } } });
    void client.GET('/in-store/key={storeKey}/product-selection-assignments', {
      // @ts-expect-error `expands` is not a parameter
      params: { path: { storeKey: 'eu' }, query: { expands: ['x'] } },
    });
    // @ts-expect-error withTotal is a boolean
    void client.GET('/messages', { params: { query: { withTotal: 'true' } } });
    // @ts-expect-error `order` is not a parameter of the recipe
    void paginate(client, '/stores', { query: { order: 'id' } });
  });
});
