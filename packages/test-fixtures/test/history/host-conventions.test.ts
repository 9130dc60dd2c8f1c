import { beforeAll, describe, expect, it } from 'vitest';
import { createResponseContract } from '../../src/contract/response-contract.js';
import { bearerJson, loopbackEmulator, rawRequest } from '../helpers/loopback.js';
import { createHistoryApi, errorOf, summary, type HistoryApi } from './helpers.js';

/**
 * The common conventions on the Change History host: bearer tokens only in the header, correlation
 * ids, the request guards, the error body, success as application/json, and no way to write a
 * Record (Records are read-only).
 */
describe('conventions of the Change History host', () => {
  let api: HistoryApi;
  let token: string;
  let base: string;
  const contract = () => createResponseContract('history', base);
  /** A raw request to `{history_url}/<project><path>`, its answer checked against history.yaml when it is JSON. */
  const raw = async (path: string, init: RequestInit = {}) => {
    const url = `${base}${path}`;
    const res = await api.emulator.fetch(url, init);
    const text = await res.text();
    const body = text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
    contract().check(init.method ?? 'GET', url, res.status, body);
    return { status: res.status, headers: res.headers, body };
  };
  const bearer = () => ({ authorization: `Bearer ${token}` });
  const everything = async () => summary((await api.history('?limit=500')).body);

  beforeAll(async () => {
    api = await createHistoryApi();
    base = `${api.emulator.urls().history}/${api.project}`;
    token = await api.token();
    await api.call('POST', '/stores', { key: 'berlin' });
  });

  it('never takes a token from the URL: 401 Unauthorized with error invalid_token', async () => {
    for (const path of [`?access_token=${token}`, `/store?access_token=${token}`]) {
      const res = await raw(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'invalid_token', errors: [{ code: 'Unauthorized' }] });
    }
  });

  it('echoes X-Correlation-ID, and generates one when absent, on answers and errors of REST and GraphQL', async () => {
    const id = 'audit-correlation-1';
    const cases: [string, RequestInit][] = [
      ['/store', { headers: { ...bearer(), 'x-correlation-id': id } }],
      ['/store?limit=501', { headers: { ...bearer(), 'x-correlation-id': id } }],
      ['/store', { headers: { 'x-correlation-id': id } }],
      [
        '/graphql',
        {
          method: 'POST',
          headers: { ...bearer(), 'x-correlation-id': id, 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ stores { total } }' }),
        },
      ],
    ];
    for (const [path, init] of cases) {
      const echoed = await raw(path, init);
      expect(echoed.headers.get('x-correlation-id'), path).toBe(id);
      const headers = { ...(init.headers as Record<string, string>) };
      delete headers['x-correlation-id'];
      const generated = await raw(path, { ...init, headers });
      expect(generated.headers.get('x-correlation-id'), path).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
    }
    const first = (await raw('/store', { headers: bearer() })).headers.get('x-correlation-id');
    const second = (await raw('/store', { headers: bearer() })).headers.get('x-correlation-id');
    expect(first).not.toBe(second);
    for (const bad of ['short', 'x'.repeat(257), 'has space1', 'dots.are.bad']) {
      const res = await raw('/store', { headers: { ...bearer(), 'x-correlation-id': bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ errors: [{ code: 'BadRequest' }] });
    }
  });

  it('blocks URL plus headers above 15 KB with 431 and an Upgrade header with 400, before any handler', async () => {
    const long = await raw(`/store?userId=${'u'.repeat(16 * 1024)}`, { headers: bearer() });
    expect(long.status).toBe(431);
    expect(long.body).toMatchObject({ statusCode: 431, errors: [{ message: expect.stringMatching(/15 KB/) }] });
    const heavy = await raw('/store', { headers: { ...bearer(), 'x-padding': 'p'.repeat(16 * 1024) } });
    expect(heavy.status).toBe(431);
    const upgrade = await raw('/store', { headers: { ...bearer(), upgrade: 'websocket' } });
    expect(upgrade.status).toBe(400);
    expect(upgrade.body).toMatchObject({ errors: [{ code: 'BadRequest' }] });
  });

  it('answers errors with statusCode and message of the first error, and success with application/json', async () => {
    const answers = [
      await api.history('/store?limit=501'),
      await api.history('/store', 'bad-token'),
      await api.history('/store', await api.token(`view_stores:${api.project}`)),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 401, 403]);
    for (const answer of answers) {
      const body = answer.body as unknown as { statusCode: number; message: string; errors: { code: string; message: string }[] };
      expect(body.statusCode).toBe(answer.status);
      expect(body.message).toBe(errorOf(answer).message);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    for (const path of ['', '/store', '/store/some-id'])
      expect((await api.history(path)).headers.get('content-type'), path).toMatch(/^application\/json/);
  });

  it('answers 401 for an expired token', async () => {
    const fresh = await createHistoryApi();
    const soon = await fresh.token();
    expect((await fresh.history('/store', soon)).status).toBe(200);
    fresh.clock.advance(48 * 3600 * 1000 + 1000);
    const expired = await fresh.history('/store', soon);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'invalid_token', errors: [{ code: 'Unauthorized' }] });
  });

  it('refuses a GraphQL body that is not JSON with 400 BadRequest, and a mutation or subscription as a validation error', async () => {
    const post = (body: string) => raw('/graphql', { method: 'POST', headers: { ...bearer(), 'content-type': 'application/json' }, body });
    for (const body of ['not json', '', '{"query": "{ stores { total } }"']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toMatchObject({ statusCode: 400, errors: [{ code: 'BadRequest' }] });
    }
    const mutation = await post(JSON.stringify({ query: 'mutation { deleteRecord(id: "x") { id } }' }));
    expect(mutation.status).toBe(200);
    // A validation error (history.yaml: 200 with errors and no data), for a subscription too.
    expect(mutation.body?.['data']).toBeUndefined();
    expect(mutation.body?.['errors']).toEqual([expect.objectContaining({ message: expect.stringMatching(/no mutation type/) })]);
    const subscription = await post(JSON.stringify({ query: 'subscription { stores { total } }' }));
    expect(subscription.body).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(/no subscription type/) })] });
  });

  it('is read-only: no method writes a Record', async () => {
    const before = await everything();
    const record = { version: 1, previousVersion: 0, type: 'ResourceCreated', resource: { typeId: 'store', id: 'forged' } };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['', '/store', '/store/some-id']) {
        const init: RequestInit = {
          method,
          headers: { ...bearer(), ...(method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        };
        if (method !== 'DELETE') init.body = JSON.stringify(record);
        const res = await api.emulator.fetch(`${base}${path}`, init);
        expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    expect(await everything()).toEqual(before);
  });
});

describe('a GET with a body on the Change History host (loopback socket)', () => {
  const project = 'history-limits';
  const loopback = loopbackEmulator(project);

  it('is blocked with 400 BadRequest (fetch cannot send it, so node:http does)', async () => {
    const { server, token } = loopback;
    const url = `${server.urls.history}/${project}/store`;
    const answer = await rawRequest(url, { method: 'GET', headers: bearerJson(token), body: '{}' });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { errors: { code: string; message: string }[] };
    createResponseContract('history', `${server.urls.history}/${project}`).check('GET', url, 400, body);
    expect(body.errors[0]).toMatchObject({ code: 'BadRequest', message: expect.stringMatching(/body is not allowed on GET/) });
  });
});
