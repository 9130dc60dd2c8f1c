import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue, type SeededCatalogue } from '../src/builders/seed-catalogue.js';
import { adminConsole, ADMIN_CONSOLE_CLIENT_ID } from '../src/emulator/auth/admin-console.js';
import { createEmulator } from '../src/emulator/app.js';
import type { EmulatorOptions } from '../src/emulator/options.js';
import { verifySecret } from '../src/emulator/auth/passwords.js';
import type { EmulatorSnapshot } from '../src/index.js';
import { createHistoryApi, type HistoryApi } from './history/helpers.js';
import { authForm, type ClientCredentials } from './helpers/tokens.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the schemas by the helpers
type Json = Record<string, any>;

const PROJECT = 'snapshot-project';
const PASSWORD = 'long-enough-1';

function setup(options: EmulatorOptions = {}): Promise<HistoryApi> {
  return createHistoryApi({ projectKey: PROJECT, ...options });
}

/** Expects a 2xx answer and returns its body. */
function ok<T = Json>(answer: { status: number; body: T }, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

function tokenAnswer(
  api: HistoryApi,
  path: string,
  form: Record<string, string>,
  credentials: ClientCredentials = api.emulator.credentials,
) {
  return authForm(api, path, form, credentials);
}

async function clientToken(api: HistoryApi, credentials: ClientCredentials): Promise<string> {
  return ok(await tokenAnswer(api, '/oauth/token', { grant_type: 'client_credentials' }, credentials))['access_token'] as string;
}

function passwordFlow(api: HistoryApi, email: string, password = PASSWORD) {
  return tokenAnswer(api, `/oauth/${PROJECT}/customers/token`, { grant_type: 'password', username: email, password });
}

function anonymousFlow(api: HistoryApi, anonymousId: string) {
  return tokenAnswer(api, `/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: anonymousId });
}

/** Refresh token flow, as the client the token was issued to (the bootstrap client of the emulator that issued it). */
function refreshFlow(api: HistoryApi, refreshToken: string, credentials: ClientCredentials = api.emulator.credentials) {
  return tokenAnswer(api, '/oauth/token', { grant_type: 'refresh_token', refresh_token: refreshToken }, credentials);
}

/** What the test seeds besides the catalogue, with the secrets and tokens a client of it holds. */
interface Seeded {
  catalogue: SeededCatalogue;
  customerId: string;
  customerAccess: string;
  apiClient: ClientCredentials;
  apiClientToken: string;
  anonymousAccess: string;
  anonymousRefresh: string;
}

/**
 * A catalogue (selections with products, stores with selections), a customer with a password
 * (logged in), an API client (with a token), an anonymous session, an update and an admin
 * console write (messages, Change History), and a project settings change.
 */
async function seed(api: HistoryApi): Promise<Seeded> {
  const catalogue = await seedCatalogue(api.emulator, { seed: 7, products: 6, selections: 2, stores: 2, variantsPerProduct: 2 });
  const selection = catalogue.selections[0]!;
  const renamed = ok(
    await api.call('POST', `/product-selections/${selection.id}`, {
      version: selection.version,
      actions: [{ action: 'changeName', name: { en: 'Renamed' } }],
    }),
  );
  expect(renamed['version']).toBe(selection.version + 1);
  const customer = ok(
    await api.call('POST', '/customers', { key: 'ann', email: 'ann@example.com', password: PASSWORD, firstName: 'Ann' }),
    201,
  )['customer'] as Json;
  const customerAccess = ok(await passwordFlow(api, 'ann@example.com'))['access_token'] as string;
  const created = ok(
    await api.call('POST', '/api-clients', { name: 'shop', scope: `view_products:${PROJECT} manage_product_selections:${PROJECT}` }),
    201,
  );
  const apiClient = { clientId: created['id'] as string, clientSecret: created['secret'] as string };
  const apiClientToken = await clientToken(api, apiClient);
  const session = ok(await anonymousFlow(api, 'anon-1'));
  ok(await api.asAdmin('jen')('POST', '/product-selections', { key: 'by-admin', name: { en: 'By admin' } }), 201);
  ok(
    await api.call('POST', '', {
      version: 1,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true, deleteDaysAfterCreation: 30 } }],
    }),
  );
  return {
    catalogue,
    customerId: customer['id'] as string,
    customerAccess,
    apiClient,
    apiClientToken,
    anonymousAccess: session['access_token'] as string,
    anonymousRefresh: session['refresh_token'] as string,
  };
}

const ALL = 'withTotal=true&limit=500';

/** Every answer the data shows: lists, memberships both ways, in-store assignments, messages, Change History, project. */
async function observe(api: HistoryApi, catalogue: SeededCatalogue, { clients = true } = {}): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const paths = [
    '',
    `/product-types?${ALL}`,
    `/products?${ALL}`,
    `/product-projections?${ALL}`,
    `/product-selections?${ALL}`,
    `/stores?${ALL}`,
    `/customers?${ALL}`,
    `/messages?${ALL}&sort=id%20asc`,
    ...catalogue.selections.map((s) => `/product-selections/${s.id}/products?${ALL}`),
    ...catalogue.products.map((p) => `/products/${p.id}/product-selections?${ALL}`),
    ...catalogue.stores.map((s) => `/in-store/key=${s.key}/product-selection-assignments?${ALL}`),
  ];
  if (clients) paths.push(`/api-clients?${ALL}`);
  for (const path of paths) {
    const { status, body } = await api.call('GET', path);
    seen[path] = { status, body };
  }
  seen['history'] = ok(await api.history(`?${ALL}`));
  return seen;
}

async function totalOf(api: HistoryApi, path: string): Promise<number> {
  return ok(await api.call('GET', `${path}?withTotal=true`))['total'] as number;
}

/** Changes and deletes much of what {@link seed} made. */
async function mutate(api: HistoryApi, seeded: Seeded): Promise<void> {
  const { catalogue } = seeded;
  const selection = ok(await api.call('GET', `/product-selections/${catalogue.selections[1]!.id}`));
  const member = catalogue.selections[1]!.productIds[0]!;
  ok(
    await api.call('POST', `/product-selections/${selection['id']}`, {
      version: selection['version'],
      actions: [{ action: 'removeProduct', product: { id: member } }],
    }),
  );
  const store = catalogue.stores[0]!;
  ok(await api.call('DELETE', `/stores/${store.id}?version=${ok(await api.call('GET', `/stores/${store.id}`))['version']}`));
  // Customers cannot be deleted or changed through the API: one more signs up.
  ok(await api.call('POST', '/customers', { key: 'bob', email: 'bob@example.com', password: PASSWORD }), 201);
  ok(await api.call('DELETE', `/api-clients/${seeded.apiClient.clientId}`));
  ok(await api.call('POST', '/product-selections', { key: 'after', name: { en: 'After' } }), 201);
  ok(
    await api.call('POST', '', {
      version: 2,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false } }],
    }),
  );
  ok(await anonymousFlow(api, 'anon-2'));
}

describe('emulator.snapshot() and emulator.restore()', () => {
  it('restores every answer after changes and deletions: same ids, versions, keys, memberships, messages and Change History', async () => {
    const api = await setup();
    const seeded = await seed(api);
    const before = await observe(api, seeded.catalogue);
    const snapshot = api.emulator.snapshot();
    expect(snapshot).toMatchObject({
      format: 'commerce-emulator-state',
      version: 1,
      projectKey: PROJECT,
      takenAt: new Date(api.clock.now()).toISOString(),
    });

    await mutate(api, seeded);
    expect(await observe(api, seeded.catalogue)).not.toEqual(before);

    api.emulator.restore(snapshot);

    expect(await observe(api, seeded.catalogue)).toEqual(before);
    // The customer, the API client and the anonymous session: their tokens, and their logins again.
    expect(ok(await api.as(seeded.customerAccess)('GET', '/me'))['id']).toBe(seeded.customerId);
    const login = ok(await passwordFlow(api, 'ann@example.com'))['access_token'] as string;
    expect(ok(await api.as(login)('GET', '/me'))['id']).toBe(seeded.customerId);
    expect((await passwordFlow(api, 'ann@example.com', 'wrong-password-9')).status).toBe(400);
    // Bob signed up after the snapshot: gone, and his e-mail is free again.
    expect((await passwordFlow(api, 'bob@example.com')).status).toBe(400);
    ok(await api.call('POST', '/customers', { email: 'bob@example.com', password: PASSWORD }), 201);
    expect((await api.as(seeded.apiClientToken)('GET', '/products')).status).toBe(200);
    const fresh = await clientToken(api, seeded.apiClient);
    expect((await api.as(fresh)('GET', '/products')).status).toBe(200);
    expect((await api.as(seeded.anonymousAccess)('GET', '/product-projections')).status).toBe(200);
    const refreshed = ok(await refreshFlow(api, seeded.anonymousRefresh));
    expect(refreshed['scope']).toContain('anonymous_id=anon-1');
    expect((await api.as(refreshed['access_token'] as string)('GET', '/product-projections')).status).toBe(200);
    // Used anonymous ids are data too: anon-1 is taken, anon-2 (used after the snapshot) is free.
    expect((await anonymousFlow(api, 'anon-1')).status).toBe(400);
    ok(await anonymousFlow(api, 'anon-2'));
  });

  it('numbers the next messages and Change History Records after the snapshot', async () => {
    const api = await setup();
    const seeded = await seed(api);
    const selection = seeded.catalogue.selections[0]!;
    const where = encodeURIComponent(`resource(id = "${selection.id}")`);
    const numbers = async () =>
      ok(await api.call('GET', `/messages?where=${where}&sort=sequenceNumber%20asc&limit=500`))['results'].map(
        (m: Json) => m['sequenceNumber'],
      ) as number[];
    const seen = await numbers();
    const last = seen.at(-1)!;
    const recordsBefore = ok(await api.history('?withTotal=true')).total!;
    const snapshot = api.emulator.snapshot();

    const member = { action: 'removeProduct', product: { id: selection.productIds[0]! } };
    const current = ok(await api.call('GET', `/product-selections/${selection.id}`));
    ok(await api.call('POST', `/product-selections/${selection.id}`, { version: current['version'], actions: [member] }));
    expect(await numbers()).toEqual([...seen, last + 1]);
    api.emulator.restore(snapshot);
    expect(await numbers()).toEqual(seen);

    const restored = ok(await api.call('GET', `/product-selections/${selection.id}`));
    expect(restored['version']).toBe(current['version']);
    ok(await api.call('POST', `/product-selections/${selection.id}`, { version: restored['version'], actions: [member] }));
    expect(await numbers()).toEqual([...seen, last + 1]);
    const created = ok(await api.call('POST', '/product-selections', { key: 'new-one', name: { en: 'New' } }), 201);
    const messages = ok(await api.call('GET', `/messages?where=${encodeURIComponent(`resource(id = "${created['id']}")`)}`))['results'];
    expect(messages.map((m: Json) => m['sequenceNumber'])).toEqual([1]);
    const history = ok(await api.history('?withTotal=true'));
    expect(history.total).toBe(recordsBefore + 2);
    expect(history.results[0]).toMatchObject({ type: 'ResourceCreated', resource: { id: created['id'] } });
  });

  it('survives a JSON round trip and restores into a second emulator of the same project key', async () => {
    const first = await setup();
    const seeded = await seed(first);
    const before = await observe(first, seeded.catalogue, { clients: false });
    const clientsBefore = ok(await first.call('GET', `/api-clients?${ALL}`))['results'] as Json[];
    const taken = first.emulator.snapshot();
    const json = JSON.parse(JSON.stringify(taken)) as unknown;
    expect(json).toEqual(taken);

    const second = await setup({ clientId: 'second-bootstrap', clientSecret: 'second-bootstrap-secret' });
    second.emulator.restore(json);

    // The second emulator's own bootstrap client works (it is what `second.call` uses).
    expect(await observe(second, seeded.catalogue, { clients: false })).toEqual(before);
    const clients = ok(await second.call('GET', `/api-clients?${ALL}`))['results'] as Json[];
    expect(clients.map((c) => c['id']).sort()).toEqual(
      [
        ...clientsBefore
          .map((c) => c['id'] as string)
          .filter((id) => id !== ADMIN_CONSOLE_CLIENT_ID && id !== first.emulator.credentials.clientId),
        'second-bootstrap',
      ].sort(),
    );
    // The first emulator's API client works in the second, with its old tokens and new ones, and the
    // customer's login and the anonymous id are there.
    expect((await second.as(await clientToken(second, seeded.apiClient))('GET', '/products')).status).toBe(200);
    expect((await second.as(seeded.apiClientToken)('GET', '/products')).status).toBe(200);
    expect(ok(await passwordFlow(second, 'ann@example.com'))['scope']).toContain(`customer:${seeded.customerId}`);
    // The anonymous session's tokens stay out with the bootstrap client that opened it (below), and
    // an anonymous id is in use only while a token of it lives: anon-1 is free here.
    expect((await anonymousFlow(second, 'anon-1')).status).toBe(200);
    // The first emulator's bootstrap client is not: another emulator's bootstrap client (a restart
    // with new random credentials) stays out, with every token it issued (the customer's and the
    // anonymous session's too), so restarts do not pile up clients holding manage_project.
    expect((await authForm(second, '/oauth/token', { grant_type: 'client_credentials' }, first.emulator.credentials)).status).toBe(401);
    expect((await second.as(seeded.customerAccess)('GET', '/me')).status).toBe(401);
    expect((await refreshFlow(second, seeded.anonymousRefresh, first.emulator.credentials)).status).toBe(401);
    // The admin console of the second emulator is its own.
    const admin = adminConsole(second.emulator.context);
    expect((await second.as(await clientToken(second, admin))('GET', '')).status).toBe(200);
  });

  it('with the same bootstrap client (a restart with the same credentials) its tokens come back too', async () => {
    const credentials = { clientId: 'kept-bootstrap', clientSecret: 'kept-bootstrap-secret' };
    const first = await setup(credentials);
    const seeded = await seed(first);
    const json = JSON.parse(JSON.stringify(first.emulator.snapshot())) as unknown;
    const second = await setup(credentials);
    second.emulator.restore(json);
    expect(ok(await second.as(seeded.customerAccess)('GET', '/me'))['id']).toBe(seeded.customerId);
    expect(ok(await refreshFlow(second, seeded.anonymousRefresh, credentials))['scope']).toContain('anonymous_id=anon-1');
    expect((await second.as(seeded.apiClientToken)('GET', '/products')).status).toBe(200);
  });

  it('a snapshot taken right after creation carries the bootstrap secret’s hash (hashed at once if need be)', async () => {
    const credentials = { clientId: 'fresh-bootstrap', clientSecret: 'fresh-bootstrap-secret' };
    const first = createEmulator({ projectKey: PROJECT, ...credentials });
    const snapshot = JSON.parse(JSON.stringify(first.snapshot())) as EmulatorSnapshot;
    expect(snapshot.clients.map((c) => c.id)).toEqual(['fresh-bootstrap']);
    expect(snapshot.clients[0]!.secretHash).toMatch(/^scrypt\$/);
    expect(snapshot.bootstrapClientId).toBe('fresh-bootstrap');

    // Into an emulator with the same bootstrap client: the secret given now is the one that counts.
    const second = await setup({ ...credentials, clientSecret: 'a-new-secret' });
    second.emulator.restore(snapshot);
    expect((await authForm(second, '/oauth/token', { grant_type: 'client_credentials' }, credentials)).status).toBe(401);
    expect((await second.as(await clientToken(second, { ...credentials, clientSecret: 'a-new-secret' }))('GET', '')).status).toBe(200);
    // And the first emulator's client still authenticates with its own secret.
    expect(
      ok(await authForm({ emulator: first }, '/oauth/token', { grant_type: 'client_credentials' }, first.credentials))['access_token'],
    ).toBeTypeOf('string');
  });

  it('restores the same snapshot twice; a snapshot is not changed by later writes, nor the emulator by changes to the snapshot', async () => {
    const api = await setup();
    const seeded = await seed(api);
    const before = await observe(api, seeded.catalogue);
    const snapshot = api.emulator.snapshot();
    const frozen = JSON.stringify(snapshot);

    await mutate(api, seeded);
    expect(JSON.stringify(snapshot)).toBe(frozen);
    api.emulator.restore(snapshot);
    expect(await observe(api, seeded.catalogue)).toEqual(before);

    // Changing the snapshot object after the restore does not reach the emulator.
    const selection = snapshot.resources['product-selection']!.find((s) => s.id === seeded.catalogue.selections[0]!.id)!;
    (selection['name'] as Record<string, string>)['en'] = 'Changed in the snapshot';
    snapshot.history.records.length = 0;
    expect(await observe(api, seeded.catalogue)).toEqual(before);
    (selection['name'] as Record<string, string>)['en'] = 'Renamed';
    snapshot.history = (JSON.parse(frozen) as EmulatorSnapshot).history;
    expect(JSON.stringify(snapshot)).toBe(frozen);

    await mutate(api, seeded);
    api.emulator.restore(snapshot);
    expect(await observe(api, seeded.catalogue)).toEqual(before);
    expect(JSON.stringify(snapshot)).toBe(frozen);
  });

  it('keeps the harness’s tokens taken after the snapshot, the admin console, and the clock; removes fault rules as a reset does', async () => {
    const api = await setup();
    const admin = adminConsole(api.emulator.context);
    const seeded = await seed(api);
    const snapshot = api.emulator.snapshot();
    const harness = await clientToken(api, api.emulator.credentials);
    const adminToken = admin.token();
    api.emulator.faults.inject({ kind: 'error', status: 503, path: `/${PROJECT}/stores` });
    const now = api.clock.now();

    api.emulator.restore(snapshot);

    expect(api.clock.now()).toBe(now);
    expect((await api.as(harness)('GET', '/stores')).status).toBe(200);
    expect((await api.as(adminToken)('GET', '/stores')).status).toBe(200);
    expect((await api.as(await clientToken(api, admin))('GET', '')).status).toBe(200);
    ok(await api.asAdmin('kim')('POST', '/product-selections', { key: 'by-kim', name: { en: 'Kim' } }), 201);
    expect(ok(await api.history('/product-selection?source=AdminConsole&withTotal=true')).total).toBe(2);
    // A token of a customer session issued after the snapshot is gone with the session.
    const later = ok(await passwordFlow(api, 'ann@example.com'))['access_token'] as string;
    api.emulator.restore(snapshot);
    expect((await api.as(later)('GET', '/me')).status).toBe(401);
    expect(ok(await api.as(seeded.customerAccess)('GET', '/me'))['id']).toBe(seeded.customerId);
  });

  it('keeps no secret, password or token in clear', async () => {
    const api = await setup({ clientSecret: 'the-bootstrap-secret-in-clear' });
    const seeded = await seed(api);
    const clientTokenValue = await clientToken(api, api.emulator.credentials);
    const login = ok(await passwordFlow(api, 'ann@example.com'));
    const text = JSON.stringify(api.emulator.snapshot());

    for (const secret of [
      'the-bootstrap-secret-in-clear',
      PASSWORD,
      seeded.apiClient.clientSecret,
      seeded.apiClientToken,
      seeded.customerAccess,
      seeded.anonymousAccess,
      seeded.anonymousRefresh,
      clientTokenValue,
      login['access_token'] as string,
      login['refresh_token'] as string,
    ]) {
      expect(text.includes(secret), `${secret.slice(0, 6)}... in the snapshot`).toBe(false);
    }
    const snapshot = JSON.parse(text) as EmulatorSnapshot;
    expect(Object.keys(snapshot).sort()).toEqual(
      [
        'anonymousIds',
        'bootstrapClientId',
        'clients',
        'customerTokens',
        'customers',
        'format',
        'history',
        'messages',
        'project',
        'projectKey',
        'resources',
        'selectionMembership',
        'takenAt',
        'tokens',
        'version',
      ].sort(),
    );
    for (const client of snapshot.clients) expect(client.secretHash).toMatch(/^scrypt\$/);
    for (const customer of snapshot.customers) expect(customer.passwordHash).toMatch(/^scrypt\$/);
    expect(snapshot.tokens.access.length).toBeGreaterThan(3);
    expect(snapshot.tokens.refresh.length).toBe(3);
  });
});

describe('restoring an invalid snapshot', () => {
  type Breaker = (snapshot: Json) => unknown;
  const cases: [name: string, breaker: Breaker, message: string][] = [
    ['not an object', () => 'state', 'invalid emulator snapshot: the snapshot must be an object, not "state"'],
    ['null', () => null, 'invalid emulator snapshot: the snapshot must be an object, not null'],
    ['an array', () => [], 'invalid emulator snapshot: the snapshot must be an object, not an array'],
    ['another format', (s) => ({ ...s, format: 'other-state' }), "invalid emulator snapshot: format must be 'commerce-emulator-state'"],
    ['version 2', (s) => ({ ...s, version: 2 }), 'invalid emulator snapshot: version 2 is not supported (only version 1)'],
    [
      'another project key',
      (s) => ({ ...s, projectKey: 'other-project' }),
      "invalid emulator snapshot: projectKey 'other-project' is not this emulator's project key 'snapshot-project'",
    ],
    [
      'a token hash that is no string',
      (s) => {
        s['tokens']['access'][3]['hash'] = 42;
        return s;
      },
      'invalid emulator snapshot: tokens.access[3].hash must be a string, not 42',
    ],
    [
      'a resource without id',
      (s) => {
        delete s['resources']['product'][0]['id'];
        return s;
      },
      'invalid emulator snapshot: resources.product[0].id must be a string, not undefined',
    ],
    [
      'a secret hash with other scrypt parameters',
      (s) => {
        s['clients'][0]['secretHash'] = String(s['clients'][0]['secretHash']).replace(/^scrypt\$16384\$/, 'scrypt$3$');
        return s;
      },
      'invalid emulator snapshot: clients[0].secretHash is not a salted scrypt hash of this emulator (scrypt$16384$8$1$<salt>$<key>)',
    ],
    [
      'a password hash that is no hash',
      (s) => {
        s['customers'][0]['passwordHash'] = 'plain-password';
        return s;
      },
      'invalid emulator snapshot: customers[0].passwordHash is not a salted scrypt hash of this emulator (scrypt$16384$8$1$<salt>$<key>)',
    ],
    [
      'no bootstrap client id',
      (s) => {
        delete s['bootstrapClientId'];
        return s;
      },
      'invalid emulator snapshot: bootstrapClientId must be a string, not undefined',
    ],
    [
      'a repeated API client',
      (s) => {
        s['clients'].push(s['clients'][0]);
        return s;
      },
      'invalid emulator snapshot: clients id repeats',
    ],
    [
      'a message missing from the age order',
      (s) => {
        s['messages']['ageOrder'].pop();
        return s;
      },
      'invalid emulator snapshot: messages.ageOrder must name every message of resources.message',
    ],
    [
      'a broken Change History Record',
      (s) => {
        s['history']['records'][1]['record']['type'] = 'ResourceMoved';
        return s;
      },
      'invalid emulator snapshot: history.records[1].record.type must be one of ResourceCreated, ResourceUpdated, ResourceDeleted, not "ResourceMoved"',
    ],
    [
      'customers that are no array',
      (s) => ({ ...s, customers: {} }),
      'invalid emulator snapshot: customers must be an array, not an object',
    ],
    [
      'project settings of another shape',
      (s) => {
        s['project']['messages']['enabled'] = 'yes';
        return s;
      },
      'invalid emulator snapshot: project.messages.enabled must be a boolean, not "yes"',
    ],
  ];

  // One emulator for every case: a refused restore changes nothing, which each case checks.
  let api: HistoryApi;
  let seeded: Seeded;
  let taken: string;
  beforeAll(async () => {
    api = await setup();
    seeded = await seed(api);
    taken = JSON.stringify(api.emulator.snapshot());
    await mutate(api, seeded);
  });
  afterEach(() => api.emulator.faults.clear());

  it.each(cases)('%s: TypeError naming the part, and nothing changes', async (_name, breaker, message) => {
    const good = JSON.parse(taken) as Json;
    const fault = api.emulator.faults.add({ kind: 'error', status: 503, path: `/${PROJECT}/no-such-path` });
    const before = await observe(api, seeded.catalogue);
    const tokens = api.emulator.context.auth.tokenCounts();

    const bad = breaker(good);
    let thrown: unknown;
    try {
      api.emulator.restore(bad);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as TypeError).message.startsWith(message), (thrown as TypeError).message).toBe(true);

    expect(api.emulator.context.auth.tokenCounts()).toEqual(tokens);
    expect(api.emulator.faults.list().map((f) => f.id)).toEqual([fault]);
    expect(await observe(api, seeded.catalogue)).toEqual(before);
    expect(await totalOf(api, '/customers')).toBe(2);
    expect((await api.as(seeded.apiClientToken)('GET', '/products')).status).toBe(401);
  });

  it('keeps the variant selections and exclusions of the assignments, and refuses a malformed one', async () => {
    const api = await setup();
    ok(await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }), 201);
    const tee = ok(
      await api.call('POST', '/products', {
        key: 'tee',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Tee' },
        slug: { en: 'tee' },
        masterVariant: { sku: 's' },
        variants: [{ sku: 'm' }],
      }),
      201,
    );
    const product = { typeId: 'product', id: tee['id'] };
    ok(await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } }), 201);
    ok(await api.call('POST', '/product-selections', { key: 'recall', name: { en: 'Recall' }, mode: 'IndividualExclusion' }), 201);
    ok(
      await api.call('POST', '/product-selections/key=summer', {
        version: 1,
        actions: [{ action: 'addProduct', product, variantSelection: { type: 'includeOnly', skus: ['s'] } }],
      }),
    );
    ok(
      await api.call('POST', '/product-selections/key=recall', {
        version: 1,
        actions: [{ action: 'excludeProduct', product, variantExclusion: { skus: ['m'] } }],
      }),
    );
    const read = async () => [
      ok(await api.call('GET', '/product-selections/key=summer/products')),
      ok(await api.call('GET', `/products/${tee['id']}/product-selections`)),
    ];
    const before = await read();
    const snapshot = JSON.parse(JSON.stringify(api.emulator.snapshot())) as EmulatorSnapshot;
    ok(await api.call('POST', '/product-selections/key=summer', { version: 2, actions: [{ action: 'setVariantSelection', product }] }));
    api.emulator.restore(snapshot);
    expect(await read()).toEqual(before);
    expect(before[1]!['results'].map((r: Json) => r['variantSelection'] ?? r['variantExclusion'])).toEqual([
      { type: 'includeOnly', skus: ['s'] },
      { skus: ['m'] },
    ]);

    const malformed = structuredClone(snapshot) as unknown as { selectionMembership: Json[] };
    malformed.selectionMembership[0]!['variantSelection'] = { type: 'inclusion', skus: ['s'] };
    expect(() => api.emulator.restore(malformed as unknown as EmulatorSnapshot)).toThrow(/variantSelection\.type/);
    expect(await read()).toEqual(before);
  });
});

describe('customer passwords in a snapshot', () => {
  const password = 'Sign-up-Pa55word';

  /** Every Buffer reachable from `root` (the auth service's digest keys and digests among them). */
  function reachableBuffers(root: unknown): Buffer[] {
    const seen = new Set<unknown>();
    const out: Buffer[] = [];
    const queue: unknown[] = [root];
    while (queue.length > 0) {
      const value = queue.pop();
      if (typeof value !== 'object' || value === null || seen.has(value)) continue;
      seen.add(value);
      if (Buffer.isBuffer(value)) out.push(value);
      else if (value instanceof Map) for (const [k, v] of value) queue.push(k, v);
      else if (value instanceof Set || Array.isArray(value)) queue.push(...value);
      else queue.push(...Object.values(value));
    }
    return out;
  }

  it('holds only a salted scrypt hash of a password just signed up with: no clear text, no digest key, no digest', async () => {
    const api = await setup();
    const { customer } = ok(await api.call('POST', '/customers', { email: 'ann@example.com', password }), 201) as {
      customer: { id: string };
    };
    ok(await passwordFlow(api, 'ann@example.com', password));
    const text = JSON.stringify(api.emulator.snapshot());
    const snapshot = JSON.parse(text) as EmulatorSnapshot;
    expect(snapshot.customers).toHaveLength(1);
    expect(Object.keys(snapshot.customers[0]!).sort()).toEqual(['customerId', 'email', 'passwordHash', 'storeKeys']);
    expect(snapshot.customers[0]).toMatchObject({ customerId: customer.id, email: 'ann@example.com' });
    expect(snapshot.customers[0]!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifySecret(password, snapshot.customers[0]!.passwordHash)).toBe(true);
    expect(text).not.toContain(password);
    const buffers = reachableBuffers(api.emulator.context.auth);
    expect(buffers.length).toBeGreaterThan(0);
    for (const buffer of buffers)
      for (const encoding of ['hex', 'base64', 'base64url'] as const) expect(text).not.toContain(buffer.toString(encoding));
  });

  it('lets a restored customer sign in with the password, and still refuses a wrong one', async () => {
    const api = await setup();
    ok(await api.call('POST', '/customers', { email: 'ann@example.com', password }), 201);
    const snapshot = api.emulator.snapshot();
    const restored = await setup();
    restored.emulator.restore(snapshot);
    expect((await passwordFlow(restored, 'ann@example.com', 'wrong-password-9')).status).toBe(400);
    ok(await passwordFlow(restored, 'ann@example.com', password));
    // Recognised by its digest now; a wrong password is still checked against the hash.
    ok(await passwordFlow(restored, 'ann@example.com', password));
    expect((await passwordFlow(restored, 'ann@example.com', 'wrong-password-9')).status).toBe(400);
    // The restored hash is kept as it was.
    expect(restored.emulator.snapshot().customers).toEqual(snapshot.customers);
  });

  it('refuses a wrong password of a customer just signed up, whose password is not hashed yet', async () => {
    const api = await setup();
    ok(await api.call('POST', '/customers', { email: 'ann@example.com', password }), 201);
    expect((await passwordFlow(api, 'ann@example.com', 'wrong-password-9')).status).toBe(400);
    ok(await passwordFlow(api, 'ann@example.com', password));
  });
});
