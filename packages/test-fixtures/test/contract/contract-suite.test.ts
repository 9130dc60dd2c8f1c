/**
 * The contract suite: every endpoint of auth.yaml, the Commerce schema and history.yaml that can be
 * exercised, through `checkedFetch`, so every answer is checked against its schema.
 *
 * - Without COMMERCE_* variables it runs against a fresh in-process emulator (CI), reads and writes.
 * - With COMMERCE_REGION (or COMMERCE_API_URL and COMMERCE_AUTH_URL), COMMERCE_PROJECT_KEY,
 *   COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET it runs against that live project: read-only by
 *   default (GET requests, token, introspection, GraphQL queries); with
 *   COMMERCE_CONTRACT_MODE=cleanup it also writes, under keys prefixed with a run id, and deletes
 *   what it created in afterAll. Flows that would leave data the API cannot delete (customer
 *   sign-up) or change project settings run against the emulator only.
 */
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import commerceDocument from '../../src/generated/commerce.openapi.json' with { type: 'json' };
import historyDocument from '../../src/generated/history.openapi.json' with { type: 'json' };
import {
  apiClientDraft,
  cartDiscountDraft,
  categoryDraft,
  channelDraft,
  customerDraft,
  customerGroupDraft,
  customObjectDraft,
  discountCodeDraft,
  inventoryEntryDraft,
  deleteCatalogue,
  myPaymentDraft,
  paymentDraft,
  productSelectionDraft,
  seedCatalogue,
  shippingMethodDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
  zoneDraft,
  type SeededCatalogue,
} from '../../src/builders/index.js';
import { checkedFetch } from '../../src/contract/checked-fetch.js';
import { createContractTarget } from '../../src/contract/contract-target.js';
import { openSession, type Answer } from '../../src/contract/target.js';

const target = createContractTarget();
const fetch = checkedFetch(target);
const session = openSession(target, fetch);
const onEmulator = target.kind === 'emulator';
const prefix = onEmulator ? '' : `${target.runId}-`;
const api = (path: string) => `${target.apiUrl}/${target.projectKey}${path}`;
const basic = () => `Basic ${btoa(`${target.clientId}:${target.clientSecret}`)}`;

/** What this run created, deleted in afterAll in reverse order (at its current version). */
const created: string[] = [];
let catalogue: SeededCatalogue | undefined;

interface Page<T = Record<string, unknown>> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}
type Resource = { id: string; key?: string; version: number };

async function get<T = Record<string, unknown>>(path: string, status = 200): Promise<T> {
  return session.expect<T>(status, 'GET', path);
}

async function authForm(path: string, form: Record<string, string>, authorization = basic()): Promise<Answer<Record<string, unknown>>> {
  const response = await fetch(`${target.authUrl}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>, headers: response.headers };
}

async function history<T = Page>(path: string, token?: string): Promise<Answer<T>> {
  const response = await fetch(`${target.historyUrl}/${target.projectKey}${path}`, {
    headers: { authorization: `Bearer ${token ?? (await session.token())}` },
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

async function graphql(
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  return session.expect(200, 'POST', '/graphql', { query, ...(variables ? { variables } : {}) });
}

/** The first result of a query, or a skipped test when the project has none (read-only against an empty live project). */
async function first<T extends Resource>(ctx: TestContext, path: string): Promise<T> {
  const page = await get<Page<T>>(`${path}${path.includes('?') ? '&' : '?'}limit=1`);
  const item = page.results[0];
  if (!item) ctx.skip(`no resource at ${path} in ${target.describe()}`);
  return item!;
}

async function remove(path: string): Promise<void> {
  const current = await session.call<Resource>('GET', path);
  if (current.status === 404) return;
  await session.expect([200, 404], 'DELETE', `${path}?version=${current.body.version}`);
}

beforeAll(async () => {
  console.info(`[contract] running against ${target.describe()}`);
  if (target.writable) {
    catalogue = await seedCatalogue(target, {
      seed: 11,
      productTypes: 1,
      products: 5,
      selections: 2,
      stores: 2,
      variantsPerProduct: 2,
      keyPrefix: prefix,
      // A live project's Zones may hold DE or US already, and a country can be in one Zone only.
      checkout: onEmulator,
      fetch,
    });
  }
});

afterAll(async () => {
  for (const path of created.reverse()) await remove(path);
  if (catalogue) await deleteCatalogue(target, catalogue, { fetch });
});

describe(`contract suite: authorization service (${target.kind})`, () => {
  it('client credentials token (requestToken)', async () => {
    const answer = await authForm('/oauth/token', { grant_type: 'client_credentials' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('introspection of the session token, and of a token that does not exist', async () => {
    const active = await authForm('/oauth/introspect', { token: await session.token() });
    expect(active.body).toMatchObject({ active: true });
    const inactive = await authForm('/oauth/introspect', { token: 'not-a-token' });
    expect(inactive.body).toEqual({ active: false });
  });

  it('refuses bad client credentials (401 invalid_client)', async () => {
    const answer = await authForm(
      '/oauth/token',
      { grant_type: 'client_credentials' },
      `Basic ${btoa(`${target.clientId}:not-the-secret`)}`,
    );
    expect(answer.status).toBe(401);
    expect(answer.body['error']).toBe('invalid_client');
  });

  it.skipIf(!target.writable)('revokes a token it just obtained (revokeToken)', async () => {
    const token = (await authForm('/oauth/token', { grant_type: 'client_credentials' })).body['access_token'] as string;
    expect((await authForm('/oauth/token/revoke', { token })).status).toBe(200);
    expect((await authForm('/oauth/introspect', { token })).body).toEqual({ active: false });
  });

  it.skipIf(!onEmulator)('anonymous session and its refresh (requestAnonymousToken, refresh_token grant)', async () => {
    const anonymous = await authForm(`/oauth/${target.projectKey}/anonymous/token`, { grant_type: 'client_credentials' });
    expect(anonymous.status).toBe(200);
    const refreshed = await authForm('/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: anonymous.body['refresh_token'] as string,
    });
    expect(refreshed.status).toBe(200);
    const me = await fetch(api('/me'), { headers: { authorization: `Bearer ${refreshed.body['access_token'] as string}` } });
    expect(me.status).toBe(200);
  });
});

describe(`contract suite: read endpoints (${target.kind})`, () => {
  it('project settings', async () => {
    expect(await get('')).toMatchObject({ key: target.projectKey });
  });

  it('Product Selections: query, by id and key, their products', async (ctx) => {
    const page = await get<Page>('/product-selections?sort=createdAt desc&withTotal=true&limit=5');
    expect(page.count).toBe(page.results.length);
    const selection = await first(ctx, '/product-selections');
    await get(`/product-selections/${selection.id}`);
    await get(`/product-selections/${selection.id}/products?withTotal=true`);
    await get(`/product-selections?where=${encodeURIComponent(`id = "${selection.id}"`)}`);
    if (selection.key !== undefined) {
      await get(`/product-selections/key=${encodeURIComponent(selection.key)}`);
      await get(`/product-selections/key=${encodeURIComponent(selection.key)}/products`);
    }
  });

  it('Stores: query, by id and key, in-store assignments and projections', async (ctx) => {
    await get('/stores?limit=5');
    const store = await first<Resource & { key: string; productSelections: { productSelection: { id: string }; active: boolean }[] }>(
      ctx,
      '/stores',
    );
    await get(`/stores/${store.id}`);
    await get(`/stores/key=${encodeURIComponent(store.key)}`);
    const assignments = await get<Page<{ product: { id: string } }>>(
      `/in-store/key=${encodeURIComponent(store.key)}/product-selection-assignments?withTotal=true`,
    );
    const available = assignments.results[0];
    if (available) {
      const projection = await get<Resource>(`/in-store/key=${encodeURIComponent(store.key)}/product-projections/${available.product.id}`);
      if (projection.key !== undefined)
        await get(`/in-store/key=${encodeURIComponent(store.key)}/product-projections/key=${encodeURIComponent(projection.key)}`);
    }
    const refused = await session.call<{ errors: { code: string }[] }>(
      'GET',
      `/in-store/key=${encodeURIComponent(store.key)}/product-projections/00000000-0000-4000-8000-000000000000`,
    );
    expect(refused.status).toBe(404);
  });

  it('Product Types, Products and Product Projections', async (ctx) => {
    await get('/product-types?limit=5');
    await get('/products?limit=2');
    await get('/product-projections?limit=2');
    await get('/product-projections?staged=true&limit=2');
    const type = await first(ctx, '/product-types');
    await get(`/product-types/${type.id}`);
    if (type.key !== undefined) await get(`/product-types/key=${encodeURIComponent(type.key)}`);
    const product = await first(ctx, '/products');
    await get(`/products/${product.id}`);
    await get(`/products/${product.id}/product-selections?withTotal=true`);
    await get(`/product-projections/${product.id}?staged=true`);
    if (product.key !== undefined) {
      await get(`/products/key=${encodeURIComponent(product.key)}`);
      await get(`/products/key=${encodeURIComponent(product.key)}/product-selections`);
      await get(`/product-projections/key=${encodeURIComponent(product.key)}?staged=true`);
    }
  });

  it('Customers, API clients and Messages', async () => {
    const customers = await get<Page<Resource>>('/customers?limit=1');
    const customer = customers.results[0];
    if (customer) {
      await get(`/customers/${customer.id}`);
      if (customer.key !== undefined) await get(`/customers/key=${encodeURIComponent(customer.key)}`);
    }
    const clients = await get<Page<Resource>>('/api-clients?limit=1');
    if (clients.results[0]) await get(`/api-clients/${clients.results[0].id}`);
    const messages = await get<Page<Resource>>('/messages?limit=5&sort=createdAt desc');
    if (messages.results[0]) await get(`/messages/${messages.results[0].id}`);
  });

  it('error answers: 404 ResourceNotFound, 400 InvalidInput, 401 without a token', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of [
      '/product-selections',
      '/stores',
      '/products',
      '/product-types',
      '/product-projections',
      '/customers',
      '/messages',
      '/api-clients',
    ]) {
      const answer = await session.call<{ errors: { code: string }[] }>('GET', `${path}/${missing}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body.errors[0]?.code).toBe('ResourceNotFound');
    }
    expect((await session.call('GET', '/product-selections/key=no-such-key-at-all')).status).toBe(404);
    const bad = await session.call<{ errors: { code: string }[] }>('GET', '/product-selections?limit=501');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.code).toBe('InvalidInput');
    const predicate = await session.call('GET', `/product-selections?where=${encodeURIComponent('name(en = ')}`);
    expect(predicate.status).toBe(400);
    const anonymous = await fetch(api('/product-selections'));
    expect(anonymous.status).toBe(401);
  });

  it('GraphQL queries', async () => {
    const answer = await graphql(
      'query { productSelections(limit: 2) { total results { id key nameAllLocales { locale value } productCount } } }',
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toHaveProperty('productSelections');
  });

  it.skipIf(target.historyUrl === undefined)('Change History: all records, by type, by resource', async () => {
    const all = await history('?limit=5');
    expect(all.status).toBe(200);
    const byType = await history<Page<{ resource: { id: string } }>>('/product-selection?limit=5');
    expect(byType.status).toBe(200);
    const record = byType.body.results[0];
    if (record) expect((await history(`/product-selection/${record.resource.id}`)).status).toBe(200);
  });
});

describe.skipIf(!target.writable)(`contract suite: write endpoints (${target.kind}, cleaned up afterwards)`, () => {
  it('Product Selection lifecycle: create, update actions, conflicts, delete', async () => {
    const products = catalogue!.products;
    const key = `${prefix}contract-selection`;
    const selection = await session.expect<Resource>(
      201,
      'POST',
      '/product-selections',
      productSelectionDraft({ seed: 5 }).key(key).build(),
    );
    created.push(`/product-selections/${selection.id}`);
    const updated = await session.expect<Resource & { productCount: number }>(200, 'POST', `/product-selections/${selection.id}`, {
      version: selection.version,
      actions: [
        { action: 'addProduct', product: { typeId: 'product', id: products[0]!.id } },
        { action: 'addProduct', product: { typeId: 'product', key: products[1]!.key } },
        { action: 'changeName', name: { en: 'Contract Picks', de: 'Vertragsauswahl' } },
      ],
    });
    expect(updated.productCount).toBe(2);
    const byKey = await session.expect<Resource>(200, 'POST', `/product-selections/key=${key}`, {
      version: updated.version,
      actions: [{ action: 'removeProduct', product: { typeId: 'product', id: products[0]!.id } }],
    });
    const conflict = await session.call<{ errors: { code: string; currentVersion: number }[] }>(
      'POST',
      `/product-selections/${selection.id}`,
      {
        version: selection.version,
        actions: [{ action: 'setKey', key: `${key}-x` }],
      },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: byKey.version });
    const invalid = await session.call<{ errors: { code: string }[] }>('POST', `/product-selections/${selection.id}`, {
      version: byKey.version,
      actions: [{ action: 'removeProduct', product: { typeId: 'product', id: products[0]!.id } }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0]?.code).toBe('InvalidOperation');
    const duplicate = await session.call('POST', '/product-selections', productSelectionDraft({ seed: 6 }).key(key).build());
    expect(duplicate.status).toBe(400);
    await get(`/products/${products[1]!.id}/product-selections`);
    await session.expect(200, 'DELETE', `/product-selections/key=${key}?version=${byKey.version}`);
  });

  it('Store lifecycle: every update action, ReferenceExists, delete by key and by id', async () => {
    const [first, second] = catalogue!.selections;
    const key = `${prefix}contract-store`;
    const store = await session.expect<Resource>(201, 'POST', '/stores', storeDraft({ seed: 5 }).key(key).languages(['en']).build());
    created.push(`/stores/${store.id}`);
    let version = store.version;
    const update = async (path: string, actions: unknown[]) => {
      const answer = await session.expect<Resource>(200, 'POST', path, { version, actions });
      version = answer.version;
      return answer;
    };
    await update(`/stores/${store.id}`, [
      { action: 'addProductSelection', productSelection: { typeId: 'product-selection', id: first!.id } },
    ]);
    await update(`/stores/key=${key}`, [{ action: 'changeProductSelectionActive', productSelection: { key: first!.key }, active: true }]);
    await update(`/stores/${store.id}`, [
      {
        action: 'setProductSelections',
        productSelections: [{ productSelection: { id: first!.id }, active: true }, { productSelection: { id: second!.id } }],
      },
      { action: 'setName', name: { en: 'Contract Store' } },
      { action: 'setLanguages', languages: ['en', 'de'] },
    ]);
    await update(`/stores/${store.id}`, [{ action: 'removeProductSelection', productSelection: { id: second!.id } }]);
    const stillAssigned = await session.expect<Resource>(200, 'GET', `/product-selections/${first!.id}`);
    const refused = await session.call<{ errors: { code: string }[] }>(
      'DELETE',
      `/product-selections/${first!.id}?version=${stillAssigned.version}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]?.code).toBe('ReferenceExists');
    await session.expect(200, 'DELETE', `/stores/key=${key}?version=${version}`);
    const other = await session.expect<Resource>(201, 'POST', '/stores', storeDraft({ seed: 6 }).key(`${key}-2`).build());
    created.push(`/stores/${other.id}`);
    await session.expect(200, 'DELETE', `/stores/${other.id}?version=${other.version}`);
  });

  it('Channel lifecycle: query, update by id and key, a Store referencing it, ReferenceExists, delete by key and by id', async () => {
    const key = `${prefix}contract-channel`;
    const channel = await session.expect<Resource>(
      201,
      'POST',
      '/channels',
      channelDraft({ seed: 7 }).key(key).roles(['ProductDistribution']).build(),
    );
    created.push(`/channels/${channel.id}`);
    await get('/channels?limit=5');
    await get(`/channels/${channel.id}`);
    await get(`/channels/key=${key}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/channels/${channel.id}`, {
      version: channel.version,
      actions: [{ action: 'changeName', name: { en: 'Web' } }],
    });
    const roles = await session.expect<Resource>(200, 'POST', `/channels/key=${key}`, {
      version: renamed.version,
      actions: [{ action: 'addRoles', roles: ['InventorySupply'] }],
    });
    const store = await session.expect<Resource>(201, 'POST', '/stores', {
      key: `${key}-store`,
      distributionChannels: [{ key }],
      supplyChannels: [{ id: channel.id }],
    });
    created.push(`/stores/${store.id}`);
    const referenced = await session.call('DELETE', `/channels/${channel.id}?version=${roles.version}`);
    expect(referenced.status).toBe(400);
    const refusedStore = await session.call('POST', '/stores', {
      key: `${key}-store-2`,
      distributionChannels: [{ key: `${key}-missing` }],
    });
    expect(refusedStore.status).toBe(400);
    await session.expect(200, 'DELETE', `/stores/${store.id}?version=${store.version}`);
    await session.expect(200, 'DELETE', `/channels/key=${key}?version=${roles.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/channels', channelDraft({ seed: 8 }).key(`${key}-2`).build());
    created.push(`/channels/${other.id}`);
    await session.expect(200, 'DELETE', `/channels/${other.id}?version=${other.version}`);
  });

  it('Category lifecycle: a child below a parent, query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-category`;
    const parent = await session.expect<Resource>(
      201,
      'POST',
      '/categories',
      categoryDraft({ seed: 9 }).key(key).slug({ en: key }).build(),
    );
    created.push(`/categories/${parent.id}`);
    const child = await session.expect<Resource & { ancestors: { id: string }[] }>(
      201,
      'POST',
      '/categories',
      categoryDraft({ seed: 10 })
        .key(`${key}-child`)
        .slug({ en: `${key}-child` })
        .parent({ typeId: 'category', key })
        .build(),
    );
    expect(child.ancestors.map((ancestor) => ancestor.id)).toEqual([parent.id]);
    await get('/categories?limit=5');
    await get(`/categories/${child.id}?expand=parent`);
    await get(`/categories/key=${key}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/categories/${parent.id}`, {
      version: parent.version,
      actions: [{ action: 'changeName', name: { en: 'Contract Category' } }],
    });
    const hinted = await session.expect<Resource>(200, 'POST', `/categories/key=${key}`, {
      version: renamed.version,
      actions: [{ action: 'changeOrderHint', orderHint: '0.5' }],
    });
    await session.expect(200, 'DELETE', `/categories/${child.id}?version=${child.version}`);
    await session.expect(200, 'DELETE', `/categories/key=${key}?version=${hinted.version}`);
  });

  it('Tax Category lifecycle: rates, query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-tax`;
    const rate = { name: 'Standard', amount: 0.19, includedInPrice: true, country: 'DE' };
    const tax = await session.expect<Resource>(
      201,
      'POST',
      '/tax-categories',
      taxCategoryDraft({ seed: 11 }).key(key).name(key).rates([rate]).build(),
    );
    created.push(`/tax-categories/${tax.id}`);
    await get('/tax-categories?limit=5');
    await get(`/tax-categories/${tax.id}`);
    await get(`/tax-categories/key=${key}`);
    const described = await session.expect<Resource>(200, 'POST', `/tax-categories/${tax.id}`, {
      version: tax.version,
      actions: [{ action: 'setDescription', description: 'Contract' }],
    });
    const added = await session.expect<Resource>(200, 'POST', `/tax-categories/key=${key}`, {
      version: described.version,
      actions: [{ action: 'addTaxRate', taxRate: { ...rate, country: 'AT', amount: 0.2 } }],
    });
    await session.expect(200, 'DELETE', `/tax-categories/key=${key}?version=${added.version}`);
    const other = await session.expect<Resource>(
      201,
      'POST',
      '/tax-categories',
      taxCategoryDraft({ seed: 12 }).key(`${key}-2`).name(`${key}-2`).build(),
    );
    created.push(`/tax-categories/${other.id}`);
    await session.expect(200, 'DELETE', `/tax-categories/${other.id}?version=${other.version}`);
  });

  it('Zone lifecycle: query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-zone`;
    const zone = await session.expect<Resource>(201, 'POST', '/zones', zoneDraft({ seed: 13 }).key(key).name(key).build());
    created.push(`/zones/${zone.id}`);
    await get('/zones?limit=5');
    await get(`/zones/${zone.id}`);
    await get(`/zones/key=${key}`);
    // A state of this run only: a location can be in one Zone only, and a live project has its own.
    const located = await session.expect<Resource>(200, 'POST', `/zones/${zone.id}`, {
      version: zone.version,
      actions: [{ action: 'addLocation', location: { country: 'DE', state: `${key}-state` } }],
    });
    const described = await session.expect<Resource>(200, 'POST', `/zones/key=${key}`, {
      version: located.version,
      actions: [{ action: 'setDescription', description: 'Contract' }],
    });
    await session.expect(200, 'DELETE', `/zones/key=${key}?version=${described.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/zones', zoneDraft({ seed: 14 }).key(`${key}-2`).name(`${key}-2`).build());
    created.push(`/zones/${other.id}`);
    await session.expect(200, 'DELETE', `/zones/${other.id}?version=${other.version}`);
  });

  it('Product Discount lifecycle: matching, query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-product-discount`;
    const type = catalogue!.productTypes[0]!;
    const product = await session.expect<Resource>(201, 'POST', '/products', {
      productType: { typeId: 'product-type', id: type.id },
      key,
      name: { en: 'Contract Product Discount' },
      slug: { en: key },
      masterVariant: { sku: key.toUpperCase(), prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 } }] },
    });
    created.push(`/products/${product.id}`);
    // A sortOrder of this run only: sortOrders are unique in a project.
    const sortOrder = `0.5${[...prefix].map((char) => char.charCodeAt(0) % 10).join('')}1`;
    const draft = (sort: string, discountKey: string) => ({
      key: discountKey,
      name: { en: discountKey },
      value: { type: 'relative', permyriad: 1000 },
      predicate: `product.id = "${product.id}"`,
      sortOrder: sort,
      isActive: true,
    });
    const discount = await session.expect<Resource>(201, 'POST', '/product-discounts', draft(sortOrder, key));
    created.push(`/product-discounts/${discount.id}`);
    await get('/product-discounts?limit=5');
    await get(`/product-discounts/${discount.id}`);
    await get(`/product-discounts/key=${key}`);
    await session.expect(200, 'POST', '/product-discounts/matching', {
      productId: product.id,
      variantId: 1,
      staged: true,
      price: { value: { currencyCode: 'EUR', centAmount: 1000 } },
    });
    const renamed = await session.expect<Resource>(200, 'POST', `/product-discounts/${discount.id}`, {
      version: discount.version,
      actions: [{ action: 'changeName', name: { en: 'Contract' } }],
    });
    const inactive = await session.expect<Resource>(200, 'POST', `/product-discounts/key=${key}`, {
      version: renamed.version,
      actions: [{ action: 'changeIsActive', isActive: false }],
    });
    await session.expect(200, 'DELETE', `/product-discounts/key=${key}?version=${inactive.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/product-discounts', {
      ...draft(`${sortOrder}3`, `${key}-2`),
      isActive: false,
    });
    created.push(`/product-discounts/${other.id}`);
    await session.expect(200, 'DELETE', `/product-discounts/${other.id}?version=${other.version}`);
  });

  it('State lifecycle: query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-state`;
    const state = await session.expect<Resource>(201, 'POST', '/states', { key, type: 'OrderState' });
    created.push(`/states/${state.id}`);
    await get('/states?limit=5');
    await get(`/states/${state.id}`);
    await get(`/states/key=${key}`);
    const named = await session.expect<Resource>(200, 'POST', `/states/${state.id}`, {
      version: state.version,
      actions: [{ action: 'setName', name: { en: 'Contract' } }],
    });
    const final = await session.expect<Resource>(200, 'POST', `/states/key=${key}`, {
      version: named.version,
      actions: [{ action: 'setTransitions', transitions: [] }],
    });
    await session.expect(200, 'DELETE', `/states/key=${key}?version=${final.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/states', { key: `${key}-2`, type: 'PaymentState' });
    created.push(`/states/${other.id}`);
    await session.expect(200, 'DELETE', `/states/${other.id}?version=${other.version}`);
  });

  it('Review lifecycle: query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-review`;
    const review = await session.expect<Resource>(201, 'POST', '/reviews', { key, title: 'Contract', rating: 3 });
    created.push(`/reviews/${review.id}`);
    await get('/reviews?limit=5');
    await get(`/reviews/${review.id}`);
    await get(`/reviews/key=${key}`);
    const rated = await session.expect<Resource>(200, 'POST', `/reviews/${review.id}`, {
      version: review.version,
      actions: [{ action: 'setRating', rating: 4 }],
    });
    const titled = await session.expect<Resource>(200, 'POST', `/reviews/key=${key}`, {
      version: rated.version,
      actions: [{ action: 'setText', text: 'Checked' }],
    });
    await session.expect(200, 'DELETE', `/reviews/key=${key}?version=${titled.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/reviews', { text: 'Other' });
    created.push(`/reviews/${other.id}`);
    await session.expect(200, 'DELETE', `/reviews/${other.id}?version=${other.version}`);
  });

  it('Discount Code lifecycle: query, update by id and key, in-store reads, delete by key and by id', async () => {
    const key = `${prefix}contract-code`;
    // A Cart Discount of this run that requires a code: a sort order of its own.
    const discount = await session.expect<Resource>(201, 'POST', '/cart-discounts', {
      key,
      name: { en: key },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: '1 = 1',
      target: { type: 'lineItems', predicate: '1 = 1' },
      sortOrder: `0.${String(Date.now()).slice(-8)}1`,
      requiresDiscountCode: true,
      isActive: false,
    });
    created.push(`/cart-discounts/${discount.id}`);
    const store = await session.expect<Resource & { key: string }>(201, 'POST', '/stores', { key: `${key}-store` });
    created.push(`/stores/${store.id}`);
    const cartDiscounts = [{ typeId: 'cart-discount' as const, id: discount.id }];
    const code = await session.expect<Resource>(
      201,
      'POST',
      '/discount-codes',
      discountCodeDraft({ seed: 18 }).key(key).code(key).cartDiscounts(cartDiscounts).build(),
    );
    created.push(`/discount-codes/${code.id}`);
    await get('/discount-codes?limit=5');
    await get(`/discount-codes/${code.id}`);
    await get(`/discount-codes/key=${key}`);
    // A code whose Cart Discount names no Store is one of every Store.
    await get(`/in-store/key=${store.key}/discount-codes?limit=5`);
    await get(`/in-store/key=${store.key}/discount-codes/${code.id}`);
    await get(`/in-store/key=${store.key}/discount-codes/key=${key}`);
    const paused = await session.expect<Resource>(200, 'POST', `/discount-codes/${code.id}`, {
      version: code.version,
      actions: [{ action: 'changeIsActive', isActive: false }],
    });
    const limited = await session.expect<Resource>(200, 'POST', `/discount-codes/key=${key}`, {
      version: paused.version,
      actions: [{ action: 'setMaxApplications', maxApplications: 3 }],
    });
    await session.expect(200, 'DELETE', `/discount-codes/key=${key}?version=${limited.version}`);
    const other = await session.expect<Resource>(
      201,
      'POST',
      '/discount-codes',
      discountCodeDraft({ seed: 19 }).key(`${key}-2`).code(`${key}-2`).cartDiscounts(cartDiscounts).build(),
    );
    created.push(`/discount-codes/${other.id}`);
    await session.expect(200, 'DELETE', `/discount-codes/${other.id}?version=${other.version}`);
  });

  it('Inventory Entry lifecycle: query, quantity and key actions by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-inventory`;
    const entry = await session.expect<Resource>(
      201,
      'POST',
      '/inventory',
      inventoryEntryDraft({ seed: 16 }).key(key).sku(key).quantityOnStock(5).build(),
    );
    created.push(`/inventory/${entry.id}`);
    await get('/inventory?limit=5');
    await get(`/inventory/${entry.id}`);
    await get(`/inventory/key=${key}`);
    const added = await session.expect<Resource>(200, 'POST', `/inventory/${entry.id}`, {
      version: entry.version,
      actions: [{ action: 'addQuantity', quantity: 2 }],
    });
    const restock = await session.expect<Resource>(200, 'POST', `/inventory/key=${key}`, {
      version: added.version,
      actions: [{ action: 'setRestockableInDays', restockableInDays: 3 }],
    });
    await session.expect(200, 'DELETE', `/inventory/key=${key}?version=${restock.version}`);
    const other = await session.expect<Resource>(
      201,
      'POST',
      '/inventory',
      inventoryEntryDraft({ seed: 17 }).key(`${key}-2`).sku(`${key}-2`).quantityOnStock(1).build(),
    );
    created.push(`/inventory/${other.id}`);
    await session.expect(200, 'DELETE', `/inventory/${other.id}?version=${other.version}`);
  });

  it('Custom Object lifecycle: upsert (create, then replace), query, query in a container, get and delete by container and key', async () => {
    const container = `${prefix}contract-objects`;
    const draft = customObjectDraft({ seed: 18 }).container(container).key('settings').value({ open: true }).build();
    const first = await session.expect<Resource>(201, 'POST', '/custom-objects', draft);
    created.push(`/custom-objects/${container}/settings`);
    const replaced = await session.expect<Resource>(200, 'POST', '/custom-objects', {
      ...draft,
      value: { open: false },
      version: first.version,
    });
    expect(replaced.version).toBe(first.version + 1);
    await get(`/custom-objects?where=${encodeURIComponent(`container = "${container}"`)}&limit=5`);
    await get(`/custom-objects/${container}?limit=5`);
    await get(`/custom-objects/${container}/settings`);
    await session.expect(200, 'DELETE', `/custom-objects/${container}/settings?version=${replaced.version}`);
  });

  it('Customer Group lifecycle: query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-group`;
    const draft = (seed: number, groupKey: string) => customerGroupDraft({ seed }).key(groupKey).groupName(groupKey).build();
    const group = await session.expect<Resource>(201, 'POST', '/customer-groups', draft(15, key));
    created.push(`/customer-groups/${group.id}`);
    await get('/customer-groups?limit=5');
    await get(`/customer-groups/${group.id}`);
    await get(`/customer-groups/key=${key}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/customer-groups/${group.id}`, {
      version: group.version,
      actions: [{ action: 'changeName', name: `${key}-renamed` }],
    });
    const keyed = await session.expect<Resource>(200, 'POST', `/customer-groups/key=${key}`, {
      version: renamed.version,
      actions: [{ action: 'setKey', key: `${key}-3` }],
    });
    await session.expect(200, 'DELETE', `/customer-groups/key=${key}-3?version=${keyed.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/customer-groups', draft(16, `${key}-2`));
    created.push(`/customer-groups/${other.id}`);
    await session.expect(200, 'DELETE', `/customer-groups/${other.id}?version=${other.version}`);
  });

  it('Cart Discount lifecycle: query, update by id and key, in a Store, delete by key and by id', async () => {
    const key = `${prefix}contract-cart-discount`;
    const store = await session.expect<Resource>(201, 'POST', '/stores', storeDraft({ seed: 24 }).key(key).build());
    created.push(`/stores/${store.id}`);
    // Sort orders are unique in the project: on a live one, this run's own.
    const sortOrder = (n: number) => `0.${n}${onEmulator ? '' : target.runId.replace(/\D/g, '')}1`;
    const draft = (seed: number, discountKey: string, n: number) =>
      cartDiscountDraft({ seed })
        .key(discountKey)
        .name({ en: discountKey })
        .value({ type: 'relative', permyriad: 1000 })
        .cartPredicate('totalPrice > "10.00 EUR"')
        .target({ type: 'lineItems', predicate: '1 = 1' })
        .sortOrder(sortOrder(n))
        .isActive(false)
        .build();
    const discount = await session.expect<Resource>(201, 'POST', '/cart-discounts', draft(25, key, 71));
    created.push(`/cart-discounts/${discount.id}`);
    await get('/cart-discounts?limit=5');
    await get(`/cart-discounts/${discount.id}`);
    await get(`/cart-discounts/key=${key}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/cart-discounts/${discount.id}`, {
      version: discount.version,
      actions: [{ action: 'changeName', name: { en: `${key}-renamed` } }],
    });
    const keyed = await session.expect<Resource>(200, 'POST', `/cart-discounts/key=${key}`, {
      version: renamed.version,
      actions: [{ action: 'setKey', key: `${key}-3` }],
    });
    await session.expect(200, 'DELETE', `/cart-discounts/key=${key}-3?version=${keyed.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/cart-discounts', draft(26, `${key}-2`, 72));
    created.push(`/cart-discounts/${other.id}`);
    await session.expect(200, 'DELETE', `/cart-discounts/${other.id}?version=${other.version}`);

    const inStore = `/in-store/key=${store.key!}/cart-discounts`;
    const local = await session.expect<Resource>(201, 'POST', inStore, draft(27, `${key}-4`, 73));
    created.push(`/cart-discounts/${local.id}`);
    await get(`${inStore}?limit=5`);
    await get(`${inStore}/${local.id}`);
    await get(`${inStore}/key=${key}-4`);
    const activated = await session.expect<Resource>(200, 'POST', `${inStore}/${local.id}`, {
      version: local.version,
      actions: [{ action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' }],
    });
    const described = await session.expect<Resource>(200, 'POST', `${inStore}/key=${key}-4`, {
      version: activated.version,
      actions: [{ action: 'setDescription', description: { en: 'in store' } }],
    });
    await session.expect(200, 'DELETE', `${inStore}/key=${key}-4?version=${described.version}`);
    const second = await session.expect<Resource>(201, 'POST', inStore, draft(28, `${key}-5`, 74));
    created.push(`/cart-discounts/${second.id}`);
    await session.expect(200, 'DELETE', `${inStore}/${second.id}?version=${second.version}`);
  });

  it('Shipping Method lifecycle: matching-location, query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-shipping`;
    const tax = await session.expect<Resource>(201, 'POST', '/tax-categories', taxCategoryDraft({ seed: 17 }).key(key).name(key).build());
    created.push(`/tax-categories/${tax.id}`);
    const zone = await session.expect<Resource>(201, 'POST', '/zones', zoneDraft({ seed: 18 }).key(key).name(key).build());
    created.push(`/zones/${zone.id}`);
    const draft = (seed: number, methodKey: string) =>
      shippingMethodDraft({ seed })
        .key(methodKey)
        .name(methodKey)
        .taxCategory({ typeId: 'tax-category', id: tax.id })
        .zoneRates([{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 } }] }])
        .isDefault(false)
        .build();
    const method = await session.expect<Resource>(201, 'POST', '/shipping-methods', draft(19, key));
    created.push(`/shipping-methods/${method.id}`);
    await get('/shipping-methods?limit=5');
    await get(`/shipping-methods/${method.id}`);
    await get(`/shipping-methods/key=${key}`);
    await get('/shipping-methods/matching-location?country=DE&currency=EUR');
    const inactive = await session.expect<Resource>(200, 'POST', `/shipping-methods/${method.id}`, {
      version: method.version,
      actions: [{ action: 'changeActive', active: false }],
    });
    const priced = await session.expect<Resource>(200, 'POST', `/shipping-methods/key=${key}`, {
      version: inactive.version,
      actions: [
        {
          action: 'addShippingRate',
          zone: { typeId: 'zone', id: zone.id },
          shippingRate: { price: { currencyCode: 'USD', centAmount: 590 } },
        },
      ],
    });
    await session.expect(200, 'DELETE', `/shipping-methods/key=${key}?version=${priced.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/shipping-methods', draft(20, `${key}-2`));
    created.push(`/shipping-methods/${other.id}`);
    await session.expect(200, 'DELETE', `/shipping-methods/${other.id}?version=${other.version}`);
  });

  it('Payment lifecycle: a Transaction and its state, query, update by id and key, delete by key and by id', async () => {
    const key = `${prefix}contract-payment`;
    const payment = await session.expect<Resource>(201, 'POST', '/payments', paymentDraft({ seed: 31 }).key(key).build());
    created.push(`/payments/${payment.id}`);
    await get('/payments?limit=5');
    await get(`/payments/${payment.id}`);
    await get(`/payments/key=${key}`);
    const money = { centAmount: 1000, currencyCode: 'EUR' };
    const added = await session.expect<Resource & { transactions: { id: string }[] }>(200, 'POST', `/payments/${payment.id}`, {
      version: payment.version,
      actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: money } }],
    });
    const changed = await session.expect<Resource>(200, 'POST', `/payments/key=${key}`, {
      version: added.version,
      actions: [{ action: 'changeTransactionState', transactionId: added.transactions[0]!.id, state: 'Success' }],
    });
    await session.expect(200, 'DELETE', `/payments/key=${key}?version=${changed.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/payments', paymentDraft({ seed: 32 }).key(`${key}-2`).build());
    created.push(`/payments/${other.id}`);
    await session.expect(200, 'DELETE', `/payments/${other.id}?version=${other.version}`);
  });

  it('Type lifecycle: query, update by id and key, custom fields on a Store, ReferenceExists, delete by key and by id', async () => {
    const key = `${prefix}contract-type`;
    const type = await session.expect<Resource>(
      201,
      'POST',
      '/types',
      typeDraft({ seed: 9 })
        .key(key)
        .resourceTypeIds(['store'])
        .fieldDefinitions([{ name: 'note', label: { en: 'Note' }, required: false, type: { name: 'String' } }])
        .build(),
    );
    created.push(`/types/${type.id}`);
    await get('/types?limit=5');
    await get(`/types/${type.id}`);
    await get(`/types/key=${key}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/types/${type.id}`, {
      version: type.version,
      actions: [{ action: 'changeName', name: { en: 'Contract Type' } }],
    });
    const extended = await session.expect<Resource>(200, 'POST', `/types/key=${key}`, {
      version: renamed.version,
      actions: [
        {
          action: 'addFieldDefinition',
          fieldDefinition: { name: 'rank', label: { en: 'Rank' }, required: false, type: { name: 'Number' } },
        },
      ],
    });
    const store = await session.expect<Resource>(201, 'POST', '/stores', {
      key: `${key}-store`,
      custom: { type: { key }, fields: { note: 'n', rank: 1 } },
    });
    created.push(`/stores/${store.id}`);
    const customized = await session.expect<Resource>(200, 'POST', `/stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setCustomField', name: 'rank', value: 2 }],
    });
    const referenced = await session.call('DELETE', `/types/${type.id}?version=${extended.version}`);
    expect(referenced.status).toBe(400);
    await session.expect(200, 'DELETE', `/stores/${store.id}?version=${customized.version}`);
    await session.expect(200, 'DELETE', `/types/key=${key}?version=${extended.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/types', typeDraft({ seed: 10 }).key(`${key}-2`).build());
    created.push(`/types/${other.id}`);
    await session.expect(200, 'DELETE', `/types/${other.id}?version=${other.version}`);
  });

  it('Product updates and deletion by key', async () => {
    const type = catalogue!.productTypes[0]!;
    const key = `${prefix}contract-product`;
    const product = await session.expect<Resource>(201, 'POST', '/products', {
      productType: { typeId: 'product-type', id: type.id },
      key,
      name: { en: 'Contract Product' },
      slug: { en: key },
      masterVariant: { sku: `${key}-1`.toUpperCase() },
    });
    created.push(`/products/${product.id}`);
    let version = product.version;
    for (const actions of [
      [{ action: 'changeName', name: { en: 'Contract Product, renamed' } }],
      [{ action: 'changeSlug', slug: { en: `${key}-renamed` }, staged: false }],
      [{ action: 'addVariant', sku: `${key}-2`.toUpperCase(), key: 'second' }],
      [{ action: 'publish' }],
      [{ action: 'unpublish' }],
    ]) {
      version = (await session.expect<Resource>(200, 'POST', `/products/key=${key}`, { version, actions })).version;
    }
    const renamed = await session.expect<Resource>(200, 'POST', `/products/${product.id}`, {
      version,
      actions: [{ action: 'setKey', key: `${key}-2` }],
    });
    await session.expect(200, 'DELETE', `/products/${product.id}?version=${renamed.version}`);
    const other = await session.expect<Resource>(201, 'POST', '/products', {
      productType: { typeId: 'product-type', key: type.key },
      key: `${key}-3`,
      name: { en: 'Contract Product 3' },
      slug: { en: `${key}-3` },
    });
    created.push(`/products/${other.id}`);
    await session.expect(200, 'DELETE', `/products/key=${key}-3?version=${other.version}`);
  });

  it('Product Type deletion, and API clients', async () => {
    const type = await session.expect<Resource>(201, 'POST', '/product-types', {
      key: `${prefix}contract-type`,
      name: 'Contract Type',
      description: 'created by the contract suite',
    });
    created.push(`/product-types/${type.id}`);
    const renamed = await session.expect<Resource>(200, 'POST', `/product-types/${type.id}`, {
      version: type.version,
      actions: [{ action: 'addAttributeDefinition', attribute: { name: 'contract', label: { en: 'Contract' }, type: { name: 'text' } } }],
    });
    const relabelled = await session.expect<Resource>(200, 'POST', `/product-types/key=${encodeURIComponent(`${prefix}contract-type`)}`, {
      version: renamed.version,
      actions: [{ action: 'changeLabel', attributeName: 'contract', label: { en: 'Contract 2' } }],
    });
    await session.expect(200, 'DELETE', `/product-types/${type.id}?version=${relabelled.version}`);
    const byKey = await session.expect<Resource>(201, 'POST', '/product-types', {
      key: `${prefix}contract-type-2`,
      name: 'Contract Type 2',
      description: 'deleted by key by the contract suite',
    });
    created.push(`/product-types/${byKey.id}`);
    await session.expect(200, 'DELETE', `/product-types/key=${encodeURIComponent(`${prefix}contract-type-2`)}?version=${byKey.version}`);
    const client = await session.expect<{ id: string; secret: string }>(
      201,
      'POST',
      '/api-clients',
      apiClientDraft({ seed: 1 }).name(`${prefix}contract client`).scope(`view_products:${target.projectKey}`).build(),
    );
    await get(`/api-clients/${client.id}`);
    await session.expect(200, 'DELETE', `/api-clients/${client.id}`);
  });

  it('GraphQL mutations', async () => {
    const key = `${prefix}contract-gql`;
    const answer = await graphql(
      'mutation ($draft: CreateProductSelectionDraft!) { createProductSelection(draft: $draft) { id version key } }',
      {
        draft: productSelectionDraft({ seed: 8 }).key(key).buildGraphql(),
      },
    );
    expect(answer.errors).toBeUndefined();
    const selection = (answer.data as { createProductSelection: Resource }).createProductSelection;
    created.push(`/product-selections/${selection.id}`);
    const deleted = await graphql('mutation ($id: String, $version: Long!) { deleteProductSelection(id: $id, version: $version) { id } }', {
      id: selection.id,
      version: selection.version,
    });
    expect(deleted.errors).toBeUndefined();
  });
});

/**
 * A new Customer (in the Store, when given) and a caller with its password-flow token, for the
 * `/me` paths under `prefixPath`; each answer must have the given status.
 */
async function newCustomer(prefixPath: string, storeKey: string | undefined, seed: number) {
  const draft = customerDraft({ seed }).build();
  const { customer } = await session.expect<{ customer: Resource }>(201, 'POST', `${prefixPath}/customers`, draft);
  const tokenPath =
    storeKey === undefined
      ? `/oauth/${target.projectKey}/customers/token`
      : `/oauth/${target.projectKey}/in-store/key=${storeKey}/customers/token`;
  const login = await authForm(tokenPath, { grant_type: 'password', username: draft.email, password: draft.password! });
  const headers = { authorization: `Bearer ${login.body['access_token'] as string}`, 'content-type': 'application/json' };
  const asCustomer = async (method: string, path: string, status: number, body?: unknown): Promise<Resource> => {
    const response = await fetch(api(`${prefixPath}${path}`), { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(response.status, path).toBe(status);
    return (await response.json()) as Resource;
  };
  return { customer, asCustomer };
}

describe.skipIf(!onEmulator)('contract suite: flows that leave data the API cannot delete (emulator only)', () => {
  it('customers: sign-up globally and in a Store, password tokens, /me', async () => {
    const store = catalogue!.stores[0]!;
    const global = customerDraft({ seed: 1 }).build();
    const signedUp = await session.expect<{ customer: Resource }>(201, 'POST', '/customers', global);
    await get(`/customers/${signedUp.customer.id}`);
    await get(`/customers/key=${global.key!}`);
    const inStore = customerDraft({ seed: 2 }).build();
    const inStoreSignUp = await session.expect<{ customer: Resource }>(201, 'POST', `/in-store/key=${store.key}/customers`, inStore);
    await get(`/in-store/key=${store.key}/customers/${inStoreSignUp.customer.id}`);

    const password = await authForm(`/oauth/${target.projectKey}/customers/token`, {
      grant_type: 'password',
      username: global.email,
      password: global.password!,
    });
    expect(password.status).toBe(200);
    const me = await fetch(api('/me'), { headers: { authorization: `Bearer ${password.body['access_token'] as string}` } });
    expect(me.status).toBe(200);
    const inStorePassword = await authForm(`/oauth/${target.projectKey}/in-store/key=${store.key}/customers/token`, {
      grant_type: 'password',
      username: inStore.email,
      password: inStore.password!,
    });
    expect(inStorePassword.status).toBe(200);
    const meInStore = await fetch(api(`/in-store/key=${store.key}/me`), {
      headers: { authorization: `Bearer ${inStorePassword.body['access_token'] as string}` },
    });
    expect(meInStore.status).toBe(200);
    const wrong = await authForm(`/oauth/${target.projectKey}/customers/token`, {
      grant_type: 'password',
      username: global.email,
      password: 'wrong',
    });
    expect(wrong.body['error']).toBe('invalid_customer_account_credentials');
  });

  it('customer updates, deletion, passwords and tokens, globally and in a Store', async () => {
    const store = catalogue!.stores[0]!;
    for (const [base, seed] of [
      ['/customers', 11],
      [`/in-store/key=${store.key}/customers`, 12],
    ] as const) {
      const draft = customerDraft({ seed }).build();
      const { customer } = await session.expect<{ customer: Resource }>(201, 'POST', base, draft);
      if (base !== '/customers') {
        await get<Page>(`${base}?limit=1`);
        await get(`${base}/key=${draft.key!}`);
      }
      const byId = await session.expect<Resource>(200, 'POST', `${base}/${customer.id}`, {
        version: customer.version,
        actions: [{ action: 'setFirstName', firstName: 'Contract' }],
      });
      const byKey = await session.expect<Resource>(200, 'POST', `${base}/key=${draft.key!}`, {
        version: byId.version,
        actions: [{ action: 'addAddress', address: { country: 'DE' } }],
      });
      const changed = await session.expect<Resource>(200, 'POST', `${base}/password`, {
        id: customer.id,
        version: byKey.version,
        currentPassword: draft.password,
        newPassword: 'contract-2',
      });
      const reset = await session.expect<{ value: string }>(200, 'POST', `${base}/password-token`, { email: draft.email });
      await get(`${base}/password-token=${reset.value}`);
      const afterReset = await session.expect<Resource>(200, 'POST', `${base}/password/reset`, {
        tokenValue: reset.value,
        newPassword: 'contract-3',
      });
      expect(afterReset.version).toBe(changed.version + 1);
      const email = await session.expect<{ value: string }>(200, 'POST', `${base}/email-token`, { id: customer.id, ttlMinutes: 10 });
      await get(`${base}/email-token=${email.value}`);
      const verified = await session.expect<Resource>(200, 'POST', `${base}/email/confirm`, { tokenValue: email.value });
      await session.expect(200, 'DELETE', `${base}/${customer.id}?version=${verified.version}`);
      const again = await session.expect<{ customer: Resource }>(201, 'POST', base, draft);
      await session.expect(200, 'DELETE', `${base}/key=${draft.key!}?version=${again.customer.version}`);
    }
  });

  it('My Payments: create, query, get, update and delete with a customer token', async () => {
    const draft = customerDraft({ seed: 23 }).build();
    await session.expect(201, 'POST', '/customers', draft);
    const login = await authForm(`/oauth/${target.projectKey}/customers/token`, {
      grant_type: 'password',
      username: draft.email,
      password: draft.password!,
    });
    const headers = { authorization: `Bearer ${login.body['access_token'] as string}`, 'content-type': 'application/json' };
    const asCustomer = async <T>(method: string, path: string, status: number, body?: unknown): Promise<T> => {
      const response = await fetch(api(path), { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      expect(response.status, path).toBe(status);
      return (await response.json()) as T;
    };
    const payment = await asCustomer<Resource>('POST', '/me/payments', 201, myPaymentDraft({ seed: 33 }).build());
    await asCustomer('GET', '/me/payments', 200);
    await asCustomer('GET', `/me/payments/${payment.id}`, 200);
    const updated = await asCustomer<Resource>('POST', `/me/payments/${payment.id}`, 200, {
      version: payment.version,
      actions: [{ action: 'setMethodInfoMethod', method: 'CARD' }],
    });
    await asCustomer('DELETE', `/me/payments/${payment.id}?version=${updated.version}`, 200);
  });

  it('Shopping Lists and My Shopping Lists by id and key, globally and in a Store', async () => {
    const store = catalogue!.stores[0]!;
    for (const [prefixPath, storeKey, seed] of [
      ['', undefined, 51],
      [`/in-store/key=${store.key}`, store.key, 52],
    ] as const) {
      const key = `contract-list-${seed}`;
      const list = await session.expect<Resource>(201, 'POST', `${prefixPath}/shopping-lists`, { key, name: { en: 'List' } });
      await get(`${prefixPath}/shopping-lists?limit=5`);
      await get(`${prefixPath}/shopping-lists/${list.id}`);
      await get(`${prefixPath}/shopping-lists/key=${key}`);
      const named = await session.expect<Resource>(200, 'POST', `${prefixPath}/shopping-lists/${list.id}`, {
        version: list.version,
        actions: [{ action: 'changeName', name: { en: 'Renamed' } }],
      });
      const described = await session.expect<Resource>(200, 'POST', `${prefixPath}/shopping-lists/key=${key}`, {
        version: named.version,
        actions: [{ action: 'setDescription', description: { en: 'About' } }],
      });
      await session.expect(200, 'DELETE', `${prefixPath}/shopping-lists/key=${key}?version=${described.version}`);
      const other = await session.expect<Resource>(201, 'POST', `${prefixPath}/shopping-lists`, { name: { en: 'Other' } });
      await session.expect(200, 'DELETE', `${prefixPath}/shopping-lists/${other.id}?version=${other.version}`);

      const { asCustomer } = await newCustomer(prefixPath, storeKey, seed);
      const mine = await asCustomer('POST', '/me/shopping-lists', 201, { name: { en: 'Mine' } });
      await asCustomer('GET', '/me/shopping-lists', 200);
      await asCustomer('GET', `/me/shopping-lists/${mine.id}`, 200);
      const keyed = await asCustomer('POST', `/me/shopping-lists/${mine.id}`, 200, {
        version: mine.version,
        actions: [{ action: 'changeName', name: { en: 'Keyed' } }],
      });
      await session.expect(200, 'POST', `${prefixPath}/shopping-lists/${mine.id}`, {
        version: keyed.version,
        actions: [{ action: 'setKey', key: `${key}-mine` }],
      });
      await asCustomer('GET', `/me/shopping-lists/key=${key}-mine`, 200);
      const renamed = await asCustomer('POST', `/me/shopping-lists/key=${key}-mine`, 200, {
        version: keyed.version + 1,
        actions: [{ action: 'setDescription', description: { en: 'Mine' } }],
      });
      await asCustomer('DELETE', `/me/shopping-lists/key=${key}-mine?version=${renamed.version}`, 200);
      const again = await asCustomer('POST', '/me/shopping-lists', 201, { name: { en: 'Again' } });
      await asCustomer('DELETE', `/me/shopping-lists/${again.id}?version=${again.version}`, 200);
    }
  });

  it('My Carts, active Carts, replication and the Cart merge, globally and in a Store', async () => {
    const store = catalogue!.stores[0]!;
    for (const [prefixPath, storeKey, seed] of [
      ['', undefined, 41],
      [`/in-store/key=${store.key}`, store.key, 42],
    ] as const) {
      const { customer, asCustomer } = await newCustomer(prefixPath, storeKey, seed);
      const cart = await asCustomer('POST', '/me/carts', 201, { currency: 'EUR' });
      await asCustomer('GET', '/me/carts', 200);
      await asCustomer('GET', `/me/carts/${cart.id}`, 200);
      const updated = await asCustomer('POST', `/me/carts/${cart.id}`, 200, {
        version: cart.version,
        actions: [{ action: 'setLocale', locale: 'en' }],
      });
      await asCustomer('GET', '/me/active-cart', 200);
      if (storeKey === undefined) await asCustomer('POST', '/me/carts/replicate', 201, { reference: { typeId: 'cart', id: cart.id } });
      await asCustomer('DELETE', `/me/carts/${cart.id}?version=${updated.version}`, 200);

      const own = await session.expect<Resource>(201, 'POST', `${prefixPath}/carts`, { currency: 'EUR', customerId: customer.id });
      await session.expect(201, 'POST', `${prefixPath}/carts/replicate`, { reference: { typeId: 'cart', id: own.id } });
      const anonymous = await session.expect<Resource>(201, 'POST', `${prefixPath}/carts`, {
        currency: 'EUR',
        anonymousId: `contract-${seed}`,
      });
      await session.expect(200, 'POST', `${prefixPath}/carts/customer-id=${customer.id}/merge`, {
        anonymousCart: { typeId: 'cart', id: anonymous.id },
      });
      await get(`${prefixPath}/carts/customer-id=${customer.id}`);
    }
  });

  it('me: signup, login, update, password, reset, e-mail, delete, globally and in a Store', async () => {
    const store = catalogue!.stores[0]!;
    for (const [prefixPath, storeKey, seed] of [
      ['', undefined, 21],
      [`/in-store/key=${store.key}`, store.key, 22],
    ] as const) {
      const draft = customerDraft({ seed }).build();
      const signUp = { email: draft.email, password: draft.password! };
      const { customer } = await session.expect<{ customer: Resource }>(201, 'POST', `${prefixPath}/me/signup`, signUp);
      await session.expect(200, 'POST', `${prefixPath}/me/login`, signUp);
      const tokenPath =
        storeKey === undefined
          ? `/oauth/${target.projectKey}/customers/token`
          : `/oauth/${target.projectKey}/in-store/key=${storeKey}/customers/token`;
      const login = await authForm(tokenPath, { grant_type: 'password', username: signUp.email, password: signUp.password });
      const bearer = { authorization: `Bearer ${login.body['access_token'] as string}`, 'content-type': 'application/json' };
      const asCustomer = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(api(`${prefixPath}${path}`), {
          method,
          headers: bearer,
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect(response.status, path).toBe(200);
        return (await response.json()) as Resource;
      };
      const updated = await asCustomer('POST', '/me', {
        version: customer.version,
        actions: [{ action: 'setFirstName', firstName: 'Me' }],
      });
      const changed = await asCustomer('POST', '/me/password', {
        version: updated.version,
        currentPassword: signUp.password,
        newPassword: 'me-2',
      });
      const base = storeKey === undefined ? '/customers' : `/in-store/key=${storeKey}/customers`;
      const reset = await session.expect<{ value: string }>(200, 'POST', `${base}/password-token`, { email: signUp.email });
      await session.expect(200, 'POST', `${prefixPath}/me/password/reset`, { tokenValue: reset.value, newPassword: 'me-3' });
      const email = await session.expect<{ value: string }>(200, 'POST', `${base}/email-token`, { id: customer.id, ttlMinutes: 10 });
      const verified = await asCustomer('POST', '/me/email/confirm', { tokenValue: email.value });
      expect(verified.version).toBe(changed.version + 2);
      await asCustomer('DELETE', `/me?version=${verified.version}`);
    }
  });

  it('Cart lifecycle: lines, address, shipping, query, update and delete by id and key, in a Store, matching Shipping Methods', async () => {
    const store = catalogue!.stores[0]!;
    const sku = catalogue!.products[0]!.skus[0]!;
    for (const base of ['', `/in-store/key=${store.key}`]) {
      const key = `${prefix}contract-cart${base === '' ? '' : '-store'}`;
      const draft = { currency: 'EUR', key, lineItems: [{ sku }], shippingAddress: { country: 'DE' } };
      const cart = await session.expect<Resource>(201, 'POST', `${base}/carts`, draft);
      created.push(`/carts/${cart.id}`);
      await get<Page>(`${base}/carts?limit=1`);
      await get(`${base}/carts/${cart.id}`);
      await get(`${base}/carts/key=${key}`);
      const matching = await get<Page<Resource>>(`${base}/shipping-methods/matching-cart?cartId=${cart.id}`);
      if (base === '') await get(`/shipping-methods/matching-cart-location?cartId=${cart.id}&country=DE`);
      const method = matching.results[0];
      const shipped = await session.expect<Resource>(200, 'POST', `${base}/carts/${cart.id}`, {
        version: cart.version,
        actions: [
          ...(method ? [{ action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', id: method.id } }] : []),
          { action: 'setCustomerEmail', email: 'contract@example.com' },
        ],
      });
      const changed = await session.expect<Resource>(200, 'POST', `${base}/carts/key=${key}`, {
        version: shipped.version,
        actions: [{ action: 'addLineItem', sku, quantity: 2 }],
      });
      await session.expect(200, 'DELETE', `${base}/carts/key=${key}?version=${changed.version}`);
      const other = await session.expect<Resource>(201, 'POST', `${base}/carts`, { currency: 'EUR' });
      created.push(`/carts/${other.id}`);
      await session.expect(200, 'DELETE', `${base}/carts/${other.id}?version=${other.version}`);
    }
  });

  it("login, and Orders from Carts: by id and order number, in a Store, and the caller's own", async () => {
    const store = catalogue!.stores[0]!;
    const sku = catalogue!.products[0]!.skus[0]!;
    const cart = (extra: Record<string, unknown> = {}) =>
      session.expect<Resource>(201, 'POST', '/carts', {
        currency: 'EUR',
        lineItems: [{ sku }],
        shippingAddress: { country: 'DE' },
        ...extra,
      });
    const customers: { email: string; password: string; id: string }[] = [];
    for (const [base, seed] of [
      ['', 31],
      [`/in-store/key=${store.key}`, 32],
    ] as const) {
      const draft = customerDraft({ seed }).build();
      const { customer } = await session.expect<{ customer: Resource }>(201, 'POST', `${base}/customers`, draft);
      await session.expect(200, 'POST', `${base}/login`, { email: draft.email, password: draft.password });
      customers.push({ email: draft.email, password: draft.password!, id: customer.id });

      const ordered = await cart(base === '' ? {} : { store: { key: store.key } });
      const orderNumber = `contract-${seed}`;
      const order = await session.expect<Resource>(201, 'POST', `${base}/orders`, {
        cart: { id: ordered.id },
        version: ordered.version,
        orderNumber,
      });
      await get<Page>(`${base}/orders?limit=1`);
      await get(`${base}/orders/${order.id}`);
      await get(`${base}/orders/order-number=${orderNumber}`);
      const byId = await session.expect<Resource>(200, 'POST', `${base}/orders/${order.id}`, {
        version: order.version,
        actions: [{ action: 'changeOrderState', orderState: 'Confirmed' }],
      });
      const byNumber = await session.expect<Resource>(200, 'POST', `${base}/orders/order-number=${orderNumber}`, {
        version: byId.version,
        actions: [{ action: 'changePaymentState', paymentState: 'Paid' }],
      });
      await session.expect(200, 'DELETE', `${base}/orders/order-number=${orderNumber}?version=${byNumber.version}`);
      const again = await cart(base === '' ? {} : { store: { key: store.key } });
      const other = await session.expect<Resource>(201, 'POST', `${base}/orders`, { cart: { id: again.id }, version: again.version });
      await session.expect(200, 'DELETE', `${base}/orders/${other.id}?version=${other.version}`);
    }
    for (const [base, customer] of [
      ['', customers[0]!],
      [`/in-store/key=${store.key}`, customers[1]!],
    ] as const) {
      const tokenPath =
        base === ''
          ? `/oauth/${target.projectKey}/customers/token`
          : `/oauth/${target.projectKey}/in-store/key=${store.key}/customers/token`;
      const login = await authForm(tokenPath, { grant_type: 'password', username: customer.email, password: customer.password });
      const headers = { authorization: `Bearer ${login.body['access_token'] as string}`, 'content-type': 'application/json' };
      const mine = await cart({ customerId: customer.id, ...(base === '' ? {} : { store: { key: store.key } }) });
      const created = await fetch(api(`${base}/me/orders`), {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: mine.id, version: mine.version }),
      });
      expect(created.status).toBe(201);
      const order = (await created.json()) as Resource;
      expect((await fetch(api(`${base}/me/orders`), { headers })).status).toBe(200);
      expect((await fetch(api(`${base}/me/orders/${order.id}`), { headers })).status).toBe(200);
    }
  });

  it('project settings update', async () => {
    const project = await get<{ version: number }>('');
    await session.expect(200, 'POST', '', {
      version: project.version,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true } }],
    });
  });

  it('Change History GraphQL', async () => {
    const response = await fetch(`${target.historyUrl}/${target.projectKey}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await session.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ productSelections(limit: 2) { total results { version type } } }' }),
    });
    expect(response.status).toBe(200);
  });

  it('covers every operation of the three schemas', () => {
    const operationIds = (document: unknown) =>
      Object.values((document as { paths: Record<string, Record<string, { operationId?: string }>> }).paths).flatMap((item) =>
        Object.values(item).flatMap((operation) =>
          typeof operation === 'object' && operation?.operationId ? [operation.operationId] : [],
        ),
      );
    const checked = new Set(fetch.checks.map((check) => check.operation));
    const missing = [...operationIds(commerceDocument), ...operationIds(historyDocument)].filter((id) => !checked.has(id));
    expect(missing).toEqual([]);
    const auth = [
      'requestToken',
      'requestCustomerToken',
      'requestInStoreCustomerToken',
      'requestAnonymousToken',
      'introspectToken',
      'revokeToken',
    ];
    expect(auth.filter((id) => !checked.has(id))).toEqual([]);
  });
});
