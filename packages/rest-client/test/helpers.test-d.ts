import { describe, expectTypeOf, it } from 'vitest';
import {
  createAndVerify,
  paginate,
  updateWithRetry,
  type PaginatedPath,
  type ProductSelection,
  type RestClient,
  type Store,
  type UpdatablePath,
  type CreatablePath,
} from '../src/index.js';

declare const client: RestClient;

describe('paginate', () => {
  it('yields the element type of the path', async () => {
    for await (const selection of paginate(client, '/product-selections', {
      query: { where: ['key = :k'], var: { k: 'x' } },
      pageSize: 100,
    })) {
      expectTypeOf(selection).toEqualTypeOf<ProductSelection>();
    }
    for await (const store of paginate(client, '/stores')) expectTypeOf(store).toEqualTypeOf<Store>();
    for await (const message of paginate(client, '/messages', { query: { where: ['resource(typeId = "store")'] } }))
      expectTypeOf(message.sequenceNumber).toEqualTypeOf<number>();
  });

  it('takes only query endpoints whose elements have an id', () => {
    expectTypeOf<'/product-selections'>().toExtend<PaginatedPath>();
    // @ts-expect-error elements are { product } without id: the id cursor does not apply
    void paginate(client, '/product-selections/{ID}/products', { path: { ID: 'x' } });
    // @ts-expect-error a single resource, not a query
    void paginate(client, '/stores/{ID}', { path: { ID: 'x' } });
  });

  it('refuses the parameters the recipe sets, and an unknown one', () => {
    // @ts-expect-error sort is always id asc
    void paginate(client, '/product-selections', { query: { sort: ['key asc'] } });
    // @ts-expect-error never offset
    void paginate(client, '/product-selections', { query: { offset: 10 } });
    // @ts-expect-error no such parameter
    void paginate(client, '/product-selections', { query: { filter: 'x' } });
  });
});

describe('updateWithRetry', () => {
  it('types the resource and the actions by path', async () => {
    const result = await updateWithRetry(client, {
      path: '/stores/key={key}',
      params: { path: { key: 'eu' } },
      buildActions: (store) => {
        expectTypeOf(store).toEqualTypeOf<Store>();
        return [{ action: 'setName', name: { en: 'EU' } }];
      },
    });
    if (result.data) expectTypeOf(result.data).toEqualTypeOf<Store>();
    expectTypeOf(result.attempts).toEqualTypeOf<number>();
    expectTypeOf<'/product-selections/{ID}'>().toExtend<UpdatablePath>();
  });

  it('refuses a wrong action, a missing parameter, a path without update', () => {
    void updateWithRetry(client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: 'x' } },
      // @ts-expect-error a Store action on a Product Selection
      buildActions: () => [{ action: 'setLanguages', languages: ['en'] }],
    });
    // @ts-expect-error params with the ID are required
    void updateWithRetry(client, { path: '/product-selections/{ID}', buildActions: () => [] });
    // @ts-expect-error Product Projections have no update endpoint
    void updateWithRetry(client, { path: '/product-projections/{ID}', params: { path: { ID: 'x' } }, buildActions: () => [] });
  });
});

describe('createAndVerify', () => {
  it('types the draft and the result by path', async () => {
    const result = await createAndVerify(client, { path: '/product-selections', body: { key: 'k', name: { en: 'K' } } });
    if (result.data) expectTypeOf(result.data).toEqualTypeOf<ProductSelection>();
    expectTypeOf(result.verified).toEqualTypeOf<boolean>();
    expectTypeOf<'/stores'>().toExtend<CreatablePath>();
    // @ts-expect-error name is required
    void createAndVerify(client, { path: '/product-selections', body: { key: 'k' } });
    // @ts-expect-error not a collection
    void createAndVerify(client, { path: '/product-selections/{ID}', body: { version: 1, actions: [] } });
    // @ts-expect-error GraphQL has no key and no query to verify with
    void createAndVerify(client, { path: '/graphql', body: { query: '{}' } });
  });
});
