import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api, type ApiAnswer } from '../helpers/api.js';
import { apiClient, clientToken, firstError, passwordTokenAnswer, tokenWith } from '../helpers/tokens.js';

interface Customer {
  id: string;
  version: number;
  key?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  customerNumber?: string;
  isEmailVerified: boolean;
  stores: { typeId: string; key: string }[];
  [field: string]: unknown;
}

let api: Api;

beforeEach(async () => {
  api = await createApi();
  for (const key of ['eu', 'us']) expect((await api.call('POST', '/stores', { key })).status).toBe(201);
});

async function signUp(body: unknown, path = '/customers', token?: string): Promise<ApiAnswer<{ customer: Customer }>> {
  const call = token === undefined ? api.call : api.as(token);
  return call<{ customer: Customer }>('POST', path, body);
}

async function signedUp(body: unknown, path = '/customers'): Promise<Customer> {
  const answer = await signUp(body, path);
  if (answer.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return answer.body.customer;
}

async function allCustomers(): Promise<Customer[]> {
  return (await api.call<{ results: Customer[] }>('GET', '/customers?limit=500')).body.results;
}

function login(email: string, password: string, storeKey?: string) {
  return passwordTokenAnswer(api, api.emulator.credentials, { email, password, ...(storeKey ? { storeKey } : {}) });
}

describe('customer sign-up', () => {
  it('creates a customer: CustomerSignInResult, isEmailVerified false, no stores, and never the password', async () => {
    const answer = await signUp({
      email: 'Ann@Example.com',
      password: 'pa55word!',
      key: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      customerNumber: 'C-1',
    });
    expect(answer.status).toBe(201);
    const customer = answer.body.customer;
    expect(customer).toMatchObject({
      version: 1,
      key: 'ann',
      email: 'Ann@Example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      customerNumber: 'C-1',
      isEmailVerified: false,
      stores: [],
    });
    expect(JSON.stringify(answer.body)).not.toContain('pa55word!');
    expect(customer).not.toHaveProperty('password');

    expect((await api.call('GET', `/customers/${customer.id}`)).body).toEqual(customer);
    expect((await api.call('GET', '/customers/key=ann')).body).toEqual(customer);
    const where = encodeURIComponent('email = "Ann@Example.com"');
    expect((await api.call('GET', `/customers?where=${where}`)).body).toMatchObject({ count: 1, total: 1, results: [customer] });

    // The stored resource holds no password; the auth service only a salted hash.
    const stored = api.emulator.context.state.collection('customer').get(customer.id);
    expect(JSON.stringify(stored)).not.toContain('pa55word!');
    const [record] = api.emulator.context.auth.customers.records();
    expect(record).toMatchObject({ customerId: customer.id, email: 'ann@example.com', storeKeys: [] });
    expect(record!.passwordHash).toMatch(/^scrypt\$/);
    expect(record!.passwordHash).not.toContain('pa55word!');
  });

  it('lets the new customer log in at once with the password flow (e-mail case-insensitive); a wrong password is refused', async () => {
    const customer = await signedUp({ email: 'bob@example.com', password: 'secret-1' });
    const ok = await login('BOB@example.com', 'secret-1');
    expect(ok.status).toBe(200);
    expect(ok.body['scope']).toContain(`customer:${customer.id}`);
    const wrong = await login('bob@example.com', 'secret-2');
    expect(wrong.status).toBe(400);
    expect(wrong.body['error']).toBe('invalid_customer_account_credentials');
  });

  it('refuses duplicate e-mails (ignoring case), keys and customer numbers with DuplicateField', async () => {
    await signedUp({ email: 'ann@example.com', password: 'xx', key: 'ann', customerNumber: 'C-1' });
    const cases: [unknown, Record<string, unknown>][] = [
      [
        { email: 'ANN@example.com', password: 'yy' },
        { field: 'email', duplicateValue: 'ANN@example.com' },
      ],
      [
        { email: 'other@example.com', password: 'yy', key: 'ann' },
        { field: 'key', duplicateValue: 'ann' },
      ],
      [
        { email: 'other@example.com', password: 'yy', customerNumber: 'C-1' },
        { field: 'customerNumber', duplicateValue: 'C-1' },
      ],
    ];
    for (const [body, error] of cases) {
      const answer = await signUp(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(firstError(answer)).toMatchObject({ code: 'DuplicateField', ...error });
    }
    expect(await allCustomers()).toHaveLength(1);
    expect(api.emulator.context.auth.customers.records()).toHaveLength(1);
  });

  it('keeps e-mails unique per Store: the same e-mail may exist globally and in other Stores', async () => {
    await signedUp({ email: 'ann@example.com', password: 'global' });
    const eu = await signedUp({ email: 'ann@example.com', password: 'eu', stores: [{ typeId: 'store', key: 'eu' }] });
    expect(eu.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
    const storeId = ((await api.call('GET', '/stores/key=us')).body as { id: string }).id;
    const us = await signedUp({ email: 'Ann@example.com', password: 'us', stores: [{ typeId: 'store', id: storeId }, { key: 'us' }] });
    expect(us.stores).toEqual([{ typeId: 'store', key: 'us' }]);
    const clash = await signUp({ email: 'ann@example.com', password: 'both', stores: [{ key: 'us' }, { key: 'eu' }] });
    expect(firstError(clash)).toMatchObject({ code: 'DuplicateField', field: 'email' });
    expect(await allCustomers()).toHaveLength(3);

    // Each login finds its own customer: the global flow the global one, in-store flows their Store's.
    expect((await login('ann@example.com', 'global')).status).toBe(200);
    expect((await login('ann@example.com', 'eu')).status).toBe(400);
    expect((await login('ann@example.com', 'eu', 'eu')).body['scope']).toContain(`customer:${eu.id}`);
    expect((await login('ann@example.com', 'us', 'us')).body['scope']).toContain(`customer:${us.id}`);
  });

  it('answers ReferencedResourceNotFound for an unknown Store in the draft', async () => {
    const answer = await signUp({ email: 'ann@example.com', password: 'xx', stores: [{ key: 'nowhere' }] });
    expect(answer.status).toBe(400);
    expect(firstError(answer)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'store', key: 'nowhere' });
    expect(await allCustomers()).toEqual([]);
  });

  it('refuses a locale that is not a language of the Project (InvalidField), and keeps one that is', async () => {
    const answer = await signUp({ email: 'ann@example.com', password: 'xx', locale: 'fr' });
    expect(answer.status).toBe(400);
    expect(firstError(answer)).toMatchObject({ code: 'InvalidField', field: 'locale', invalidValue: 'fr', allowedValues: ['en', 'de'] });
    expect(await allCustomers()).toEqual([]);
    expect((await signedUp({ email: 'ann@example.com', password: 'xx', locale: 'de' })).locale).toBe('de');
  });

  it('refuses bad drafts with 400 and stores nothing', async () => {
    const cases: [unknown, string][] = [
      ['{"email": "a@example.com", ', 'InvalidJsonInput'],
      ['"just a string"', 'InvalidJsonInput'],
      // A missing password is a rule of the Password authentication mode, not of the JSON shape.
      [{ email: 'a@example.com' }, 'RequiredField'],
      [{ password: 'xx' }, 'InvalidJsonInput'],
      [{ email: 'not an e-mail', password: 'xx' }, 'InvalidJsonInput'],
      [{ email: 'a@example.com', password: 42 }, 'InvalidJsonInput'],
      [{ email: 'a@example.com', password: 'xx', firstName: ['Ann'] }, 'InvalidJsonInput'],
      [{ email: 'a@example.com', password: 'xx', stores: [{ id: 'aa', key: 'eu' }] }, 'InvalidJsonInput'],
    ];
    for (const [body, code] of cases) {
      const answer = await signUp(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(firstError(answer).code, JSON.stringify(body)).toBe(code);
    }
    expect(await allCustomers()).toEqual([]);
    expect(api.emulator.context.auth.customers.records()).toEqual([]);
  });

  it('answers 404 for an unknown id or key', async () => {
    for (const address of ['nope', 'key=nope']) {
      const answer = await api.call('GET', `/customers/${address}`);
      expect(answer.status).toBe(404);
      expect(firstError(answer).code).toBe('ResourceNotFound');
    }
  });
});

describe('in-store customers', () => {
  it('signs a customer up into the Store of the path only, whatever the draft says', async () => {
    const answer = await signUp({ email: 'eve@example.com', password: 'pw', stores: [{ key: 'us' }] }, '/in-store/key=eu/customers');
    expect(answer.status).toBe(201);
    const customer = answer.body.customer;
    expect(customer.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
    expect((await login('eve@example.com', 'pw', 'eu')).status).toBe(200);
    expect((await login('eve@example.com', 'pw')).status).toBe(400);
    expect((await login('eve@example.com', 'pw', 'us')).status).toBe(400);

    expect((await api.call('GET', `/in-store/key=eu/customers/${customer.id}`)).body).toEqual(customer);
    // Not a customer of `us`, and a global customer belongs to no Store.
    expect((await api.call('GET', `/in-store/key=us/customers/${customer.id}`)).status).toBe(404);
    const global = await signedUp({ email: 'gil@example.com', password: 'pw' });
    expect((await api.call('GET', `/in-store/key=eu/customers/${global.id}`)).status).toBe(404);
    expect((await api.call('GET', '/in-store/key=eu/customers/nope')).status).toBe(404);
  });

  it('keeps e-mails unique within the Store', async () => {
    await signedUp({ email: 'eve@example.com', password: 'pw' }, '/in-store/key=eu/customers');
    const clash = await signUp({ email: 'EVE@example.com', password: 'pw' }, '/in-store/key=eu/customers');
    expect(firstError(clash)).toMatchObject({ code: 'DuplicateField', field: 'email' });
    expect((await signUp({ email: 'eve@example.com', password: 'pw' }, '/in-store/key=us/customers')).status).toBe(201);
  });

  it('answers 404 for an unknown Store, and refuses bad drafts without storing anything', async () => {
    const unknown = await signUp({ email: 'eve@example.com', password: 'pw' }, '/in-store/key=mars/customers');
    expect(unknown.status).toBe(404);
    for (const body of ['{', { email: 'eve@example.com' }, [{ email: 'eve@example.com', password: 'pw' }]]) {
      expect((await signUp(body, '/in-store/key=eu/customers')).status, JSON.stringify(body)).toBe(400);
    }
    expect(await allCustomers()).toEqual([]);
  });

  it('accepts the store-restricted scope for its own Store only', async () => {
    const eu = await tokenWith(api, `manage_customers:${api.project}:eu view_customers:${api.project}:eu`);
    const created = await signUp({ email: 'eve@example.com', password: 'pw' }, '/in-store/key=eu/customers', eu);
    expect(created.status).toBe(201);
    expect((await api.as(eu)('GET', `/in-store/key=eu/customers/${created.body.customer.id}`)).status).toBe(200);

    const otherStore = await signUp({ email: 'eve@example.com', password: 'pw' }, '/in-store/key=us/customers', eu);
    expect(otherStore.status).toBe(403);
    expect(firstError(otherStore).message).toContain(`manage_customers:${api.project}`);
    const global = await signUp({ email: 'eve@example.com', password: 'pw' }, '/customers', eu);
    expect(global.status).toBe(403);
    expect((await api.as(eu)('GET', `/customers/${created.body.customer.id}`)).status).toBe(403);
    expect(await allCustomers()).toHaveLength(1);
  });
});

describe('customer scopes', () => {
  it('view_customers reads but may not sign up; other scopes and other projects are 403', async () => {
    const customer = await signedUp({ email: 'ann@example.com', password: 'pw', key: 'ann' });
    const viewer = await tokenWith(api, `view_customers:${api.project}`);
    expect((await api.as(viewer)('GET', '/customers')).status).toBe(200);
    expect((await api.as(viewer)('GET', `/customers/${customer.id}`)).status).toBe(200);
    expect((await api.as(viewer)('GET', '/customers/key=ann')).status).toBe(200);
    const write = await signUp({ email: 'new@example.com', password: 'pw' }, '/customers', viewer);
    expect(write.status).toBe(403);
    expect(firstError(write)).toMatchObject({ code: 'insufficient_scope' });
    expect(firstError(write).message).toContain(`manage_customers:${api.project}`);
    expect((await signUp({ email: 'new@example.com', password: 'pw' }, '/in-store/key=eu/customers', viewer)).status).toBe(403);

    const products = await tokenWith(api, `manage_products:${api.project}`);
    expect((await api.as(products)('GET', '/customers')).status).toBe(403);

    const foreign = api.emulator.context.auth.createClient({ name: 'foreign', scope: 'manage_customers:other-project' });
    const foreignToken = await clientToken(api, { clientId: foreign.client.id, clientSecret: foreign.secret });
    expect((await api.as(foreignToken)('GET', '/customers')).status).toBe(403);
    expect((await signUp({ email: 'new@example.com', password: 'pw' }, '/customers', foreignToken)).status).toBe(403);
    expect(await allCustomers()).toEqual([customer]);
  });

  it('lets a manage_customers client sign up customers', async () => {
    const manager = await apiClient(api, `manage_customers:${api.project}`);
    const token = await clientToken(api, manager);
    expect((await signUp({ email: 'new@example.com', password: 'pw' }, '/customers', token)).status).toBe(201);
  });
});
