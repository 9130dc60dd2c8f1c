import { describe, expect, it } from 'vitest';
import { createHistoryApi, summary } from './helpers.js';

/** Writes through the commerce GraphQL API are recorded like REST writes (the shared write path). */
describe('Change History of GraphQL writes', () => {
  it('records creations and updates made over GraphQL, by API client and by admin console', async () => {
    const api = await createHistoryApi();
    const created = await api.call('POST', '/graphql', {
      query: 'mutation { createProductSelection(draft: { key: "gql", name: [{ locale: "en", value: "GraphQL" }] }) { id version } }',
    });
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createProductSelection.id as string;
    const renamed = await api.asAdmin('ada')('POST', '/graphql', {
      query:
        'mutation { updateProductSelection(key: "gql", version: 1, actions: [{ changeName: { name: [{ locale: "en", value: "GraphQL 2" }] } }]) { version } }',
    });
    expect(renamed.body.errors).toBeUndefined();

    const { body } = await api.history(`/product-selection/${id}`);
    expect(summary(body)).toEqual(['product-selection v1->v2 ResourceUpdated [changeName]', 'product-selection v0->v1 ResourceCreated []']);
    expect(body.results[0]!.changes[0]).toEqual({
      change: 'changeName',
      type: 'ChangeLocalizedNameChange',
      previousValue: { en: 'GraphQL' },
      nextValue: { en: 'GraphQL 2' },
    });
    expect(body.results[0]!.modifiedBy).toEqual({ id: 'ada', type: 'user', isPlatformClient: true });
    expect(body.results[1]!.modifiedBy).toMatchObject({ clientId: api.emulator.credentials.clientId, isPlatformClient: false });
  });
});
