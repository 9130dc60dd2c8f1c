/**
 * The official SDK (`@commercetools/ts-client` + `@commercetools/platform-sdk`), unchanged, against
 * the emulator: in-process (`httpClient: emulator.fetch`, no socket) and on a loopback port (the
 * global `fetch`). What a user of the SDK writes in a test suite; see the test-fixtures README,
 * "The official SDK".
 */
import { createEmulator, startEmulator, type RunningEmulator } from '@commerce-kit/test-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialSdk as sdk, refusal, type SdkTarget } from './sdk.js';

const projectKey = 'sdk-project';
const officialSdk = (target: Omit<SdkTarget, 'projectKey'>) => sdk({ projectKey, ...target });

describe('the official SDK in-process (httpClient: emulator.fetch)', () => {
  const emulator = createEmulator({ projectKey });
  const { api, auth } = emulator.urls();
  const root = officialSdk({ authUrl: auth, apiUrl: api, ...emulator.credentials, httpClient: emulator.fetch });

  it('creates, queries with a predicate, updates and deletes a Product Selection', async () => {
    const created = await root
      .productSelections()
      .post({ body: { key: 'summer', name: { en: 'Summer' } } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({ key: 'summer', version: 1, name: { en: 'Summer' } });

    const page = await root
      .productSelections()
      .get({ queryArgs: { where: 'key = :key', 'var.key': 'summer' } })
      .execute();
    expect(page.body).toMatchObject({ total: 1, results: [{ id: created.body.id }] });

    const renamed = await root
      .productSelections()
      .withKey({ key: 'summer' })
      .post({ body: { version: 1, actions: [{ action: 'changeName', name: { en: 'Summer 2026' } }] } })
      .execute();
    expect(renamed.body).toMatchObject({ version: 2, name: { en: 'Summer 2026' } });

    const graphql = await root
      .graphql()
      .post({ body: { query: '{ productSelections { total } }' } })
      .execute();
    expect(graphql.body).toEqual({ data: { productSelections: { total: 1 } } });

    const deleted = await root
      .productSelections()
      .withId({ ID: created.body.id })
      .delete({ queryArgs: { version: 2 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(await refusal(root.productSelections().withId({ ID: created.body.id }).get().execute())).toEqual({
      statusCode: 404,
      code: 'ResourceNotFound',
    });
  });

  it('rejects as the live service does: duplicate keys, stale versions, bad predicates, missing fields', async () => {
    const created = await root
      .productSelections()
      .post({ body: { key: 'winter', name: { en: 'Winter' } } })
      .execute();
    expect(
      await refusal(
        root
          .productSelections()
          .post({ body: { key: 'winter', name: { en: 'Again' } } })
          .execute(),
      ),
    ).toEqual({
      statusCode: 400,
      code: 'DuplicateField',
    });
    const stale = root
      .productSelections()
      .withId({ ID: created.body.id })
      .post({ body: { version: 7, actions: [{ action: 'changeName', name: { en: 'Late' } }] } })
      .execute();
    expect(await refusal(stale)).toEqual({ statusCode: 409, code: 'ConcurrentModification' });
    expect(
      await refusal(
        root
          .productSelections()
          .get({ queryArgs: { where: 'key = ' } })
          .execute(),
      ),
    ).toEqual({ statusCode: 400, code: 'InvalidInput' });
    const nameless = root
      .productSelections()
      .post({ body: { key: 'nameless' } as never })
      .execute();
    expect(await refusal(nameless)).toEqual({ statusCode: 400, code: 'InvalidJsonInput' });
    // Nothing was changed by the refused requests.
    const page = await root
      .productSelections()
      .get({ queryArgs: { where: 'key in ("winter", "nameless")' } })
      .execute();
    expect(page.body.results.map((selection) => [selection.key, selection.version])).toEqual([['winter', 1]]);
  });

  it("enforces the API client's scopes", async () => {
    const created = await root
      .apiClients()
      .post({ body: { name: 'read-only', scope: `view_product_selections:${projectKey}` } })
      .execute();
    const readOnly = officialSdk({
      authUrl: auth,
      apiUrl: api,
      clientId: created.body.id,
      clientSecret: created.body.secret!,
      httpClient: emulator.fetch,
    });
    expect((await readOnly.productSelections().get().execute()).statusCode).toBe(200);
    expect(
      await refusal(
        readOnly
          .productSelections()
          .post({ body: { key: 'nope', name: { en: 'No' } } })
          .execute(),
      ),
    ).toEqual({
      statusCode: 403,
      code: 'insufficient_scope',
    });
  });
});

describe('the official SDK on a port (the global fetch)', () => {
  let server: RunningEmulator;
  beforeAll(async () => {
    server = await startEmulator({ projectKey });
  });
  afterAll(() => server.close());

  it('works unchanged over a socket', async () => {
    const root = officialSdk({ authUrl: server.urls.auth, apiUrl: server.urls.api, ...server.emulator.credentials, httpClient: fetch });
    const created = await root
      .productSelections()
      .post({ body: { key: 'autumn', name: { en: 'Autumn' } } })
      .execute();
    const read = await root.productSelections().withKey({ key: 'autumn' }).get().execute();
    expect(read.body).toMatchObject({ id: created.body.id, version: 1 });
    expect(server.emulator.snapshot().resources['product-selection']).toHaveLength(1);
  });
});
