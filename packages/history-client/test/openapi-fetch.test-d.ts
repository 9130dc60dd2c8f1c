/**
 * `@commerce-kit/history-client/openapi-fetch` takes readonly (`as const`) lists for the list
 * filters, as the client's own methods do: both read the generated `paths`, whose query lists
 * tools/generate.ts types `readonly`. Element types and parameter names are checked as before;
 * the answers keep their mutable lists.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AllTypesQuery, HistoryClient, HistoryRecord, PlatformInitiatedChange, paths } from '../src/index.js';
import { createOpenapiFetchHistoryClient } from '../src/openapi-fetch.js';

declare const client: HistoryClient;
const raw = createOpenapiFetchHistoryClient(client);

describe('the openapi-fetch entry with readonly query lists', () => {
  it('takes as const lists for every list filter, on each endpoint', async () => {
    const stores = ['berlin', 'hamburg'] as const;
    const changes = ['setKey', 'changeName'] as const;
    const resourceTypes = ['store', 'product-selections'] as const;
    const all = await raw.GET('/', {
      params: { query: { resourceTypes, stores, changes, excludePlatformInitiatedChanges: ['setIsValid'] as const } },
    });
    void raw.GET('/{resourceType}', { params: { path: { resourceType: 'store' }, query: { stores, changes } } });
    const typed: readonly PlatformInitiatedChange[] = ['excludeAll'];
    void raw.GET('/{resourceType}/{ID}', {
      params: { path: { resourceType: 'store', ID: 'id' }, query: { excludePlatformInitiatedChanges: typed, changes } },
    });
    // The answer's lists stay mutable: they are the caller's.
    if (all.data) {
      expectTypeOf(all.data.results).toExtend<unknown[]>();
      expectTypeOf(all.data.results[0]!.stores).toEqualTypeOf<HistoryRecord['stores']>();
    }
  });

  it('types the query lists of the generated paths readonly, as the client filters are', () => {
    type Query = NonNullable<paths['/']['get']['parameters']['query']>;
    expectTypeOf<Query['stores']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<Query['excludePlatformInitiatedChanges']>().toEqualTypeOf<readonly PlatformInitiatedChange[] | undefined>();
    expectTypeOf<AllTypesQuery>().toEqualTypeOf<Query>();
  });

  it('still checks the element types and the parameter names', () => {
    // @ts-expect-error not a resource type, readonly or not
    void raw.GET('/', { params: { query: { resourceTypes: ['planet'] as const } } });
    // @ts-expect-error not a PlatformInitiatedChange
    void raw.GET('/', { params: { query: { excludePlatformInitiatedChanges: ['everything'] as const } } });
    // @ts-expect-error store keys are strings
    void raw.GET('/', { params: { query: { stores: [1, 2] as const } } });
    // @ts-expect-error resourceTypes is only on the all-types endpoint
    void raw.GET('/{resourceType}', { params: { path: { resourceType: 'store' }, query: { resourceTypes: ['store'] as const } } });
  });
});
