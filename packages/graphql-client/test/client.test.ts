import { describe, expect, it } from 'vitest';
import { createTokenProvider } from '@commerce-kit/core-auth';
import {
  ConfigurationError,
  createGraphqlClient,
  CreateProductSelectionDocument,
  findError,
  GetProductSelectionDocument,
  isIdempotentDocument,
  NetworkError,
  QueryProductSelectionsDocument,
  UpdateProductSelectionDocument,
  type TokenSource,
} from '../src/index.js';
import { setUp } from './helpers.js';
import { expectShape } from './shape.js';

const noWait = { sleep: async () => undefined };
const draft = { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] };

describe('errors are values, typed by extensions.code', () => {
  it('ConcurrentModification carries currentVersion; the failed field is null', async () => {
    const { client } = await setUp();
    await client.request(CreateProductSelectionDocument, { draft });
    const result = await client.request(UpdateProductSelectionDocument, {
      key: 'summer',
      version: 5,
      actions: [{ setKey: { key: 'xx' } }],
    });
    expect(result.response.status).toBe(200);
    expect(result.data).toEqual({ updateProductSelection: null });
    const conflict = findError(result, 'ConcurrentModification');
    expect(conflict?.extensions.currentVersion).toBe(1);
    expect(conflict?.path).toEqual(['updateProductSelection']);
    expect(findError(result, 'ResourceNotFound')).toBeUndefined();
  });

  it('a missing scope is insufficient_scope, other fields still answer', async () => {
    const { emulator, rest, projectKey } = await setUp();
    const created = await rest<{ id: string; secret: string }>('POST', '/api-clients', {
      name: 'stores only',
      scope: `view_stores:${projectKey}`,
    });
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: emulator.urls().auth,
      projectKey,
      credentials: { clientId: created.body.id, clientSecret: created.body.secret },
      fetch: emulator.fetch,
    });
    const client = createGraphqlClient({ baseUrl: emulator.urls().api, projectKey, auth: tokenProvider, fetch: emulator.fetch });
    const result = await client.request(GetProductSelectionDocument, { key: 'summer' });
    expect(result.errors?.[0]?.extensions).toEqual({ code: 'insufficient_scope' });
    expect(result.errors?.[0]?.message).toContain(`view_product_selections:${projectKey}`);
  });

  it('a request refused as a whole (HTTP 400) has errors with the reason and no data', async () => {
    const { client } = await setUp();
    const syntax = await client.request('{ productSelections { total }');
    expect(syntax.response.status).toBe(400);
    expect(syntax.data).toBeUndefined();
    expect(syntax.errors?.[0]).toMatchObject({
      locations: [{ line: 1, column: 30 }],
      extensions: { code: 'InvalidInput', reason: 'SYNTAX' },
    });
    const unknown = await client.request('{ productSelections { colour } }');
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'Cannot query field "colour" on type "ProductSelectionQueryResult".',
      extensions: { code: 'InvalidInput', reason: 'VALIDATION' },
    });
  });

  it("a message carries the service's detailedErrorMessage, which extensions keep as sent", async () => {
    const { client } = await setUp();
    const result = await client.request(CreateProductSelectionDocument, { draft: { ...draft, key: 'k' } });
    const invalid = findError(result, 'InvalidJsonInput');
    expect(invalid?.message).toBe('Request body does not contain valid JSON. key: must NOT have fewer than 2 characters');
    expect(invalid?.extensions.detailedErrorMessage).toBe('key: must NOT have fewer than 2 characters');
  });

  it('NotEmulated: a live value or field the emulator does not model, named in the error', async () => {
    const { client } = await setUp();
    const result = await client.request('mutation { createCart(draft: { currency: "EUR", taxMode: ExternalAmount }) { id } }');
    const refused = findError(result, 'NotEmulated');
    expect(refused?.extensions).toMatchObject({ code: 'NotEmulated', field: 'taxMode' });
    expect(refused?.message).toContain("'taxMode'");

    // A field of the live schema that the emulator does not model: the request is refused, naming it.
    const field = await client.request('{ category(key: "shirts") { id } }');
    expect(field.response.status).toBe(501);
    expect(findError(field, 'NotEmulated')?.extensions).toEqual({ code: 'NotEmulated', field: 'Query.category' });
  });

  it('ignores members the service adds later: top-level extensions, extra error members', async () => {
    const { client: _unused, emulator, projectKey, tokenProvider } = await setUp();
    const client = createGraphqlClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: tokenProvider,
      fetch: async (input, init) => {
        const res = await emulator.fetch(new Request(input, init));
        const body = (await res.json()) as { errors?: Record<string, unknown>[]; [member: string]: unknown };
        body['extensions'] = { cost: { requested: 3 } };
        for (const error of body.errors ?? []) error['futureDetail'] = true;
        return Response.json(body, { status: res.status, headers: { 'x-correlation-id': res.headers.get('x-correlation-id') ?? '' } });
      },
    });
    const created = await client.request(CreateProductSelectionDocument, { draft });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createProductSelection?.key).toBe('summer');
    const conflict = await client.request(UpdateProductSelectionDocument, {
      key: 'summer',
      version: 5,
      actions: [{ setKey: { key: 'xx' } }],
    });
    // The error reads as before (members outside message, locations, path and extensions are not kept: GraphQL puts additions in extensions).
    expect(findError(conflict, 'ConcurrentModification')).toMatchObject({
      path: ['updateProductSelection'],
      extensions: { code: 'ConcurrentModification', currentVersion: 1 },
    });
    expect(conflict.data).toEqual({ updateProductSelection: null });
  });

  it('an answer without a usable body becomes an UnknownError with the status', async () => {
    const { client: _unused, emulator, projectKey, tokenProvider } = await setUp();
    const client = createGraphqlClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: tokenProvider,
      retry: false,
      fetch: async () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    });
    const result = await client.request(QueryProductSelectionsDocument);
    expect(result.errors).toEqual([
      { message: 'HTTP 502 without a GraphQL or service error body', extensions: { code: 'UnknownError', status: 502 } },
    ]);
  });
});

describe('auth, correlation id and external user id come from the shared transport', () => {
  it('a refused token (401 invalid_token) is invalidated and the request sent once more with a fresh one', async () => {
    const { emulator, projectKey, tokenProvider } = await setUp();
    const invalidated: (string | undefined)[] = [];
    let stale = true;
    const source: TokenSource = {
      getToken: async () => (stale ? 'revoked-token' : tokenProvider.getToken()),
      invalidate: (token) => {
        invalidated.push(token);
        stale = false;
      },
    };
    const client = createGraphqlClient({ baseUrl: emulator.urls().api, projectKey, auth: source, fetch: emulator.fetch });
    const result = await client.request(QueryProductSelectionsDocument);
    expect(result.errors).toBeUndefined();
    expect(invalidated).toEqual(['revoked-token']);

    const never: TokenSource = { getToken: async () => 'revoked-token', invalidate: () => undefined };
    const refused = await createGraphqlClient({ baseUrl: emulator.urls().api, projectKey, auth: never, fetch: emulator.fetch }).request(
      QueryProductSelectionsDocument,
    );
    expect(refused.response.status).toBe(401);
    expect(refused.errors?.[0]?.extensions.code).toBe('invalid_token');
  });

  it('every request has a correlation id, generated or given, and the result exposes the echoed one', async () => {
    const { emulator, projectKey, tokenProvider } = await setUp();
    const client = createGraphqlClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: tokenProvider,
      fetch: emulator.fetch,
      correlationIdPrefix: 'gql',
    });
    const generated = await client.request(QueryProductSelectionsDocument);
    expect(generated.correlationId).toMatch(/^gql-[0-9a-f]{32}$/);
    const given = await client.request(QueryProductSelectionsDocument, {}, { headers: { 'X-Correlation-ID': 'checkout-0001' } });
    expect(given.correlationId).toBe('checkout-0001');
  });

  it('sends X-External-User-ID, which the service records in createdBy', async () => {
    const { emulator, projectKey, tokenProvider } = await setUp();
    const client = createGraphqlClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: tokenProvider,
      fetch: emulator.fetch,
      externalUserId: 'backoffice-17',
    });
    const result = await client.request(CreateProductSelectionDocument, { draft });
    expect(result.data?.createProductSelection?.createdBy?.externalUserId).toBe('backoffice-17');
  });
  it("a call's header replaces the client's of the same name in any letter case; content type and accept stay JSON", async () => {
    const { emulator, projectKey, tokenProvider } = await setUp();
    const seen: Headers[] = [];
    const client = createGraphqlClient({
      baseUrl: emulator.urls().api,
      projectKey,
      auth: tokenProvider,
      headers: { 'Accept-Language': 'de', 'X-Team': 'catalogue', 'Content-Type': 'text/plain' },
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push(request.headers);
        return emulator.fetch(request);
      },
    });
    const result = await client.request(QueryProductSelectionsDocument, {}, { headers: { 'accept-language': 'fr', ACCEPT: 'text/html' } });
    expect(result.errors).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.get('accept-language')).toBe('fr');
    expect(seen[0]!.get('x-team')).toBe('catalogue');
    expect(seen[0]!.get('content-type')).toBe('application/json');
    expect(seen[0]!.get('accept')).toBe('application/json');
  });
});

describe('retries follow the REST rules, read from the document', () => {
  async function flaky(failures: number, failure: () => Response | Promise<never>) {
    const setup = await setUp();
    let calls = 0;
    const client = createGraphqlClient({
      baseUrl: setup.emulator.urls().api,
      projectKey: setup.projectKey,
      auth: setup.tokenProvider,
      retry: noWait,
      fetch: async (input, init) => {
        calls++;
        return calls <= failures ? failure() : setup.emulator.fetch(input, init);
      },
    });
    await setup.rest('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    return { client, calls: () => calls };
  }
  const overCapacity = () =>
    new Response(JSON.stringify({ statusCode: 503, message: 'busy', errors: [{ code: 'OverCapacity', message: 'busy' }] }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  const networkDown = () => Promise.reject(new TypeError('fetch failed'));

  it('retries a query after 503 and after a network error', async () => {
    const a = await flaky(2, overCapacity);
    expect((await a.client.request(QueryProductSelectionsDocument)).data?.productSelections.total).toBe(1);
    expect(a.calls()).toBe(3);
    const b = await flaky(1, networkDown);
    expect((await b.client.request(GetProductSelectionDocument, { key: 'summer' })).data?.productSelection?.key).toBe('summer');
    expect(b.calls()).toBe(2);
  });

  it('retries an update, which carries a version, but never a create', async () => {
    const update = await flaky(1, overCapacity);
    const updated = await update.client.request(UpdateProductSelectionDocument, {
      key: 'summer',
      version: 1,
      actions: [{ setKey: { key: 'xx' } }],
    });
    expect(updated.data?.updateProductSelection?.version).toBe(2);
    expect(update.calls()).toBe(2);

    const create = await flaky(1, overCapacity);
    const refused = await create.client.request(CreateProductSelectionDocument, { draft: { ...draft, key: 'winter' } });
    expect(refused.response.status).toBe(503);
    expect(refused.errors?.[0]).toEqual({ message: 'busy', extensions: { code: 'OverCapacity' } });
    expect(create.calls()).toBe(1);
  });

  it('a network failure that outlives the retries rejects with NetworkError (a create after one attempt)', async () => {
    const query = await flaky(10, networkDown);
    const error = await query.client.request(QueryProductSelectionsDocument).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', attempts: 4 });
    const create = await flaky(10, networkDown);
    const once = await create.client.request(CreateProductSelectionDocument, { draft }).catch((e: unknown) => e);
    expect(once).toMatchObject({ code: 'NETWORK_ERROR', attempts: 1 });
  });

  it('reads the operation kind and root fields of a document, strings and comments aside', () => {
    expect(isIdempotentDocument('{ productSelections { total } }')).toBe(true);
    expect(isIdempotentDocument('query Q($id: String) { productSelection(id: $id) { id } }')).toBe(true);
    expect(
      isIdempotentDocument(
        'mutation ($v: Long!) { a: updateStore(key: "b", version: $v, actions: []) { id } deleteProductSelection(key: "x", version: 1) { id } }',
      ),
    ).toBe(true);
    expect(isIdempotentDocument('mutation { createProductSelection(draft: { key: "updateX", name: [] }) { id } }')).toBe(false);
    expect(isIdempotentDocument('mutation { updateX: createStore(draft: { key: "b" }) { id } }')).toBe(false);
    expect(isIdempotentDocument('mutation { ...F } fragment F on Mutation { updateStore(version: 1, actions: []) { id } }')).toBe(false);
    expect(isIdempotentDocument('# mutation { createStore }\nquery { store(key: "}") { id } }')).toBe(true);
    expect(isIdempotentDocument('query { a } mutation { createStore(draft: {key: "k"}) { id } }')).toBe(false);
    expect(isIdempotentDocument('{ unbalanced ')).toBe(false);
  });
});

describe('options', () => {
  it('refuses misuse before anything is sent', async () => {
    const auth: TokenSource = { getToken: async () => 't', invalidate: () => undefined };
    const make = (options: Record<string, unknown>) => () => createGraphqlClient({ projectKey: 'p', auth, ...options } as never);
    expect(make({})).toThrow(ConfigurationError);
    expect(make({})).toThrow('baseUrl or region is required');
    expect(make({ baseUrl: 'https://api.example.com', region: 'europe-west1.gcp' })).toThrow('give baseUrl or region, not both');
    expect(make({ baseUrl: 'http://api.example.com' })).toThrow(ConfigurationError);
    expect(make({ region: 'mars-1' })).toThrow(ConfigurationError);
    expect(make({ baseUrl: 'https://api.example.com', projectKey: 'a/b' })).toThrow('projectKey');
    expect(make({ baseUrl: 'https://api.example.com', auth: undefined })).toThrow('auth');
    expect(createGraphqlClient({ region: 'europe-west1.gcp', projectKey: 'my-project', auth }).endpoint).toBe(
      'https://api.europe-west1.gcp.commercetools.com/my-project/graphql',
    );
    const warnings: string[] = [];
    const aliased = createGraphqlClient({ baseUrl: 'https://api.sphere.io', projectKey: 'p', auth, warn: (m) => warnings.push(m) });
    expect(aliased.endpoint).toBe('https://api.europe-west1.gcp.commercetools.com/p/graphql');
  });

  it('takes baseUrl like the REST and history clients, and still the deprecated url, never two different ones', () => {
    const auth: TokenSource = { getToken: async () => 't', invalidate: () => undefined };
    const endpoint = 'https://api.example.com/p/graphql';
    expect(createGraphqlClient({ baseUrl: 'https://api.example.com', projectKey: 'p', auth }).endpoint).toBe(endpoint);
    // The former name, for code written before baseUrl.
    expect(createGraphqlClient({ url: 'https://api.example.com', projectKey: 'p', auth }).endpoint).toBe(endpoint);
    expect(
      createGraphqlClient({ url: 'https://api.example.com', baseUrl: 'https://api.example.com', projectKey: 'p', auth }).endpoint,
    ).toBe(endpoint);
    const both = () => createGraphqlClient({ url: 'https://api.example.com', baseUrl: 'https://other.example.com', projectKey: 'p', auth });
    expect(both).toThrow(ConfigurationError);
    expect(both).toThrow('give baseUrl only: url is its deprecated name, and the two differ');
    // A message names the option the code gave.
    expect(() => createGraphqlClient({ url: 'https://api.example.com', region: 'europe-west1.gcp', projectKey: 'p', auth })).toThrow(
      'give url or region, not both',
    );
  });
});

describe('the shape checker of these tests', () => {
  it('refuses a result that does not fit the SDL', () => {
    expect(() => expectShape(GetProductSelectionDocument, { productSelection: { id: 1 } })).toThrow('is not a String');
    expect(() =>
      expectShape(QueryProductSelectionsDocument, { productSelections: { offset: 0, count: 0, total: null, exists: false, results: [] } }),
    ).toThrow('non-null');
    expect(() =>
      expectShape(QueryProductSelectionsDocument, { productSelections: { offset: 0, count: 0, total: 0, exists: false, results: [] } }),
    ).not.toThrow();
  });
});
