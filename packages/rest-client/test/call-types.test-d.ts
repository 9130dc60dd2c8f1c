import { describe, expectTypeOf, it } from 'vitest';
import type { CallArgs, CallInit, HttpMethod, JsonData, Needs, OperationsOf, PathsOf } from '../src/call-types.js';
import type { PathsWith, ProductSelection, RestClient, RestMethod, components, paths } from '../src/index.js';
declare const client: RestClient;

describe('the written-out paths of each method', () => {
  it('equal the paths of the generated `paths` (after `pnpm generate`, list a new path in src/method-paths.ts)', () => {
    expectTypeOf<PathsOf['get']>().toEqualTypeOf<PathsWith<'get'>>();
    expectTypeOf<PathsOf['put']>().toEqualTypeOf<PathsWith<'put'>>();
    expectTypeOf<PathsOf['post']>().toEqualTypeOf<PathsWith<'post'>>();
    expectTypeOf<PathsOf['delete']>().toEqualTypeOf<PathsWith<'delete'>>();
    expectTypeOf<PathsOf['options']>().toEqualTypeOf<PathsWith<'options'>>();
    expectTypeOf<PathsOf['head']>().toEqualTypeOf<PathsWith<'head'>>();
    expectTypeOf<PathsOf['patch']>().toEqualTypeOf<PathsWith<'patch'>>();
    expectTypeOf<PathsOf['trace']>().toEqualTypeOf<PathsWith<'trace'>>();
    expectTypeOf<keyof PathsOf>().toEqualTypeOf<HttpMethod>();
  });

  it('look operations up by path, and give unknown for any other string', () => {
    expectTypeOf<OperationsOf<'post'>['/stores']>().toEqualTypeOf<paths['/stores']['post']>();
    expectTypeOf<OperationsOf<'get'>[string]>().toEqualTypeOf<unknown>();
  });
});

describe('the options of a call', () => {
  it('need params for a path parameter or a required query parameter, and the body of a create or update', () => {
    expectTypeOf<Needs<paths['/product-selections']['get']>>().toEqualTypeOf<'none'>();
    expectTypeOf<Needs<paths['/product-selections']['post']>>().toEqualTypeOf<'body'>();
    expectTypeOf<Needs<paths['/product-selections/{ID}']['get']>>().toEqualTypeOf<'params'>();
    expectTypeOf<Needs<paths['/product-selections/{ID}']['post']>>().toEqualTypeOf<'params+body'>();
    expectTypeOf<Needs<paths['/product-selections/{ID}']['delete']>>().toEqualTypeOf<'params'>();
  });

  it('are the operation own parameters and body, looked up directly', () => {
    type Init = CallInit<paths['/product-selections/{ID}']['post']>;
    expectTypeOf<Init['params']>().toEqualTypeOf<paths['/product-selections/{ID}']['post']['parameters']>();
    expectTypeOf<Init['body']>().toEqualTypeOf<components['schemas']['ProductSelectionUpdate']>();
    expectTypeOf<CallInit<paths['/product-selections']['get']>['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<[]>().toExtend<CallArgs<paths['/product-selections']['get']>>();
    expectTypeOf<[]>().not.toExtend<CallArgs<paths['/product-selections/{ID}']['get']>>();
  });

  it('refuses options without the required params or body', () => {
    // @ts-expect-error params.path.ID is required, also when other options are given
    void client.GET('/product-selections/{ID}', { signal: AbortSignal.timeout(1_000) });
    // @ts-expect-error a create needs its draft
    void client.POST('/product-selections', { params: { query: { expand: [] } } });
    // @ts-expect-error `ID` is a path parameter, not a query parameter
    void client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { ID: 'x' } } });
    // @ts-expect-error a GET has no body
    void client.GET('/stores', { body: { key: 'k' } });
    // @ts-expect-error not a way to read the body
    void client.GET('/stores', { parseAs: 'xml' });
    void client.GET('/product-selections/{ID}', {
      params: { path: { ID: 'x' }, query: { expand: ['productSelection'] }, header: { 'X-Correlation-ID': 'abcdefgh' } },
      headers: { 'Accept-Language': 'de', 'X-Obsolete': null },
      signal: AbortSignal.timeout(1_000),
    });
  });
});

describe('the result of a call', () => {
  it('is the generated schema type itself, by path', async () => {
    expectTypeOf<ProductSelection>().toEqualTypeOf<components['schemas']['ProductSelection']>();
    expectTypeOf<JsonData<paths['/stores']['post']>>().toEqualTypeOf<components['schemas']['Store']>();
    const created = await client.POST('/stores', { body: { key: 'berlin', name: { en: 'Berlin' }, languages: ['en'] } });
    if (created.data) expectTypeOf(created.data).toEqualTypeOf<components['schemas']['Store']>();
  });

  it('follows parseAs (json by default)', async () => {
    expectTypeOf((await client.GET('/stores')).data).toEqualTypeOf<components['schemas']['StorePagedQueryResponse'] | undefined>();
    expectTypeOf((await client.GET('/stores', { parseAs: 'json' })).data).toEqualTypeOf<
      components['schemas']['StorePagedQueryResponse'] | undefined
    >();
    expectTypeOf((await client.GET('/stores', { parseAs: 'arrayBuffer' })).data).toEqualTypeOf<ArrayBuffer | undefined>();
  });

  it('is a method type of its own', () => {
    expectTypeOf(client.GET).toEqualTypeOf<RestMethod<'get'>>();
    // @ts-expect-error the API has no HEAD endpoint
    void client.HEAD('/stores');
  });
});
