import { describe, expect, it } from 'vitest';
import { createResponseContract } from '../../src/contract/response-contract.js';
import { createHistoryApi } from './helpers.js';

/** Spec 4 (GraphQL): POST with content type application/json; body members query, operationName, variables. */
describe('Change History GraphQL requests', () => {
  it('runs the operation operationName names, refuses another content type and a body of the wrong shape', async () => {
    const api = await createHistoryApi();
    expect((await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } })).status).toBe(201);
    expect((await api.call('POST', '/stores', { key: 'berlin' })).status).toBe(201);
    const url = `${api.emulator.urls().history}/${api.project}/graphql`;
    const contract = createResponseContract('history', `${api.emulator.urls().history}/${api.project}`);
    const token = await api.token();
    const post = async (body: string, contentType = 'application/json') => {
      const res = await api.emulator.fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        body,
      });
      const parsed = (await res.json()) as {
        data?: Record<string, { total: number; results: { resource: { typeId: string } }[] }>;
        errors?: { code?: string; message: string }[];
      };
      contract.check('POST', url, res.status, parsed);
      return { status: res.status, body: parsed };
    };
    const document =
      'query Selections { productSelections { results { resource { typeId } } } } query Stores { stores { results { resource { typeId } } } }';

    // Success responses are application/json, over REST and GraphQL.
    const rest = await api.history('/store');
    expect(rest.status).toBe(200);
    expect(rest.headers.get('content-type')).toMatch(/^application\/json(;|$)/);
    const viaGraphql = await api.emulator.fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ stores { total } }' }),
    });
    expect(viaGraphql.headers.get('content-type')).toMatch(/^application\/json(;|$)/);

    const stores = await post(JSON.stringify({ query: document, operationName: 'Stores' }));
    expect(stores.status).toBe(200);
    expect(Object.keys(stores.body.data!)).toEqual(['stores']);
    expect(stores.body.data!['stores']!.results.map((r) => r.resource.typeId)).toEqual(['store']);
    const selections = await post(JSON.stringify({ query: document, operationName: 'Selections', variables: null }));
    expect(Object.keys(selections.body.data!)).toEqual(['productSelections']);
    // Two operations and no operationName: a GraphQL error, no data.
    const ambiguous = await post(JSON.stringify({ query: document }));
    expect(ambiguous.body.data).toBeUndefined();
    expect(ambiguous.body.errors?.[0]?.message).toMatch(/operation name/i);

    const plain = await post(JSON.stringify({ query: '{ stores { total } }' }), 'text/plain');
    expect(plain.status).toBe(400);
    expect(plain.body.errors?.[0]).toMatchObject({ code: 'BadRequest', message: expect.stringMatching(/application\/json/) });
    for (const body of [
      JSON.stringify({ operationName: 'Stores' }),
      JSON.stringify({ query: 42 }),
      JSON.stringify([{ query: '{ stores { total } }' }]),
    ]) {
      const refused = await post(body);
      expect(refused.status, body).toBe(400);
      expect(refused.body.errors?.[0]?.code, body).toBe('BadRequest');
    }
  });
});
