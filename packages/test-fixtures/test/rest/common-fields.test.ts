import { beforeEach, describe, expect, it } from 'vitest';
import { apiClient, clientToken } from '../helpers/tokens.js';
import {
  ISO_MS,
  PROJECT,
  UUID,
  createApi,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  messages,
  ok,
  snapshot,
  update,
  type Api,
  type Json,
} from './helpers.js';

/** Common fields: id, key, version, timestamps, createdBy and lastModifiedBy. */
describe('common fields', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  async function authForm(path: string, form: Record<string, string>): Promise<{ access_token: string; scope: string }> {
    const { clientId, clientSecret } = api.emulator.credentials;
    const res = await api.emulator.fetch(`${api.emulator.urls().auth}${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await res.json()) as { access_token: string; scope: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body;
  }

  describe('id and key', () => {
    it('ids are generated, unique UUIDs; a draft cannot choose one', async () => {
      const a = await createSelection(api, 'aa');
      const b = ok(await api.call('POST', '/product-selections', { id: 'chosen', key: 'bb', name: { en: 'bb' } }), 201);
      expect(a.id).toMatch(UUID);
      expect(b.id).toMatch(UUID);
      expect(b.id).not.toBe('chosen');
      expect(a.id).not.toBe(b.id);
    });

    it('a second Product Selection with the same key is 400 DuplicateField and is not created', async () => {
      await createSelection(api, 'summer');
      const before = await snapshot(api);
      const refused = expectError(
        await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Other' } }),
        400,
        'DuplicateField',
      );
      expect(refused).toMatchObject({ field: 'key', duplicateValue: 'summer' });
      await expectUnchanged(api, before);
    });

    it('setKey to a key another selection holds is 400 DuplicateField; to its own key it is a no-op', async () => {
      await createSelection(api, 'summer');
      const winter = await createSelection(api, 'winter');
      const before = await snapshot(api);
      const refused = expectError(
        await update(api, '/product-selections/key=winter', [{ action: 'setKey', key: 'summer' }]),
        400,
        'DuplicateField',
      );
      expect(refused).toMatchObject({ field: 'key', duplicateValue: 'summer' });
      await expectUnchanged(api, before);
      expect(ok(await update(api, '/product-selections/key=winter', [{ action: 'setKey', key: 'winter' }]))).toEqual(winter);
    });

    it('keys are unique per resource type: a Store may share a key with a selection, not with a Store', async () => {
      await createSelection(api, 'berlin');
      await createStore(api, 'berlin');
      expectError(await api.call('POST', '/stores', { key: 'berlin' }), 400, 'DuplicateField');
    });
  });

  describe('version and timestamps', () => {
    it('version starts at 1 and grows by one per changing request; createdAt stays, lastModifiedAt moves', async () => {
      const created = await createSelection(api, 'aa');
      expect(created.version).toBe(1);
      expect(created['createdAt']).toMatch(ISO_MS);
      expect(created['lastModifiedAt']).toBe(created['createdAt']);
      expect(created['createdAt']).toBe(new Date(api.clock.now() - 1).toISOString());

      api.clock.advance(5_000);
      const first = ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'bb' } }]));
      expect(first.version).toBe(2);
      expect(first.createdAt).toBe(created['createdAt']);
      expect(Date.parse(first.lastModifiedAt)).toBeGreaterThanOrEqual(Date.parse(created['createdAt'] as string) + 5_000);

      // Several actions in one request: one version step.
      const second = ok(
        await update(api, '/product-selections/key=aa', [
          { action: 'changeName', name: { en: 'cc' } },
          { action: 'setKey', key: 'a2' },
        ]),
      );
      expect(second.version).toBe(3);
      expect(second.lastModifiedAt > first.lastModifiedAt).toBe(true);
    });

    it('a no-op update leaves version, lastModifiedAt and lastModifiedBy alone', async () => {
      const store = await createStore(api, 'berlin', { name: { en: 'Berlin' } });
      const selection = await createSelection(api, 'aa', { en: 'A' });
      api.clock.advance(60_000);
      const headers = { 'X-External-User-ID': 'someone-else' };
      expect(ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'A' } }], headers))).toEqual(
        selection,
      );
      expect(ok(await update(api, '/product-selections/key=aa', [{ action: 'setKey', key: 'aa' }], headers))).toEqual(selection);
      expect(ok(await update(api, '/stores/key=berlin', [{ action: 'setName', name: { en: 'Berlin' } }], headers))).toEqual(store);
      expect(ok(await update(api, '/stores/key=berlin', [{ action: 'setProductSelections' }], headers))).toEqual(store);
      expect(ok(await api.call('GET', `/product-selections/${selection.id}`))).toEqual(selection);
    });

    it('timestamps are usable in predicates and sorting', async () => {
      const a = await createSelection(api, 'aa');
      api.clock.advance(1_000);
      const b = await createSelection(api, 'bb');
      api.clock.advance(1_000);
      ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'a2' } }]));
      const after = encodeURIComponent(`createdAt > "${a['createdAt'] as string}"`);
      expect(ok(await api.call('GET', `/product-selections?where=${after}`)).results.map((s: { key: string }) => s.key)).toEqual(['bb']);
      const byModified = ok(await api.call('GET', `/product-selections?sort=${encodeURIComponent('lastModifiedAt desc')}`));
      expect(byModified.results.map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);
      const byCreated = ok(await api.call('GET', `/product-selections?sort=${encodeURIComponent('createdAt desc')}`));
      expect(byCreated.results.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    });
  });

  describe('createdBy and lastModifiedBy', () => {
    it('carry the clientId of the API client', async () => {
      const created = await createSelection(api, 'aa');
      const by = { clientId: api.emulator.credentials.clientId };
      expect(created['createdBy']).toEqual(by);
      expect(created['lastModifiedBy']).toEqual(by);
      const store = await createStore(api, 'berlin');
      expect(store['createdBy']).toEqual(by);
    });

    it('carry externalUserId from X-External-User-ID; an update changes lastModifiedBy only', async () => {
      const created = ok(
        await api.call('POST', '/product-selections', { key: 'aa', name: { en: 'A' } }, { 'X-External-User-ID': 'user-123' }),
        201,
      );
      const clientId = api.emulator.credentials.clientId;
      expect(created.createdBy).toEqual({ clientId, externalUserId: 'user-123' });
      expect(created.lastModifiedBy).toEqual({ clientId, externalUserId: 'user-123' });
      const updated = ok(
        await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'B' } }], {
          'X-External-User-ID': 'user-456',
        }),
      );
      expect(updated.createdBy).toEqual({ clientId, externalUserId: 'user-123' });
      expect(updated.lastModifiedBy).toEqual({ clientId, externalUserId: 'user-456' });
      const anonymousUpdate = ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'C' } }]));
      expect(anonymousUpdate.lastModifiedBy).toEqual({ clientId });
    });

    it('refuse an X-External-User-ID that carries an e-mail address (400, nothing created)', async () => {
      const before = await snapshot(api);
      expectError(
        await api.call('POST', '/product-selections', { key: 'aa', name: { en: 'A' } }, { 'X-External-User-ID': 'jane@example.com' }),
        400,
        'InvalidInput',
      );
      await expectUnchanged(api, before);
    });

    it('carry the customer of a customer token', async () => {
      const signUp = ok(await api.call('POST', '/customers', { email: 'jane@example.com', password: 's3cret-pass' }), 201);
      const customerId = signUp.customer.id as string;
      const token = await authForm(`/oauth/${PROJECT}/customers/token`, {
        grant_type: 'password',
        username: 'jane@example.com',
        password: 's3cret-pass',
      });
      expect(token.scope).toContain(`customer:${customerId}`);
      const created = ok(await api.as(token.access_token)('POST', '/product-selections', { key: 'aa', name: { en: 'A' } }), 201);
      expect(created.createdBy).toEqual({ clientId: api.emulator.credentials.clientId, customer: { typeId: 'customer', id: customerId } });
      expect(created.lastModifiedBy).toEqual(created.createdBy);
      // Personal data stays out: no e-mail anywhere in the initiator.
      expect(JSON.stringify(created.createdBy)).not.toContain('jane');
    });

    it('carry the anonymousId of an anonymous-session token', async () => {
      const token = await authForm(`/oauth/${PROJECT}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: 'visitor-42' });
      const created = ok(await api.as(token.access_token)('POST', '/product-selections', { key: 'aa', name: { en: 'A' } }), 201);
      expect(created.createdBy).toEqual({ clientId: api.emulator.credentials.clientId, anonymousId: 'visitor-42' });
      const updated = ok(await update(api, '/product-selections/key=aa', [{ action: 'changeName', name: { en: 'B' } }]));
      expect(updated.createdBy).toEqual(created.createdBy);
      expect(updated.lastModifiedBy).toEqual({ clientId: api.emulator.credentials.clientId });
    });
  });
});

/**
 * createdBy and lastModifiedBy where the tests above stop: GraphQL writes (the rules hold for HTTP
 * and GraphQL alike), the X-External-User-ID header on GraphQL, and an update whose actions cancel
 * out (it does not differ from the current resource, so it changes nothing).
 */
describe('createdBy and lastModifiedBy over GraphQL, and after actions that cancel out', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  const gql = (query: string, headers?: Record<string, string>, token?: string) =>
    (token === undefined ? api.call : api.as(token))('POST', '/graphql', { query }, headers);

  const FIELDS = 'version createdAt lastModifiedAt createdBy { clientId externalUserId } lastModifiedBy { clientId externalUserId }';

  it('a GraphQL update by another API client moves lastModifiedBy and lastModifiedAt, and keeps createdBy and createdAt', async () => {
    const created = await createSelection(api, 'summer');
    const other = await apiClient(api, `manage_product_selections:${api.project}`);
    const answer = await gql(
      `mutation { updateProductSelection(key: "summer", version: 1, actions: [{ changeName: { name: [{ locale: "en", value: "Summer" }] } }]) { ${FIELDS} } }`,
      undefined,
      await clientToken(api, other),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const updated = (answer.body as { data: { updateProductSelection: Json } }).data.updateProductSelection;
    expect(updated).toMatchObject({
      version: 2,
      createdAt: created['createdAt'],
      createdBy: { clientId: api.emulator.credentials.clientId, externalUserId: null },
      lastModifiedBy: { clientId: other.clientId, externalUserId: null },
    });
    expect(Date.parse(updated['lastModifiedAt'] as string)).toBeGreaterThan(Date.parse(created['lastModifiedAt'] as string));
    // REST shows the same resource.
    const rest = ok(await api.call('GET', '/product-selections/key=summer'));
    expect(rest.createdBy).toEqual(created['createdBy']);
    expect(rest.lastModifiedBy).toEqual({ clientId: other.clientId });
    expect(rest.lastModifiedAt).toBe(updated['lastModifiedAt']);
  });

  it('GraphQL writes carry externalUserId from X-External-User-ID; one with an e-mail address is refused and creates nothing', async () => {
    const created = await gql(
      `mutation { createProductSelection(draft: { key: "aa", name: [{ locale: "en", value: "A" }] }) { ${FIELDS} } }`,
      {
        'X-External-User-ID': 'user-123',
      },
    );
    const selection = (created.body as { data: { createProductSelection: Json } }).data.createProductSelection;
    expect(selection['createdBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: 'user-123' });
    expect(selection['lastModifiedBy']).toEqual(selection['createdBy']);

    const updated = await gql(
      `mutation { updateProductSelection(key: "aa", version: 1, actions: [{ setKey: { key: "bb" } }]) { ${FIELDS} } }`,
      { 'X-External-User-ID': 'user-456' },
    );
    const after = (updated.body as { data: { updateProductSelection: Json } }).data.updateProductSelection;
    expect(after['createdBy']).toEqual(selection['createdBy']);
    expect(after['lastModifiedBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: 'user-456' });

    const refused = await gql(`mutation { createProductSelection(draft: { key: "cc", name: [{ locale: "en", value: "C" }] }) { key } }`, {
      'X-External-User-ID': 'jane@example.com',
    });
    expectError(refused, 400, 'InvalidInput');
    expect((await api.call('GET', '/product-selections/key=cc')).status).toBe(404);
  });

  it('actions that cancel each other out leave version, lastModifiedAt and lastModifiedBy unchanged, and emit nothing', async () => {
    const created = await createSelection(api, 'summer', { en: 'Summer' });
    const before = await messages(api);
    const other = await apiClient(api, `manage_product_selections:${api.project}`);
    const answer = await api.as(await clientToken(api, other))('POST', '/product-selections/key=summer', {
      version: 1,
      actions: [
        { action: 'changeName', name: { en: 'Winter' } },
        { action: 'setKey', key: 'winter' },
        { action: 'setKey', key: 'summer' },
        { action: 'changeName', name: { en: 'Summer' } },
      ],
    });
    expect(ok(answer)).toEqual(created);
    expect(ok(await api.call('GET', '/product-selections/key=summer'))).toEqual(created);
    expect(await messages(api)).toEqual(before);
  });

  it('on creation createdAt equals lastModifiedAt and createdBy equals lastModifiedBy, over GraphQL as over REST', async () => {
    const answer = await gql(`mutation { createProductSelection(draft: { name: [{ locale: "en", value: "A" }] }) { ${FIELDS} } }`);
    const created = (answer.body as { data: { createProductSelection: Json } }).data.createProductSelection;
    expect(created['version']).toBe(1);
    expect(created['lastModifiedAt']).toBe(created['createdAt']);
    expect(created['lastModifiedBy']).toEqual(created['createdBy']);
    expect(created['createdBy']).toEqual({ clientId: api.emulator.credentials.clientId, externalUserId: null });
  });
});
