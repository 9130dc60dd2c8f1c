import { describe, expect, it } from 'vitest';
import { START } from '../helpers/api.js';
import { createHistoryApi, errorOf, type HistoryApi } from './helpers.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Creates selections `a`, `b`, `c` at START, START+2h and START+30h; the clock ends at START+30h. */
async function threeSelections(api: HistoryApi): Promise<void> {
  await api.call('POST', '/product-selections', { key: 'aa', name: { en: 'A' } });
  api.clock.set(START + 2 * HOUR);
  await api.call('POST', '/product-selections', { key: 'bb', name: { en: 'B' } });
  api.clock.set(START + 30 * HOUR);
  await api.call('POST', '/product-selections', { key: 'cc', name: { en: 'C' } });
}

const keys = (body: { results: { resource: { key?: string } }[] }) => body.results.map((r) => r.resource.key);

describe('Change History date bounds (injectable clock)', () => {
  it('defaults to the last 24 hours up to now', async () => {
    const api = await createHistoryApi();
    await threeSelections(api);
    expect(keys((await api.history('/product-selection')).body)).toEqual(['cc']);
  });

  it('takes hours ago, date-times and now, both bounds inclusive', async () => {
    const api = await createHistoryApi();
    await threeSelections(api);
    const of = async (query: string) => keys((await api.history(`/product-selection?${query}`)).body);
    expect(await of('date.from=48')).toEqual(['cc', 'bb', 'aa']);
    expect(await of('date.from=27')).toEqual(['cc']);
    expect(await of('date.from=29')).toEqual(['cc', 'bb']);
    expect(await of('date.from=48&date.to=28')).toEqual(['bb', 'aa']);
    const atB = new Date(START + 2 * HOUR).toISOString();
    expect(await of(`date.from=${atB}&date.to=${atB}`)).toEqual(['bb']);
    expect(await of(`date.from=${encodeURIComponent('2026-03-01T10:00:00+01:00')}&date.to=now`)).toEqual(['cc', 'bb', 'aa']);
    expect(await of('date.from=0&date.to=now')).toEqual([]);
    // GraphQL: literals and variables of DateFilterValue.
    const graphql = await api.graphql(
      'query ($to: DateFilterValue) { productSelections(date: { from: 48, to: $to }) { results { resource { key } } } }',
      { to: '28' },
    );
    expect(graphql.body.data.productSelections.results).toEqual([{ resource: { key: 'bb' } }, { resource: { key: 'aa' } }]);
  });

  it('refuses a bound after the other and malformed bounds with 400 BadRequest', async () => {
    const api = await createHistoryApi();
    const after = await api.history('/product-selection?date.from=now&date.to=1');
    expect(after.status).toBe(400);
    expect(errorOf(after)).toEqual({ code: 'BadRequest', message: "Parameter 'date.from' must not be after 'date.to'." });
    for (const bad of ['-1', '1.5', 'yesterday', '2026-03-01', '2026-13-45T00:00:00Z']) {
      const res = await api.history(`?date.from=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(errorOf(res).code).toBe('BadRequest');
    }
  });
});

describe('Change History retention', () => {
  it('drops Records older than the retention, even for an explicit date range', async () => {
    const api = await createHistoryApi({ history: { retentionDays: 2 } });
    await api.call('POST', '/product-selections', { key: 'old', name: { en: 'Old' } });
    api.clock.advance(DAY);
    await api.call('POST', '/product-selections', { key: 'new', name: { en: 'New' } });
    const since = `date.from=${new Date(START - DAY).toISOString()}`;
    expect(keys((await api.history(`/product-selection?${since}`)).body)).toEqual(['new', 'old']);
    api.clock.advance(DAY + HOUR);
    expect(keys((await api.history(`/product-selection?${since}`)).body)).toEqual(['new']);
  });

  it('keeps one year by default', async () => {
    const api = await createHistoryApi();
    await api.call('POST', '/product-selections', { key: 'xx', name: { en: 'X' } });
    api.clock.advance(364 * DAY);
    expect((await api.history('/product-selection?date.from=9000')).body.count).toBe(1);
    api.clock.advance(2 * DAY);
    expect((await api.history('/product-selection?date.from=9000')).body.count).toBe(0);
  });

  it('keeps at most maxRecords, dropping the oldest', async () => {
    const api = await createHistoryApi({ history: { maxRecords: 2 } });
    for (const key of ['aa', 'bb', 'cc']) await api.call('POST', '/product-selections', { key, name: { en: key } });
    expect(keys((await api.history('/product-selection?withTotal=true')).body)).toEqual(['cc', 'bb']);
  });
});
