import { createTokenProvider } from '@commerce-kit/core-auth';
import { describe, expect, it } from 'vitest';
import { createRestClient, getActiveCart } from '../src/index.js';
import { PROJECT, setup } from './helpers.js';

/** A client of an anonymous session on the same emulator (the emulator's own client may create anonymous tokens). */
function shopper(s: ReturnType<typeof setup>, scope?: string[]) {
  const tokenProvider = createTokenProvider({
    flow: 'anonymous',
    authUrl: s.emu.urls().auth,
    projectKey: PROJECT,
    credentials: { clientId: s.emu.credentials.clientId, clientSecret: s.emu.credentials.clientSecret },
    fetch: s.emu.fetch,
    ...(scope ? { scope } : {}),
  });
  return createRestClient({ baseUrl: s.emu.urls().api, projectKey: PROJECT, auth: { tokenProvider }, fetch: s.emu.fetch });
}

describe('getActiveCart', () => {
  it("answers no data and no error while the session has no Cart, then the session's most recent Active Cart", async () => {
    const s = setup();
    const client = shopper(s);
    expect(await getActiveCart(client)).toEqual({ data: undefined });
    const first = await client.POST('/me/carts', { body: { currency: 'EUR' } });
    s.clock.advance(1000);
    const second = await client.POST('/me/carts', { body: { currency: 'EUR' } });
    const { data, error } = await getActiveCart(client);
    expect(error).toBeUndefined();
    expect(data?.id).toBe(second.data!.id);
    expect(data?.id).not.toBe(first.data!.id);
  });

  it("in a Store: only that Store's Carts", async () => {
    const s = setup();
    await s.client.POST('/stores', { body: { key: 'eu', countries: [{ code: 'DE' }] } });
    // A session of the project and of the Store.
    const client = shopper(s, [`manage_my_orders:${PROJECT}`, `manage_my_orders:${PROJECT}:eu`]);
    await client.POST('/me/carts', { body: { currency: 'EUR' } });
    expect(await getActiveCart(client, { storeKey: 'eu' })).toEqual({ data: undefined });
    const inStore = await client.POST('/in-store/key={storeKey}/me/carts', {
      params: { path: { storeKey: 'eu' } },
      body: { currency: 'EUR' },
    });
    expect((await getActiveCart(client, { storeKey: 'eu' })).data?.id).toBe(inStore.data!.id);
  });

  it('returns the error of a token that may not have a Cart (403), with no data', async () => {
    const s = setup();
    const { data, error } = await getActiveCart(s.client);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ statusCode: 403 });
  });
});
