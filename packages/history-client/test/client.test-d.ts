import { describe, expectTypeOf, it } from 'vitest';
import {
  createHistoryClient,
  ProductSelectionHistoryDocument,
  type HistoryClient,
  type HistoryError,
  type TypedDocumentString,
} from '../src/index.js';

declare const client: HistoryClient;

describe('history-client types', () => {
  it('types the filters each endpoint takes', () => {
    void client.queryRecords({ resourceTypes: ['product-selection', 'stores'], resourceId: 'x', 'date.from': 24, 'date.to': 'now' });
    void client.queryRecordsByType('product-selections', { resourceKey: 'k', changes: ['changeName'] });
    // @ts-expect-error resourceId is only on the all-types endpoint
    void client.queryRecordsByType('store', { resourceId: 'x' });
    // @ts-expect-error resourceKey is not on the by-id endpoint
    void client.queryRecordsById('store', 'id', { resourceKey: 'k' });
    // @ts-expect-error not a resource type
    void client.queryRecordsByType('carts');
    // @ts-expect-error not a change type
    void client.queryRecords({ type: 'ResourceChanged' });
  });

  it('types results and errors', async () => {
    const result = await client.queryRecordsById('product-selection', 'id');
    if (result.error) expectTypeOf(result.error).toEqualTypeOf<HistoryError>();
    else expectTypeOf(result.data.results[0]!.type).toEqualTypeOf<'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted'>();
  });

  it('types GraphQL documents, their variables and results', async () => {
    const { data } = await client.graphql(ProductSelectionHistoryDocument, { resourceId: 'id', date: { from: 48, to: 'now' } });
    expectTypeOf(data!.productSelections.total).toEqualTypeOf<number | null>();
    // @ts-expect-error not a variable of the document
    void client.graphql(ProductSelectionHistoryDocument, { resourceKey: 'k' });
    const required = '' as TypedDocumentString<{ x: number }, { id: string }>;
    // @ts-expect-error the document requires variables
    void client.graphql(required);
    const untyped = await client.graphql('{ stores { total } }');
    expectTypeOf(untyped.data).toEqualTypeOf<unknown>();
  });

  it('requires a project key and auth', () => {
    // @ts-expect-error auth is required
    void (() => createHistoryClient({ projectKey: 'p', region: 'europe-west1.gcp' }));
  });
});
