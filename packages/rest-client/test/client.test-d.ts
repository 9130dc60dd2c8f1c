import { describe, expectTypeOf, it } from 'vitest';
import {
  createRestClient,
  isConcurrentModification,
  isDuplicateField,
  type CommerceError,
  type ProductProjection,
  type ProductSelection,
  type RestClient,
} from '../src/index.js';
declare const client: RestClient;

describe('paths, parameters and bodies', () => {
  it('types data by path', async () => {
    const one = await client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' } } });
    if (one.data) {
      expectTypeOf(one.data).toEqualTypeOf<ProductSelection>();
      expectTypeOf(one.data.productCount).toEqualTypeOf<number>();
      expectTypeOf(one.data.version).toEqualTypeOf<number>();
      expectTypeOf(one.data.key).toEqualTypeOf<string | undefined>();
    }
    const page = await client.GET('/product-selections', {
      params: { query: { where: ['key = :k'], var: { k: 'a' }, sort: ['id asc'], limit: 10 } },
    });
    if (page.data) {
      expectTypeOf(page.data.results).toEqualTypeOf<ProductSelection[]>();
    }
    expectTypeOf(page.correlationId).toEqualTypeOf<string | undefined>();
    const store = await client.GET('/stores/key={key}', { params: { path: { key: 'eu' } } });
    if (store.data) expectTypeOf(store.data.productSelections[0]!.active).toEqualTypeOf<boolean>();
    const projection = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', {
      params: { path: { storeKey: 'eu', ID: 'p' } },
    });
    if (projection.data) {
      expectTypeOf(projection.data).toEqualTypeOf<ProductProjection>();
    }
  });

  it('refuses a wrong path', () => {
    // @ts-expect-error no such path (the project key is not part of paths)
    void client.GET('/test-project/product-selections');
    // @ts-expect-error singular
    void client.GET('/product-selection');
    // @ts-expect-error POST only
    void client.GET('/graphql');
  });

  it('refuses a missing or misspelt path parameter', () => {
    // @ts-expect-error params.path.ID is required
    void client.GET('/product-selections/{ID}');
    // @ts-expect-error params.path.ID is required
    void client.GET('/product-selections/{ID}', { params: {} });
    // @ts-expect-error `id` is not `ID`
    void client.GET('/product-selections/{ID}', { params: { path: { id: 'x' } } });
  });

  it('refuses an unknown query parameter or a wrong type', () => {
    // @ts-expect-error `wher` is not a parameter
    void client.GET('/product-selections', { params: { query: { wher: ['x'] } } });
    // @ts-expect-error limit is a number
    void client.GET('/product-selections', { params: { query: { limit: '10' } } });
    // @ts-expect-error DELETE needs the version query parameter
    void client.DELETE('/product-selections/{ID}', { params: { path: { ID: 'x' } } });
    void client.DELETE('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { version: 1 } } });
  });

  it('refuses a wrong body or update action', () => {
    void client.POST('/product-selections/{ID}', {
      params: { path: { ID: 'x' } },
      body: { version: 1, actions: [{ action: 'addProduct', product: { typeId: 'product', id: 'p' } }] },
    });
    void client.POST('/product-selections/{ID}', {
      params: { path: { ID: 'x' } },
      // @ts-expect-error addProduct takes `product`, not `products`
      body: { version: 1, actions: [{ action: 'addProduct', products: { id: 'p' } }] },
    });
    void client.POST('/product-selections/{ID}', {
      params: { path: { ID: 'x' } },
      // @ts-expect-error no such action on a Product Selection
      body: { version: 1, actions: [{ action: 'setProductSelections', productSelections: [] }] },
    });
    void client.POST('/product-selections/{ID}', {
      params: { path: { ID: 'x' } },
      // @ts-expect-error changeName takes a localized string
      body: { version: 1, actions: [{ action: 'changeName', name: 'Summer' }] },
    });
    // @ts-expect-error an update needs the version
    void client.POST('/stores/{ID}', { params: { path: { ID: 'x' } }, body: { actions: [] } });
    // @ts-expect-error name is required in a draft
    void client.POST('/product-selections', { body: { key: 'k' } });
  });

  it('types data by parseAs, takes RequestInit options, refuses the per-call options of openapi-fetch itself', async () => {
    const init = { params: { path: { ID: 'x' } } };
    expectTypeOf((await client.GET('/product-selections/{ID}', { ...init, parseAs: 'text' })).data).toEqualTypeOf<string | undefined>();
    expectTypeOf((await client.GET('/product-selections/{ID}', { ...init, parseAs: 'blob' })).data).toEqualTypeOf<Blob | undefined>();
    expectTypeOf((await client.GET('/product-selections/{ID}', { ...init, parseAs: 'stream' })).data).toEqualTypeOf<
      Response['body'] | undefined
    >();
    void client.GET('/product-selections/{ID}', {
      ...init,
      signal: AbortSignal.timeout(1_000),
      cache: 'no-store',
      headers: { 'Accept-Language': 'de' },
    });
    // @ts-expect-error openapi-fetch's own option: createOpenapiFetchClient(client) takes it
    void client.GET('/product-selections/{ID}', { ...init, fetch: globalThis.fetch });
    // @ts-expect-error openapi-fetch's own option
    void client.GET('/stores', { baseUrl: 'https://elsewhere.example' });
    // @ts-expect-error openapi-fetch's own option
    void client.POST('/stores', { body: { key: 'k' }, middleware: [] });
    // @ts-expect-error openapi-fetch's own option
    void client.GET('/stores', { querySerializer: () => '' });
  });
});

describe('errors', () => {
  it('types error by code and narrows with switch and guards', async () => {
    const { error } = await client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' } } });
    if (error) {
      expectTypeOf(error).toEqualTypeOf<CommerceError>();
      expectTypeOf(error.correlationId).toEqualTypeOf<string | undefined>();
      expectTypeOf(error.statusCode).toEqualTypeOf<number>();
      switch (error.code) {
        case 'ConcurrentModification':
          expectTypeOf(error.currentVersion).toEqualTypeOf<number>();
          break;
        case 'DuplicateField':
          expectTypeOf(error.field).toEqualTypeOf<string>();
          break;
        default:
          // @ts-expect-error only ConcurrentModification has currentVersion
          void error.currentVersion;
      }
      if (isConcurrentModification(error)) expectTypeOf(error.currentVersion).toEqualTypeOf<number>();
      if (isDuplicateField(error)) expectTypeOf(error.duplicateValue).toEqualTypeOf<unknown>();
    }
  });

  it('requires options', () => {
    // @ts-expect-error projectKey and auth are required
    void createRestClient({ baseUrl: 'https://api.example.com' });
  });
});
