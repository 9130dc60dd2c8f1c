import { describe, expect, it } from 'vitest';
import {
  ORIGIN,
  PROJECT,
  api,
  authPost,
  basic,
  clientToken,
  createClient,
  errorOf,
  okJson,
  setCustomer,
  setup,
  type TokenBody,
} from './helpers.js';

describe('client credentials flow', () => {
  it('issues a Bearer token with all of the client scopes when none is requested, without refresh token', async () => {
    const t = setup();
    const res = await authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials' }, t.bootstrap);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as TokenBody;
    expect(body).toEqual({
      access_token: expect.any(String),
      expires_in: 172_800,
      scope: `manage_project:${PROJECT}`,
      token_type: 'Bearer',
    });
    expect(body.refresh_token).toBeUndefined();
    expect((await api(t.emulator, `/${PROJECT}`, body.access_token)).status).toBe(200);
  });

  it('grants a requested subset, and a store-restricted narrowing of a held project-wide scope', async () => {
    const t = setup();
    const c = await createClient(t, `view_products:${PROJECT} view_orders:${PROJECT} manage_my_orders:${PROJECT}:eu`);
    expect((await clientToken(t.emulator, c, `view_orders:${PROJECT}`)).scope).toBe(`view_orders:${PROJECT}`);
    expect((await clientToken(t.emulator, c, `view_products:${PROJECT}:us  manage_my_orders:${PROJECT}:eu`)).scope).toBe(
      `view_products:${PROJECT}:us manage_my_orders:${PROJECT}:eu`,
    );
  });

  it('refuses scopes the client does not hold with 400 invalid_scope', async () => {
    const t = setup();
    const c = await createClient(t, `view_products:${PROJECT} manage_my_orders:${PROJECT}:eu`);
    for (const scope of [
      `manage_project:${PROJECT}`,
      `view_products:other-project`,
      `manage_my_orders:${PROJECT}`,
      `manage_my_orders:${PROJECT}:us`,
      'customer_id:abc',
      'openid',
    ]) {
      const { status, body } = await errorOf(authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials', scope }, c));
      expect(status, scope).toBe(400);
      expect(body.error).toBe('invalid_scope');
      expect(body.errors[0]?.code).toBe('invalid_scope');
      expect(body.error_description).toBe(body.message);
    }
  });
});

describe('client authentication', () => {
  const cases: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a Bearer header', { authorization: 'Bearer abc' }],
    ['malformed Basic', { authorization: 'Basic !!!' }],
    ['Basic without colon', { authorization: `Basic ${Buffer.from('bootstrap').toString('base64')}` }],
    ['a wrong secret', { authorization: basic('bootstrap', 'wrong') }],
    ['an unknown client', { authorization: basic('nobody', 'bootstrap-secret') }],
    ['an empty secret', { authorization: basic('bootstrap', '') }],
  ];
  for (const [name, headers] of cases) {
    it(`answers 401 invalid_client with WWW-Authenticate: Basic for ${name}, on every endpoint`, async () => {
      const t = setup();
      for (const path of [
        '/oauth/token',
        `/oauth/${PROJECT}/customers/token`,
        `/oauth/${PROJECT}/in-store/key=eu/customers/token`,
        `/oauth/${PROJECT}/anonymous/token`,
        '/oauth/introspect',
        '/oauth/token/revoke',
      ]) {
        const {
          status,
          body,
          headers: h,
        } = await errorOf(authPost(t.emulator, path, { grant_type: 'client_credentials', token: 'x' }, undefined, { headers }));
        expect(status, path).toBe(401);
        expect(body.error).toBe('invalid_client');
        expect(body.statusCode).toBe(401);
        expect(h.get('www-authenticate')).toMatch(/^Basic /);
        expect(h.get('cache-control')).toBe('no-store');
      }
      expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 0, refresh: 0 });
    });
  }

  it('accepts form-url-encoded credentials (RFC 6749 2.3.1)', async () => {
    const t = setup({ clientId: 'my client', clientSecret: 'sec+ret/%' });
    const encoded = basic(encodeURIComponent('my client'), encodeURIComponent('sec+ret/%'));
    const res = await authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials' }, undefined, {
      headers: { authorization: encoded },
    });
    expect(res.status).toBe(200);
  });
});

describe('parameters in the query string', () => {
  /** A POST with the parameters in the URL and no body (and so no content type), as the live service accepts it. */
  const queryPost = (t: ReturnType<typeof setup>, path: string, params: Record<string, string>, init: { body?: string } = {}) =>
    t.emulator.fetch(`${ORIGIN}/auth${path}?${new URLSearchParams(params).toString()}`, {
      method: 'POST',
      headers: {
        authorization: basic(t.bootstrap.clientId, t.bootstrap.clientSecret),
        ...(init.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });

  it('the client credentials flow reads grant_type and scope from the query string, with no body', async () => {
    const t = setup();
    const body = await okJson<TokenBody>(
      queryPost(t, '/oauth/token', { grant_type: 'client_credentials', scope: `view_products:${PROJECT}` }),
    );
    expect(body).toMatchObject({ scope: `view_products:${PROJECT}`, token_type: 'Bearer' });
    expect((await api(t.emulator, '/' + PROJECT + '/products', body.access_token)).status).toBe(200);
  });

  it('the body wins where both give a parameter; the others add up', async () => {
    const t = setup();
    const both = await okJson<TokenBody>(
      queryPost(
        t,
        '/oauth/token',
        { grant_type: 'client_credentials', scope: `manage_project:${PROJECT}` },
        { body: `scope=view_products:${PROJECT}` },
      ),
    );
    expect(both.scope).toBe(`view_products:${PROJECT}`);
    const refused = await errorOf(queryPost(t, '/oauth/token', { grant_type: 'client_credentials' }, { body: 'grant_type=password' }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('unsupported_grant_type');
  });

  it('the password, anonymous, refresh, introspection and revocation endpoints read the query string too', async () => {
    const t = setup();
    await setCustomer(t, 'c-1', 'jane@example.com', 'pa55word!');
    const customer = await okJson<TokenBody>(
      queryPost(t, `/oauth/${PROJECT}/customers/token`, { grant_type: 'password', username: 'jane@example.com', password: 'pa55word!' }),
    );
    expect(customer.scope).toBe(`manage_project:${PROJECT} customer:c-1`);
    const anonymous = await okJson<TokenBody>(
      queryPost(t, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: 'visitor-1' }),
    );
    expect(anonymous.scope).toBe(`manage_project:${PROJECT} anonymous_id=visitor-1`);
    const refreshed = await okJson<TokenBody>(
      queryPost(t, '/oauth/token', { grant_type: 'refresh_token', refresh_token: anonymous.refresh_token! }),
    );
    expect(refreshed.scope).toBe(anonymous.scope);
    expect(await okJson(queryPost(t, '/oauth/introspect', { token: customer.access_token }))).toMatchObject({
      active: true,
      scope: customer.scope,
    });
    expect((await queryPost(t, '/oauth/token/revoke', { token: customer.access_token })).status).toBe(200);
    expect(await okJson(queryPost(t, '/oauth/introspect', { token: customer.access_token }))).toEqual({ active: false });
  });

  it('a parameter repeated in the query string is 400 invalid_request, and no token is issued', async () => {
    const t = setup();
    const repeated = await t.emulator.fetch(`${ORIGIN}/auth/oauth/token?grant_type=client_credentials&grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: basic(t.bootstrap.clientId, t.bootstrap.clientSecret) },
    });
    const { status, body } = await errorOf(repeated);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 0, refresh: 0 });
  });
});

describe('request validation', () => {
  it('requires a form body', async () => {
    const t = setup();
    const { status, body } = await errorOf(
      authPost(t.emulator, '/oauth/token', {}, t.bootstrap, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
  });

  it('accepts a charset parameter on the form content type', async () => {
    const t = setup();
    const res = await authPost(t.emulator, '/oauth/token', { grant_type: 'client_credentials' }, t.bootstrap, {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });
    expect(res.status).toBe(200);
  });

  it('answers invalid_request for a missing grant_type or a repeated parameter, unsupported_grant_type for others', async () => {
    const t = setup();
    expect((await errorOf(authPost(t.emulator, '/oauth/token', {}, t.bootstrap))).body.error).toBe('invalid_request');
    const repeated = await errorOf(
      authPost(t.emulator, '/oauth/token', {}, t.bootstrap, { body: 'grant_type=client_credentials&grant_type=client_credentials' }),
    );
    expect(repeated.body.error).toBe('invalid_request');
    for (const [path, grant] of [
      ['/oauth/token', 'password'],
      ['/oauth/token', 'authorization_code'],
      [`/oauth/${PROJECT}/customers/token`, 'client_credentials'],
      [`/oauth/${PROJECT}/anonymous/token`, 'password'],
    ] as const) {
      const { status, body } = await errorOf(
        authPost(t.emulator, path, { grant_type: grant, username: 'a@b.c', password: 'x' }, t.bootstrap),
      );
      expect(status, `${path} ${grant}`).toBe(400);
      expect(body.error).toBe('unsupported_grant_type');
    }
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 0, refresh: 0 });
  });

  it('answers 400 invalid_request for another project key in the path', async () => {
    const t = setup();
    for (const path of [
      '/oauth/other-project/customers/token',
      '/oauth/other-project/in-store/key=eu/customers/token',
      '/oauth/other-project/anonymous/token',
    ]) {
      const { status, body } = await errorOf(authPost(t.emulator, path, { grant_type: 'client_credentials' }, t.bootstrap));
      expect(status, path).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
  });

  it('answers 404 for an in-store segment without key= and 405 for other methods', async () => {
    const t = setup();
    expect(
      (await authPost(t.emulator, `/oauth/${PROJECT}/in-store/eu/customers/token`, { grant_type: 'password' }, t.bootstrap)).status,
    ).toBe(404);
    expect((await t.emulator.fetch('http://127.0.0.1/auth/oauth/token')).status).toBe(405);
  });
});

describe('password flow', () => {
  it('logs in a global customer (e-mail case-insensitive) with a refresh token and customer_id in the scope', async () => {
    const t = setup();
    await setCustomer(t, 'c-1', 'Jane@Example.com', 'pa55word!');
    const res = await authPost(
      t.emulator,
      `/oauth/${PROJECT}/customers/token`,
      { grant_type: 'password', username: 'jane@EXAMPLE.com', password: 'pa55word!' },
      t.bootstrap,
    );
    const body = await okJson<TokenBody>(res);
    expect(body.scope).toBe(`manage_project:${PROJECT} customer:c-1`);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.token_type).toBe('Bearer');
    const principal = await t.emulator.context.auth.verifyAccessToken(body.access_token);
    expect(principal).toMatchObject({ clientId: 'bootstrap', customerId: 'c-1', external: false });
    expect(principal?.storeKey).toBeUndefined();
  });

  it('answers invalid_customer_account_credentials for a wrong password, an unknown e-mail and a Store customer on the global endpoint', async () => {
    const t = setup();
    await setCustomer(t, 'c-1', 'jane@example.com', 'right');
    await setCustomer(t, 'c-2', 'store@example.com', 'right', ['eu']);
    for (const [username, password] of [
      ['jane@example.com', 'wrong'],
      ['nobody@example.com', 'right'],
      ['store@example.com', 'right'],
    ] as const) {
      const { status, body } = await errorOf(
        authPost(t.emulator, `/oauth/${PROJECT}/customers/token`, { grant_type: 'password', username, password }, t.bootstrap),
      );
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_customer_account_credentials');
      expect(body.error_description).toBe('Customer account with the given credentials not found.');
    }
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 0, refresh: 0 });
  });

  it('requires username and password', async () => {
    const t = setup();
    const incomplete: Record<string, string>[] = [
      { grant_type: 'password', password: 'x' },
      { grant_type: 'password', username: 'a@b.c' },
    ];
    for (const params of incomplete) {
      const { status, body } = await errorOf(authPost(t.emulator, `/oauth/${PROJECT}/customers/token`, params, t.bootstrap));
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
  });

  it('in a Store: accepts only that Store customers and restricts the scopes to the Store', async () => {
    const t = setup();
    const c = await createClient(t, `manage_my_profile:${PROJECT} view_products:${PROJECT}:eu view_orders:${PROJECT}:us`);
    await setCustomer(t, 'c-eu', 'eu@example.com', 'pw-eu', ['eu', 'de']);
    await setCustomer(t, 'c-global', 'global@example.com', 'pw-g');
    const path = `/oauth/${PROJECT}/in-store/key=eu/customers/token`;
    const body = await okJson<TokenBody>(
      authPost(t.emulator, path, { grant_type: 'password', username: 'EU@example.com', password: 'pw-eu' }, c),
    );
    expect(body.scope).toBe(`manage_my_profile:${PROJECT}:eu view_products:${PROJECT}:eu customer:c-eu`);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(await t.emulator.context.auth.verifyAccessToken(body.access_token)).toMatchObject({ customerId: 'c-eu', storeKey: 'eu' });

    for (const [p, username, password] of [
      [path, 'global@example.com', 'pw-g'],
      [`/oauth/${PROJECT}/in-store/key=us/customers/token`, 'eu@example.com', 'pw-eu'],
      [path, 'eu@example.com', 'wrong'],
    ] as const) {
      const { status, body: err } = await errorOf(authPost(t.emulator, p, { grant_type: 'password', username, password }, c));
      expect(status).toBe(400);
      expect(err.error).toBe('invalid_customer_account_credentials');
    }
    const wrongStoreScope = await errorOf(
      authPost(
        t.emulator,
        path,
        { grant_type: 'password', username: 'eu@example.com', password: 'pw-eu', scope: `view_orders:${PROJECT}:us` },
        c,
      ),
    );
    expect(wrongStoreScope.body.error).toBe('invalid_scope');
    // The refresh flow keeps the Store.
    const refreshed = await okJson<TokenBody>(
      authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: body.refresh_token! }, c),
    );
    expect(refreshed.scope).toBe(body.scope);
    expect(await t.emulator.context.auth.verifyAccessToken(refreshed.access_token)).toMatchObject({ customerId: 'c-eu', storeKey: 'eu' });
  });

  it('a Store-restricted customer token does not open global endpoints', async () => {
    const t = setup();
    await setCustomer(t, 'c-eu', 'eu@example.com', 'pw-eu', ['eu']);
    const body = await okJson<TokenBody>(
      authPost(
        t.emulator,
        `/oauth/${PROJECT}/in-store/key=eu/customers/token`,
        { grant_type: 'password', username: 'eu@example.com', password: 'pw-eu' },
        t.bootstrap,
      ),
    );
    expect(body.scope).toBe(`manage_project:${PROJECT}:eu customer:c-eu`);
    expect((await api(t.emulator, `/${PROJECT}`, body.access_token)).status).toBe(403);
  });
});

describe('anonymous session flow', () => {
  it('generates an anonymous id when none is given, with a refresh token', async () => {
    const t = setup();
    const body = await okJson<TokenBody>(
      authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials' }, t.bootstrap),
    );
    expect(body.scope).toMatch(new RegExp(`^manage_project:${PROJECT} anonymous_id=[0-9a-f-]{36}$`));
    expect(body.refresh_token).toEqual(expect.any(String));
    const principal = await t.emulator.context.auth.verifyAccessToken(body.access_token);
    expect(principal?.anonymousId).toBe(body.scope.split('anonymous_id=')[1]);
  });

  it('accepts a given anonymous id once; reusing it is invalid_request, the refresh token is the only way on', async () => {
    const t = setup();
    const c = await createClient(t, `create_anonymous_token:${PROJECT} manage_my_orders:${PROJECT}`);
    const path = `/oauth/${PROJECT}/anonymous/token`;
    const first = await okJson<TokenBody>(
      authPost(t.emulator, path, { grant_type: 'client_credentials', anonymous_id: 'visitor-1', scope: `manage_my_orders:${PROJECT}` }, c),
    );
    expect(first.scope).toBe(`manage_my_orders:${PROJECT} anonymous_id=visitor-1`);
    const before = t.emulator.context.auth.tokenCounts();
    for (const creds of [c, t.bootstrap]) {
      const { status, body } = await errorOf(
        authPost(t.emulator, path, { grant_type: 'client_credentials', anonymous_id: 'visitor-1' }, creds),
      );
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
    expect(t.emulator.context.auth.tokenCounts()).toEqual(before);
    const refreshed = await okJson<TokenBody>(
      authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: first.refresh_token! }, c),
    );
    expect(refreshed.scope).toBe(first.scope);
    expect(refreshed.refresh_token).toBeUndefined();
    expect((await t.emulator.context.auth.verifyAccessToken(refreshed.access_token))?.anonymousId).toBe('visitor-1');
  });

  it('needs create_anonymous_token (or manage_project)', async () => {
    const t = setup();
    const c = await createClient(t, `view_products:${PROJECT} create_anonymous_token:${PROJECT}:eu`);
    const { status, body } = await errorOf(
      authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials' }, c),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_scope');
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 1, refresh: 0 }); // the admin token of createClient
  });

  it('refuses an anonymous id with white space', async () => {
    const t = setup();
    const { body } = await errorOf(
      authPost(t.emulator, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: 'a b' }, t.bootstrap),
    );
    expect(body.error).toBe('invalid_request');
  });
});

describe('refresh token flow', () => {
  async function customerSession(t: ReturnType<typeof setup>, creds = t.bootstrap, scope?: string): Promise<TokenBody> {
    await setCustomer(t, 'c-1', 'jane@example.com', 'pw');
    return okJson<TokenBody>(
      authPost(
        t.emulator,
        `/oauth/${PROJECT}/customers/token`,
        { grant_type: 'password', username: 'jane@example.com', password: 'pw', ...(scope ? { scope } : {}) },
        creds,
      ),
    );
  }

  it('returns a new access token with the same scope and no new refresh token', async () => {
    const t = setup();
    const session = await customerSession(t);
    const res = await okJson<TokenBody>(
      authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: session.refresh_token! }, t.bootstrap),
    );
    expect(res).toEqual({ access_token: expect.any(String), expires_in: 172_800, scope: session.scope, token_type: 'Bearer' });
    expect(res.access_token).not.toBe(session.access_token);
    expect(t.emulator.context.auth.tokenCounts()).toEqual({ access: 2, refresh: 1 });
  });

  it('accepts a narrower requested scope and refuses a wider one', async () => {
    const t = setup();
    const c = await createClient(t, `manage_my_profile:${PROJECT} manage_my_orders:${PROJECT} view_products:${PROJECT}`);
    const session = await customerSession(t, c, `manage_my_profile:${PROJECT} manage_my_orders:${PROJECT}`);
    const narrower = await okJson<TokenBody>(
      authPost(
        t.emulator,
        '/oauth/token',
        { grant_type: 'refresh_token', refresh_token: session.refresh_token!, scope: `manage_my_orders:${PROJECT}` },
        c,
      ),
    );
    expect(narrower.scope).toBe(`manage_my_orders:${PROJECT} customer:c-1`);
    const wider = await errorOf(
      authPost(
        t.emulator,
        '/oauth/token',
        { grant_type: 'refresh_token', refresh_token: session.refresh_token!, scope: `view_products:${PROJECT}` },
        c,
      ),
    );
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe('invalid_scope');
  });

  it('answers invalid_grant for an unknown token, an access token, and another client refresh token; invalid_request without one', async () => {
    const t = setup();
    const other = await createClient(t, `view_products:${PROJECT}`);
    const session = await customerSession(t);
    for (const [refreshToken, creds] of [
      ['unknown', t.bootstrap],
      [session.access_token, t.bootstrap],
      [session.refresh_token!, other],
    ] as const) {
      const { status, body } = await errorOf(
        authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, creds),
      );
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_grant');
    }
    const missing = await errorOf(authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token' }, t.bootstrap));
    expect(missing.body.error).toBe('invalid_request');
    // Still usable by its own client.
    expect(
      (await authPost(t.emulator, '/oauth/token', { grant_type: 'refresh_token', refresh_token: session.refresh_token! }, t.bootstrap))
        .status,
    ).toBe(200);
  });
});
