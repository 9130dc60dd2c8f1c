import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql } from './helpers.js';

/** Custom Objects over GraphQL, on the REST operations: the upsert, the container's page, the look-ups and the delete. */

let api: Api;
beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-custom-objects' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const FIELDS = 'id version container key value';
const upsert = (draft: Json) =>
  gql<{ createOrUpdateCustomObject: Json | null }>(
    api,
    `mutation ($draft: CustomObjectDraft!) { createOrUpdateCustomObject(draft: $draft) { ${FIELDS} } }`,
    { draft },
  );

describe('Custom Objects over GraphQL', () => {
  it('upserts from JSON text, and REST reads the same object; null members are not stored', async () => {
    const { createOrUpdateCustomObject: created } = await data(
      upsert({ container: 'gql', key: 'a', value: '{"open": true, "note": null}' }),
    );
    expect(created).toMatchObject({ version: 1, container: 'gql', key: 'a', value: { open: true } });
    const { createOrUpdateCustomObject: replaced } = await data(upsert({ container: 'gql', key: 'a', value: '[1, 2]', version: 1 }));
    expect(replaced).toMatchObject({ id: created!['id'], version: 2, value: [1, 2] });
    expect((await api.call('GET', '/custom-objects/gql/a')).body).toMatchObject({ version: 2, value: [1, 2] });
  });

  it('reads by id or by container and key, and pages one container', async () => {
    await data(upsert({ container: 'gql-read', key: 'x', value: '{"rank": 2}' }));
    await data(upsert({ container: 'gql-read', key: 'y', value: '{"rank": 1}' }));
    const { customObject: byKey } = await data<{ customObject: Json }>(
      gql(api, `{ customObject(container: "gql-read", key: "x") { ${FIELDS} } }`),
    );
    const { customObject: byId } = await data<{ customObject: Json }>(gql(api, `{ customObject(id: "${byKey['id']}") { key } }`));
    expect(byId).toEqual({ key: 'x' });
    const { customObjects } = await data<{ customObjects: Json }>(
      gql(api, '{ customObjects(container: "gql-read", where: "value(rank < 2)") { count total results { key } } }'),
    );
    expect(customObjects).toEqual({ count: 1, total: 1, results: [{ key: 'y' }] });
    const { customObject: none } = await data<{ customObject: Json | null }>(
      gql(api, '{ customObject(container: "gql-read", key: "z") { key } }'),
    );
    expect(none).toBeNull();
  });

  it('refuses value text that is no JSON, a stale version and half an address, changing nothing', async () => {
    await data(upsert({ container: 'gql-bad', key: 'k', value: '"one"' }));
    expect((await failure(upsert({ container: 'gql-bad', key: 'k', value: '{not json' }))).error.extensions?.code).toBe('InvalidInput');
    expect((await failure(upsert({ container: 'gql-bad', key: 'k', value: '"two"', version: 9 }))).error.extensions?.code).toBe(
      'ConcurrentModification',
    );
    expect((await failure(gql(api, '{ customObject(key: "k") { key } }'))).error.extensions?.code).toBe('InvalidInput');
    expect((await api.call('GET', '/custom-objects/gql-bad/k')).body).toMatchObject({ version: 1, value: 'one' });
  });

  it('deletes by container and key with the version, or by id without one', async () => {
    const { createOrUpdateCustomObject: a } = await data(upsert({ container: 'gql-del', key: 'a', value: '1' }));
    await data(upsert({ container: 'gql-del', key: 'b', value: '2' }));
    const stale = await failure(gql(api, 'mutation { deleteCustomObject(container: "gql-del", key: "b", version: 5) { key } }'));
    expect(stale.error.extensions?.code).toBe('ConcurrentModification');
    await data(gql(api, 'mutation { deleteCustomObject(container: "gql-del", key: "b", version: 1) { key } }'));
    await data(gql(api, `mutation { deleteCustomObject(id: "${a!['id']}") { key } }`));
    expect((await api.call('GET', '/custom-objects/gql-del?withTotal=true')).body).toMatchObject({ total: 0 });
  });
});
