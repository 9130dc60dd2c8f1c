import { describe, expect, it, vi } from 'vitest';
import type { Emulator } from '../src/emulator/app.js';
import { CustomerCredentialStore } from '../src/emulator/auth/customer-credentials.js';
import { adminConsole, ADMIN_CONSOLE_CLIENT_ID } from '../src/emulator/auth/admin-console.js';
import type { EmulatorOptions } from '../src/emulator/options.js';
import { createHistoryApi, type HistoryApi } from './history/helpers.js';
import { authForm } from './helpers/tokens.js';

/** Empties `emulator` (`emulator.reset()`, what `POST /_emulator/reset` runs). */
const reset = (emulator: Emulator): void => emulator.reset();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the schemas by the helpers
type Json = Record<string, any>;

interface Credentials {
  clientId: string;
  clientSecret: string;
}

const PASSWORD = 'long-enough-1';

function setup(options: EmulatorOptions = {}): Promise<HistoryApi> {
  return createHistoryApi({ projectKey: 'reset-project', ...options });
}

/** Expects a 2xx answer and returns its body. */
function ok<T = Json>(answer: { status: number; body: T }, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

/** Expects an error answer with this status and first error code. */
function expectError(answer: { status: number; body: unknown }, status: number, code: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect((answer.body as { errors: { code: string }[] }).errors[0]!.code).toBe(code);
}

/** POSTs a form to the authorization service as `credentials`. */
const authPost = (api: HistoryApi, path: string, form: Record<string, string>, credentials: Credentials) =>
  authForm(api, path, form, credentials);

async function clientToken(api: HistoryApi, credentials: Credentials): Promise<string> {
  return ok(await authPost(api, '/oauth/token', { grant_type: 'client_credentials' }, credentials))['access_token'] as string;
}

function passwordFlow(api: HistoryApi, email: string, password = PASSWORD) {
  return authPost(
    api,
    `/oauth/${api.project}/customers/token`,
    { grant_type: 'password', username: email, password },
    api.emulator.credentials,
  );
}

function anonymousFlow(api: HistoryApi, anonymousId: string) {
  return authPost(
    api,
    `/oauth/${api.project}/anonymous/token`,
    { grant_type: 'client_credentials', anonymous_id: anonymousId },
    api.emulator.credentials,
  );
}

/** Whether the bootstrap client's introspection finds `token` active (it may see every token of the project). */
async function active(api: HistoryApi, token: string): Promise<boolean> {
  const body = ok(await authPost(api, '/oauth/introspect', { token }, api.emulator.credentials));
  return body['active'] as boolean;
}

/** One resource of every type: product type, product (in a selection), selection, store (with it), customer. */
async function createEverything(api: HistoryApi): Promise<Record<string, string>> {
  const productType = ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
  const product = ok(
    await api.call('POST', '/products', {
      key: 'p1',
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Shirt' },
      slug: { en: 'shirt' },
      masterVariant: { sku: 'sku-1' },
      publish: true,
    }),
    201,
  );
  const selection = ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
  ok(
    await api.call('POST', `/product-selections/${selection['id']}`, {
      version: selection['version'],
      actions: [{ action: 'addProduct', product: { key: 'p1' } }],
    }),
  );
  const store = ok(
    await api.call('POST', '/stores', { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' }, active: true }] }),
    201,
  );
  const customer = ok(await api.call('POST', '/customers', { key: 'ann', email: 'ann@example.com', password: PASSWORD }), 201)[
    'customer'
  ] as Json;
  return {
    'product-types': productType['id'],
    products: product['id'],
    'product-selections': selection['id'],
    stores: store['id'],
    customers: customer['id'],
  };
}

async function total(api: HistoryApi, path: string): Promise<number> {
  const separator = path.includes('?') ? '&' : '?';
  return ok(await api.call('GET', `${path}${separator}withTotal=true`))['total'] as number;
}

async function historyTotal(api: HistoryApi): Promise<number> {
  return ok(await api.history('?withTotal=true')).total!;
}

describe('resetEmulator', () => {
  it('removes every resource: queries answer total 0, the old ids 404, and the old keys can be used again', async () => {
    const api = await setup();
    const ids = await createEverything(api);
    for (const path of Object.keys(ids)) expect(await total(api, `/${path}`), path).toBe(1);
    expect(await total(api, '/product-projections')).toBe(1);

    reset(api.emulator);

    for (const [path, id] of Object.entries(ids)) {
      expect(await total(api, `/${path}`), path).toBe(0);
      expectError(await api.call('GET', `/${path}/${id}`), 404, 'ResourceNotFound');
    }
    expect(await total(api, '/product-projections')).toBe(0);
    expect(await total(api, '/messages')).toBe(0);
    expectError(await api.call('GET', `/product-selections/${ids['product-selections']}/products`), 404, 'ResourceNotFound');

    // The same keys, e-mail and SKU again: no DuplicateField.
    const again = await createEverything(api);
    for (const path of Object.keys(ids)) expect(await total(api, `/${path}`), path).toBe(1);
    expect(ok(await api.call('GET', `/product-selections/${again['product-selections']}/products`))['results']).toHaveLength(1);
  });

  it('drops the messages, and message numbering starts again at 1', async () => {
    const api = await setup();
    ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    const store = ok(await api.call('POST', '/stores', { key: 'berlin' }), 201);
    ok(
      await api.call('POST', `/stores/${store['id']}`, {
        version: 1,
        actions: [{ action: 'addProductSelection', productSelection: { key: 'summer' }, active: true }],
      }),
    );
    const before = ok(
      await api.call('GET', `/messages?where=${encodeURIComponent(`resource(id = "${store['id']}")`)}&sort=sequenceNumber%20asc`),
    );
    expect(before['results'].map((m: Json) => m['sequenceNumber'])).toEqual([1, 2]);
    expect(await total(api, '/messages')).toBe(3);

    reset(api.emulator);
    expect(await total(api, '/messages')).toBe(0);

    const created = ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    const messages = ok(await api.call('GET', '/messages?withTotal=true'));
    expect(messages['total']).toBe(1);
    expect(messages['results'][0]).toMatchObject({ type: 'ProductSelectionCreated', sequenceNumber: 1, resource: { id: created['id'] } });
  });

  it('drops the Change History Records; later writes are recorded again', async () => {
    const api = await setup();
    await createEverything(api);
    ok(await api.asAdmin('jen')('POST', '/product-selections', { key: 'winter', name: { en: 'Winter' } }), 201);
    expect(await historyTotal(api)).toBeGreaterThan(3);

    reset(api.emulator);
    expect(await historyTotal(api)).toBe(0);
    expect(ok(await api.history('/product-selection?withTotal=true')).total).toBe(0);

    ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    const page = ok(await api.history('?withTotal=true'));
    expect(page.total).toBe(1);
    expect(page.results[0]).toMatchObject({ type: 'ResourceCreated', version: 1, resource: { typeId: 'product-selection' } });
  });

  it('puts the project settings back: version 1, messages on for 15 days, no external OAuth, same createdAt', async () => {
    const api = await setup();
    const initial = ok(await api.call('GET', ''));
    ok(
      await api.call('POST', '', {
        version: 1,
        actions: [
          { action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false, deleteDaysAfterCreation: 3 } },
          { action: 'setExternalOAuth', externalOAuth: { url: 'https://oauth.example.com/introspect', authorizationHeader: 'Bearer xyz' } },
        ],
      }),
    );
    expect(ok(await api.call('GET', ''))).toMatchObject({
      version: 2,
      messages: { enabled: false },
      externalOAuth: { url: 'https://oauth.example.com/introspect' },
    });
    api.clock.advance(60_000);

    reset(api.emulator);

    const project = ok(await api.call('GET', ''));
    expect(project).toEqual(initial);
    expect(project).toMatchObject({ version: 1, messages: { enabled: true, deleteDaysAfterCreation: 15 } });
    expect(project).not.toHaveProperty('externalOAuth');
    expect(api.emulator.context.state.project.externalOAuth).toBeUndefined();
    // Messages are stored again (the configuration said "off" before the reset).
    ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    expect(await total(api, '/messages')).toBe(1);
  });

  it('forgets the external OAuth server cache: the same token is introspected again once the server is set again', async () => {
    const introspected: string[] = [];
    const fakeServer: typeof fetch = async (_url, init) => {
      const token = new URLSearchParams(String(init?.body)).get('token')!;
      introspected.push(token);
      return Response.json({ active: true, scope: 'manage_project:reset-project', client_id: 'ext-client' });
    };
    const api = await setup({ fetch: fakeServer });
    const configure = async (version: number) =>
      ok(
        await api.call('POST', '', {
          version,
          actions: [
            {
              action: 'setExternalOAuth',
              externalOAuth: { url: 'https://oauth.example.com/introspect', authorizationHeader: 'Bearer xyz' },
            },
          ],
        }),
      );
    await configure(1);
    expect((await api.as('ext-token')('GET', '')).status).toBe(200);
    expect((await api.as('ext-token')('GET', '')).status).toBe(200);
    expect(introspected).toEqual(['ext-token']); // cached

    reset(api.emulator);
    expectError(await api.as('ext-token')('GET', ''), 401, 'invalid_token'); // no external server any more
    await configure(1);
    expect((await api.as('ext-token')('GET', '')).status).toBe(200);
    expect(introspected).toEqual(['ext-token', 'ext-token']);
  });

  it('deletes API clients created through the API; their tokens become inactive', async () => {
    const api = await setup();
    const created = ok(await api.call('POST', '/api-clients', { name: 'shop', scope: `view_products:${api.project}` }), 201);
    const credentials = { clientId: created['id'] as string, clientSecret: created['secret'] as string };
    const token = await clientToken(api, credentials);
    expect((await api.as(token)('GET', '/products')).status).toBe(200);

    reset(api.emulator);

    expectError(await api.as(token)('GET', '/products'), 401, 'invalid_token');
    expect(await active(api, token)).toBe(false);
    expectError(await api.call('GET', `/api-clients/${credentials.clientId}`), 404, 'ResourceNotFound');
    expect(ok(await api.call('GET', '/api-clients'))['results'].map((c: Json) => c['id'])).toEqual([api.emulator.credentials.clientId]);
    const refused = await authPost(api, '/oauth/token', { grant_type: 'client_credentials' }, credentials);
    expect(refused.status).toBe(401);
    expect(refused.body['error']).toBe('invalid_client');
  });

  it('deletes customers and their credentials: the password-flow tokens become inactive and the e-mail can sign up again', async () => {
    const api = await setup();
    const customer = ok(await api.call('POST', '/customers', { email: 'Ann@Example.com', password: PASSWORD }), 201)['customer'] as Json;
    const login = ok(await passwordFlow(api, 'ann@example.com'));
    const access = login['access_token'] as string;
    const refresh = login['refresh_token'] as string;
    expect(ok(await api.as(access)('GET', '/me'))['id']).toBe(customer['id']);

    reset(api.emulator);

    expectError(await api.as(access)('GET', '/me'), 401, 'invalid_token');
    expect(await active(api, access)).toBe(false);
    expect(await active(api, refresh)).toBe(false);
    const refreshed = await authPost(
      api,
      '/oauth/token',
      { grant_type: 'refresh_token', refresh_token: refresh },
      api.emulator.credentials,
    );
    expect(refreshed.body['error']).toBe('invalid_grant');
    const refused = await passwordFlow(api, 'ann@example.com');
    expect(refused.status).toBe(400);
    expect(refused.body['error']).toBe('invalid_customer_account_credentials');
    expectError(await api.call('GET', `/customers/${customer['id']}`), 404, 'ResourceNotFound');

    const again = ok(await api.call('POST', '/customers', { email: 'ann@example.com', password: 'another-password-2' }), 201)[
      'customer'
    ] as Json;
    expect((await passwordFlow(api, 'ann@example.com')).status).toBe(400); // the old password is gone
    const token = ok(await passwordFlow(api, 'ann@example.com', 'another-password-2'))['access_token'] as string;
    expect(ok(await api.as(token)('GET', '/me'))['id']).toBe(again['id']);
  });

  it('ends anonymous sessions, and the same anonymous_id can start a session again', async () => {
    const api = await setup();
    const session = ok(await anonymousFlow(api, 'anon-1'));
    const access = session['access_token'] as string;
    expect((await api.as(access)('GET', '/product-projections')).status).toBe(200);
    expect((await anonymousFlow(api, 'anon-1')).body['error']).toBe('invalid_request'); // in use

    reset(api.emulator);

    expectError(await api.as(access)('GET', '/product-projections'), 401, 'invalid_token');
    expect(await active(api, access)).toBe(false);
    expect(await active(api, session['refresh_token'] as string)).toBe(false);
    const again = ok(await anonymousFlow(api, 'anon-1'));
    expect(again['scope']).toContain('anonymous_id=anon-1');
    expect((await api.as(again['access_token'] as string)('GET', '/product-projections')).status).toBe(200);
  });

  it('keeps the bootstrap client and its client-credentials token, and leaves the clock alone', async () => {
    const api = await setup();
    const before = await clientToken(api, api.emulator.credentials);
    const now = api.clock.now();

    reset(api.emulator);

    expect(api.clock.now()).toBe(now);
    expect(ok(await api.as(before)('GET', ''))['version']).toBe(1);
    expect(await active(api, before)).toBe(true);
    const after = await clientToken(api, api.emulator.credentials);
    expect(after).not.toBe(before);
    const at = api.clock.now();
    expect(ok(await api.as(after)('POST', '/product-selections', { name: { en: 'Summer' } }), 201)['createdAt']).toBe(
      new Date(at).toISOString(),
    );
  });

  it('keeps the admin console client: its tokens, its secret and admin console writes still work', async () => {
    const api = await setup();
    const admin = adminConsole(api.emulator.context);
    const before = admin.token();

    reset(api.emulator);

    expect((await api.as(before)('GET', '/product-selections')).status).toBe(200);
    expect(await active(api, before)).toBe(true);
    const viaHttp = await clientToken(api, { clientId: admin.clientId, clientSecret: admin.clientSecret });
    expect((await api.as(viaHttp)('GET', '/product-selections')).status).toBe(200);
    ok(await api.asAdmin('jen')('POST', '/product-selections', { key: 'winter', name: { en: 'Winter' } }), 201);
    expect(ok(await api.history('/product-selection?source=AdminConsole&userId=jen&withTotal=true')).total).toBe(1);
    const clients = ok(await api.call('GET', '/api-clients?sort=id%20asc'))['results'].map((c: Json) => c['id']);
    expect(clients.sort()).toEqual([api.emulator.credentials.clientId, ADMIN_CONSOLE_CLIENT_ID].sort());
  });

  it('registers the bootstrap and admin console clients again when they were deleted through the API', async () => {
    const api = await setup();
    const admin = adminConsole(api.emulator.context);
    const adminToken = admin.token();
    ok(await api.as(adminToken)('DELETE', `/api-clients/${api.emulator.credentials.clientId}`));
    ok(await api.as(adminToken)('DELETE', `/api-clients/${ADMIN_CONSOLE_CLIENT_ID}`));
    expect(() => admin.token()).toThrow(/deleted/);
    expect((await authPost(api, '/oauth/token', { grant_type: 'client_credentials' }, api.emulator.credentials)).status).toBe(401);

    reset(api.emulator);

    const token = await clientToken(api, api.emulator.credentials);
    expect((await api.as(token)('GET', '')).status).toBe(200);
    expect((await api.as(admin.token())('GET', '')).status).toBe(200);
  });

  it('removes every fault rule', async () => {
    const api = await setup();
    api.emulator.faults.inject({ kind: 'error', status: 503, path: `/${api.project}/stores` });
    expect((await api.call('GET', '/stores')).status).toBe(503);

    reset(api.emulator);

    expect(ok(await api.call('GET', '/stores'))['results']).toEqual([]);
  });

  it('is harmless on an emulator that holds nothing, also twice', async () => {
    const api = await setup();
    reset(api.emulator);
    reset(api.emulator);
    expect(ok(await api.call('GET', ''))['version']).toBe(1);
    expect(await total(api, '/product-selections')).toBe(0);
    ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    expect(await total(api, '/messages')).toBe(1);
    expect(await historyTotal(api)).toBe(1);
  });

  it('resets one emulator only: another keeps its data, clients and tokens', async () => {
    const first = await setup();
    const second = await setup();
    await createEverything(first);
    await createEverything(second);
    const login = ok(await passwordFlow(second, 'ann@example.com'))['access_token'] as string;
    const session = ok(await anonymousFlow(second, 'anon-1'))['access_token'] as string;
    const created = ok(await second.call('POST', '/api-clients', { name: 'shop', scope: `view_products:${second.project}` }), 201);
    const clientOfSecond = await clientToken(second, { clientId: created['id'] as string, clientSecret: created['secret'] as string });
    const recorded = await historyTotal(second);

    reset(first.emulator);

    expect(await total(first, '/product-selections')).toBe(0);
    for (const path of ['/product-types', '/products', '/product-selections', '/stores', '/customers'])
      expect(await total(second, path), path).toBe(1);
    expect(await total(second, '/messages')).toBeGreaterThan(0);
    expect(await historyTotal(second)).toBe(recorded);
    expect((await second.as(login)('GET', '/me')).status).toBe(200);
    expect((await second.as(session)('GET', '/product-projections')).status).toBe(200);
    expect((await second.as(clientOfSecond)('GET', '/products')).status).toBe(200);
    expect((await anonymousFlow(second, 'anon-1')).status).toBe(400);
  });
});

describe('work under way during a reset', () => {
  it('a password still being hashed when the credentials are cleared is not stored afterwards', async () => {
    const store = new CustomerCredentialStore();
    const hashing = store.set({ customerId: 'c-1', email: 'ann@example.com', password: PASSWORD });
    store.clear();
    await hashing;
    expect(store.records()).toEqual([]);
    expect(await store.login('ann@example.com', PASSWORD, undefined)).toBeUndefined();
  });

  it('an external introspection under way during the reset is answered but not cached', async () => {
    const introspected: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fakeServer: typeof fetch = async (_url, init) => {
      introspected.push(new URLSearchParams(String(init?.body)).get('token')!);
      if (introspected.length === 1) await held;
      return Response.json({ active: true, scope: 'manage_project:reset-project' });
    };
    const api = await setup({ fetch: fakeServer });
    const externalOAuth = { url: 'https://oauth.example.com/introspect', authorizationHeader: 'Bearer xyz' };
    ok(await api.call('POST', '', { version: 1, actions: [{ action: 'setExternalOAuth', externalOAuth }] }));
    const pending = api.as('ext-token')('GET', '/stores');
    await vi.waitFor(() => expect(introspected).toHaveLength(1));

    reset(api.emulator);
    ok(await api.call('POST', '', { version: 1, actions: [{ action: 'setExternalOAuth', externalOAuth }] }));
    release();
    expect((await pending).status).toBe(200);

    expect((await api.as('ext-token')('GET', '/stores')).status).toBe(200);
    expect(introspected).toEqual(['ext-token', 'ext-token']);
  });
});
