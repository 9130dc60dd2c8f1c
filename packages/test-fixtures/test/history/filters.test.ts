import { beforeAll, describe, expect, it } from 'vitest';
import { START } from '../helpers/api.js';
import { apiClient, passwordToken } from '../helpers/tokens.js';
import { createHistoryApi, errorOf, summary, type HistoryApi } from './helpers.js';

const HOUR = 3600 * 1000;

/**
 * Change History filters (source, PlatformInitiatedChange, date strings, the parameters of each
 * endpoint, the decisions in history.yaml), over REST and as GraphQL arguments.
 *
 * Data: store `berlin` (created by the admin console user `jen`, then renamed by the API
 * client, then deleted), store `hamburg`, a Product Selection; all within the last hour.
 */
describe('Change History filters', () => {
  let api: HistoryApi;
  let berlinId: string;
  const of = async (path: string) => summary((await api.history(path)).body);

  beforeAll(async () => {
    api = await createHistoryApi();
    berlinId = (await api.asAdmin('jen')('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' } })).body.id;
    expect(
      (await api.call('POST', '/stores/key=berlin', { version: 1, actions: [{ action: 'setName', name: { en: 'Berlin Mitte' } }] })).status,
    ).toBe(200);
    expect((await api.call('POST', '/stores', { key: 'hamburg' })).status).toBe(201);
    expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).status).toBe(201);
    expect((await api.call('DELETE', '/stores/key=berlin?version=2')).status).toBe(200);
  });

  it('filters by each kind of change, deletions included', async () => {
    expect(await of('/store?type=ResourceDeleted')).toEqual(['store v2->v2 ResourceDeleted []']);
    expect(await of('?type=ResourceCreated')).toHaveLength(3);
    expect(await of(`/store/${berlinId}?type=ResourceUpdated`)).toEqual(['store v1->v2 ResourceUpdated [setName]']);
  });

  it('filters by source: AdminConsole, LegacyImport, ApiClient and the live spellings', async () => {
    const console = ['store v0->v1 ResourceCreated []'];
    expect(await of('?source=AdminConsole')).toEqual(console);
    expect(await of('?source=MerchantCenter')).toEqual(console);
    expect(await of('?source=ApiClient')).toHaveLength(4);
    expect(await of('?source=LegacyImport')).toEqual([]);
    expect(await of('?source=ImpEx')).toEqual([]);
    for (const bad of ['adminconsole', 'Api', '']) expect((await api.history(`?source=${bad}`)).status, bad).toBe(400);
  });

  it('filters by stores, any of the keys given', async () => {
    expect(await of('?stores=berlin')).toHaveLength(3);
    expect(await of('?stores=hamburg')).toEqual(['store v0->v1 ResourceCreated []']);
    expect(await of('?stores=berlin&stores=hamburg')).toHaveLength(4);
    expect(await of('?stores=paris')).toEqual([]);
  });

  it('filters by businessUnit: Records without a business unit never match', async () => {
    expect(await of('?businessUnit=acme')).toEqual([]);
    expect(await of('/store?businessUnit=berlin')).toEqual([]);
  });

  it('applies associateId only to business units, orders, quote requests and quotes', async () => {
    // Without resourceTypes only those four types can match: the stores and the selection do not.
    expect((await api.history('?associateId=a')).body).toMatchObject({ count: 0, results: [] });
    for (const type of ['business-unit', 'order', 'quote-request', 'quote']) {
      expect((await api.history(`?resourceTypes=${type}&associateId=a`)).status, type).toBe(200);
      expect((await api.history(`/${type}?associateId=a`)).status, type).toBe(200);
    }
    for (const type of ['store', 'product', 'customer']) {
      const explicit = await api.history(`?resourceTypes=${type}&associateId=a`);
      expect(explicit.status, type).toBe(400);
      expect(errorOf(explicit).message).toMatch(/associateId/);
      expect((await api.history(`/${type}?associateId=a`)).status, type).toBe(400);
    }
  });

  it('applies resourceKey only to business units, associate roles, products and stores', async () => {
    for (const type of ['business-unit', 'associate-role', 'product', 'store']) {
      expect((await api.history(`/${type}?resourceKey=k`)).status, type).toBe(200);
    }
    for (const type of ['customer', 'order', 'category', 'product-selection']) {
      const res = await api.history(`/${type}?resourceKey=k`);
      expect(res.status, type).toBe(400);
      expect(errorOf(res).message).toMatch(/resourceKey/);
    }
  });

  it('accepts every PlatformInitiatedChange value and excludes none of the changes a user made', async () => {
    const everything = await of('?limit=500');
    for (const value of [
      'excludeAll',
      'changeLineItemName',
      'changeReviewRatingStatistics',
      'setApplicationVersion',
      'setIsValid',
      'setVariantAvailability',
    ]) {
      for (const path of ['', '/store', `/store/${berlinId}`]) {
        const res = await api.history(`${path}?excludePlatformInitiatedChanges=${value}&limit=500`);
        expect(res.status, `${path} ${value}`).toBe(200);
      }
      expect(await of(`?excludePlatformInitiatedChanges=${value}&limit=500`), value).toEqual(everything);
    }
  });

  it('returns no Record whose Changes the changes filter leaves empty', async () => {
    expect(await of('?changes=setName')).toEqual(['store v1->v2 ResourceUpdated [setName]']);
    expect(await of('?changes=noSuchChange')).toEqual([]);
  });

  it('has the date defaults and bounds on the all-types and the by-id endpoint too', async () => {
    const fresh = await createHistoryApi();
    const old = (await fresh.call('POST', '/stores', { key: 'old' })).body.id as string;
    fresh.clock.set(START + 25 * HOUR);
    await fresh.call('POST', '/stores/key=old', { version: 1, actions: [{ action: 'setName', name: { en: 'Old' } }] });
    expect(summary((await fresh.history('')).body)).toEqual(['store v1->v2 ResourceUpdated [setName]']);
    expect(summary((await fresh.history(`/store/${old}`)).body)).toEqual(['store v1->v2 ResourceUpdated [setName]']);
    expect((await fresh.history(`/store/${old}?date.from=26`)).body.count).toBe(2);
    expect((await fresh.history('?date.from=26&date.to=24')).body.count).toBe(1);
    expect((await fresh.history(`/store/${old}?date.from=now&date.to=now`)).body.count).toBe(0);
    // GraphQL: the same defaults without a date argument.
    const graphql = await fresh.graphql('{ stores { total } all: stores(date: { from: 26 }) { total } }');
    expect(graphql.body.data).toEqual({ stores: { total: 1 }, all: { total: 2 } });
  });

  it('refuses date-times that name no calendar date or time, over REST and GraphQL', async () => {
    for (const bad of [
      '2026-02-30T00:00:00Z',
      '2026-04-31T12:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:61Z',
      '2026-03-01T10:00:00+24:00',
    ]) {
      for (const name of ['date.from', 'date.to']) {
        const res = await api.history(`/store?${name}=${encodeURIComponent(bad)}`);
        expect(res.status, `${name}=${bad}`).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'BadRequest', message: expect.stringContaining(name) });
      }
      const graphql = await api.graphql('query ($from: DateFilterValue) { stores(date: { from: $from }) { total } }', { from: bad });
      expect(graphql.body.data, bad).toBeUndefined();
      expect(graphql.body.errors?.[0]?.message, bad).toMatch(/DateFilterValue/);
    }
    // Valid neighbours are accepted: the last day of a month, a leap day, offsets.
    for (const good of [
      '0050-01-01T00:00:00Z',
      '2026-02-28T23:59:59Z',
      '2028-02-29T00:00:00.000Z',
      '2026-04-30T12:00:00+02:00',
      '2026-03-01T10:00-05:30',
    ]) {
      expect((await api.history(`/store?date.from=${encodeURIComponent(good)}&date.to=2100-01-01T00:00:00Z`)).status, good).toBe(200);
    }
  });
});

describe('Change History filters as GraphQL arguments', () => {
  let api: HistoryApi;
  let clientId: string;

  beforeAll(async () => {
    api = await createHistoryApi();
    clientId = api.emulator.credentials.clientId;
    await api.asAdmin('jen')('POST', '/stores', { key: 'berlin' });
    for (let n = 1; n <= 22; n++) await api.call('POST', '/stores', { key: `s${n}` });
    await api.call('POST', '/stores/key=s1', { version: 1, actions: [{ action: 'setName', name: { en: 'One' } }] });
  });

  const keysOf = (page: { results: { resource: { key: string } }[] }) => page.results.map((r) => r.resource.key);

  it('pages with limit (default 20) and offset, and answers total, count, offset and limit', async () => {
    const { body } = await api.graphql('{ stores { total count offset limit results { resource { key } } } }');
    expect(body.data.stores).toMatchObject({ total: 24, count: 20, offset: 0, limit: 20 });
    const page = (await api.graphql('{ stores(limit: 2, offset: 1) { count offset limit results { resource { key } } } }')).body.data
      .stores;
    expect(page).toMatchObject({ count: 2, offset: 1, limit: 2 });
    expect(keysOf(page)).toEqual(['s22', 's21']);
  });

  it('filters by type, source, clientId, userId, stores, changes and excludePlatformInitiatedChanges', async () => {
    const run = async (args: string) => {
      const { body } = await api.graphql(`{ stores(${args}, limit: 500) { total results { resource { key } } } }`);
      expect(body.errors, args).toBeUndefined();
      return body.data.stores as { total: number; results: { resource: { key: string } }[] };
    };
    expect((await run('type: ResourceUpdated')).total).toBe(1);
    expect(keysOf(await run('source: AdminConsole'))).toEqual(['berlin']);
    expect(keysOf(await run('source: MerchantCenter'))).toEqual(['berlin']);
    expect((await run('source: LegacyImport')).total).toBe(0);
    expect((await run(`clientId: "${clientId}"`)).total).toBe(23);
    expect(keysOf(await run('userId: "jen"'))).toEqual(['berlin']);
    expect(keysOf(await run('stores: ["s3", "berlin"]'))).toEqual(['s3', 'berlin']);
    expect(keysOf(await run('changes: ["setName"]'))).toEqual(['s1']);
    expect((await run('excludePlatformInitiatedChanges: [excludeAll]')).total).toBe(24);
    expect((await run('businessUnit: "acme"')).total).toBe(0);
  });

  it('refuses limit and offset out of range, and associateId on a type without associates, as BadRequest errors', async () => {
    for (const args of ['limit: 501', 'limit: -1', 'offset: 10001', 'offset: -1', 'associateId: "a"']) {
      const { status, body } = await api.graphql(`{ stores(${args}) { total } }`);
      expect(status, args).toBe(200);
      expect(body.data, args).toBeNull();
      expect(body.errors?.[0]?.extensions, args).toEqual({ code: 'BadRequest' });
    }
    expect((await api.graphql('{ orders(associateId: "a") { total } }')).body.data).toEqual({ orders: { total: 0 } });
  });
});

describe('GraphQL Records of customers and products (labels, customerId, expand)', () => {
  it('answers the labels, filters by the customer who made a change and expands that customer on request', async () => {
    const api = await createHistoryApi();
    await api.call('POST', '/customers', { email: 'g@example.com', password: 'secret-1', firstName: 'Greta' });
    const credentials = await apiClient(api, `manage_customers:${api.project}`);
    const customerToken = await passwordToken(api, credentials, { email: 'g@example.com', password: 'secret-1' });
    expect(
      (await api.as(customerToken)('POST', '/customers', { email: 'f@example.com', password: 'secret-2', lastName: 'Friend' })).status,
    ).toBe(201);
    const greta = (await api.call('GET', `/customers?where=${encodeURIComponent('email = "g@example.com"')}`)).body.results[0] as {
      id: string;
    };
    await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
    await api.call('POST', '/products', {
      key: 'tee',
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Tee' },
      slug: { en: 'tee' },
    });

    const query = `query ($customer: String) {
      customers(customerId: $customer) { total results { label { type ... on CustomerLabel { lastName } } modifiedBy { customer { typeId id obj } } } }
      expanded: customers(customerId: $customer, expand: true) { results { modifiedBy { customer { obj } } } }
      products { results { label { type ... on ProductLabel { name { locale value } slug { locale value } } } } }
    }`;
    const { body } = await api.graphql(query, { customer: greta.id });
    expect(body.errors).toBeUndefined();
    expect(body.data.customers).toEqual({
      total: 1,
      results: [
        { label: { type: 'CustomerLabel', lastName: 'Friend' }, modifiedBy: { customer: { typeId: 'customer', id: greta.id, obj: null } } },
      ],
    });
    expect(body.data.expanded.results[0].modifiedBy.customer.obj).toMatchObject({ id: greta.id, email: 'g@example.com' });
    expect(body.data.products.results).toEqual([
      { label: { type: 'ProductLabel', name: [{ locale: 'en', value: 'Tee' }], slug: [{ locale: 'en', value: 'tee' }] } },
    ]);
  });
});
