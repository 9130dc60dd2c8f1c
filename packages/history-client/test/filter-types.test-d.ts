import { describe, it } from 'vitest';
import type { ByIdQuery, HistoryClient } from '../src/index.js';

declare const client: HistoryClient;

/** The filter types: which endpoint takes which filter, and their value sets. */
describe('history-client filter types', () => {
  it('takes resourceTypes only on the all-types endpoint, resourceKey on all-types and by-type', () => {
    void client.queryRecords({ resourceTypes: ['key-value-document', 'custom-objects', 'inventory'], resourceKey: 'k', resourceId: 'id' });
    // @ts-expect-error resourceTypes is only on the all-types endpoint
    void client.queryRecordsByType('store', { resourceTypes: ['store'] });
    // @ts-expect-error resourceTypes is only on the all-types endpoint
    void client.queryRecordsById('store', 'id', { resourceTypes: ['store'] });
    // @ts-expect-error resourceId is only on the all-types endpoint
    void client.queryRecordsById('store', 'id', { resourceId: 'x' });
    // @ts-expect-error not a resource type value
    void client.queryRecords({ resourceTypes: ['cart'] });
  });

  it('takes the filters every endpoint has, on each of the three', () => {
    // Typed as the by-id filters (the fewest), then given to all three endpoints.
    const everywhere: ByIdQuery = {
      expand: true,
      limit: 500,
      offset: 10000,
      withTotal: true,
      'date.from': '2026-03-01T00:00:00.000Z',
      'date.to': 'now',
      userId: 'u',
      clientId: 'c',
      customerId: 'x',
      associateId: 'a',
      businessUnit: 'bu',
      type: 'ResourceDeleted',
      source: 'LegacyImport',
      changes: ['setKey'],
      stores: ['berlin'],
      excludePlatformInitiatedChanges: [
        'excludeAll',
        'changeLineItemName',
        'changeReviewRatingStatistics',
        'setApplicationVersion',
        'setIsValid',
        'setVariantAvailability',
      ],
    };
    void client.queryRecords(everywhere);
    void client.queryRecordsByType('order', everywhere);
    void client.queryRecordsById('order', 'id', everywhere);
  });

  it('takes readonly lists (as const) for the list filters, with the same element types', () => {
    const stores = ['berlin', 'hamburg'] as const;
    const changes = ['setKey', 'changeName'] as const;
    void client.queryRecords({ resourceTypes: ['store', 'product-selection'] as const, stores, changes });
    void client.queryRecordsByType('store', { stores, excludePlatformInitiatedChanges: ['setIsValid'] as const });
    void client.iterateRecords({ resourceType: 'store', query: { changes } });
    // @ts-expect-error not a PlatformInitiatedChange, readonly or not
    void client.queryRecords({ excludePlatformInitiatedChanges: ['everything'] as const });
    // @ts-expect-error not a resource type
    void client.queryRecords({ resourceTypes: ['planet'] as const });
  });

  it('takes AdminConsole, LegacyImport, ApiClient and the live spellings, and nothing else', () => {
    for (const source of ['AdminConsole', 'LegacyImport', 'ApiClient', 'MerchantCenter', 'ImpEx'] as const)
      void client.queryRecords({ source });
    // @ts-expect-error not a source
    void client.queryRecords({ source: 'Import' });
    // @ts-expect-error not a PlatformInitiatedChange
    void client.queryRecords({ excludePlatformInitiatedChanges: ['everything'] });
    // @ts-expect-error a date bound is a date-time string, a number of hours or 'now'
    void client.queryRecords({ 'date.from': true });
  });
});
