import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, gql } from './helpers.js';

/** Custom Fields over GraphQL: the Type reference and the raw values, read only. */

let api: Api;
let typeId: string;

beforeAll(async () => {
  api = await createApi();
  const label = { en: 'L' };
  const type = await api.call('POST', '/types', {
    key: 'gql-fields',
    name: { en: 'GraphQL fields' },
    resourceTypeIds: ['product-selection', 'store'],
    fieldDefinitions: [
      { name: 'season', label, required: false, type: { name: 'String' } },
      { name: 'budget', label, required: false, type: { name: 'Money' } },
    ],
  });
  typeId = type.body.id;
  const custom = { type: { key: 'gql-fields' }, fields: { season: 'summer', budget: { centAmount: 100, currencyCode: 'EUR' } } };
  expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' }, custom })).status).toBe(201);
  expect((await api.call('POST', '/stores', { key: 'berlin', custom })).status).toBe(201);
  expect((await api.call('POST', '/stores', { key: 'plain' })).status).toBe(201);
});

describe('custom fields in GraphQL', () => {
  it('show the Type reference and the raw values of a Product Selection and a Store, as REST has them', async () => {
    const result = await data<{
      productSelection: Record<string, unknown>;
      store: Record<string, unknown>;
      plain: Record<string, unknown>;
    }>(
      gql(
        api,
        `{
          productSelection(key: "summer") { custom { typeRef { typeId id } customFieldsRaw { name value } } }
          store(key: "berlin") { custom { customFieldsRaw(includeNames: ["budget"]) { name value } } }
          plain: store(key: "plain") { custom { typeRef { id } } }
        }`,
      ),
    );
    const rest = (await api.call('GET', '/product-selections/key=summer')).body;
    expect(result.productSelection['custom']).toEqual({
      typeRef: { typeId: 'type', id: typeId },
      customFieldsRaw: Object.entries(rest.custom.fields).map(([name, value]) => ({ name, value })),
    });
    expect(result.store['custom']).toEqual({ customFieldsRaw: [{ name: 'budget', value: rest.custom.fields.budget }] });
    expect(result.plain['custom']).toBeNull();
  });

  it('are not written over GraphQL: a draft with custom fails validation', async () => {
    const answer = await gql(api, 'mutation { createStore(draft: { key: "other", custom: { typeId: "x" } }) { id } }');
    expect(answer.body.errors?.[0]?.message).toMatch(/custom/);
    expect((await api.call('GET', '/stores/key=other')).status).toBe(404);
  });
});
