import { describe, expect, it } from 'vitest';
import {
  CommerceApiError,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  createRestClient,
  isConcurrentModification,
  isDuplicateField,
  isInsufficientScope,
  isInvalidInput,
  isInvalidJsonInput,
  isInvalidOperation,
  isInvalidToken,
  isReferenceExists,
  isReferencedResourceNotFound,
  isRequiredField,
  isResourceNotFound,
  isUnknownError,
  unwrap,
  type CommerceError,
} from '../src/index.js';
import { PROJECT, providerWithScope, recordingSleep, rejection, setup } from './helpers.js';

describe('createRestClient', () => {
  it('puts the project key under the API base and sends through the transport', async () => {
    const s = setup();
    expect(s.client.baseUrl).toBe(`http://127.0.0.1/${PROJECT}`);
    const { data, error, response, correlationId } = await s.client.POST('/product-selections', {
      body: { key: 'first', name: { en: 'First' } },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ key: 'first', version: 1, productCount: 0 });
    expect(correlationId).toMatch(/^ck-[0-9a-f]{32}$/);
    expect(s.rec.api()[0]!.path).toBe(`/${PROJECT}/product-selections`);
    expect(s.rec.api()[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('derives the host from a region, maps a deprecated alias, refuses plain http off loopback', () => {
    const { tokenProvider } = setup();
    expect(createRestClient({ region: 'australia-southeast1.gcp', projectKey: 'p', auth: tokenProvider }).baseUrl).toBe(
      'https://api.australia-southeast1.gcp.commercetools.com/p',
    );
    const notices: string[] = [];
    const aliased = createRestClient({
      baseUrl: 'https://api.commercetools.co/',
      projectKey: 'p',
      auth: tokenProvider,
      warn: (m) => notices.push(m),
    });
    expect(aliased.baseUrl).toBe('https://api.us-central1.gcp.commercetools.com/p');
    expect(notices.length).toBeLessThanOrEqual(1);
    const cases: [() => unknown, string][] = [
      [() => createRestClient({ baseUrl: 'http://api.example.com', projectKey: 'p', auth: tokenProvider }), 'INSECURE_URL'],
      [() => createRestClient({ projectKey: 'p', auth: tokenProvider }), 'INVALID_OPTION'],
      [
        () => createRestClient({ baseUrl: 'https://api.example.com', region: 'us-east-2.aws', projectKey: 'p', auth: tokenProvider }),
        'INVALID_OPTION',
      ],
      [() => createRestClient({ baseUrl: 'https://api.example.com', projectKey: '', auth: tokenProvider }), 'INVALID_OPTION'],
      [() => createRestClient({ baseUrl: 'https://api.example.com', projectKey: 'a/b', auth: tokenProvider }), 'INVALID_OPTION'],
      [() => createRestClient({ region: 'mars-1' as never, projectKey: 'p', auth: tokenProvider }), 'UNKNOWN_REGION'],
      [
        () => createRestClient({ baseUrl: 'https://api.example.com', projectKey: 'p', auth: tokenProvider, correlationIdPrefix: 'a/b' }),
        'INVALID_OPTION',
      ],
      [
        () =>
          createRestClient({ baseUrl: 'https://api.example.com', projectKey: 'p', auth: tokenProvider, externalUserId: 'jen@example.com' }),
        'INVALID_OPTION',
      ],
    ];
    for (const [make, code] of cases) {
      expect(make).toThrow(ConfigurationError);
      try {
        make();
      } catch (error) {
        expect(error).toMatchObject({ code });
      }
    }
  });

  it('accepts a token source directly or as { tokenProvider }', async () => {
    const s = setup();
    const direct = s.makeClient({ auth: s.tokenProvider });
    expect((await direct.GET('/stores')).error).toBeUndefined();
  });

  it('writes repeatable parameters as repeated keys and var as var.<name>, as the service reads them', async () => {
    const s = setup();
    for (const key of ['aa', 'bb', 'cc']) await s.client.POST('/product-selections', { body: { key, name: { en: key.toUpperCase() } } });
    await s.client.POST('/product-selections/key={key}', {
      params: { path: { key: 'bb' } },
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B2' } }] },
    });
    const { data } = await s.client.GET('/product-selections', {
      params: {
        query: {
          where: ['key in :keys', 'version = :v'],
          var: { keys: ['aa', 'bb', 'cc'], v: 1 },
          sort: ['key desc', 'id asc'],
          expand: ['x'],
        },
      },
    });
    expect(data?.results.map((r) => r.key)).toEqual(['cc', 'aa']);
    const search = s.rec.api().at(-1)!.search;
    expect(search).toBe(
      '?where=key%20in%20%3Akeys&where=version%20%3D%20%3Av&var.keys=aa&var.keys=bb&var.keys=cc&var.v=1&sort=key%20desc&sort=id%20asc&expand=x',
    );
  });

  it('sends default headers', async () => {
    const s = setup({ headers: { 'Accept-Language': 'de' } });
    await s.client.GET('/stores');
    expect(s.rec.api()[0]!.headers.get('accept-language')).toBe('de');
  });
});

describe('typed errors', () => {
  it('returns error values typed by code, with status and correlation id', async () => {
    const s = setup();
    const missing = await s.client.GET('/product-selections/{ID}', { params: { path: { ID: 'nope' } } });
    expect(missing.data).toBeUndefined();
    expect(isResourceNotFound(missing.error)).toBe(true);
    expect(missing.error).toMatchObject({
      code: 'ResourceNotFound',
      statusCode: 404,
      message: "The Resource with ID 'nope' was not found.",
    });
    expect(missing.error!.correlationId).toBe(missing.response.headers.get('x-correlation-id'));
    expect(missing.correlationId).toBe(missing.error!.correlationId);

    const { data: created } = await s.client.POST('/product-selections', { body: { key: 'sel', name: { en: 'Sel' } } });
    const stale = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: created!.id } },
      body: { version: 9, actions: [{ action: 'changeName', name: { en: 'x' } }] },
    });
    const error: CommerceError | undefined = stale.error;
    expect(isConcurrentModification(error)).toBe(true);
    if (isConcurrentModification(error)) expect(error.currentVersion).toBe(1);
    if (error?.code === 'ConcurrentModification') expect(error.currentVersion).toBe(1);

    const dup = await s.client.POST('/product-selections', { body: { key: 'sel', name: { en: 'Again' } } });
    expect(isDuplicateField(dup.error)).toBe(true);
    expect(dup.error).toMatchObject({ field: 'key', duplicateValue: 'sel', statusCode: 400 });

    const bad = await s.client.GET('/product-selections', { params: { query: { where: ['nonsense ==== 1'] } } });
    expect(isInvalidInput(bad.error)).toBe(true);

    const missingMember = await s.client.POST('/product-selections', { body: { key: 'no-name' } as never });
    expect(isInvalidJsonInput(missingMember.error)).toBe(true);
    expect(missingMember.error).toMatchObject({ detailedErrorMessage: 'name: Missing required value' });

    const required = await s.client.DELETE('/product-selections/key={key}', { params: { path: { key: 'sel' }, query: {} as never } });
    expect(isRequiredField(required.error)).toBe(true);
    expect(required.error).toMatchObject({ field: 'version' });

    const dangling = await s.client.POST('/stores', {
      body: { key: 'st', productSelections: [{ productSelection: { typeId: 'product-selection', id: 'nope' }, active: true }] },
    });
    expect(isReferencedResourceNotFound(dangling.error)).toBe(true);

    const { data: store } = await s.client.POST('/stores', { body: { key: 'eu' } });
    const inactive = await s.client.POST('/stores/{ID}', {
      params: { path: { ID: store!.id } },
      body: {
        version: store!.version,
        actions: [{ action: 'changeProductSelectionActive', productSelection: { typeId: 'product-selection', key: 'sel' }, active: true }],
      },
    });
    expect(isInvalidOperation(inactive.error)).toBe(true);

    await s.client.POST('/stores/{ID}', {
      params: { path: { ID: store!.id } },
      body: {
        version: store!.version,
        actions: [{ action: 'addProductSelection', productSelection: { typeId: 'product-selection', key: 'sel' }, active: true }],
      },
    });
    const referenced = await s.client.DELETE('/product-selections/key={key}', { params: { path: { key: 'sel' }, query: { version: 1 } } });
    expect(isReferenceExists(referenced.error)).toBe(true);
  });

  it('types 401 and 403', async () => {
    const s = setup();
    const reader = s.makeClient({ auth: providerWithScope(s, `view_product_selections:${PROJECT}`) });
    const forbidden = await reader.POST('/product-selections', { body: { name: { en: 'x' } } });
    expect(isInsufficientScope(forbidden.error)).toBe(true);
    expect(forbidden.error).toMatchObject({ statusCode: 403, error: 'insufficient_scope' });
    const refused = s.makeClient({ auth: { getToken: async () => 'not-a-token', invalidate: () => undefined } });
    const unauthorized = await refused.GET('/stores');
    expect(isInvalidToken(unauthorized.error)).toBe(true);
    expect(unauthorized.error).toMatchObject({ statusCode: 401, error: 'invalid_token' });
  });

  it('makes an UnknownError of an answer without an error body, keeping any unknown code', async () => {
    const s = setup();
    const html = s.makeClient({
      fetch: async () => new Response('<html>Not found</html>', { status: 404, headers: { 'content-type': 'text/html' } }),
    });
    const res = await html.GET('/stores');
    expect(isUnknownError(res.error)).toBe(true);
    expect(res.error).toMatchObject({ code: 'UnknownError', statusCode: 404, errors: [] });
    const odd = s.makeClient({
      fetch: async () =>
        Response.json({ statusCode: 418, message: 'teapot', errors: [{ code: 'Teapot', message: 'teapot' }] }, { status: 418 }),
    });
    expect((await odd.GET('/stores')).error).toMatchObject({ code: 'UnknownError', reportedCode: 'Teapot', message: 'teapot' });
  });

  it('ignores fields the service adds later: data and errors read as before, the new fields passed through', async () => {
    const s = setup();
    /** The emulator's answers with a member the contract does not know, on every object answer and error object. */
    const withFutureFields = s.makeClient({
      fetch: async (input, init) => {
        const res = await s.rec.fetch(input, init);
        if (!res.headers.get('content-type')?.includes('json')) return res;
        const body = (await res.json()) as Record<string, unknown> & { errors?: Record<string, unknown>[] };
        body['futureField'] = { added: 'later' };
        for (const error of body.errors ?? []) error['futureDetail'] = 42;
        const headers = new Headers(res.headers);
        headers.delete('content-length');
        return new Response(JSON.stringify(body), { status: res.status, headers });
      },
    });
    const created = unwrap(await withFutureFields.POST('/product-selections', { body: { key: 'future', name: { en: 'Future' } } }));
    expect(created).toMatchObject({ key: 'future', version: 1, futureField: { added: 'later' } });
    const page = unwrap(await withFutureFields.GET('/product-selections', { params: { query: { where: ['key = "future"'] } } }));
    expect(page.results.map((selection) => selection.id)).toEqual([created.id]);
    const missing = await withFutureFields.GET('/product-selections/key={key}', { params: { path: { key: 'nope' } } });
    expect(isResourceNotFound(missing.error)).toBe(true);
    expect(missing.error).toMatchObject({
      code: 'ResourceNotFound',
      statusCode: 404,
      errors: [{ code: 'ResourceNotFound', futureDetail: 42 }],
    });
    const stale = await withFutureFields.POST('/product-selections/{ID}', {
      params: { path: { ID: created.id } },
      body: { version: 9, actions: [{ action: 'changeName', name: { en: 'x' } }] },
    });
    expect(isConcurrentModification(stale.error) && stale.error.currentVersion).toBe(1);
  });

  it('unwrap returns data or throws CommerceApiError', async () => {
    const s = setup();
    const { data } = await s.client.POST('/stores', { body: { key: 'ww' } });
    expect(unwrap(await s.client.GET('/stores/{ID}', { params: { path: { ID: data!.id } } })).key).toBe('ww');
    const error = await rejection((async () => unwrap(await s.client.GET('/stores/key={key}', { params: { path: { key: 'nope' } } })))());
    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({ code: 'COMMERCE_API_ERROR', status: 404, error: { code: 'ResourceNotFound' } });
  });
});

describe('transport behaviour through the client', () => {
  it('correlation ids: generated with the prefix, caller-given echoed, invalid refused before sending', async () => {
    const s = setup({ correlationIdPrefix: 'shop' });
    const a = await s.client.GET('/stores');
    expect(a.correlationId).toMatch(/^shop-[0-9a-f]{32}$/);
    const b = await s.client.GET('/stores', { params: { header: { 'X-Correlation-ID': 'order-4711-retry_2' } } });
    expect(b.correlationId).toBe('order-4711-retry_2');
    const error = await rejection(s.client.GET('/stores', { headers: { 'X-Correlation-ID': 'no/slashes/please' } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'INVALID_CORRELATION_ID' });
    expect(s.rec.api()).toHaveLength(2);
  });

  it('X-External-User-ID: per client and per request, recorded in createdBy, e-mail refused', async () => {
    const s = setup({ externalUserId: 'backoffice-17' });
    const a = await s.client.POST('/product-selections', { body: { key: 'aa', name: { en: 'A' } } });
    expect(a.data?.createdBy?.externalUserId).toBe('backoffice-17');
    const b = await s.client.POST('/product-selections', {
      body: { key: 'bb', name: { en: 'B' } },
      params: { header: { 'X-External-User-ID': 'user-4711' } },
    });
    expect(b.data?.createdBy?.externalUserId).toBe('user-4711');
    const updated = await s.client.POST('/product-selections/{ID}', {
      params: { path: { ID: b.data!.id }, header: { 'X-External-User-ID': 'user-99' } },
      body: { version: 1, actions: [{ action: 'changeName', name: { en: 'B2' } }] },
    });
    expect(updated.data?.lastModifiedBy?.externalUserId).toBe('user-99');
    const sent = s.rec.api().length;
    const error = await rejection(
      s.client.POST('/product-selections', {
        body: { key: 'cc', name: { en: 'C' } },
        params: { header: { 'X-External-User-ID': 'jen.doe@example.com' } },
      }),
    );
    expect(error).toMatchObject({ code: 'INVALID_EXTERNAL_USER_ID' });
    expect(s.rec.api()).toHaveLength(sent);
    expect(s.emu.context.state.collection('product-selection').getByKey('cc')).toBeUndefined();
  });

  it('refuses URL plus headers over 15 KB before sending', async () => {
    const s = setup();
    const keys = Array.from({ length: 600 }, (_, i) => `selection-key-${i}`);
    const error = await rejection(s.client.GET('/product-selections', { params: { query: { where: ['key in :keys'], var: { keys } } } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    expect(s.rec.api()).toHaveLength(0);
  });

  it('retries GETs, never creates; a cut create rejects with NetworkError', async () => {
    const { sleep, delays } = recordingSleep();
    const s = setup({ retry: { sleep } });
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'GET', path: `/${PROJECT}/stores`, times: 2 });
    expect((await s.client.GET('/stores')).error).toBeUndefined();
    expect(delays).toHaveLength(2);
    s.emu.faults.inject({ kind: 'error', status: 503, method: 'POST', path: `/${PROJECT}/stores`, times: 1 });
    const overCapacity = await s.client.POST('/stores', { body: { key: 'x' } });
    expect(overCapacity.error).toMatchObject({ code: 'OverCapacity', statusCode: 503 });
    expect(s.rec.api().filter((r) => r.method === 'POST')).toHaveLength(1);
    s.emu.faults.inject({ kind: 'cut', method: 'POST', path: `/${PROJECT}/stores`, times: 1 });
    const error = await rejection(s.client.POST('/stores', { body: { key: 'y' } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ attempts: 1 });
  });

  it('carries no openapi-fetch client: that is createOpenapiFetchClient, of its own entry', () => {
    const s = setup({ headers: { 'Accept-Language': 'de' } });
    expect(Object.keys(s.client).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST', 'baseUrl', 'headers', 'projectKey', 'transport']);
    expect(s.client.headers).toEqual({ 'accept-language': 'de' });
    expect(Object.isFrozen(s.client.headers)).toBe(true);
  });
});
