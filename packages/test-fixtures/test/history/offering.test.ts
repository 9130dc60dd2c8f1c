import { describe, expect, it } from 'vitest';
import { ADMIN_USER_HEADER, adminConsole } from '../../src/emulator/auth/admin-console.js';
import { tokenWith } from '../helpers/tokens.js';
import { createHistoryApi, errorOf, summary } from './helpers.js';

/** Spec 1.3: Basic tracks only admin console changes; the emulator defaults to Premium. */
describe('Change History offering and the admin console', () => {
  it('records admin console changes with the user and source AdminConsole', async () => {
    const api = await createHistoryApi();
    const created = await api.asAdmin('jen')('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    expect(created.status).toBe(201);
    await api.call('POST', '/product-selections/key=summer', { version: 1, actions: [{ action: 'setKey', key: 'summer-2026' }] });

    const all = (await api.history('/product-selection')).body;
    expect(summary(all)).toEqual(['product-selection v1->v2 ResourceUpdated [setKey]', 'product-selection v0->v1 ResourceCreated []']);
    expect(all.results[0]!.changes).toEqual([
      { change: 'setKey', type: 'SetKeyChange', previousValue: 'summer', nextValue: 'summer-2026' },
    ]);
    expect(all.results[1]!.modifiedBy).toEqual({ id: 'jen', type: 'user', isPlatformClient: true });
    expect(all.results[0]!.modifiedBy).toMatchObject({ clientId: api.emulator.credentials.clientId, isPlatformClient: false });

    const of = async (query: string) => summary((await api.history(`/product-selection?${query}`)).body);
    expect(await of('source=AdminConsole')).toEqual(['product-selection v0->v1 ResourceCreated []']);
    expect(await of('source=MerchantCenter')).toEqual(['product-selection v0->v1 ResourceCreated []']);
    expect(await of('userId=jen')).toEqual(['product-selection v0->v1 ResourceCreated []']);
    expect(await of('source=ApiClient')).toEqual(['product-selection v1->v2 ResourceUpdated [setKey]']);
    expect(await of('source=ImpEx')).toEqual([]);
  });

  it('records only admin console changes with the basic offering', async () => {
    const api = await createHistoryApi({ history: { offering: 'basic' } });
    await api.call('POST', '/product-selections', { key: 'by-api', name: { en: 'API' } });
    await api.asAdmin('sam')('POST', '/product-selections', { key: 'by-console', name: { en: 'Console' } });
    const { body } = await api.history('');
    expect(body.results.map((r) => [r.resource.key, r.modifiedBy['id']])).toEqual([['by-console', 'sam']]);
  });

  it('accepts the admin user header only with the admin console token', async () => {
    const api = await createHistoryApi();
    const res = await api.call('POST', '/product-selections', { name: { en: 'X' } }, { [ADMIN_USER_HEADER]: 'jen' });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/accepted only with a token of the admin console client/);
    // A token of the admin console client from the authorization service works too.
    const console = adminConsole(api.emulator.context);
    const viaOauth = await api.emulator.fetch(`${api.emulator.urls().auth}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${console.clientId}:${console.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(viaOauth.status).toBe(200);
    const { access_token: adminToken } = (await viaOauth.json()) as { access_token: string };
    expect((await api.as(adminToken)('POST', '/product-selections', { key: 'kk', name: { en: 'K' } })).status).toBe(201);
    const record = (await api.history('/product-selection?userId=emulator-admin-user')).body.results[0];
    expect(record?.resource.key).toBe('kk');
  });

  it('answers history errors with its own codes (BadRequest, TooManyRequests, OverCapacity), not the HTTP API ones', async () => {
    const api = await createHistoryApi();
    const token = await tokenWith(api, `view_audit_log:${api.project} view_stores:${api.project}`);
    expect(errorOf(await api.history('/store?limit=501', token)).code).toBe('BadRequest');
    const badId = await api.emulator.fetch(`${api.emulator.urls().history}/${api.project}/store`, {
      headers: { authorization: `Bearer ${token}`, 'x-correlation-id': 'bad id!' },
    });
    expect(badId.status).toBe(400);
    expect(((await badId.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('BadRequest');
    api.emulator.faults.inject({ kind: 'error', status: 429, retryAfterSeconds: 2, path: '/history/', times: 1 });
    const limited = await api.history('/store', token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(errorOf(limited).code).toBe('TooManyRequests');
    api.emulator.faults.inject({ kind: 'error', status: 503, path: '/history/', times: 1 });
    expect(errorOf(await api.history('/store', token)).code).toBe('OverCapacity');
    // The HTTP API keeps its own codes.
    expect(errorOf(await api.call('GET', '/stores?limit=501')).code).toBe('InvalidInput');
  });
});
