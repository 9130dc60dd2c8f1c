import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { anonymousToken, apiClient, firstError, passwordToken, tokenWith, type ClientCredentials } from '../helpers/tokens.js';

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
