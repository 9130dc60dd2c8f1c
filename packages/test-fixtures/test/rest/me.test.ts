import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import {
  anonymousToken,
  apiClient,
  clientToken,
  firstError,
  passwordToken,
  passwordTokenAnswer,
  tokenWith,
  type ClientCredentials,
} from '../helpers/tokens.js';

let api: Api;
/** A storefront client: may manage the own profile of its customers, nothing else. */
let storefront: ClientCredentials;

beforeEach(async () => {
  api = await createApi();
  for (const key of ['eu', 'us']) expect((await api.call('POST', '/stores', { key })).status).toBe(201);
  storefront = await apiClient(api, `manage_my_profile:${api.project} create_anonymous_token:${api.project}`);
});

async function signUp(email: string, password: string, storeKey?: string): Promise<Record<string, unknown>> {
  const path = storeKey === undefined ? '/customers' : `/in-store/key=${storeKey}/customers`;
  const answer = await api.call<{ customer: Record<string, unknown> }>('POST', path, { email, password, firstName: 'Ann' });
  expect(answer.status).toBe(201);
  return answer.body.customer;
}

describe('GET /me', () => {
  it('answers the customer behind a password-flow token, right after sign-up', async () => {
    const customer = await signUp('ann@example.com', 'secret');
    const token = await passwordToken(api, storefront, { email: 'ann@example.com', password: 'secret' });
    const me = await api.as(token)('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(customer);
    expect(me.body).not.toHaveProperty('password');
  });

  it('works with a token of the bootstrap client too (manage_project implies manage_my_profile)', async () => {
    const customer = await signUp('ann@example.com', 'secret');
    const token = await passwordToken(api, api.emulator.credentials, { email: 'ann@example.com', password: 'secret' });
    expect((await api.as(token)('GET', '/me')).body).toEqual(customer);
  });

  it('answers { anonymousId } behind an anonymous-session token', async () => {
    const token = await anonymousToken(api, storefront, 'visitor-42');
    const me = await api.as(token)('GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ anonymousId: 'visitor-42' });
  });

  it('is 403 naming manage_my_profile for a token without customer or anonymous session', async () => {
    for (const token of [await api.token(), await tokenWith(api, `manage_my_profile:${api.project}`)]) {
      const answer = await api.as(token)('GET', '/me');
      expect(answer.status).toBe(403);
      expect(firstError(answer)).toMatchObject({ code: 'insufficient_scope' });
      expect(firstError(answer).message).toContain(`manage_my_profile:${api.project}`);
      expect((answer.body as { error?: string }).error).toBe('insufficient_scope');
    }
  });

  it('is 403 for a customer token without a profile scope; view_my_profile is enough', async () => {
    await signUp('ann@example.com', 'secret');
    const catalogue = await apiClient(api, `view_products:${api.project}`);
    const narrow = await passwordToken(api, catalogue, { email: 'ann@example.com', password: 'secret' });
    const refused = await api.as(narrow)('GET', '/me');
    expect(refused.status).toBe(403);
    expect(firstError(refused).message).toContain(`manage_my_profile:${api.project}`);

    const viewer = await apiClient(api, `view_my_profile:${api.project}`);
    const token = await passwordToken(api, viewer, { email: 'ann@example.com', password: 'secret' });
    expect((await api.as(token)('GET', '/me')).status).toBe(200);
  });

  it('refuses an in-store token on the global endpoint', async () => {
    await signUp('eve@example.com', 'secret', 'eu');
    const token = await passwordToken(api, storefront, { email: 'eve@example.com', password: 'secret', storeKey: 'eu' });
    const answer = await api.as(token)('GET', '/me');
    expect(answer.status).toBe(403);
    expect(firstError(answer).code).toBe('insufficient_scope');
  });
});

describe('GET /in-store/key={storeKey}/me', () => {
  it("answers the Store's customer behind an in-store token of that Store", async () => {
    const customer = await signUp('eve@example.com', 'secret', 'eu');
    const token = await passwordToken(api, storefront, { email: 'eve@example.com', password: 'secret', storeKey: 'eu' });
    const me = await api.as(token)('GET', '/in-store/key=eu/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(customer);
  });

  it("refuses the token on another Store's endpoint, before looking the Store up", async () => {
    await signUp('eve@example.com', 'secret', 'eu');
    const token = await passwordToken(api, storefront, { email: 'eve@example.com', password: 'secret', storeKey: 'eu' });
    for (const store of ['us', 'mars']) {
      const answer = await api.as(token)('GET', `/in-store/key=${store}/me`);
      expect(answer.status, store).toBe(403);
      expect(firstError(answer).message).toContain(`manage_my_profile:${api.project}:${store}`);
    }
  });

  it('refuses global customer and client tokens: they are not valid for the Store', async () => {
    await signUp('ann@example.com', 'secret');
    const global = await passwordToken(api, storefront, { email: 'ann@example.com', password: 'secret' });
    expect((await api.as(global)('GET', '/in-store/key=eu/me')).status).toBe(403);
    expect((await api.as(await api.token())('GET', '/in-store/key=eu/me')).status).toBe(403);
    // An unknown Store is 404 for a token that is not bound to a Store.
    expect((await api.as(global)('GET', '/in-store/key=mars/me')).status).toBe(404);
  });

  it('accepts a store-scoped profile scope for that Store, and answers 404 for a customer of no such Store', async () => {
    await signUp('ann@example.com', 'secret');
    const euOnly = await apiClient(api, `manage_my_profile:${api.project}:eu create_anonymous_token:${api.project}`);
    const anonymous = await anonymousToken(api, euOnly, 'visitor-7');
    expect((await api.as(anonymous)('GET', '/in-store/key=eu/me')).body).toEqual({ anonymousId: 'visitor-7' });
    expect((await api.as(anonymous)('GET', '/in-store/key=us/me')).status).toBe(403);
    // The global customer's token holds the Store's scope but the customer does not belong to the Store.
    const global = await passwordToken(api, euOnly, { email: 'ann@example.com', password: 'secret' });
    const answer = await api.as(global)('GET', '/in-store/key=eu/me');
    expect(answer.status).toBe(404);
    expect(firstError(answer).code).toBe('ResourceNotFound');
  });
});

/** A customer token of `email` (password `secret`) from the storefront client, globally or in a Store. */
async function meAs(email: string, storeKey?: string) {
  return api.as(await passwordToken(api, storefront, { email, password: 'secret', ...(storeKey ? { storeKey } : {}) }));
}

describe('POST /me: the My Customer Profile update actions', () => {
  it('applies the profile and address actions to the customer of the token', async () => {
    await signUp('ann@example.com', 'secret');
    const me = await meAs('ann@example.com');
    const updated = await me('POST', '/me', {
      version: 1,
      actions: [
        { action: 'setFirstName', firstName: 'Annie' },
        { action: 'setLastName', lastName: 'Lee' },
        { action: 'setMiddleName', middleName: 'M' },
        { action: 'setTitle', title: 'Dr' },
        { action: 'setSalutation', salutation: 'Dear' },
        { action: 'setDateOfBirth', dateOfBirth: '1990-02-03' },
        { action: 'setCompanyName', companyName: 'Acme' },
        { action: 'setVatId', vatId: 'DE1' },
        { action: 'setLocale', locale: 'en' },
        { action: 'addAddress', address: { key: 'home', country: 'DE' } },
        { action: 'setDefaultShippingAddress', addressKey: 'home' },
        { action: 'addBillingAddressId', addressKey: 'home' },
      ],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, firstName: 'Annie', lastName: 'Lee', companyName: 'Acme', locale: 'en' });
    const id = updated.body.addresses[0].id;
    expect(updated.body).toMatchObject({ defaultShippingAddressId: id, shippingAddressIds: [id], billingAddressIds: [id] });
    expect((await me('GET', '/me')).body).toEqual(updated.body);
  });

  it('changes the e-mail (unique as for customers) and the login with it', async () => {
    await signUp('ann@example.com', 'secret');
    await signUp('bob@example.com', 'secret');
    const me = await meAs('ann@example.com');
    const taken = await me('POST', '/me', { version: 1, actions: [{ action: 'changeEmail', email: 'bob@example.com' }] });
    expect(taken.status).toBe(400);
    expect(firstError(taken).code).toBe('DuplicateField');
    expect((await me('POST', '/me', { version: 1, actions: [{ action: 'changeEmail', email: 'ann@example.org' }] })).status).toBe(200);
    expect((await passwordTokenAnswer(api, storefront, { email: 'ann@example.org', password: 'secret' })).status).toBe(200);
  });

  it('refuses the actions only an admin has with InvalidInput, changing nothing', async () => {
    const customer = await signUp('ann@example.com', 'secret');
    const me = await meAs('ann@example.com');
    const admin = await me('POST', '/me', { version: 1, actions: [{ action: 'setCustomerNumber', customerNumber: 'C-1' }] });
    expect(admin.status).toBe(400);
    expect(firstError(admin).code).toBe('InvalidInput');
    const group = await me('POST', '/me', { version: 1, actions: [{ action: 'setCustomerGroup' }] });
    expect(group.status).toBe(400);
    expect(firstError(group).code).toBe('InvalidInput');
    expect(firstError(await me('POST', '/me', { version: 4, actions: [{ action: 'setFirstName' }] })).code).toBe('ConcurrentModification');
    expect((await me('GET', '/me')).body).toEqual(customer);
  });

  it('needs a customer token with manage_my_profile: anonymous, client and view_my_profile tokens are 403', async () => {
    await signUp('ann@example.com', 'secret');
    const viewer = await apiClient(api, `view_my_profile:${api.project}`);
    const tokens = [
      await anonymousToken(api, storefront),
      await api.token(),
      await passwordToken(api, viewer, { email: 'ann@example.com', password: 'secret' }),
    ];
    for (const token of tokens) {
      const answer = await api.as(token)('POST', '/me', { version: 1, actions: [{ action: 'setFirstName', firstName: 'X' }] });
      expect(answer.status).toBe(403);
      expect(firstError(answer).message).toContain(`manage_my_profile:${api.project}`);
    }
  });

  it("in a Store, updates the Store's customer with an in-store token", async () => {
    await signUp('eve@example.com', 'secret', 'eu');
    const me = await meAs('eve@example.com', 'eu');
    const answer = await me('POST', '/in-store/key=eu/me', { version: 1, actions: [{ action: 'setFirstName', firstName: 'Eve' }] });
    expect(answer.status).toBe(200);
    expect(answer.body.firstName).toBe('Eve');
    expect((await me('POST', '/me', { version: 2, actions: [{ action: 'setFirstName' }] })).status).toBe(403);
  });
});

describe('POST /me/signup and /me/login', () => {
  it('signs up with an anonymous session: the customer can log in, and createdBy names the anonymous id', async () => {
    const token = await anonymousToken(api, storefront, 'visitor-9');
    const answer = await api.as(token)('POST', '/me/signup', { email: 'new@example.com', password: 'secret', firstName: 'Nia' });
    expect(answer.status).toBe(201);
    expect(answer.body.customer).toMatchObject({
      email: 'new@example.com',
      firstName: 'Nia',
      stores: [],
      createdBy: { anonymousId: 'visitor-9' },
    });
    expect(answer.body.customer).not.toHaveProperty('password');
    expect((await passwordTokenAnswer(api, storefront, { email: 'new@example.com', password: 'secret' })).status).toBe(200);
  });

  it('signs up into the Store of an in-store path, and refuses a duplicate e-mail or a member it does not model', async () => {
    const client = await api.token();
    const inStore = await api.as(client)('POST', '/in-store/key=eu/me/signup', {
      email: 'eve@example.com',
      password: 'secret',
      stores: [{ key: 'us' }],
    });
    expect(inStore.status).toBe(201);
    expect(inStore.body.customer.stores).toEqual([{ typeId: 'store', key: 'eu' }]);
    const duplicate = await api.as(client)('POST', '/in-store/key=eu/me/signup', { email: 'EVE@example.com', password: 'x' });
    expect(firstError(duplicate).code).toBe('DuplicateField');
    const custom = await api.as(client)('POST', '/me/signup', { email: 'c@example.com', password: 'x', custom: {} });
    expect(firstError(custom)).toMatchObject({ code: 'NotEmulated', field: 'custom' });
    const all = await api.call('GET', '/customers');
    expect(all.body.results.map((c: { email: string }) => c.email)).toEqual(['eve@example.com']);
  });

  it('logs in with the credentials of a customer of the endpoint; wrong ones are InvalidCredentials', async () => {
    const ann = await signUp('ann@example.com', 'secret');
    await signUp('eve@example.com', 'secret', 'eu');
    const token = await anonymousToken(api, storefront);
    const login = await api.as(token)('POST', '/me/login', { email: 'ANN@example.com', password: 'secret' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ customer: ann });
    for (const [path, email, password] of [
      ['/me/login', 'ann@example.com', 'wrong'],
      ['/me/login', 'eve@example.com', 'secret'],
      ['/in-store/key=us/me/login', 'eve@example.com', 'secret'],
    ] as const) {
      const answer = await api.as(token)('POST', path, { email, password });
      expect(answer.status, path).toBe(400);
      expect(firstError(answer)).toMatchObject({ code: 'InvalidCredentials', message: 'Account with the given credentials not found.' });
    }
    expect((await api.as(token)('POST', '/in-store/key=eu/me/login', { email: 'eve@example.com', password: 'secret' })).status).toBe(200);
    // A sign-in mode is taken (cart-merge.test.ts has the merges); without any Cart the answer has none.
    const withMode = await api.as(token)('POST', '/me/login', {
      email: 'ann@example.com',
      password: 'secret',
      activeCartSignInMode: 'MergeWithExistingCustomerCart',
    });
    expect(withMode.body).toEqual({ customer: ann });
  });

  it('need manage_my_profile', async () => {
    const catalogue = await clientToken(api, await apiClient(api, `view_products:${api.project}`));
    const answer = await api.as(catalogue)('POST', '/me/signup', { email: 'x@example.com', password: 'secret' });
    expect(answer.status).toBe(403);
    expect(firstError(answer).message).toContain(`manage_my_profile:${api.project}`);
  });
});

describe('POST /me/password, /me/password/reset, /me/email/confirm and DELETE /me', () => {
  it('changes the own password with the current one (InvalidCurrentPassword otherwise)', async () => {
    await signUp('ann@example.com', 'secret');
    const me = await meAs('ann@example.com');
    const wrong = await me('POST', '/me/password', { version: 1, currentPassword: 'nope', newPassword: 'n3w' });
    expect(firstError(wrong).code).toBe('InvalidCurrentPassword');
    const changed = await me('POST', '/me/password', { version: 1, currentPassword: 'secret', newPassword: 'n3w' });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(2);
    expect((await passwordTokenAnswer(api, storefront, { email: 'ann@example.com', password: 'n3w' })).status).toBe(200);
  });

  it('resets the password with a token and any manage_my_profile token; the token is single-use', async () => {
    await signUp('ann@example.com', 'secret');
    const { body: token } = await api.call('POST', '/customers/password-token', { email: 'ann@example.com' });
    const anonymous = api.as(await anonymousToken(api, storefront));
    expect((await anonymous('POST', '/me/password/reset', { tokenValue: token.value, newPassword: 'n3w' })).status).toBe(200);
    expect(firstError(await anonymous('POST', '/me/password/reset', { tokenValue: token.value, newPassword: 'x' })).code).toBe(
      'ResourceNotFound',
    );
    expect((await passwordTokenAnswer(api, storefront, { email: 'ann@example.com', password: 'n3w' })).status).toBe(200);
  });

  it("verifies the own e-mail with a token of the customer's own (another customer's token is 404)", async () => {
    const ann = await signUp('ann@example.com', 'secret');
    const bob = await signUp('bob@example.com', 'secret');
    const annToken = (await api.call('POST', '/customers/email-token', { id: ann['id'], ttlMinutes: 10 })).body;
    const bobToken = (await api.call('POST', '/customers/email-token', { id: bob['id'], ttlMinutes: 10 })).body;
    const me = await meAs('ann@example.com');
    expect(firstError(await me('POST', '/me/email/confirm', { tokenValue: bobToken.value })).code).toBe('ResourceNotFound');
    const verified = await me('POST', '/me/email/confirm', { tokenValue: annToken.value });
    expect(verified.body).toMatchObject({ isEmailVerified: true, version: 2 });
  });

  it('deletes the own profile with the current version', async () => {
    const ann = await signUp('ann@example.com', 'secret');
    const me = await meAs('ann@example.com');
    expect(firstError(await me('DELETE', '/me?version=2')).code).toBe('ConcurrentModification');
    const deleted = await me('DELETE', '/me?version=1');
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(ann['id']);
    expect((await api.call('GET', `/customers/${ann['id'] as string}`)).status).toBe(404);
    expect((await me('GET', '/me')).status).toBe(404);
  });

  it('in a Store, the in-store forms work for its customers with its tokens', async () => {
    const eve = await signUp('eve@example.com', 'secret', 'eu');
    const me = await meAs('eve@example.com', 'eu');
    expect((await me('POST', '/in-store/key=eu/me/password', { version: 1, currentPassword: 'secret', newPassword: 'n3w' })).status).toBe(
      200,
    );
    const { body: token } = await api.call('POST', '/in-store/key=eu/customers/password-token', { email: 'eve@example.com' });
    expect(firstError(await me('POST', '/in-store/key=us/me/password/reset', { tokenValue: token.value, newPassword: 'x' })).code).toBe(
      'insufficient_scope',
    );
    expect((await me('POST', '/in-store/key=eu/me/password/reset', { tokenValue: token.value, newPassword: 'again' })).status).toBe(200);
    expect((await me('DELETE', '/in-store/key=eu/me?version=3')).body.id).toBe(eve['id']);
  });
});
