import { beforeEach, describe, expect, it } from 'vitest';
import { LIVE_ENDPOINTS } from '../../src/generated/live-endpoints.js';
import { commerceContract, commerceEndpoints } from '../../src/emulator/validation/contract.js';
import { createApi, createProduct, expectError, expectUnchanged, raw, snapshot, type Api } from './helpers.js';

/**
 * Implement or refuse: an endpoint of the live API that the emulator does not serve answers 501
 * NotEmulated naming it, never a 404 and never a route that reads a path segment as an id.
 */
describe('endpoints of the live API the emulator does not serve', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  async function refused(method: string, path: string, body?: unknown): Promise<string> {
    const answer = await raw(api, method, path, { ...(body !== undefined ? { body: JSON.stringify(body) } : {}), check: false });
    const error = expectError(answer, 501, 'NotEmulated');
    expect(commerceContract().validate('ErrorResponse', answer.body)).toEqual([]);
    return error['endpoint'] as string;
  }

  it('POST /products/search is refused as not emulated, not read as the Product "search"', async () => {
    await createProduct(api, 'p1');
    const before = await snapshot(api);
    expect(await refused('POST', '/products/search', { query: {} })).toBe('POST /{projectKey}/products/search');
    await expectUnchanged(api, before);
  });

  it('GET /product-projections/search is refused, not read as the projection "search"', async () => {
    expect(await refused('GET', '/product-projections/search?text.en=shirt')).toBe('GET /{projectKey}/product-projections/search');
  });

  it('quotes and order edits of the live API answer 501 naming the endpoint template', async () => {
    expect(await refused('GET', '/quotes')).toBe('GET /{projectKey}/quotes');
    expect(await refused('POST', '/quotes', { stagedQuote: { typeId: 'staged-quote', id: 'q' }, stagedQuoteVersion: 1 })).toBe(
      'POST /{projectKey}/quotes',
    );
    expect(await refused('GET', '/orders/edits/key=e1')).toBe('GET /{projectKey}/orders/edits/key={key}');
    expect(await refused('DELETE', '/quotes/key=q1?version=1')).toBe('DELETE /{projectKey}/quotes/key={key}');
    expect(await refused('GET', '/in-store/key=berlin/quotes')).toBe('GET /{projectKey}/in-store/key={storeKey}/quotes');
  });

  it('POST /customers/search is refused, not read as an update of the Customer "search"', async () => {
    expect(await refused('POST', '/customers/search', { query: {} })).toBe('POST /{projectKey}/customers/search');
  });

  it('a path the live API does not have stays 404, and served endpoints still answer', async () => {
    const unknown = await raw(api, 'GET', '/no-such-resources', { check: false });
    expectError(unknown, 404, 'ResourceNotFound');
    const product = await raw(api, 'GET', '/products/search');
    expect(product.status).toBe(404);
    expect((product.body as { message: string }).message).toBe("The Resource with ID 'search' was not found.");
    expect((await raw(api, 'GET', '/categories')).status).toBe(200);
    expect((await raw(api, 'GET', '/tax-categories/key=none')).status).toBe(404);
  });

  it('is refused only with a valid token: without one, 401 as every API endpoint', async () => {
    const answer = await raw(api, 'POST', '/products/search', { body: '{}', token: null, check: false });
    expectError(answer, 401, 'invalid_token');
  });

  it('every endpoint of the schema is one of the live API (the emulator serves no invented path)', () => {
    const live = new Set(LIVE_ENDPOINTS);
    const invented = commerceEndpoints().filter((endpoint) => !live.has(endpoint));
    expect(invented).toEqual([]);
  });
});
