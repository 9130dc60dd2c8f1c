/**
 * Query parameters take readonly lists (`as const`, `readonly string[]`): the client only reads
 * them. tools/generate.ts types every list of a query parameter `readonly`; element types and
 * parameter names are checked as before, and bodies and answers keep their mutable lists.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { paginate, type CallArgsOf, type QueryParams, type RestClient, type components, type paths } from '../src/index.js';
import { createOpenapiFetchClient } from '../src/openapi-fetch.js';
declare const client: RestClient;

describe('a readonly list as a query parameter', () => {
  it('is accepted for where, sort and expand, as const or typed readonly', () => {
    const where = ['key = :key', 'version > 1'] as const;
    const sort = ['createdAt desc', 'id asc'] as const;
    const expand = ['productSelection'] as const;
    void client.GET('/product-selections', { params: { query: { where, sort, expand, var: { key: 'summer' } } } });
    void client.GET('/product-selections', {
      params: { query: { where: ['key = :key'] as const, sort: ['id asc'] as const, var: { key: 'summer' } } },
    });
    const predicates: readonly string[] = where;
    const expansions: ReadonlyArray<string> = expand;
    void client.GET('/stores', { params: { query: { where: predicates, expand: expansions } } });
    // Every path with query lists, not only the query endpoints: a path parameter and a readonly expand.
    void client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { expand } } });
    void client.POST('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { expand } }, body: { version: 1, actions: [] } });
    void client.DELETE('/stores/{ID}', { params: { path: { ID: 'x' }, query: { version: 1, expand } } });
    // The list values of `var` (for `in :name`) too.
    void client.GET('/product-selections', {
      params: { query: { where: ['key in :keys'], var: { keys: ['summer', 'winter'] as const } } },
    });
  });

  it('types the query lists of the generated paths, the call tables and the helpers readonly', () => {
    type Query = QueryParams<'/product-selections', 'get'>;
    expectTypeOf<Query['where']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<Query['sort']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<Query['expand']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<components['parameters']['var'][string]>().toEqualTypeOf<
      string | number | boolean | readonly (string | number | boolean)[]
    >();
    type TableQuery = NonNullable<NonNullable<CallArgsOf<'json'>['get']['/product-selections'][0]>['params']>['query'];
    expectTypeOf<NonNullable<TableQuery>['where']>().toEqualTypeOf<string | readonly string[] | undefined>();
    expectTypeOf<NonNullable<paths['/stores/{ID}']['delete']['parameters']['query']>['expand']>().toEqualTypeOf<
      string | readonly string[] | undefined
    >();
  });

  it('is accepted by paginate and by the openapi-fetch client, which read the same generated paths', async () => {
    const where = ['productCount > 0'] as const;
    for await (const selection of paginate(client, '/product-selections', { query: { where } }))
      expectTypeOf(selection.id).toEqualTypeOf<string>();
    void createOpenapiFetchClient(client).GET('/product-selections', { params: { query: { where, sort: ['id asc'] as const } } });
  });

  it('still checks the element type and the parameter name', () => {
    const numbers = [1, 2] as const;
    // @ts-expect-error a where predicate is a string, not a number
    void client.GET('/product-selections', { params: { query: { where: numbers } } });
    const mixed: readonly (string | number)[] = ['id asc', 1];
    // @ts-expect-error a sort entry is a string
    void client.GET('/product-selections', { params: { query: { sort: mixed } } });
    // @ts-expect-error expand takes strings, also readonly ones
    void client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { expand: [true] as const } } });
    // @ts-expect-error `filter` is no query parameter of the endpoint
    void client.GET('/product-selections', { params: { query: { filter: ['key = "a"'] as const } } });
    // @ts-expect-error `where` is no query parameter of a GET by id
    void client.GET('/product-selections/{ID}', { params: { path: { ID: 'x' }, query: { where: ['key = "a"'] as const } } });
    // @ts-expect-error `limit` is one number, not a list
    void client.GET('/product-selections', { params: { query: { limit: [10] as const } } });
    // @ts-expect-error a `var` list holds strings, numbers and booleans, not objects
    void client.GET('/product-selections', { params: { query: { var: { keys: [{ key: 'a' }] as const } } } });
    // @ts-expect-error a readonly list is still checked by paginate: numbers are no predicates
    void paginate(client, '/product-selections', { query: { where: numbers } });
  });
});

describe('bodies and answers', () => {
  it('keep their mutable lists (only query parameters changed)', async () => {
    expectTypeOf<components['schemas']['StoreDraft']['languages']>().toEqualTypeOf<components['schemas']['Locale'][] | undefined>();
    expectTypeOf<components['schemas']['ProductSelectionUpdate']['actions']>().toEqualTypeOf<
      components['schemas']['ProductSelectionUpdateAction'][]
    >();
    const page = await client.GET('/product-selections', { params: { query: { where: ['key = "a"'] as const } } });
    if (page.data) expectTypeOf(page.data.results).toEqualTypeOf<components['schemas']['ProductSelection'][]>();
  });
});
