import { beforeEach, describe, expect, it } from 'vitest';
import {
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  ok,
  raw,
  snapshot,
  type Api,
} from '../rest/helpers.js';

const LIMIT = 15 * 1024;

/**
 * Spec 8 disallowed requests on the endpoints the REST limit tests do not try: GraphQL writes, and
 * DELETE with a body on Stores and Products. Each is blocked before any handler and changes no data.
 */
describe('spec 8: disallowed requests change no data on every endpoint', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
    await createSelection(api, 'summer');
  });

  const mutation = JSON.stringify({
    query: 'mutation { createProductSelection(draft: { key: "big", name: [{ locale: "en", value: "Big" }] }) { id } }',
  });

  it('a GraphQL mutation with URL plus headers above 15 KB is 431; nothing is created', async () => {
    const before = await snapshot(api);
    const answer = await raw(api, 'POST', '/graphql', { headers: { 'x-padding': 'p'.repeat(LIMIT) }, body: mutation, check: false });
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ statusCode: 431, errors: [{ code: 'InvalidInput' }] });
    await expectUnchanged(api, before);
  });

  it('a GraphQL mutation with an Upgrade header is 400; nothing is created', async () => {
    const before = await snapshot(api);
    const answer = await raw(api, 'POST', '/graphql', { headers: { upgrade: 'h2c' }, body: mutation, check: false });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput' }] });
    await expectUnchanged(api, before);
  });

  it('a DELETE with a body is 400 on Stores and Products too; both survive', async () => {
    await createStore(api, 'berlin');
    const product = await createProduct(api, 'p1');
    const before = await snapshot(api);
    for (const path of ['/stores/key=berlin?version=1', `/products/${product.id}?version=1`, '/product-types/key=shirt?version=1']) {
      const error = expectError(await raw(api, 'DELETE', path, { body: '{}' }), 400, 'InvalidInput');
      expect(error.message, path).toMatch(/body is not allowed on DELETE/);
    }
    await expectUnchanged(api, before);
    expect(ok(await api.call('GET', '/product-types/key=shirt')).version).toBe(1);
  });
});
