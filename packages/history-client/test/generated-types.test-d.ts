import { describe, expectTypeOf, it } from 'vitest';
import type { QueryProductSelectionsArgs } from '../src/generated/history-graphql.js';
import type { HistoryRecord, paths } from '../src/generated/history.js';

describe('generated history types', () => {
  it('types a Record', () => {
    expectTypeOf<HistoryRecord['type']>().toEqualTypeOf<'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted'>();
  });

  it('types the filters of the by-type endpoint', () => {
    type Query = NonNullable<paths['/{resourceType}']['get']['parameters']['query']>;
    const query: Query = { 'date.from': 24, type: 'ResourceUpdated', changes: ['changeName'] };
    void query;
    // @ts-expect-error resourceId is only on the all-types endpoint
    const wrong: Query = { resourceId: 'x' };
    void wrong;
  });

  it('types the GraphQL arguments', () => {
    const args: QueryProductSelectionsArgs = { limit: 10, date: { from: 24, to: 'now' } };
    void args;
  });
});
