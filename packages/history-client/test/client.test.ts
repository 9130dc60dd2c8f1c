import { adminConsole } from '@commerce-kit/test-fixtures/emulator/auth/admin-console.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createHistoryClient,
  dateTime,
  hoursAgo,
  HistoryApiError,
  isBadRequest,
  isForbidden,
  isUnauthorized,
  now,
  ProductSelectionHistoryDocument,
  StoreHistoryDocument,
  unwrap,
  type HistoryRecord,
  type RetryEvent,
} from '../src/index.js';
import { fixedToken, setup, START, type Setup } from './helpers.js';

const HOUR = 3600 * 1000;

/** Who changed a Product Selection, and how: the "done when", against the emulator. */
describe('history-client against the emulator', () => {
  let s: Setup;
  let selectionId: string;
  let productId: string;

  beforeAll(async () => {
    s = await setup();
    await s.api('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' });
    productId = (
      await s.api<{ id: string }>('POST', '/products', {
        key: 'tee',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Tee' },
        slug: { en: 'tee' },
      })
    ).body.id;
    s.clock.advance(1);
    selectionId = (await s.api<{ id: string }>('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).body.id;
    s.clock.advance(1);
    await s.api('POST', '/product-selections/key=summer', { version: 1, actions: [{ action: 'changeName', name: { en: 'Summer Sale' } }] });
    s.clock.advance(1);
    await s.api('POST', '/product-selections/key=summer', {
      version: 2,
      actions: [{ action: 'addProduct', product: { typeId: 'product', id: productId } }],
    });
    s.clock.advance(1);
    // A change through the admin console, by user "jen".
    const admin = adminConsole(s.emulator.context);
    await s.emulator.fetch(`${s.emulator.urls().api}/${s.project}/product-selections/key=summer`, {
      method: 'POST',
      headers: { ...admin.headers('jen'), 'content-type': 'application/json' },
      body: JSON.stringify({ version: 3, actions: [{ action: 'setKey', key: 'summer-sale' }] }),
    });
    s.clock.advance(1);
  });

  it('reads who changed a Product Selection and how, typed', async () => {
    const { data, error, correlationId } = await s.client.queryRecordsById('product-selection', selectionId);
    expect(error).toBeUndefined();
    expect(correlationId).toMatch(/^ck-[0-9a-f]{32}$/);
    const records = data!.results;
    expect(records.map((r) => `${r.version} ${r.type} ${r.changes.map((c) => c.change).join('+')}`)).toEqual([
      '4 ResourceUpdated setKey',
      '3 ResourceUpdated addProduct+setProductCount',
      '2 ResourceUpdated changeName',
      '1 ResourceCreated ',
    ]);
    const [byAdmin, , renamed] = records as [HistoryRecord, HistoryRecord, HistoryRecord];
    expect(byAdmin.modifiedBy).toEqual({ id: 'jen', type: 'user', isPlatformClient: true });
    expect(renamed.modifiedBy).toEqual({ clientId: s.emulator.credentials.clientId, isPlatformClient: false, type: 'user' });
    expect(renamed.changes[0]).toEqual({
      change: 'changeName',
      type: 'ChangeLocalizedNameChange',
      previousValue: { en: 'Summer' },
      nextValue: { en: 'Summer Sale' },
    });
    if (renamed.label.type === 'LocalizedLabel') expect(renamed.label.value).toEqual({ en: 'Summer Sale' });
    else expect.fail('a Product Selection has a LocalizedLabel');
  });

  it('sends every filter typed, repeatable ones as repeated keys, on the right endpoint', async () => {
    const before = s.sent.length;
    const all = unwrap(
      await s.client.queryRecords({
        resourceTypes: ['product-selection', 'products'],
        withTotal: true,
        'date.from': hoursAgo(48),
        'date.to': now,
      }),
    );
    expect(all.total).toBe(5);
    const sent = s.sent[before]!;
    expect(sent.url.pathname).toBe(`/history/${s.project}`);
    expect(sent.url.searchParams.getAll('resourceTypes')).toEqual(['product-selection', 'products']);
    expect(sent.url.searchParams.get('date.from')).toBe('48');

    const named = unwrap(await s.client.queryRecordsByType('product-selections', { changes: ['changeName', 'setKey'] }));
    expect(named.results.map((r) => r.changes.map((c) => c.change))).toEqual([['setKey'], ['changeName']]);
    expect(s.sent.at(-1)!.url.search).toBe('?changes=changeName&changes=setKey');

    const byUser = unwrap(await s.client.queryRecords({ userId: 'jen', source: 'AdminConsole' }));
    expect(byUser.results.map((r) => r.resource.key)).toEqual(['summer-sale']);
    expect(unwrap(await s.client.queryRecordsByType('product', { resourceKey: 'tee' })).count).toBe(1);
  });

  it('bounds dates with the helpers: hours ago, now and date-times', async () => {
    s.clock.advance(30 * HOUR);
    expect(unwrap(await s.client.queryRecordsByType('product-selection')).count).toBe(0);
    expect(unwrap(await s.client.queryRecordsByType('product-selection', { 'date.from': hoursAgo(31) })).count).toBe(4);
    const window = { 'date.from': dateTime(START), 'date.to': dateTime(new Date(START + 2)) };
    expect(unwrap(await s.client.queryRecordsByType('product-selection', window)).results.map((r) => r.version)).toEqual([2, 1]);
    expect(() => hoursAgo(-1)).toThrow(ConfigurationError);
    expect(() => dateTime('yesterday')).toThrow(ConfigurationError);
    const { error } = await s.client.queryRecordsByType('product-selection', { 'date.from': now, 'date.to': hoursAgo(1) });
    expect(isBadRequest(error)).toBe(true);
    expect(error?.message).toBe("Parameter 'date.from' must not be after 'date.to'.");
  });

  it('runs the generated GraphQL documents with typed results', async () => {
    const { data, errors } = await s.client.graphql(ProductSelectionHistoryDocument, {
      resourceId: selectionId,
      date: { from: hoursAgo(48), to: now },
      changes: ['setKey'],
    });
    expect(errors).toBeUndefined();
    const page = data!.productSelections;
    expect(page.total).toBe(1);
    const record = page.results[0]!;
    expect(record.modifiedBy).toMatchObject({ id: 'jen', isPlatformClient: true });
    expect(record.changes).toEqual([
      { change: 'setKey', type: 'SetKeyChange', previousValue: 'summer', nextValue: 'summer-sale', additionalFields: null },
    ]);
    expect(record.label).toEqual({ type: 'LocalizedLabel', value: [{ locale: 'en', value: 'Summer Sale' }] });
    const stores = await s.client.graphql(StoreHistoryDocument);
    expect(stores.data?.stores.results).toEqual([]);
    const untyped = await s.client.graphql('{ productSelections(date: { from: 48 }) { total } }');
    expect(untyped.data).toEqual({ productSelections: { total: 4 } });
  });

  it("GraphQL: a call's header replaces the client's of the same name in any letter case", async () => {
    const client = s.clientWith({ headers: { 'Accept-Language': 'de', 'X-Team': 'audit' } });
    const before = s.sent.length;
    const { data } = await client.graphql('{ stores { total } }', undefined, {
      headers: { 'accept-language': 'fr', 'Content-Type': 'text/plain' },
    });
    expect(data).toEqual({ stores: { total: 0 } });
    const [request] = s.sent.slice(before);
    expect(request?.headers.get('accept-language')).toBe('fr');
    expect(request?.headers.get('x-team')).toBe('audit');
    expect(request?.headers.get('content-type')).toBe('application/json');
  });

  it('types error answers: Forbidden, Unauthorized, GraphQL 403', async () => {
    const narrow = s.clientWith({ auth: fixedToken(await s.tokenWith(`view_audit_log:${s.project}`)) });
    const { error } = await narrow.queryRecordsByType('product-selection');
    expect(isForbidden(error)).toBe(true);
    expect(error).toMatchObject({ code: 'Forbidden', statusCode: 403, error: 'insufficient_scope' });
    expect(error?.message).toContain(`view_product_selections:${s.project}`);
    expect(error?.correlationId).toMatch(/^ck-/);
    expect((await narrow.graphql(StoreHistoryDocument)).error?.code).toBe('Forbidden');

    const refused = await s.clientWith({ auth: fixedToken('not-a-token') }).queryRecords();
    expect(isUnauthorized(refused.error)).toBe(true);
    await expect(async () => {
      for await (const record of narrow.iterateRecords({ resourceType: 'store' })) void record;
    }).rejects.toBeInstanceOf(HistoryApiError);
  });

  it('refuses misuse before sending', () => {
    expect(() => createHistoryClient({ projectKey: 'p', auth: fixedToken('t') })).toThrow(ConfigurationError);
    expect(() => createHistoryClient({ projectKey: '', region: 'europe-west1.gcp', auth: fixedToken('t') })).toThrow(ConfigurationError);
    expect(() => createHistoryClient({ projectKey: 'p', baseUrl: 'http://history.example.com', auth: fixedToken('t') })).toThrow(
      ConfigurationError,
    );
    expect(createHistoryClient({ projectKey: 'p', region: 'us-east-2.aws', auth: fixedToken('t') }).baseUrl).toBe(
      'https://history.us-east-2.aws.commercetools.com/p',
    );
  });
});

describe('history-client paging and retries', () => {
  it('iterates every Record newest first, across pages of the same millisecond, without repeating new ones', async () => {
    const s = await setup();
    // The manual clock does not move: all seven Records share one millisecond.
    for (let i = 1; i <= 7; i++) await s.api('POST', '/product-selections', { key: `s${i}`, name: { en: `S${i}` } });
    const seen: string[] = [];
    for await (const record of s.client.iterateRecords({ resourceType: 'product-selection', pageSize: 3 })) {
      seen.push(record.resource.key!);
      // Written during the walk: not part of it, and it shifts nothing.
      if (seen.length === 1) {
        s.clock.advance(1);
        await s.api('POST', '/product-selections', { key: 'late', name: { en: 'Late' } });
      }
    }
    expect(seen).toEqual(['s7', 's6', 's5', 's4', 's3', 's2', 's1']);
    const pages = s.sent.filter((r) => r.url.pathname.endsWith('/product-selection'));
    expect(pages.map((r) => [r.url.searchParams.get('offset'), r.url.searchParams.get('date.to')])).toEqual([
      ['0', null],
      ['3', new Date(START).toISOString()],
      ['6', new Date(START).toISOString()],
    ]);
    await expect(s.client.iterateRecords({ pageSize: 501 }).next()).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('walks pages by time across milliseconds', async () => {
    const s = await setup();
    for (let i = 1; i <= 5; i++) {
      await s.api('POST', '/stores', { key: `store-${i}` });
      s.clock.advance(1000);
    }
    const keys: string[] = [];
    for await (const record of s.client.iterateRecords({ query: { resourceTypes: ['store'] }, pageSize: 2 }))
      keys.push(record.resource.key!);
    expect(keys).toEqual(['store-5', 'store-4', 'store-3', 'store-2', 'store-1']);
  });

  it('honours Retry-After on 429 and retries GraphQL reads on 503', async () => {
    const s = await setup();
    const waits: number[] = [];
    const events: RetryEvent[] = [];
    const client = s.clientWith({
      retry: { sleep: async (ms) => void waits.push(ms), random: () => 0.5, onRetry: (event) => void events.push(event) },
    });
    s.emulator.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, path: '/history/', times: 1 });
    const first = await client.queryRecordsByType('store');
    expect(first.error).toBeUndefined();
    expect(waits).toEqual([2000]);
    expect(events[0]).toMatchObject({
      attempt: 1,
      status: 429,
      delayMs: 2000,
      fromRetryAfter: true,
      method: 'GET',
      path: `/history/${s.project}/store`,
    });
    expect(events[0]!.correlationId).toBe(first.correlationId);

    s.emulator.faults.inject({ kind: 'error', status: 503, path: '/history/', method: 'POST', times: 1 });
    const graphql = await client.graphql(StoreHistoryDocument);
    expect(graphql.data?.stores.total).toBe(0);
    expect(events[1]).toMatchObject({ status: 503, method: 'POST', fromRetryAfter: false });

    // With retries exhausted, the 429 is a typed error value.
    s.emulator.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 0, path: '/history/' });
    const exhausted = await client.queryRecords();
    expect(exhausted.error).toMatchObject({ code: 'TooManyRequests', statusCode: 429 });
    s.emulator.faults.clear();
  });
});
