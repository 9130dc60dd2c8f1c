import { beforeEach, describe, expect, it } from 'vitest';
import {
  PROJECT,
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  foreignProjectToken,
  messages,
  raw,
  snapshot,
  tokenWithScope,
  type Api,
} from './helpers.js';

const NO_TOKEN_MESSAGE = 'This endpoint requires an access token. You can get one from the authorization server.';

interface Endpoint {
  method: string;
  path: string;
  body?: unknown;
  /** The scope a 403 names. */
  needs: string;
  write: boolean;
}

/** Every Product Selection, Store, membership and message endpoint, with the scope it needs. */
function endpoints(ids: { selection: string; store: string; product: string; message: string }): Endpoint[] {
  const sel = ['view_product_selections', 'manage_product_selections'] as const;
  const st = ['view_stores', 'manage_stores'] as const;
  const setName = (version: number) => ({ version, actions: [{ action: 'changeName', name: { en: 'xx' } }] });
  const storeName = (version: number) => ({ version, actions: [{ action: 'setName', name: { en: 'xx' } }] });
  return [
    { method: 'POST', path: '/product-selections', body: { key: 'new', name: { en: 'New' } }, needs: sel[1], write: true },
    { method: 'GET', path: '/product-selections', needs: sel[0], write: false },
    { method: 'GET', path: `/product-selections/${ids.selection}`, needs: sel[0], write: false },
    { method: 'GET', path: '/product-selections/key=summer', needs: sel[0], write: false },
    { method: 'POST', path: `/product-selections/${ids.selection}`, body: setName(2), needs: sel[1], write: true },
    { method: 'POST', path: '/product-selections/key=summer', body: setName(2), needs: sel[1], write: true },
    { method: 'DELETE', path: `/product-selections/${ids.selection}?version=2`, needs: sel[1], write: true },
    { method: 'DELETE', path: '/product-selections/key=summer?version=2', needs: sel[1], write: true },
    { method: 'GET', path: `/product-selections/${ids.selection}/products`, needs: sel[0], write: false },
    { method: 'GET', path: '/product-selections/key=summer/products', needs: sel[0], write: false },
    { method: 'GET', path: `/products/${ids.product}/product-selections`, needs: sel[0], write: false },
    { method: 'GET', path: '/products/key=p1/product-selections', needs: sel[0], write: false },
    { method: 'GET', path: '/in-store/key=berlin/product-selection-assignments', needs: sel[0], write: false },
    { method: 'POST', path: '/stores', body: { key: 'paris' }, needs: st[1], write: true },
    { method: 'GET', path: '/stores', needs: st[0], write: false },
    { method: 'GET', path: `/stores/${ids.store}`, needs: st[0], write: false },
    { method: 'GET', path: '/stores/key=berlin', needs: st[0], write: false },
    { method: 'POST', path: `/stores/${ids.store}`, body: storeName(1), needs: st[1], write: true },
    { method: 'POST', path: '/stores/key=berlin', body: storeName(1), needs: st[1], write: true },
    { method: 'DELETE', path: `/stores/${ids.store}?version=1`, needs: st[1], write: true },
    { method: 'DELETE', path: '/stores/key=berlin?version=1', needs: st[1], write: true },
    { method: 'GET', path: '/messages', needs: 'view_messages', write: false },
    { method: 'GET', path: `/messages/${ids.message}`, needs: 'view_messages', write: false },
  ];
}

/** Scopes on every endpoint: no or a bad token is 401 invalid_token, a missing scope 403 insufficient_scope. */
describe('scopes and tokens', () => {
  let api: Api;
  let all: Endpoint[];
  beforeEach(async () => {
    api = await createApi();
    const product = await createProduct(api, 'p1');
    const selection = await createSelection(api, 'summer');
    await addProducts(api, 'summer', [product.id]);
    const store = await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    const [message] = await messages(api);
    all = endpoints({ selection: selection.id, store: store.id, product: product.id, message: message!['id'] as string });
  });

  async function expectForbidden(call: Api['call'], endpoint: Endpoint, scope = endpoint.needs) {
    const answer = await call(endpoint.method, endpoint.path, endpoint.body);
    const error = expectError(answer, 403, 'insufficient_scope');
    expect(error.message, `${endpoint.method} ${endpoint.path}`).toBe(
      `Insufficient scope. One of the following scopes is missing: ${scope}:${PROJECT}.`,
    );
    expect(answer.body.error).toBe('insufficient_scope');
    expect(answer.body.error_description).toBe(error.message);
  }

  it('a token without the needed scope gets 403 on every endpoint and changes nothing', async () => {
    const call = api.as(await tokenWithScope(api, `view_products:${PROJECT}`));
    const before = await snapshot(api);
    for (const endpoint of all) await expectForbidden(call, endpoint);
    await expectUnchanged(api, before);
  });

  it('view scopes read and get 403 on every write, naming the manage scope', async () => {
    const call = api.as(await tokenWithScope(api, `view_product_selections:${PROJECT} view_stores:${PROJECT} view_messages:${PROJECT}`));
    const before = await snapshot(api);
    for (const endpoint of all) {
      if (endpoint.write) await expectForbidden(call, endpoint);
      else expect((await call(endpoint.method, endpoint.path)).status, `${endpoint.method} ${endpoint.path}`).toBe(200);
    }
    await expectUnchanged(api, before);
  });

  it('manage scopes imply the view scopes', async () => {
    const call = api.as(
      await tokenWithScope(api, `manage_product_selections:${PROJECT} manage_stores:${PROJECT} view_messages:${PROJECT}`),
    );
    for (const endpoint of all.filter((e) => !e.write))
      expect((await call(endpoint.method, endpoint.path)).status, `${endpoint.method} ${endpoint.path}`).toBe(200);
    expect((await call('POST', '/product-selections', { key: 'new', name: { en: 'New' } })).status).toBe(201);
    expect(
      (await call('POST', '/stores', { key: 'paris', productSelections: [{ productSelection: { key: 'new' }, active: true }] })).status,
    ).toBe(201);
  });

  it('the Product Selection scopes do not open Stores, and the Store scopes do not open Product Selections', async () => {
    const selections = api.as(await tokenWithScope(api, `manage_product_selections:${PROJECT}`));
    const stores = api.as(await tokenWithScope(api, `manage_stores:${PROJECT}`));
    const before = await snapshot(api);
    for (const endpoint of all) {
      const family = endpoint.needs.endsWith('product_selections')
        ? 'selections'
        : endpoint.needs.endsWith('stores')
          ? 'stores'
          : 'messages';
      if (family !== 'selections') await expectForbidden(selections, endpoint);
      if (family !== 'stores') await expectForbidden(stores, endpoint);
    }
    await expectUnchanged(api, before);
  });

  it("another project's scopes are 403 everywhere", async () => {
    const call = api.as(await foreignProjectToken(api, 'manage_project:other-project'));
    const before = await snapshot(api);
    for (const endpoint of all) await expectForbidden(call, endpoint);
    await expectUnchanged(api, before);
  });

  it('a store-restricted scope does not open the project-wide endpoints', async () => {
    const call = api.as(await tokenWithScope(api, `manage_product_selections:${PROJECT}:berlin manage_stores:${PROJECT}:berlin`));
    const before = await snapshot(api);
    for (const endpoint of all.filter((e) => !e.path.startsWith('/in-store/') && e.needs !== 'view_messages'))
      await expectForbidden(call, endpoint);
    await expectUnchanged(api, before);
  });

  it(`a missing token is 401 invalid_token with the documented message, on every endpoint`, async () => {
    const before = await snapshot(api);
    for (const endpoint of all) {
      const answer = await raw(api, endpoint.method, endpoint.path, {
        token: null,
        ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
      });
      const error = expectError(answer, 401, 'invalid_token');
      expect(error.message).toBe(NO_TOKEN_MESSAGE);
      expect(answer.body.error).toBe('invalid_token');
    }
    await expectUnchanged(api, before);
  });

  it('an unknown, malformed or non-Bearer token is 401 invalid_token', async () => {
    for (const authorization of ['Bearer not-a-token', 'Bearer ', 'Bearer a b', `Basic ${btoa('a:b')}`, 'bearer']) {
      const answer = await raw(api, 'GET', '/product-selections', { token: null, headers: { authorization } });
      expectError(answer, 401, 'invalid_token');
      expect(answer.body.error, authorization).toBe('invalid_token');
    }
  });

  it('a token in the URL is never accepted, and is ignored next to a header token', async () => {
    const token = await api.token();
    const alone = await raw(api, 'GET', `/product-selections?access_token=${encodeURIComponent(token)}`, { token: null });
    expect(expectError(alone, 401, 'invalid_token').message).toBe(NO_TOKEN_MESSAGE);
    const write = await raw(api, 'POST', `/product-selections?access_token=${encodeURIComponent(token)}`, {
      token: null,
      body: JSON.stringify({ key: 'xx', name: { en: 'xx' } }),
    });
    expectError(write, 401, 'invalid_token');
    expectError(await api.call('GET', '/product-selections/key=xx'), 404, 'ResourceNotFound');
    // With a good header token the URL parameter changes nothing (it is not a query parameter error either).
    const viewer = await tokenWithScope(api, `view_stores:${PROJECT}`);
    const withHeader = await api.call('GET', `/product-selections?access_token=${encodeURIComponent(viewer)}`);
    expect(withHeader.status).toBe(200);
    const narrowed = await api.as(viewer)('GET', `/product-selections?access_token=${encodeURIComponent(token)}`);
    expectError(narrowed, 403, 'insufficient_scope');
  });

  it('a token of the project itself with manage_project reaches everything', async () => {
    for (const endpoint of all.filter((e) => !e.write))
      expect((await api.call(endpoint.method, endpoint.path)).status, `${endpoint.method} ${endpoint.path}`).toBe(200);
  });
});
