import { describe, expect, it } from 'vitest';
import { ADMIN_USER_HEADER } from '../../src/emulator/auth/admin-console.js';
import { START } from '../helpers/api.js';
import { createHistoryApi, summary, type HistoryApi } from './helpers.js';

/**
 * What is recorded (Record, Change and Labels; history.yaml's `Record` decisions for creations and
 * deletions): a Record per new version of every emulated resource type, with its fields; and
 * nothing for a write that failed or changed nothing (bad input changes no data).
 */

async function productType(api: HistoryApi): Promise<void> {
  expect((await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' })).status).toBe(201);
}

describe('Records of each emulated resource type', () => {
  it('records a Product: creation, staged rename, publish and deletion, with ProductLabels of the staged data', async () => {
    const api = await createHistoryApi();
    await productType(api);
    const created = await api.call('POST', '/products', {
      key: 'tee',
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Tee' },
      slug: { en: 'tee' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect(
      (await api.call('POST', `/products/${id}`, { version: 1, actions: [{ action: 'changeName', name: { en: 'Tee 2' }, staged: true }] }))
        .status,
    ).toBe(200);
    expect((await api.call('POST', `/products/${id}`, { version: 2, actions: [{ action: 'publish' }] })).status).toBe(200);
    expect((await api.call('DELETE', `/products/${id}?version=3`)).status).toBe(200);

    const { body } = await api.history(`/product/${id}`);
    expect(summary(body)).toEqual([
      'product v3->v3 ResourceDeleted []',
      'product v2->v3 ResourceUpdated [publish]',
      'product v1->v2 ResourceUpdated [changeName]',
      'product v0->v1 ResourceCreated []',
    ]);
    const [deleted, published, renamed, creation] = body.results;
    const tee = { type: 'ProductLabel', slug: { en: 'tee' }, name: { en: 'Tee' } };
    const tee2 = { type: 'ProductLabel', slug: { en: 'tee' }, name: { en: 'Tee 2' } };
    expect(creation).toMatchObject({
      label: tee,
      previousLabel: tee,
      changes: [],
      withoutChanges: false,
      resource: { id, typeId: 'product', key: 'tee' },
      stores: [],
    });
    expect(renamed).toMatchObject({ label: tee2, previousLabel: tee, withoutChanges: false });
    expect(renamed!.changes).toEqual([
      {
        change: 'changeName',
        type: 'ChangeLocalizedNameChange',
        previousValue: { en: 'Tee' },
        nextValue: { en: 'Tee 2' },
        catalogData: 'staged',
      },
    ]);
    expect(published!.changes).toEqual([{ change: 'publish', type: 'PublishChange' }]);
    expect(deleted).toMatchObject({ label: tee2, previousLabel: tee2, changes: [], withoutChanges: false });
    // resourceKey filters Products, on the all-types and the by-type endpoint.
    expect((await api.history('/products?resourceKey=tee')).body.count).toBe(4);
    expect((await api.history('?resourceKey=tee&resourceTypes=product')).body.count).toBe(4);
  });

  it('records a Store: name and languages as Changes, its own key in stores', async () => {
    const api = await createHistoryApi();
    const store = (await api.call('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' }, languages: ['en'] })).body as { id: string };
    const res = await api.call('POST', '/stores/key=berlin', {
      version: 1,
      actions: [
        { action: 'setLanguages', languages: ['en', 'de'] },
        { action: 'setName', name: { en: 'Berlin', de: 'Berlin (DE)' } },
      ],
    });
    expect(res.status).toBe(200);
    expect((await api.call('DELETE', '/stores/key=berlin?version=2')).status).toBe(200);
    const { body } = await api.history(`/store/${store.id}`);
    expect(summary(body)).toEqual([
      'store v2->v2 ResourceDeleted []',
      'store v1->v2 ResourceUpdated [setLanguages,setName]',
      'store v0->v1 ResourceCreated []',
    ]);
    expect(body.results[1]!.changes).toEqual([
      {
        change: 'setLanguages',
        type: 'SetLanguagesChange',
        previousValue: ['en'],
        nextValue: ['en', 'de'],
        addedItems: ['de'],
        removedItems: [],
      },
      {
        change: 'setName',
        type: 'SetLocalizedNameChange',
        previousValue: { en: 'Berlin' },
        nextValue: { en: 'Berlin', de: 'Berlin (DE)' },
      },
    ]);
    expect(body.results[1]!.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Berlin', de: 'Berlin (DE)' } });
    expect(body.results[1]!.previousLabel).toEqual({ type: 'LocalizedLabel', value: { en: 'Berlin' } });
    for (const record of body.results) expect(record.stores).toEqual([{ key: 'berlin', typeId: 'store' }]);
  });

  it('records a Product Type deletion and an in-store customer sign-up with its Store', async () => {
    const api = await createHistoryApi();
    await productType(api);
    expect((await api.call('DELETE', '/product-types/key=shirt?version=1')).status).toBe(200);
    const types = (await api.history('/product-types')).body;
    expect(summary(types)).toEqual(['product-type v1->v1 ResourceDeleted []', 'product-type v0->v1 ResourceCreated []']);
    expect(types.results[0]).toMatchObject({
      label: { type: 'StringLabel', value: 'Shirt' },
      resource: { typeId: 'product-type', key: 'shirt' },
    });

    expect((await api.call('POST', '/stores', { key: 'hamburg' })).status).toBe(201);
    const signUp = await api.call('POST', '/in-store/key=hamburg/customers', {
      email: 'h@example.com',
      password: 'secret-1',
      customerNumber: 'C-7',
      lastName: 'Hahn',
    });
    expect(signUp.status).toBe(201);
    const customer = (await api.history('/customer')).body.results[0]!;
    expect(customer).toMatchObject({
      type: 'ResourceCreated',
      label: { type: 'CustomerLabel', customerNumber: 'C-7', lastName: 'Hahn' },
      stores: [{ key: 'hamburg', typeId: 'store' }],
    });
    expect((await api.history('/customer?stores=hamburg')).body.count).toBe(1);
    expect((await api.history('/customer?stores=berlin')).body.count).toBe(0);
  });

  it('stamps modifiedAt with the time of the change, ISO 8601 UTC with milliseconds', async () => {
    const api = await createHistoryApi();
    api.clock.set(START + 1234);
    await api.call('POST', '/stores', { key: 'timed' });
    const [record] = (await api.history('/store')).body.results;
    expect(record!.modifiedAt).toBe('2026-03-01T09:00:01.234Z');
  });
});

describe('writes that change nothing leave no Record', () => {
  /** The Records of the project, compactly, to compare before and after. */
  const everything = async (api: HistoryApi) => summary((await api.history('?limit=500&withTotal=true')).body);

  it('records nothing for refused writes: version conflict, a failing action in a batch, a bad draft, a bad delete', async () => {
    const api = await createHistoryApi();
    expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).status).toBe(201);
    const before = await everything(api);
    expect(before).toEqual(['product-selection v0->v1 ResourceCreated []']);

    const refused = [
      await api.call('POST', '/product-selections/key=summer', { version: 7, actions: [{ action: 'changeName', name: { en: 'X' } }] }),
      await api.call('POST', '/product-selections/key=summer', {
        version: 1,
        actions: [
          { action: 'changeName', name: { en: 'Renamed' } },
          { action: 'addProduct', product: { typeId: 'product', id: 'no-such-product' } },
        ],
      }),
      await api.call('POST', '/product-selections/key=summer', { version: 1, actions: [{ action: 'noSuchAction' }] }),
      await api.call('POST', '/product-selections', { key: 'bad' }),
      await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Duplicate key' } }),
      await api.call('DELETE', '/product-selections/key=summer?version=9'),
      await api.call('POST', '/stores', { key: 'xx' }, { [ADMIN_USER_HEADER]: 'mallory' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 400, 400, 400, 400, 409, 400]);
    expect(await everything(api)).toEqual(before);
    // The selection is unchanged, so the Records still describe it.
    expect((await api.call('GET', '/product-selections/key=summer')).body).toMatchObject({ version: 1, name: { en: 'Summer' } });
  });

  it('records nothing for an update that changes nothing (no new version)', async () => {
    const api = await createHistoryApi();
    await api.call('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' } });
    const same = await api.call('POST', '/stores/key=berlin', { version: 1, actions: [{ action: 'setName', name: { en: 'Berlin' } }] });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1);
    expect(await everything(api)).toEqual(['store v0->v1 ResourceCreated []']);
  });

  it('records nothing for a failed GraphQL mutation', async () => {
    const api = await createHistoryApi();
    const failed = await api.call('POST', '/graphql', {
      query:
        'mutation { updateProductSelection(key: "missing", version: 1, actions: [{ changeName: { name: [{ locale: "en", value: "X" }] } }]) { version } }',
    });
    expect(failed.body.errors).toBeDefined();
    expect(await everything(api)).toEqual([]);
  });

  it('changes nothing when a history query is refused', async () => {
    const api = await createHistoryApi();
    await api.call('POST', '/stores', { key: 'berlin' });
    const before = await everything(api);
    for (const query of ['?limit=501', '/store?date.from=now&date.to=1', '/carts', '?resourceTypes=store&resourceKey=x&associateId=y']) {
      expect((await api.history(query)).status, query).toBe(400);
    }
    expect(await everything(api)).toEqual(before);
  });
});
