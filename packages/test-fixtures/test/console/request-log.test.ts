import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/app.js';
import { maskBody, maskJson, maskText } from '../../src/emulator/console/mask-secrets.js';
import { MAX_LOGGED_BODY_BYTES, REQUEST_LOG_CAPACITY } from '../../src/emulator/console/request-log.js';
import { CONTROL_PREFIX } from '../../src/emulator/control/prefix.js';
import { createApi } from '../helpers/api.js';
import { controlContractFetch } from '../helpers/control-contract.js';

const ORIGIN = 'http://127.0.0.1';

/** A control request with the bootstrap credentials, its answer checked against the control API's schema. */
async function control(emulator: Emulator, method: string, path: string) {
  const { clientId, clientSecret } = emulator.credentials;
  const res = await controlContractFetch(emulator.fetch, ORIGIN)(`${ORIGIN}${CONTROL_PREFIX}${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as any };
}

/** Every request of the log in full, as one text. */
async function wholeLog(emulator: Emulator): Promise<string> {
  const { body } = await control(emulator, 'GET', `/requests?limit=${REQUEST_LOG_CAPACITY}`);
  const entries = await Promise.all(
    body.results.map(async ({ id }: { id: number }) => (await control(emulator, 'GET', `/requests/${id}`)).body),
  );
  return JSON.stringify(entries);
}

describe('the request log (GET /_emulator/requests)', () => {
  it('never shows a secret, password or token, in headers, query strings, forms or JSON bodies', async () => {
    const api = await createApi({ clientSecret: 'bootstrap-secret-4f1c', requestLog: true });
    const { emulator, project } = api;
    const bearer = await api.token();
    const created = await api.call('POST', '/api-clients', { name: 'ci', scope: `view_products:${project}` });
    expect(created.status).toBe(201);
    const signUp = await api.call('POST', '/customers', { email: 'jen@example.com', password: 'customer-password-8d2e' });
    expect(signUp.status).toBe(201);
    const login = await emulator.fetch(`${ORIGIN}/auth/oauth/${project}/customers/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${emulator.credentials.clientId}:bootstrap-secret-4f1c`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username: 'jen@example.com', password: 'customer-password-8d2e' }).toString(),
    });
    const customerTokens = (await login.json()) as { access_token: string; refresh_token: string };
    expect(login.status).toBe(200);
    await api.call('POST', '/graphql', {
      query: 'mutation { customerSignUp(draft: { email: "kim@example.com", password: "graphql-password-71b0" }) { customer { id } } }',
    });
    await api.call('GET', '/products?client_secret=query-secret-c3a9&limit=1');

    const log = await wholeLog(emulator);
    for (const secret of [
      'bootstrap-secret-4f1c',
      btoa(`${emulator.credentials.clientId}:bootstrap-secret-4f1c`),
      bearer,
      created.body.secret,
      'customer-password-8d2e',
      customerTokens.access_token,
      customerTokens.refresh_token,
      'graphql-password-71b0',
      'query-secret-c3a9',
    ]) {
      expect(log).not.toContain(secret);
    }
    // What is masked is still there to see, masked.
    expect(log).toContain('Basic ***');
    expect(log).toContain('Bearer ***');
    expect(log).toContain('password=***');
    expect(log).toContain('client_secret=***');
    expect(log).toContain('\\"secret\\": \\"***\\"');
    expect(log).toContain('jen@example.com');
  });

  it('masks the token value of a password-token= or email-token= path', async () => {
    const api = await createApi({ requestLog: true });
    const { emulator } = api;
    const customer = await api.call('POST', '/customers', { email: 'ann@example.com', password: 'ann-password-5c1d' });
    const password = await api.call('POST', '/customers/password-token', { email: 'ann@example.com' });
    const email = await api.call('POST', '/customers/email-token', { id: customer.body.customer.id, ttlMinutes: 10 });
    expect((await api.call('GET', `/customers/password-token=${password.body.value}`)).status).toBe(200);
    expect((await api.call('GET', `/customers/email-token=${email.body.value}`)).status).toBe(200);

    const paths = (await control(emulator, 'GET', '/requests?path=token=')).body.results.map((entry: { path: string }) => entry.path);
    expect(paths).toEqual([`/${api.project}/customers/email-token=***`, `/${api.project}/customers/password-token=***`]);
    const log = await wholeLog(emulator);
    expect(log).not.toContain(password.body.value);
    expect(log).not.toContain(email.body.value);
  });

  it('masks the value of a customer token and name: value pairs in free text', () => {
    expect(maskJson({ id: 't', customerId: 'c', value: 'the-token', expiresAt: '2026-03-01T00:00:00Z' })).toEqual({
      id: 't',
      customerId: 'c',
      value: '***',
      expiresAt: '2026-03-01T00:00:00Z',
    });
    expect(maskJson({ key: 'a', value: 'kept' })).toEqual({ key: 'a', value: 'kept' });
    expect(maskText('{ password: "hunter2", newPassword: \'x\', token=abc&keep=1 }')).toBe(
      '{ password: "***", newPassword: "***", token="***"&keep=1 }',
    );
    expect(maskBody('not json: client_secret=s3cret', 'text/plain')).toBe('not json: client_secret="***"');
    // Fields that only tell about a token are no secret.
    expect(maskJson({ accessTokenValiditySeconds: 60 })).toEqual({ accessTokenValiditySeconds: 60 });
  });

  it('lists newest first with filters by status, path and correlation id, and polls with after', async () => {
    const api = await createApi({ requestLog: true });
    const { emulator } = api;
    await api.call('GET', '/stores');
    emulator.faults.inject({ kind: 'error', status: 503, times: 1 });
    expect((await api.call('GET', '/channels', undefined, { 'X-Correlation-ID': 'console-test-0001' })).status).toBe(503);
    await api.call('GET', '/product-types');

    const all = (await control(emulator, 'GET', '/requests')).body;
    expect(all.results.map((entry: { path: string }) => entry.path)).toEqual([
      `/${api.project}/product-types`,
      `/${api.project}/channels`,
      `/${api.project}/stores`,
      '/auth/oauth/token',
    ]);
    expect(all.results[0].id).toBe(all.lastId);
    expect(all.capacity).toBe(REQUEST_LOG_CAPACITY);
    const failed = (await control(emulator, 'GET', '/requests?status=503')).body.results;
    expect(failed).toEqual([
      expect.objectContaining({
        path: `/${api.project}/channels`,
        status: 503,
        correlationId: 'console-test-0001',
        projectKey: api.project,
      }),
    ]);
    expect((await control(emulator, 'GET', '/requests?status=5xx')).body.results).toEqual(failed);
    expect((await control(emulator, 'GET', '/requests?correlationId=console-test-0001')).body.results).toEqual(failed);
    expect((await control(emulator, 'GET', '/requests?path=stores')).body.results).toHaveLength(1);
    expect((await control(emulator, 'GET', `/requests?after=${failed[0].id}`)).body.results).toHaveLength(1);
    expect((await control(emulator, 'GET', '/requests?limit=2')).body.results).toHaveLength(2);
  });

  it('records a connection a fault rule cut with status null and no answer', async () => {
    const api = await createApi({ requestLog: true });
    await api.token();
    api.emulator.faults.inject({ kind: 'cut', path: `/${api.project}/stores`, times: 1 });
    await expect(api.call('GET', '/stores')).rejects.toThrow('fetch failed');
    const [cut] = (await control(api.emulator, 'GET', '/requests?status=cut')).body.results;
    expect(cut).toMatchObject({ path: `/${api.project}/stores`, status: null });
    const detail = (await control(api.emulator, 'GET', `/requests/${cut.id}`)).body;
    expect(detail.response).toBeUndefined();
  });

  it(`keeps the last ${REQUEST_LOG_CAPACITY} requests and no body over ${MAX_LOGGED_BODY_BYTES} bytes`, async () => {
    const api = await createApi({ requestLog: true });
    const big = { name: { en: 'x'.repeat(MAX_LOGGED_BODY_BYTES) } };
    expect((await api.call('POST', '/channels', { key: 'big', ...big })).status).toBe(201);
    for (let i = 0; i < REQUEST_LOG_CAPACITY; i++) await api.call('GET', `/stores?limit=1&offset=${i}`);
    const { body } = await control(api.emulator, 'GET', `/requests?limit=${REQUEST_LOG_CAPACITY}`);
    expect(body.results).toHaveLength(REQUEST_LOG_CAPACITY);
    expect(body.results.at(-1).query).toBe('?limit=1&offset=0');
    expect((await control(api.emulator, 'GET', '/requests?path=channels')).body.results).toEqual([]);
    // The oldest went: the token request and the large one.
    expect((await control(api.emulator, 'GET', '/requests/1')).status).toBe(404);

    const fresh = await createApi({ requestLog: true });
    expect((await fresh.call('POST', '/channels', { key: 'big', ...big })).status).toBe(201);
    const [entry] = (await control(fresh.emulator, 'GET', '/requests?path=channels')).body.results;
    const detail = (await control(fresh.emulator, 'GET', `/requests/${entry.id}`)).body;
    expect(detail.request).toMatchObject({ bodyOmitted: true });
    expect(detail.request.body).toBeUndefined();
    expect(detail.request.bodyBytes).toBeGreaterThan(MAX_LOGGED_BODY_BYTES);
    // The answer repeats the name: not kept either.
    expect(detail.response).toMatchObject({ bodyOmitted: true });
    expect(detail.response.body).toBeUndefined();
  });

  it('keeps no body the emulator answered without reading: its client may never send it', async () => {
    const emulator = createEmulator({ projectKey: 'unread', requestLog: true });
    const refused = await emulator.fetch(`${ORIGIN}/unread/channels`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
      body: '{"key":"never-read"}',
    });
    expect(refused.status).toBe(401);
    const [entry] = (await control(emulator, 'GET', '/requests')).body.results;
    const detail = (await control(emulator, 'GET', `/requests/${entry.id}`)).body;
    expect(detail.request).toMatchObject({ bodyOmitted: true, bodyBytes: 0 });
    expect(detail.request.headers.authorization).toBe('Bearer ***');
  });

  it('records from its first read on unless asked from the start, so a suite that never looks pays nothing', async () => {
    const emulator = createEmulator({ projectKey: 'lazy' });
    expect((await emulator.fetch(`${ORIGIN}/lazy/channels`)).status).toBe(401);
    expect((await control(emulator, 'GET', '/requests')).body).toEqual({ results: [], lastId: 0, capacity: REQUEST_LOG_CAPACITY });
    expect((await emulator.fetch(`${ORIGIN}/lazy/channels`)).status).toBe(401);
    expect((await control(emulator, 'GET', '/requests')).body.results).toEqual([
      expect.objectContaining({ path: '/lazy/channels', status: 401 }),
    ]);
    expect(() => createEmulator({ requestLog: 'yes' as unknown as boolean })).toThrow('invalid requestLog option: true or false expected');
  });

  it('refuses bad parameters with 400 and does not log control requests', async () => {
    const emulator = createEmulator();
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=x',
      'status=abc',
      'status=600',
      'after=-1',
      'correlationId=short',
      `path=${'a'.repeat(1025)}`,
    ]) {
      const { status, body } = await control(emulator, 'GET', `/requests?${query}`);
      expect(status, query).toBe(400);
      expect(body.errors[0].code).toBe('InvalidInput');
    }
    expect((await control(emulator, 'GET', '/requests/abc')).status).toBe(404);
    expect((await control(emulator, 'GET', '/requests')).body).toEqual({ results: [], lastId: 0, capacity: REQUEST_LOG_CAPACITY });
  });

  it('is emptied by DELETE /requests and by a reset; ids keep counting', async () => {
    const api = await createApi({ requestLog: true });
    await api.call('GET', '/stores');
    expect((await control(api.emulator, 'DELETE', '/requests')).status).toBe(204);
    expect((await control(api.emulator, 'GET', '/requests')).body).toEqual({ results: [], lastId: 2, capacity: REQUEST_LOG_CAPACITY });
    await api.call('GET', '/stores');
    expect((await control(api.emulator, 'GET', '/requests')).body.results[0].id).toBe(3);
    api.emulator.reset();
    expect((await control(api.emulator, 'GET', '/requests')).body.results).toEqual([]);
  });
});
