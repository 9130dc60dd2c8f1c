import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startIntrospectionServer, type IntrospectionServer } from '../../src/introspection-server.js';
import { PROJECT, api, clientToken, errorOf, introspect, okJson, setup, type TestEmulator } from './helpers.js';

const AUTHORIZATION = 'Bearer xyz';
const MINUTE = 60_000;

let server: IntrospectionServer;
let t: TestEmulator;

async function configure(url: string, authorizationHeader = AUTHORIZATION): Promise<void> {
  const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
  const version = t.emulator.context.state.project.version;
  await okJson(
    api(t.emulator, `/${PROJECT}`, admin, {
      method: 'POST',
      body: { version, actions: [{ action: 'setExternalOAuth', externalOAuth: { url, authorizationHeader } }] },
    }),
  );
}

beforeEach(async () => {
  server = await startIntrospectionServer({ host: '127.0.0.1', port: 0, authorization: AUTHORIZATION });
  t = setup();
  await configure(server.url);
});

afterEach(async () => {
  await server.close();
});

describe('external OAuth server', () => {
  it('introspects with POST, a form, the configured Authorization header and X-Correlation-ID', async () => {
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}`, client_id: 'ext-client' });
    const res = await api(t.emulator, `/${PROJECT}`, 'ext-1', { headers: { 'X-Correlation-ID': 'corr-abcdefgh-1' } });
    expect(res.status).toBe(200);
    expect(server.calls).toHaveLength(1);
    const call = server.calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.headers['authorization']).toBe(AUTHORIZATION);
    expect(call.correlationId).toBe('corr-abcdefgh-1');
    expect(call.token).toBe('ext-1');
  });

  it('honours only the service own scopes of this project and fills customer, anonymous and external user ids', async () => {
    server.register('foreign', {
      active: true,
      scope: `openid profile read:things view_products:other-project manage_project:other-project`,
    });
    expect((await errorOf(api(t.emulator, `/${PROJECT}`, 'foreign'))).status).toBe(403);
    server.register('customer', {
      active: true,
      scope: `view_project_settings:${PROJECT} manage_project:other-project openid customer_id:cust-9 external_user_id:ext-user-1`,
      client_id: 'ext-client',
    });
    expect((await api(t.emulator, `/${PROJECT}`, 'customer')).status).toBe(200);
    const principal = await t.emulator.context.auth.verifyAccessToken('customer', { correlationId: 'corr-abcdefgh-2' });
    expect(principal).toEqual({
      clientId: 'ext-client',
      external: true,
      customerId: 'cust-9',
      externalUserId: 'ext-user-1',
      scopes: [
        { kind: 'permission', name: 'view_project_settings', projectKey: PROJECT },
        { kind: 'customer_id', value: 'cust-9' },
        { kind: 'external_user_id', value: 'ext-user-1' },
      ],
    });
    server.register('anonymous', { active: true, scope: `view_project_settings:${PROJECT} anonymous_id:anon-3` });
    expect(await t.emulator.context.auth.verifyAccessToken('anonymous')).toMatchObject({ anonymousId: 'anon-3', external: true });
  });

  it("serves /me for an external token's customer_id or anonymous_id, records its external_user_id on writes, and never introspects it", async () => {
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const customer = await okJson<{ customer: { id: string } }>(
      api(t.emulator, `/${PROJECT}/customers`, admin, { method: 'POST', body: { email: 'ext@example.com', password: 'long-enough-1' } }),
    );
    const customerId = customer.customer.id;
    server.register('ext-customer', {
      active: true,
      scope: `view_my_profile:${PROJECT} customer_id:${customerId}`,
      client_id: 'ext-client',
    });
    expect(await okJson(api(t.emulator, `/${PROJECT}/me`, 'ext-customer'))).toMatchObject({ id: customerId, email: 'ext@example.com' });
    server.register('ext-anonymous', { active: true, scope: `view_my_profile:${PROJECT} anonymous_id:anon-7` });
    expect(await okJson(api(t.emulator, `/${PROJECT}/me`, 'ext-anonymous'))).toEqual({ anonymousId: 'anon-7' });
    // Without customer_id or anonymous_id, /me is refused even with the scope.
    server.register('ext-plain', { active: true, scope: `view_my_profile:${PROJECT}` });
    expect((await errorOf(api(t.emulator, `/${PROJECT}/me`, 'ext-plain'))).status).toBe(403);
    // The service's own spellings (`customer:`, `anonymous_id=`) name no identity in an external token.
    server.register('ext-own-spelling', { active: true, scope: `view_my_profile:${PROJECT} customer:${customerId} anonymous_id=anon-8` });
    expect((await errorOf(api(t.emulator, `/${PROJECT}/me`, 'ext-own-spelling'))).status).toBe(403);

    server.register('ext-writer', {
      active: true,
      scope: `manage_product_selections:${PROJECT} external_user_id:ext-user-1`,
      client_id: 'ext-client',
    });
    const created = await okJson<{ createdBy: Record<string, unknown>; lastModifiedBy: Record<string, unknown> }>(
      api(t.emulator, `/${PROJECT}/product-selections`, 'ext-writer', { method: 'POST', body: { key: 'ext', name: { en: 'Ext' } } }),
    );
    expect(created.createdBy).toEqual({ clientId: 'ext-client', externalUserId: 'ext-user-1' });
    expect(created.lastModifiedBy).toEqual(created.createdBy);

    // Only tokens of the authorization service can be introspected there; external ones are inactive.
    expect(await introspect(t.emulator, t.bootstrap, 'ext-writer')).toEqual({ active: false });
  });

  it('treats active=false, unknown tokens and expired answers as 401', async () => {
    server.register('inactive', { active: false, scope: `manage_project:${PROJECT}` });
    server.register('expired', { active: true, scope: `manage_project:${PROJECT}`, exp: Math.floor(t.clock.now() / 1000) - 1 });
    for (const token of ['inactive', 'unknown', 'expired']) {
      const res = await errorOf(api(t.emulator, `/${PROJECT}`, token));
      expect(res.status, token).toBe(401);
      expect(res.body.errors[0]?.code).toBe('invalid_token');
    }
  });

  it('caches answers, active and inactive, for 30 minutes', async () => {
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}` });
    for (let i = 0; i < 3; i++) expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api(t.emulator, `/${PROJECT}`, 'nope')).status).toBe(401);
    expect(server.calls.map((c) => c.token)).toEqual(['ext-1', 'nope']);
    // Within the cache time a revocation at the external server is not seen (answers may be cached up to 30 minutes)...
    server.register('ext-1', { active: false });
    server.register('nope', { active: true, scope: `manage_project:${PROJECT}` });
    t.clock.advance(30 * MINUTE - 1);
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(200);
    // ...after it, both are asked again.
    t.clock.advance(1);
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
    expect((await api(t.emulator, `/${PROJECT}`, 'nope')).status).toBe(200);
    expect(server.calls).toHaveLength(4);
  });

  it('fails the call after 500 ms without retrying; a later call tries again', async () => {
    // The emulator's calls to the server, with the signal each is given.
    const signals: AbortSignal[] = [];
    t = setup({
      fetch: (input, init) => {
        if (init?.signal) signals.push(init.signal);
        return fetch(input, init);
      },
    });
    await configure(server.url);
    expect(t.emulator.context.options.auth.externalIntrospectionTimeoutMs).toBe(500);
    server.register('slow', { active: true, scope: `manage_project:${PROJECT}` });
    // The server answers long after the test: only the emulator's time limit ends the call.
    server.setLatency(60_000);
    const res = await errorOf(api(t.emulator, `/${PROJECT}`, 'slow'));
    expect(res.status).toBe(401);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.reason).toMatchObject({ name: 'TimeoutError' });
    expect(server.calls).toHaveLength(1);
    server.setLatency(0);
    expect((await api(t.emulator, `/${PROJECT}`, 'slow')).status).toBe(200);
    expect(server.calls).toHaveLength(2);
  });

  it('fails the call on a 500 answer without retrying or caching', async () => {
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}` });
    server.failWith(500);
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
    expect(server.calls).toHaveLength(1);
    server.failWith(undefined);
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(200);
    expect(server.calls).toHaveLength(2);
  });

  it('fails when the server refuses our Authorization header, and when nothing listens', async () => {
    await configure(server.url, 'Bearer wrong');
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}` });
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
    expect(server.calls[0]?.headers['authorization']).toBe('Bearer wrong');
    const gone = await startIntrospectionServer({ authorization: AUTHORIZATION });
    const url = gone.url;
    await gone.close();
    await configure(url);
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
  });

  it('keeps our own tokens working without asking the external server, and forgets answers when reconfigured', async () => {
    const own = (await clientToken(t.emulator, t.bootstrap)).access_token;
    expect((await api(t.emulator, `/${PROJECT}`, own)).status).toBe(200);
    expect(server.calls).toHaveLength(0);
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}` });
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(200);
    const second = await startIntrospectionServer({ authorization: AUTHORIZATION });
    try {
      await configure(second.url);
      expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
      expect(second.calls).toHaveLength(1);
    } finally {
      await second.close();
    }
    // Unset: external tokens are refused without any call.
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const version = t.emulator.context.state.project.version;
    await okJson(api(t.emulator, `/${PROJECT}`, admin, { method: 'POST', body: { version, actions: [{ action: 'setExternalOAuth' }] } }));
    expect((await api(t.emulator, `/${PROJECT}`, 'ext-1')).status).toBe(401);
    expect(server.calls).toHaveLength(1);
  });

  it('shares one call among concurrent requests for the same token', async () => {
    server.register('ext-1', { active: true, scope: `manage_project:${PROJECT}` });
    server.setLatency(50);
    const results = await Promise.all([1, 2, 3].map(() => api(t.emulator, `/${PROJECT}`, 'ext-1')));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.calls).toHaveLength(1);
  });

  describe('with a Basic Authorization header', () => {
    const BASIC = 'Basic ZXh0OnNlY3JldA==';
    beforeEach(async () => {
      await server.close();
      server = await startIntrospectionServer({ host: '127.0.0.1', port: 0, authorization: BASIC });
      await configure(server.url, BASIC);
    });

    it('sends the generated X-Correlation-ID to the external server when the caller sent none, and answers with the same id', async () => {
      server.register('ext-1', { active: true, scope: `view_project_settings:${PROJECT}` });
      server.register('ext-2', { active: false });
      for (const [token, status] of [
        ['ext-1', 200],
        ['ext-2', 401],
      ] as const) {
        const res = await api(t.emulator, `/${PROJECT}`, token);
        expect(res.status, token).toBe(status);
        const id = res.headers.get('x-correlation-id');
        expect(id).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
        const call = server.calls.find((c) => c.token === token);
        expect(call?.headers['authorization']).toBe(BASIC);
        expect(call?.correlationId).toBe(id);
      }
      expect(new Set(server.calls.map((c) => c.correlationId)).size).toBe(2);
    });
  });
});

describe('introspection server fixture', () => {
  it('requires its Authorization header and a form with a token', async () => {
    server.register('a', { active: true, scope: 's' });
    const post = (headers: Record<string, string>, body: string) => fetch(server.url, { method: 'POST', headers, body });
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'token=a')).status).toBe(401);
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer nope' }, 'token=a')).status).toBe(401);
    expect((await post({ 'content-type': 'application/json', authorization: AUTHORIZATION }, '{"token":"a"}')).status).toBe(400);
    const ok = await post({ 'content-type': 'application/x-www-form-urlencoded', authorization: AUTHORIZATION }, 'token=a');
    expect(await ok.json()).toEqual({ active: true, scope: 's' });
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
  });
});
