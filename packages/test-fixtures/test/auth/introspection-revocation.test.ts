import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  PROJECT,
  START,
  api,
  authPost,
  clientToken,
  createClient,
  errorOf,
  introspect,
  okJson,
  setCustomer,
  setup,
  type TestEmulator,
  type TokenBody,
} from './helpers.js';

describe('introspection', () => {
  it('shows a client its own access and refresh tokens, exp in milliseconds', async () => {
    const t = setup();
    const c = await createClient(t, `view_products:${PROJECT}`);
    const own = await clientToken(t.emulator, c);
    expect(await introspect(t.emulator, c, own.access_token)).toEqual({
      active: true,
      scope: `view_products:${PROJECT}`,
      exp: START + 172_800_000,
      client_id: c.clientId,
    });

    await setCustomer(t, 'c-1', 'jane@example.com', 'pw');
    const session = await okJson<TokenBody>(
      authPost(
        t.emulator,
        `/oauth/${PROJECT}/customers/token`,
        { grant_type: 'password', username: 'jane@example.com', password: 'pw' },
        c,
      ),
    );
    expect(await introspect(t.emulator, c, session.refresh_token!)).toEqual({
      active: true,
      scope: `view_products:${PROJECT} customer:c-1`,
      exp: START + 200 * DAY_MS,
      client_id: c.clientId,
    });
  });

  it('shows another client token only to a caller with introspect_oauth_tokens or manage_project', async () => {
    const t = setup();
    const owner = await createClient(t, `view_products:${PROJECT}`);
    const plain = await createClient(t, `view_orders:${PROJECT}`);
    const introspector = await createClient(t, `introspect_oauth_tokens:${PROJECT}`);
    const storeIntrospector = await createClient(t, `introspect_oauth_tokens:${PROJECT}:eu`);
    const token = (await clientToken(t.emulator, owner)).access_token;
    expect(await introspect(t.emulator, plain, token)).toEqual({ active: false });
    expect(await introspect(t.emulator, storeIntrospector, token)).toEqual({ active: false });
    expect(await introspect(t.emulator, introspector, token)).toMatchObject({ active: true, client_id: owner.clientId });
    expect(await introspect(t.emulator, t.bootstrap, token)).toMatchObject({ active: true, client_id: owner.clientId });
  });

  it('answers the inactive form for unknown, expired and revoked tokens', async () => {
    const t = setup();
    const token = (await clientToken(t.emulator, t.bootstrap)).access_token;
    expect(await introspect(t.emulator, t.bootstrap, 'not-a-token')).toEqual({ active: false });
    expect((await authPost(t.emulator, '/oauth/token/revoke', { token }, t.bootstrap)).status).toBe(200);
    expect(await introspect(t.emulator, t.bootstrap, token)).toEqual({ active: false });

    const expiring = (await clientToken(t.emulator, t.bootstrap)).access_token;
    t.clock.advance(172_800_000);
    expect(await introspect(t.emulator, t.bootstrap, expiring)).toEqual({ active: false });
  });

  it('requires the token parameter and a form', async () => {
    const t = setup();
    const { status, body } = await errorOf(authPost(t.emulator, '/oauth/introspect', {}, t.bootstrap));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
    const json = await errorOf(
      authPost(t.emulator, '/oauth/introspect', {}, t.bootstrap, {
        headers: { 'content-type': 'application/json' },
        body: '{"token":"x"}',
      }),
    );
    expect(json.body.error).toBe('invalid_request');
  });
});

describe('revocation', () => {
  const revoke = (t: TestEmulator, token: string) => authPost(t.emulator, '/oauth/token/revoke', { token }, t.bootstrap);
  const apiStatus = async (t: TestEmulator, token: string) =>
    (await t.emulator.fetch(`http://127.0.0.1/${PROJECT}/product-selections`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('revokes the calling client own access token: 200, then the API refuses it', async () => {
    const t = setup();
    const token = (await clientToken(t.emulator, t.bootstrap)).access_token;
    expect((await api(t.emulator, `/${PROJECT}`, token)).status).toBe(200);
    const res = await authPost(t.emulator, '/oauth/token/revoke', { token, token_type_hint: 'access_token' }, t.bootstrap);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await api(t.emulator, `/${PROJECT}`, token)).status).toBe(401);
  });

  it('leaves another client token untouched while answering 200', async () => {
    const t = setup();
    const other = await createClient(t, `manage_project:${PROJECT}`);
    const token = (await clientToken(t.emulator, other)).access_token;
    const res = await authPost(t.emulator, '/oauth/token/revoke', { token }, t.bootstrap);
    expect(res.status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}`, token)).status).toBe(200);
    expect(await introspect(t.emulator, other, token)).toMatchObject({ active: true });
  });

  it('answers 200 for unknown tokens and invalid requests, 401 only for bad client credentials', async () => {
    const t = setup();
    expect((await authPost(t.emulator, '/oauth/token/revoke', { token: 'unknown' }, t.bootstrap)).status).toBe(200);
    expect((await authPost(t.emulator, '/oauth/token/revoke', {}, t.bootstrap)).status).toBe(200);
    expect((await authPost(t.emulator, '/oauth/token/revoke', { token: 'x', token_type_hint: 'bogus' }, t.bootstrap)).status).toBe(200);
    expect(
      (await authPost(t.emulator, '/oauth/token/revoke', {}, t.bootstrap, { headers: { 'content-type': 'text/plain' }, body: 'x' })).status,
    ).toBe(200);
    expect((await authPost(t.emulator, '/oauth/token/revoke', { token: 'x' }, undefined)).status).toBe(401);
  });

  it('revokes a refresh token (with the access tokens issued with it); a revoked refresh token is invalid_grant', async () => {
    const t = setup();
    await setCustomer(t, 'c-1', 'jane@example.com', 'pw');
    const session = await okJson<TokenBody>(
      authPost(
        t.emulator,
        `/oauth/${PROJECT}/customers/token`,
        { grant_type: 'password', username: 'jane@example.com', password: 'pw' },
        t.bootstrap,
      ),
    );
    const unrelated = (await clientToken(t.emulator, t.bootstrap)).access_token;
    expect(
      (await authPost(t.emulator, '/oauth/token/revoke', { token: session.refresh_token!, token_type_hint: 'refresh_token' }, t.bootstrap))
        .status,
    ).toBe(200);
    const { body } = await errorOf(
      authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: session.refresh_token! }, t.bootstrap),
    );
    expect(body.error).toBe('invalid_grant');
    expect(await introspect(t.emulator, t.bootstrap, session.access_token)).toEqual({ active: false });
    expect(await introspect(t.emulator, t.bootstrap, unrelated)).toMatchObject({ active: true });
  });

  it('finds the token whatever the hint says', async () => {
    const t = setup();
    const token = (await clientToken(t.emulator, t.bootstrap)).access_token;
    await authPost(t.emulator, '/oauth/token/revoke', { token, token_type_hint: 'refresh_token' }, t.bootstrap);
    expect(await introspect(t.emulator, t.bootstrap, token)).toEqual({ active: false });
  });

  it('a server error during revocation is 5xx and the token still exists; the retry revokes it with 200', async () => {
    const t = setup();
    const { access_token: token } = await clientToken(t.emulator, t.bootstrap);
    const remove = t.emulator.faults.inject({ kind: 'error', status: 503, method: 'POST', path: '/auth/oauth/token/revoke', times: 1 });
    const failed = await revoke(t, token);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.status).toBeLessThan(600);
    expect(await introspect(t.emulator, t.bootstrap, token)).toMatchObject({ active: true });
    expect(await apiStatus(t, token)).toBe(200);
    remove();
    const retried = await revoke(t, token);
    expect(retried.status).toBe(200);
    expect(await introspect(t.emulator, t.bootstrap, token)).toEqual({ active: false });
    expect(await apiStatus(t, token)).toBe(401);
  });
});

describe('client deletion', () => {
  it('makes every token the client issued inactive', async () => {
    const t = setup();
    const c = await createClient(t, `manage_project:${PROJECT}`);
    const access = (await clientToken(t.emulator, c)).access_token;
    const anonymous = await okJson<TokenBody>(
      authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials' }, c),
    );
    const admin = (await clientToken(t.emulator, t.bootstrap)).access_token;
    const res = await api(t.emulator, `/${PROJECT}/api-clients/${c.clientId}`, admin, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await api(t.emulator, `/${PROJECT}`, access)).status).toBe(401);
    expect((await api(t.emulator, `/${PROJECT}`, anonymous.access_token)).status).toBe(401);
    expect(await introspect(t.emulator, t.bootstrap, anonymous.refresh_token!)).toEqual({ active: false });
    expect((await authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials' }, c)).status).toBe(401);
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 2, refresh: 0 });
  });
});
