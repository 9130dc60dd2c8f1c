import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, createSelection, expectError, expectUnchanged, raw, snapshot, type Api } from './helpers.js';

const VALID = /^[A-Za-z0-9_-]{8,256}$/;

/** X-Correlation-ID: validated, echoed, generated when absent. */
describe('X-Correlation-ID', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
    await createSelection(api, 'summer');
  });

  it('is echoed on successful answers', async () => {
    for (const id of ['abcdefgh', 'my_client-0042', 'x'.repeat(256), 'A1_-B2_-']) {
      const answer = await api.call('GET', '/product-selections/key=summer', undefined, { 'X-Correlation-ID': id });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-correlation-id')).toBe(id);
    }
    const created = await api.call(
      'POST',
      '/product-selections',
      { key: 'winter', name: { en: 'Winter' } },
      { 'x-correlation-id': 'create-winter-1' },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get('x-correlation-id')).toBe('create-winter-1');
  });

  it('is echoed on error answers (404, 400, 409, 401, 403, 431)', async () => {
    const id = 'error-path-0001';
    const headers = { 'X-Correlation-ID': id };
    const answers = [
      await api.call('GET', '/product-selections/key=nope', undefined, headers),
      await api.call('POST', '/product-selections', '{not json', headers),
      await api.call('POST', '/product-selections/key=summer', { version: 9, actions: [{ action: 'setKey', key: 'xx' }] }, headers),
      await raw(api, 'GET', '/product-selections', { token: null, headers }),
      await raw(api, 'GET', '/product-selections', { token: 'unknown', headers }),
      await raw(api, 'GET', '/product-selections', { headers: { ...headers, 'x-padding': 'p'.repeat(15 * 1024) } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 409, 401, 401, 431]);
    for (const answer of answers) expect(answer.headers.get('x-correlation-id')).toBe(id);
  });

  it('is generated when absent, different per request, on success and on error', async () => {
    const first = await api.call('GET', '/product-selections');
    const second = await api.call('GET', '/product-selections');
    const missing = await api.call('GET', '/product-selections/key=nope');
    const generated = [first, second, missing].map((a) => a.headers.get('x-correlation-id'));
    for (const id of generated) expect(id).toMatch(VALID);
    expect(new Set(generated).size).toBe(3);
  });

  it('a value breaking the 8 to 256 [A-Za-z0-9_-] rule is 400 InvalidInput, answered with a generated id; nothing changes', async () => {
    const before = await snapshot(api);
    for (const bad of ['short', '1234567', 'x'.repeat(257), 'has space in it', 'dots.are.bad', 'ümlaut-value', 'semi;colon!', '']) {
      const answer = await raw(api, 'POST', '/product-selections', {
        headers: { 'X-Correlation-ID': bad },
        body: JSON.stringify({ key: 'rejected', name: { en: 'xx' } }),
      });
      const error = expectError(answer, 400, 'InvalidInput');
      expect(error.message).toMatch(/X-Correlation-ID/);
      const echoed = answer.headers.get('x-correlation-id');
      expect(echoed, JSON.stringify(bad)).toMatch(VALID);
      expect(echoed).not.toBe(bad);
    }
    await expectUnchanged(api, before);
  });

  it('is checked before the token: a bad id without a token is 400, not 401', async () => {
    const answer = await raw(api, 'GET', '/product-selections', { token: null, headers: { 'X-Correlation-ID': 'bad' } });
    expectError(answer, 400, 'InvalidInput');
  });

  it('is echoed by the authorization service too', async () => {
    const { clientId, clientSecret } = api.emulator.credentials;
    const res = await api.emulator.fetch(`${api.emulator.urls().auth}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        'x-correlation-id': 'token-request-1',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe('token-request-1');
  });
});
