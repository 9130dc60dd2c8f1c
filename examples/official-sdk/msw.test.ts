/**
 * An app written for the live hosts, unchanged, against an in-process emulator through msw: the
 * official SDK's own set-up with the live auth and API URLs and the global `fetch`, the requests
 * answered by the handlers of `@commerce-kit/test-fixtures/msw` (see the test-fixtures README, "With
 * msw").
 */
import { createTokenProvider } from '@commerce-kit/core-auth';
import { createRestClient, unwrap } from '@commerce-kit/rest-client';
import { createEmulator } from '@commerce-kit/test-fixtures';
import { emulatorHandlers, liveHosts } from '@commerce-kit/test-fixtures/msw';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { officialSdk, refusal } from './sdk.js';

const projectKey = 'msw-project';
const emulator = createEmulator({ projectKey });
const server = setupServer(...emulatorHandlers(emulator));

// Before the app is built, as a setup file does: the SDK keeps the `fetch` it is given.
server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

describe('the official SDK on the live hosts, answered by the emulator through msw', () => {
  const root = officialSdk({
    projectKey,
    authUrl: 'https://auth.europe-west1.gcp.commercetools.com',
    apiUrl: 'https://api.europe-west1.gcp.commercetools.com',
    ...emulator.credentials,
    httpClient: fetch,
  });

  it('gets a token by client credentials, creates a Product and reads it back', async () => {
    const type = await root
      .productTypes()
      .post({ body: { key: 'shirt', name: 'Shirt', description: 'Shirts' } })
      .execute();
    const created = await root
      .products()
      .post({
        body: {
          key: 'tee',
          productType: { typeId: 'product-type', id: type.body.id },
          name: { en: 'Tee' },
          slug: { en: 'tee' },
          masterVariant: { sku: 'tee-1' },
        },
      })
      .execute();
    expect(created.statusCode).toBe(201);

    const read = await root.products().withKey({ key: 'tee' }).get().execute();
    expect(read.body).toMatchObject({ id: created.body.id, version: 1, masterData: { current: { name: { en: 'Tee' } } } });
  });

  it('answers with the emulator refusals, a wrong secret included', async () => {
    expect(await refusal(root.products().withKey({ key: 'none' }).get().execute())).toEqual({
      statusCode: 404,
      code: 'ResourceNotFound',
    });
    const stranger = officialSdk({
      projectKey,
      authUrl: 'https://auth.europe-west1.gcp.commercetools.com',
      apiUrl: 'https://api.europe-west1.gcp.commercetools.com',
      clientId: emulator.credentials.clientId,
      clientSecret: 'not-the-secret',
      httpClient: fetch,
    });
    await expect(stranger.get().execute()).rejects.toMatchObject({ statusCode: 401 });
  });

  it('sends the customer and anonymous token endpoints of the auth host to the emulator', async () => {
    const basic = `Basic ${btoa(`${emulator.credentials.clientId}:${emulator.credentials.clientSecret}`)}`;
    const anonymous = await fetch(`https://auth.us-east-2.aws.commercetools.com/oauth/${projectKey}/anonymous/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });

    const customer = await fetch(`https://auth.sphere.io/oauth/${projectKey}/customers/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=nobody@example.com&password=wrong',
    });
    expect(customer.status).toBe(400);
    expect(await customer.json()).toMatchObject({ error: 'invalid_customer_account_credentials' });
  });

  it('our clients, configured for the live region, reach the emulator too', async () => {
    const tokenProvider = createTokenProvider({
      flow: 'client_credentials',
      authUrl: 'https://auth.eu-central-1.aws.commercetools.com',
      projectKey,
      credentials: emulator.credentials,
    });
    const client = createRestClient({ baseUrl: 'https://api.eu-central-1.aws.commercetools.com', projectKey, auth: { tokenProvider } });
    const tee = unwrap(await client.GET('/products/key={key}', { params: { path: { key: 'tee' } } }));
    expect(tee.key).toBe('tee');
  });

  it('covers the API, auth and Change History hosts of every region and the deprecated aliases', () => {
    const hosts = liveHosts();
    expect(Object.keys(hosts)).toHaveLength(5 * 3 + 6);
    expect(hosts).toMatchObject({
      'api.us-central1.gcp.commercetools.com': 'api',
      'auth.eu-central-1.aws.commercetools.com': 'auth',
      'history.australia-southeast1.gcp.commercetools.com': 'history',
      'api.sphere.io': 'api',
      'auth.commercetools.co': 'auth',
    });
  });
});
