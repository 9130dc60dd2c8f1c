import { beforeAll, describe, expect, it } from 'vitest';
import { createHistoryApi, errorOf, type HistoryApi } from './helpers.js';

/**
 * Each query parameter only on the endpoints that take it (A = all types, T = by type,
 * I = by id): `resourceTypes` and `resourceId` only on A, `resourceKey` on A and T. Any other parameter, a repeated single one, or a bad value: 400.
 */
describe('Change History query parameters per endpoint', () => {
  let api: HistoryApi;
  beforeAll(async () => {
    api = await createHistoryApi();
  });

  const everywhere: Record<string, string> = {
    expand: 'true',
    limit: '5',
    offset: '1',
    withTotal: 'true',
    'date.from': '24',
    'date.to': 'now',
    userId: 'u',
    clientId: 'c',
    customerId: 'x',
    businessUnit: 'bu',
    type: 'ResourceUpdated',
    source: 'ApiClient',
    changes: 'setKey',
    stores: 'berlin',
    excludePlatformInitiatedChanges: 'excludeAll',
  };
  const endpoints = { A: '', T: '/store', I: '/store/some-id' } as const;

  it('accepts the parameters every endpoint has', async () => {
    for (const [endpoint, path] of Object.entries(endpoints)) {
      for (const [name, value] of Object.entries(everywhere)) {
        const res = await api.history(`${path}?${name}=${value}`);
        expect(res.status, `${endpoint} ${name}`).toBe(200);
      }
    }
  });

  it('accepts resourceTypes and resourceId only on A, resourceKey on A and T', async () => {
    const table: [string, Record<keyof typeof endpoints, number>][] = [
      ['resourceTypes=store', { A: 200, T: 400, I: 400 }],
      ['resourceId=abc', { A: 200, T: 400, I: 400 }],
      ['resourceKey=berlin', { A: 200, T: 200, I: 400 }],
      ['associateId=a', { A: 200, T: 400, I: 400 }],
      ['foo=bar', { A: 400, T: 400, I: 400 }],
      ['where=id%3D%22x%22', { A: 400, T: 400, I: 400 }],
    ];
    for (const [query, statuses] of table) {
      for (const [endpoint, path] of Object.entries(endpoints) as [keyof typeof endpoints, string][]) {
        const res = await api.history(`${path}?${query}`);
        expect(res.status, `${endpoint} ${query}`).toBe(statuses[endpoint]);
        if (res.status === 400) expect(errorOf(res).code).toBe('BadRequest');
      }
    }
    // associateId on T is refused for Stores: it filters only business units, orders, quote
    // requests and quotes; on an order it is fine.
    expect((await api.history('/orders?associateId=a')).status).toBe(200);
    expect(errorOf(await api.history('/store/x?resourceKey=berlin')).message).toBe(
      "The query parameter 'resourceKey' is not accepted by the by-id endpoint; only by the all-types endpoint and the by-type endpoint.",
    );
  });

  it('repeats only the repeatable parameters', async () => {
    expect((await api.history('?resourceTypes=store&resourceTypes=product')).status).toBe(200);
    expect((await api.history('/store?changes=a&changes=b&stores=x&stores=y')).status).toBe(200);
    expect(
      (await api.history('/store?excludePlatformInitiatedChanges=setIsValid&excludePlatformInitiatedChanges=setVariantAvailability'))
        .status,
    ).toBe(200);
    for (const query of ['limit=1&limit=2', 'type=ResourceCreated&type=ResourceUpdated', 'date.from=1&date.from=2']) {
      expect((await api.history(`/store?${query}`)).status, query).toBe(400);
    }
  });

  it('refuses values out of range or not in their enumeration', async () => {
    for (const query of [
      'limit=501',
      'limit=-1',
      'offset=10001',
      'withTotal=yes',
      'expand=1',
      'type=ResourceChanged',
      'source=Import',
      'excludePlatformInitiatedChanges=everything',
    ]) {
      const res = await api.history(`/store?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorOf(res).code).toBe('BadRequest');
    }
    expect((await api.history('/store?limit=500&offset=10000')).status).toBe(200);
    expect((await api.history('?resourceTypes=stuff')).status).toBe(400);
  });

  it('accepts every resource type in the singular and the plural, and nothing else', async () => {
    for (const segment of ['category', 'categories', 'inventory-entry', 'inventory', 'key-value-document', 'custom-objects', 'zones']) {
      expect((await api.history(`/${segment}`)).status, segment).toBe(200);
    }
    const unknown = await api.history('/carts');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toMatch(/Unknown resource type 'carts'/);
  });

  it('answers 404 for another project', async () => {
    const res = await api.emulator.fetch(`${api.emulator.urls().history}/other-project/store`, { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(404);
  });
});
