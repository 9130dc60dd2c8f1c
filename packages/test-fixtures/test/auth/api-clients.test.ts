import { describe, expect, it } from 'vitest';
import { PROJECT, api, clientToken, createClient, errorOf, okJson, setup } from './helpers.js';

describe('API clients endpoints', () => {
  it('creates a client whose secret is shown only in the 201 answer and works for the token endpoint', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const res = await api(t.emulator, `/${PROJECT}/api-clients`, admin, {
      method: 'POST',
      body: { name: 'shop', scope: `view_products:${PROJECT}  view_orders:${PROJECT}:eu` },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      name: 'shop',
      scope: `view_products:${PROJECT} view_orders:${PROJECT}:eu`,
      createdAt: '2026-01-01T00:00:00.000Z',
      accessTokenValiditySeconds: 172_800,
      refreshTokenValiditySeconds: 200 * 24 * 3600,
      secret: expect.any(String),
    });
    const fetched = await okJson<Record<string, unknown>>(api(t.emulator, `/${PROJECT}/api-clients/${created['id'] as string}`, admin));
    expect(fetched['secret']).toBeUndefined();
    expect(fetched['name']).toBe('shop');
    const token = await clientToken(t.emulator, { clientId: created['id'] as string, clientSecret: created['secret'] as string });
    expect(token.scope).toBe(`view_products:${PROJECT} view_orders:${PROJECT}:eu`);
    const used = await okJson<Record<string, unknown>>(api(t.emulator, `/${PROJECT}/api-clients/${created['id'] as string}`, admin));
    expect(used['lastUsedAt']).toBe('2026-01-01');
  });

  it('refuses an expiring client (deleteDaysAfterCreation) with 501 NotEmulated and creates nothing', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const res = await api(t.emulator, `/${PROJECT}/api-clients`, admin, {
      method: 'POST',
      body: { name: 'expiring', scope: `view_products:${PROJECT}`, deleteDaysAfterCreation: 7 },
    });
    const refused = await errorOf(res);
    expect(refused.status).toBe(501);
    expect(refused.body.errors[0]).toMatchObject({ code: 'NotEmulated', field: 'deleteDaysAfterCreation' });
    const all = await okJson<{ results: { name: string }[] }>(api(t.emulator, `/${PROJECT}/api-clients`, admin));
    expect(all.results.map((client) => client.name)).not.toContain('expiring');
  });

  it('lists clients paged, with where and sort', async () => {
    const t = setup();
    await createClient(t, `view_products:${PROJECT}`);
    await createClient(t, `view_orders:${PROJECT}`, { name: 'second' });
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const all = await okJson<{ limit: number; offset: number; count: number; total: number; results: Record<string, unknown>[] }>(
      api(t.emulator, `/${PROJECT}/api-clients`, admin),
    );
    expect(all).toMatchObject({ limit: 20, offset: 0, count: 3, total: 3 });
    expect(all.results.every((c) => c['secret'] === undefined)).toBe(true);
    const page = await okJson<{ count: number; offset: number; results: unknown[] }>(
      api(t.emulator, `/${PROJECT}/api-clients?limit=1&offset=1`, admin),
    );
    expect(page).toMatchObject({ count: 1, offset: 1 });
    const named = await okJson<{ results: { name: string }[] }>(
      api(t.emulator, `/${PROJECT}/api-clients?where=${encodeURIComponent('name = "second"')}`, admin),
    );
    expect(named.results.map((c) => c.name)).toEqual(['second']);
    const sorted = await okJson<{ results: { name: string }[] }>(
      api(t.emulator, `/${PROJECT}/api-clients?sort=${encodeURIComponent('name desc')}`, admin),
    );
    expect(sorted.results.map((c) => c.name)).toEqual(['test client', 'second', 'emulator bootstrap client']);
    expect((await api(t.emulator, `/${PROJECT}/api-clients?limit=501`, admin)).status).toBe(400);
    expect((await api(t.emulator, `/${PROJECT}/api-clients?where=${encodeURIComponent('secret = "x"')}`, admin)).status).toBe(400);
  });

  it('validates the draft and changes nothing on a bad one', async () => {
    const t = setup();
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const cases: [unknown, string, string?][] = [
      [{ scope: `view_products:${PROJECT}` }, 'InvalidJsonInput'],
      [{ name: 'x' }, 'InvalidJsonInput'],
      [{ name: '', scope: `view_products:${PROJECT}` }, 'InvalidField', 'name'],
      [{ name: 'x', scope: 'view_products:other-project' }, 'InvalidField', 'scope'],
      [{ name: 'x', scope: `customer_id:abc` }, 'InvalidField', 'scope'],
      [{ name: 'x', scope: 'nonsense' }, 'InvalidField', 'scope'],
      [{ name: 'x', scope: `view_products:${PROJECT}`, accessTokenValiditySeconds: 0 }, 'InvalidField', 'accessTokenValiditySeconds'],
      [{ name: 'x', scope: `view_products:${PROJECT}`, refreshTokenValiditySeconds: 'long' }, 'InvalidJsonInput'],
      [[1, 2], 'InvalidJsonInput'],
    ];
    for (const [body, code, field] of cases) {
      const res = await errorOf(api(t.emulator, `/${PROJECT}/api-clients`, admin, { method: 'POST', body }));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]?.code).toBe(code);
      if (field) expect(res.body.errors[0]?.['field']).toBe(field);
    }
    expect(t.emulator.context.auth.listClients()).toHaveLength(1);
  });

  it('checks scopes: view_api_clients reads, manage_api_clients writes', async () => {
    const t = setup();
    const viewer = await createClient(t, `view_api_clients:${PROJECT}`);
    const manager = await createClient(t, `manage_api_clients:${PROJECT}`);
    const nobody = await createClient(t, `view_products:${PROJECT}`);
    const viewToken = (await clientToken(t.emulator, viewer)).access_token;
    const manageToken = (await clientToken(t.emulator, manager)).access_token;
    const noToken = (await clientToken(t.emulator, nobody)).access_token;
    expect((await api(t.emulator, `/${PROJECT}/api-clients`, viewToken)).status).toBe(200);
    const forbidden = await errorOf(
      api(t.emulator, `/${PROJECT}/api-clients`, viewToken, { method: 'POST', body: { name: 'x', scope: `view_products:${PROJECT}` } }),
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('insufficient_scope');
    expect((await api(t.emulator, `/${PROJECT}/api-clients`, noToken)).status).toBe(403);
    expect((await api(t.emulator, `/${PROJECT}/api-clients`, manageToken)).status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}/api-clients/${nobody.clientId}`, viewToken, { method: 'DELETE' })).status).toBe(403);
    expect((await api(t.emulator, `/${PROJECT}/api-clients/${nobody.clientId}`, manageToken, { method: 'DELETE' })).status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}/api-clients/${nobody.clientId}`, manageToken)).status).toBe(404);
    const gone = await errorOf(api(t.emulator, `/${PROJECT}/api-clients/${nobody.clientId}`, manageToken, { method: 'DELETE' }));
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]?.code).toBe('ResourceNotFound');
  });

  it('lets manage_api_clients grant any scope of the project, manage_project included, as the live API does', async () => {
    // https://docs.commercetools.com/api/projects/api-clients: the API takes only manage_api_clients
    // and limits the scopes of a new client to those of the project, not to the caller's.
    const t = setup();
    const manager = await createClient(t, `manage_api_clients:${PROJECT}`);
    const managerToken = (await clientToken(t.emulator, manager)).access_token;
    const created = await okJson<{ id: string; secret: string; scope: string }>(
      api(t.emulator, `/${PROJECT}/api-clients`, managerToken, {
        method: 'POST',
        body: { name: 'wider', scope: `manage_project:${PROJECT}` },
      }),
    );
    expect(created.scope).toBe(`manage_project:${PROJECT}`);
    const wider = (await clientToken(t.emulator, { clientId: created.id, clientSecret: created.secret })).access_token;
    expect((await api(t.emulator, `/${PROJECT}/product-selections`, wider)).status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}/product-selections`, managerToken)).status).toBe(403);
  });
});
