import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../src/emulator/graphql/limits.js';
import { createApi, type Api } from '../helpers/api.js';
import { tokenWith } from '../helpers/tokens.js';
import { data, failure, gql, type GqlBody } from './helpers.js';

/** Scopes, request-level refusals (HTTP 400) and the limits of the GraphQL endpoint. */

let api: Api;

beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-limits' });
  await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
});

async function post(body: string, token?: string) {
  const res = await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await api.token())}`, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as GqlBody<unknown> & { message?: string } };
}

describe('scopes', () => {
  it('checks each field against the scope of its REST counterpart', async () => {
    const stores = await tokenWith(api, `view_stores:${api.project}`);
    const refused = await failure(gql(api, '{ productSelection(key: "summer") { id } }', undefined, stores));
    expect(refused.status).toBe(200);
    expect(refused.error.extensions).toEqual({ code: 'insufficient_scope' });
    expect(refused.error.message).toBe(
      `Insufficient scope. One of the following scopes is missing: view_product_selections:${api.project}.`,
    );
    expect(refused.body.data).toEqual({ productSelection: null });

    const viewer = await tokenWith(api, `view_product_selections:${api.project}`);
    expect(await data(gql(api, '{ productSelection(key: "summer") { key } }', undefined, viewer))).toEqual({
      productSelection: { key: 'summer' },
    });
    const write = await failure(
      gql(api, 'mutation { createProductSelection(draft: { name: [{ locale: "en", value: "x" }] }) { id } }', undefined, viewer),
    );
    expect(write.error.extensions).toEqual({ code: 'insufficient_scope' });
    expect(write.error.message).toContain('manage_product_selections');
  });

  it('answers a partial result: fields the token may read stand beside those it may not', async () => {
    const viewer = await tokenWith(api, `view_product_selections:${api.project}`);
    const { status, body } = await gql(api, '{ productSelection(key: "summer") { key } store(key: "x") { id } }', undefined, viewer);
    expect(status).toBe(200);
    expect(body.data).toEqual({ productSelection: { key: 'summer' }, store: null });
    expect(body.errors).toEqual([expect.objectContaining({ path: ['store'], extensions: { code: 'insufficient_scope' } })]);
  });

  it('refuses a token with none of the GraphQL scopes (403) and a request without a token (401)', async () => {
    const history = await tokenWith(api, `view_audit_log:${api.project}`);
    const refused = await post('{"query":"{ __typename }"}', history);
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.code).toBe('insufficient_scope');
    const res = await api.emulator.fetch(`${api.emulator.urls().api}/${api.project}/graphql`, {
      method: 'POST',
      body: '{"query":"{ __typename }"}',
    });
    expect(res.status).toBe(401);
  });
});

describe('requests refused as a whole (HTTP 400, a GraphQL response and the REST error body at once)', () => {
  it('a syntax error, with its location', async () => {
    const { status, body, error } = await failure(gql(api, '{ productSelections { total }'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, message: error.message });
    expect(error).toMatchObject({
      code: 'InvalidInput',
      locations: [{ line: 1, column: 30 }],
      extensions: { code: 'InvalidInput', reason: 'SYNTAX' },
    });
    expect(error.message).toMatch(/^Syntax Error: Expected Name, found <EOF>\./);
    expect(body.data).toBeUndefined();
  });

  it('an unknown field, argument or type, as graphql-js words it', async () => {
    const unknown = await failure(gql(api, '{ productSelections { total colour } }'));
    expect(unknown.status).toBe(400);
    expect(unknown.error.message).toBe('Cannot query field "colour" on type "ProductSelectionQueryResult".');
    expect(unknown.error.extensions).toEqual({ code: 'InvalidInput', reason: 'VALIDATION' });
    const argument = await failure(gql(api, '{ productSelections(filter: "x") { total } }'));
    expect(argument.error.message).toBe('Unknown argument "filter" on field "Query.productSelections".');
    const wrongType = await failure(gql(api, '{ productSelections(limit: "ten") { total } }'));
    expect(wrongType.error.message).toBe('Int cannot represent non-integer value: "ten"');
  });

  it('a field of the live API the emulator does not model is NotEmulated, naming Type.field', async () => {
    // `Query.category` is live (https://docs.commercetools.com/api/graphql); graphql-js would say
    // "Cannot query field "category" on type "Query". Did you mean "categories"?".
    const live = await post(JSON.stringify({ query: '{ category(key: "shirts") { id } }' }));
    expect(live.status).toBe(501);
    expect(live.body.errors).toEqual([
      {
        code: 'NotEmulated',
        message: "The field 'Query.category' is not emulated; the emulator does not model it.",
        field: 'Query.category',
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'NotEmulated', field: 'Query.category' },
      },
    ]);
    // Beside a field the live API does not have either: that one keeps the standard refusal, and the answer is 400.
    const both = await post(JSON.stringify({ query: '{ productSelections { colour } category(key: "shirts") { id } }' }));
    expect(both.status).toBe(400);
    expect(both.body.errors?.map((error) => [error.message, error.extensions])).toEqual([
      ['Cannot query field "colour" on type "ProductSelectionQueryResult".', { code: 'InvalidInput', reason: 'VALIDATION' }],
      ["The field 'Query.category' is not emulated; the emulator does not model it.", { code: 'NotEmulated', field: 'Query.category' }],
    ]);
  });

  it('variables of the wrong type', async () => {
    const query = 'mutation ($v: Long!) { deleteProductSelection(key: "summer", version: $v) { id } }';
    const wrong = await failure(gql(api, query, { v: '1' }));
    expect(wrong.status).toBe(400);
    expect(wrong.error.extensions).toEqual({ code: 'InvalidInput', reason: 'VARIABLES' });
    expect(wrong.error.message).toContain('Long cannot represent "1"');
    const fraction = await failure(gql(api, query, { v: 1.5 }));
    expect(fraction.error.extensions?.reason).toBe('VARIABLES');
    const missing = await failure(gql(api, query));
    expect(missing.error.message).toBe('Variable "$v" of required type "Long!" was not provided.');
  });

  it('no operation to run', async () => {
    const two = await failure(gql(api, 'query A { __typename } query B { __typename }'));
    expect(two.error.extensions).toEqual({ code: 'InvalidInput', reason: 'OPERATION' });
    const named = await post(JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName: 'B' }));
    expect(named).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    const unknown = await post(JSON.stringify({ query: 'query A { __typename }', operationName: 'C' }));
    expect(unknown.body.errors?.[0]?.message).toBe("The document has no operation named 'C'.");
  });

  it('a body that is not a GraphQL request', async () => {
    expect((await post('not json')).body.errors?.[0]?.code).toBe('InvalidJsonInput');
    expect((await post('{"variables":{}}')).body.errors?.[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: 'query: Missing required value',
    });
    expect((await post('{"query":"{ __typename }","variables":[1]}')).body.errors?.[0]?.code).toBe('InvalidJsonInput');
  });
});

describe('limits', () => {
  it('refuses a document over 64 KB before parsing it', async () => {
    // Not even valid GraphQL: the size is checked first.
    const query = `{ ${'x'.repeat(MAX_DOCUMENT_BYTES)}`;
    const { status, error } = await failure(gql(api, query));
    expect(status).toBe(400);
    expect(error.extensions).toEqual({ code: 'InvalidInput', reason: 'TOO_LARGE' });
    expect(error.message).toContain('It was not parsed');
  });

  it('stops parsing after 10 000 tokens', async () => {
    const query = `{ ${'a '.repeat(10_001)}}`;
    const { error } = await failure(gql(api, query));
    expect(error.extensions?.reason).toBe('SYNTAX');
    expect(error.message).toContain('10000 tokens. Parsing aborted.');
  });

  it('refuses an operation nested deeper than 12 fields, fragments included', async () => {
    // productSelection > productRefs > results > product > [P] productSelectionRefs > results > productSelection
    // > productRefs > results > product > masterData > current > name: 13 levels.
    const deep = (
      leaf: string,
    ) => `fragment P on Product { productSelectionRefs { results { productSelection { productRefs { results { product { ${leaf} } } } } } } }
      { productSelection(key: "summer") { productRefs { results { product { ...P } } } } }`;
    const { status, error } = await failure(gql(api, deep('masterData { current { name } }')));
    expect(status).toBe(400);
    expect(error.extensions).toEqual({ code: 'InvalidInput', reason: 'DEPTH' });
    expect(error.message).toBe('The operation nests fields 13 deep; the limit is 12.');

    const fits = deep('masterData { published }');
    expect((await gql(api, fits)).status).toBe(200);
  });

  it('does not count introspection towards the depth', async () => {
    const query =
      '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name ofType { name ofType { name ofType { name ofType { name } } } } } } } } } } } }';
    const { status, body } = await gql<{ __schema: { types: unknown[] } }>(api, query);
    expect(status).toBe(200);
    expect(body.data?.__schema.types.length).toBeGreaterThan(10);
  });

  it('refuses an operation whose nested pages could be too large, limits given as variables too', async () => {
    const query = `query ($outer: Int, $inner: Int) {
      productSelections(limit: $outer) { results { id key productRefs(limit: $inner) { results { productRef { id } product { id key skus } } } } }
    }`;
    const big = await failure(gql(api, query, { outer: 500, inner: 500 }));
    expect(big.status).toBe(400);
    expect(big.error.extensions).toEqual({ code: 'InvalidInput', reason: 'COMPLEXITY' });
    expect(big.error.message).toMatch(/^The operation has a complexity of \d+; the limit is 50000\./);
    expect((await gql(api, query, { outer: 20, inner: 20 })).status).toBe(200);
    // Default page sizes (20) are assumed when no limit is given.
    expect((await gql(api, query)).status).toBe(200);
  });

  it('answers with the correlation id of the request', async () => {
    const answer = await api.call('POST', '/graphql', { query: '{ __typename }' }, { 'x-correlation-id': 'graphql-test-0001' });
    expect(answer.headers.get('x-correlation-id')).toBe('graphql-test-0001');
  });

  it('takes the bounds of the REST queries: offset 10 000 is accepted, 10 001 and a negative limit are refused', async () => {
    const gql = async (args: string) => api.call('POST', '/graphql', { query: `{ productSelections(${args}) { offset count } }` });
    const accepted = await gql('offset: 10000, limit: 500');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ data: { productSelections: { offset: 10000, count: 0 } } });
    for (const args of ['offset: 10001', 'limit: -1', 'offset: -1']) {
      const refused = await gql(args);
      expect((refused.body as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code, args).toBe('InvalidInput');
      expect((refused.body as { data?: unknown }).data ?? null, args).toBeNull();
    }
  });
});
