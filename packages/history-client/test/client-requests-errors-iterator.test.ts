import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createHistoryClient,
  dateTime,
  hoursAgo,
  InvalidRequestError,
  isBadRequest,
  isOverCapacity,
  isUnknownHistoryError,
  now,
  StoreHistoryDocument,
  unwrap,
} from '../src/index.js';
import { fixedToken, setup, START } from './helpers.js';

const HOUR = 3600 * 1000;

/** Every call of the client against the emulator, checking what was sent and what came back. */
describe('history-client requests', () => {
  it('addresses the three endpoints, escaping the id, and leaves limit and offset to the service defaults', async () => {
    const s = await setup();
    for (let n = 1; n <= 21; n++) await s.api('POST', '/stores', { key: `s${n}` });
    const page = unwrap(await s.client.queryRecords());
    expect(page).toMatchObject({ limit: 20, offset: 0, count: 20 });
    expect(s.sent.at(-1)!.url.search).toBe('');
    expect(unwrap(await s.client.queryRecordsByType('stores')).count).toBe(20);
    expect(s.sent.at(-1)!.url.pathname).toBe(`/history/${s.project}/stores`);
    const odd = unwrap(await s.client.queryRecordsById('store', 'a/b c?d'));
    expect(odd.count).toBe(0);
    expect(s.sent.at(-1)!.url.pathname).toBe(`/history/${s.project}/store/a%2Fb%20c%3Fd`);
  });

  it('sends every query filter with its wire name, repeatable ones as repeated keys', async () => {
    const s = await setup();
    await s.api('POST', '/stores', { key: 'berlin' });
    const all = await s.client.queryRecords({
      resourceTypes: ['store', 'products'],
      resourceId: 'r',
      resourceKey: 'berlin',
      userId: 'u',
      clientId: 'c',
      customerId: 'x',
      businessUnit: 'bu',
      type: 'ResourceCreated',
      source: 'ApiClient',
      changes: ['setName', 'setKey'],
      stores: ['berlin', 'hamburg'],
      excludePlatformInitiatedChanges: ['setIsValid', 'setVariantAvailability'],
      expand: true,
      withTotal: true,
      limit: 5,
      offset: 0,
      'date.from': hoursAgo(2),
      'date.to': now,
    });
    expect(all.error).toBeUndefined();
    const sent = s.sent.at(-1)!.url.searchParams;
    expect(sent.getAll('resourceTypes')).toEqual(['store', 'products']);
    expect(sent.getAll('changes')).toEqual(['setName', 'setKey']);
    expect(sent.getAll('stores')).toEqual(['berlin', 'hamburg']);
    expect(sent.getAll('excludePlatformInitiatedChanges')).toEqual(['setIsValid', 'setVariantAvailability']);
    expect(
      Object.fromEntries(
        [...sent].filter(([name]) => !['resourceTypes', 'changes', 'stores', 'excludePlatformInitiatedChanges'].includes(name)),
      ),
    ).toEqual({
      resourceId: 'r',
      resourceKey: 'berlin',
      userId: 'u',
      clientId: 'c',
      customerId: 'x',
      businessUnit: 'bu',
      type: 'ResourceCreated',
      source: 'ApiClient',
      expand: 'true',
      withTotal: 'true',
      limit: '5',
      offset: '0',
      'date.from': '2',
      'date.to': 'now',
    });
  });

  it('sends a date-time with an offset intact (the + is escaped), so the service reads the same instant', async () => {
    const s = await setup();
    await s.api('POST', '/stores', { key: 'berlin' });
    // START is 09:00Z; 10:00+01:00 is the same instant, and the bounds are inclusive.
    const sameInstant = '2026-03-01T10:00:00.000+01:00';
    const { data, error } = await s.client.queryRecordsByType('store', { 'date.from': sameInstant, 'date.to': sameInstant });
    expect(error).toBeUndefined();
    expect(data!.results.map((r) => r.resource.key)).toEqual(['berlin']);
    expect(s.sent.at(-1)!.url.searchParams.get('date.from')).toBe(sameInstant);
  });

  it('turns the date helpers into bounds the service reads', async () => {
    const s = await setup();
    await s.api('POST', '/stores', { key: 'berlin' });
    s.clock.advance(3 * HOUR);
    expect(dateTime(START)).toBe('2026-03-01T09:00:00.000Z');
    expect(dateTime('2026-03-01T10:00:00+01:00')).toBe('2026-03-01T09:00:00.000Z');
    expect(unwrap(await s.client.queryRecordsByType('store', { 'date.from': hoursAgo(3), 'date.to': now })).count).toBe(1);
    expect(unwrap(await s.client.queryRecordsByType('store', { 'date.from': hoursAgo(2) })).count).toBe(0);
    expect(unwrap(await s.client.queryRecordsByType('store', { 'date.from': dateTime(START), 'date.to': dateTime(START) })).count).toBe(1);
    expect(hoursAgo(0)).toBe(0);
    for (const bad of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => hoursAgo(bad), String(bad)).toThrow(ConfigurationError);
    expect(() => dateTime(Number.NaN)).toThrow(ConfigurationError);
  });
});

describe('history-client errors', () => {
  it('returns BadRequest for each refused query without retrying it', async () => {
    const s = await setup();
    const cases = [
      () => s.client.queryRecords({ limit: 501 }),
      () => s.client.queryRecords({ limit: -1 }),
      () => s.client.queryRecords({ offset: 10001 }),
      () => s.client.queryRecordsByType('store', { 'date.from': now, 'date.to': hoursAgo(1) }),
      () => s.client.queryRecordsByType('product-selection', { resourceKey: 'summer' }),
      () => s.client.queryRecordsByType('order', { associateId: 'a', 'date.from': '2026-02-30T00:00:00Z' }),
    ];
    for (const run of cases) {
      const before = s.sent.length;
      const { data, error, correlationId } = await run();
      expect(data).toBeUndefined();
      expect(isBadRequest(error)).toBe(true);
      expect(error).toMatchObject({ code: 'BadRequest', statusCode: 400, correlationId });
      expect(s.sent.length - before).toBe(1);
    }
  });

  it('fetches a fresh token once after a 401 and then succeeds', async () => {
    const s = await setup();
    const good = await s.provider.getToken();
    const invalidated: (string | undefined)[] = [];
    let current = 'stale-token';
    const client = s.clientWith({
      auth: {
        getToken: async () => current,
        invalidate: (token) => {
          invalidated.push(token);
          current = good;
        },
      },
    });
    const { error } = await client.queryRecordsByType('store');
    expect(error).toBeUndefined();
    expect(invalidated).toEqual(['stale-token']);
    // The recorder runs once per call, outside the token retry: it sees the final answer.
    expect(s.sent.at(-1)!.status).toBe(200);
  });

  it('returns OverCapacity once the retries are spent, and UnknownError for an unknown project', async () => {
    const s = await setup();
    const client = s.clientWith({ retry: { maxRetries: 1, sleep: async () => undefined } });
    s.emulator.faults.inject({ kind: 'error', status: 503, path: '/history/' });
    const busy = await client.queryRecordsByType('store');
    expect(isOverCapacity(busy.error)).toBe(true);
    expect(busy.error).toMatchObject({ code: 'OverCapacity', statusCode: 503 });
    s.emulator.faults.clear();

    // Without the recorder: its contract check knows only this project's URLs.
    const elsewhere = s.clientWith({ projectKey: 'no-such-project', middleware: [] });
    const missing = await elsewhere.queryRecords();
    expect(isUnknownHistoryError(missing.error)).toBe(true);
    expect(missing.error).toMatchObject({ statusCode: 404 });
  });

  it('refuses a request above the URL-plus-headers limit before sending it', async () => {
    const s = await setup();
    const before = s.sent.length;
    await expect(s.client.queryRecords({ userId: 'u'.repeat(16 * 1024) })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(s.sent.length).toBe(before);
  });

  it('sends its own X-Correlation-ID and returns it with the result', async () => {
    const s = await setup();
    const result = await s.client.queryRecordsByType('store', {}, { headers: { 'X-Correlation-ID': 'audit-client-0001' } });
    expect(result.correlationId).toBe('audit-client-0001');
    expect(s.sent.at(-1)!.headers.get('x-correlation-id')).toBe('audit-client-0001');
  });
});

describe('history-client GraphQL', () => {
  it('posts application/json with query, variables and operationName, and returns data and errors', async () => {
    const s = await setup();
    await s.api('POST', '/stores', { key: 'berlin' });
    await s.api('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    const document =
      'query Stores { stores { total } } query Selections($from: DateFilterValue) { productSelections(date: { from: $from }) { total results { resource { key } } } }';
    const selections = await s.client.graphql(document, { from: 1 }, { operationName: 'Selections' });
    expect(selections.errors).toBeUndefined();
    expect(selections.data).toEqual({ productSelections: { total: 1, results: [{ resource: { key: 'summer' } }] } });
    const request = s.sent.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe(`/history/${s.project}/graphql`);
    expect(request.headers.get('content-type')).toBe('application/json');

    const refused = await s.client.graphql('{ stores(limit: 501) { total } }');
    expect(refused.error).toBeUndefined();
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'BadRequest' });
  });

  it('answers a missing type scope as a Forbidden error value naming the scope', async () => {
    const s = await setup();
    const narrow = s.clientWith({
      auth: fixedToken(await s.tokenWith(`view_audit_log:${s.project} view_product_selections:${s.project}`)),
    });
    const denied = await narrow.graphql(StoreHistoryDocument);
    expect(denied.data).toBeUndefined();
    expect(denied.error).toMatchObject({
      code: 'Forbidden',
      statusCode: 403,
      message: `Insufficient scope. One of the following scopes is missing: view_stores:${s.project}.`,
    });
    expect((await narrow.graphql('{ productSelections { total } }')).data).toEqual({ productSelections: { total: 0 } });
  });
});

describe('history-client iterator', () => {
  it('walks the Records of one resource, every page within the caller bounds', async () => {
    const s = await setup();
    const { id } = (await s.api<{ id: string }>('POST', '/stores', { key: 'berlin' })).body;
    for (let version = 1; version <= 4; version++) {
      s.clock.advance(1);
      await s.api('POST', '/stores/key=berlin', { version, actions: [{ action: 'setName', name: { en: `Berlin ${version}` } }] });
    }
    s.clock.advance(1);
    await s.api('POST', '/stores', { key: 'other' });
    const to = dateTime(START + 3);
    const versions: number[] = [];
    for await (const record of s.client.iterateRecords({ resourceType: 'store', id, pageSize: 2, query: { 'date.to': to } }))
      versions.push(record.version);
    expect(versions).toEqual([4, 3, 2, 1]);
    const pages = s.sent.filter((r) => r.url.pathname.endsWith(`/store/${id}`));
    for (const page of pages) expect(Date.parse(page.url.searchParams.get('date.to')!)).toBeLessThanOrEqual(START + 3);
  });

  it('refuses a page size outside 1 to 500 before sending', async () => {
    const s = await setup();
    for (const pageSize of [0, 1.5, 501, -1]) {
      await expect(s.client.iterateRecords({ pageSize }).next(), String(pageSize)).rejects.toBeInstanceOf(ConfigurationError);
    }
    expect(s.sent).toEqual([]);
  });

  it('derives the history host of each of the five regions', () => {
    for (const region of [
      'us-central1.gcp',
      'us-east-2.aws',
      'europe-west1.gcp',
      'eu-central-1.aws',
      'australia-southeast1.gcp',
    ] as const) {
      expect(createHistoryClient({ projectKey: 'p', region, auth: fixedToken('t') }).baseUrl).toBe(
        `https://history.${region}.commercetools.com/p`,
      );
    }
  });
});

describe('history-client iterator and writes during the walk', () => {
  // A Record written later in the cursor's millisecond sorts first within it (newest first) and
  // shifts the offset by one: the last Record of the previous page comes again (here s5), and
  // the iterator skips it (same resource, versions and kind of change).
  it('does not repeat a Record when another is written in the millisecond of the cursor', async () => {
    const s = await setup();
    // The manual clock does not move: every Record, the late one too, shares one millisecond.
    for (let i = 1; i <= 7; i++) await s.api('POST', '/product-selections', { key: `s${i}`, name: { en: `S${i}` } });
    const seen: string[] = [];
    for await (const record of s.client.iterateRecords({ resourceType: 'product-selection', pageSize: 3 })) {
      seen.push(record.resource.key!);
      if (seen.length === 1) await s.api('POST', '/product-selections', { key: 'late', name: { en: 'Late' } });
    }
    expect(seen).toEqual(['s7', 's6', 's5', 's4', 's3', 's2', 's1']);
  });

  it('yields Records that look alike in one millisecond: a creation and the deletion that keeps its version', async () => {
    const s = await setup();
    await s.api('POST', '/stores', { key: 'brief' });
    await s.api('DELETE', '/stores/key=brief?version=1');
    const byType = (await s.client.queryRecordsByType('store')).data!.results.map((r) => `${r.type} v${r.version}`);
    expect(byType).toEqual(['ResourceDeleted v1', 'ResourceCreated v1']);
    for (const pageSize of [1, 2, 500]) {
      const walked: string[] = [];
      for await (const r of s.client.iterateRecords({ resourceType: 'store', pageSize })) walked.push(`${r.type} v${r.version}`);
      expect(walked, `pageSize ${pageSize}`).toEqual(byType);
    }
  });
});

describe('history-client path parameters', () => {
  // An id of '', '.' or '..' would be another endpoint once the URL is parsed: queryRecordsById
  // ('store', '..') would request `/<project>/` (all types), '' and '.' `/<project>/store/`.
  // Encoding cannot help (`%2E` is a dot segment too), so fillPath refuses them before sending.
  it('refuses an empty or dot-segment id before sending', async () => {
    const s = await setup();
    // Its own recorder: the helper's would refuse the unexpected URLs with a contract error.
    const sent: string[] = [];
    const client = s.clientWith({
      middleware: [
        async (request, next) => {
          sent.push(request.url);
          return next(request);
        },
      ],
    });
    for (const id of ['', '.', '..']) {
      await expect(client.queryRecordsById('store', id), JSON.stringify(id)).rejects.toBeInstanceOf(InvalidRequestError);
    }
    expect(sent).toEqual([]);
  });
});
