import { describe, expect, it } from 'vitest';
import { authForm, projectCaller, twoProjects } from './helpers.js';

/**
 * One emulator, many projects: each project's data, API clients, tokens, customers, messages,
 * Change History and settings are its own; only the clock is shared. A token of one project used
 * on another is refused as the live service refuses a token whose scopes name another project.
 */

describe('emulator.project(key)', () => {
  it('creates a project with a bootstrap client of its own, and answers the same project again', async () => {
    const { emulator, a } = await twoProjects();
    expect(emulator.projectKeys()).toEqual(['own', 'shop-a', 'shop-b']);
    expect(a.credentials.clientId).not.toBe(emulator.credentials.clientId);
    expect(emulator.project('shop-a').credentials).toEqual({ ...a.credentials, scope: 'manage_project:shop-a' });
    expect(emulator.projectKeys()).toEqual(['own', 'shop-a', 'shop-b']);
    expect(() => emulator.project('Not Valid')).toThrow(TypeError);
    expect(emulator.projectKeys()).toHaveLength(3);
  });

  it('an unknown project is 404 on the API and on the Change History', async () => {
    const { a } = await twoProjects();
    expect((await a.call('GET', '/product-selections', undefined, { project: 'nowhere' })).status).toBe(404);
    expect((await a.call('GET', '/product-selection', undefined, { project: 'nowhere', base: 'history' })).status).toBe(404);
  });
});

describe('data of one project is invisible to another', () => {
  it('REST: the same key in both projects, each query sees its own only, an id of the other is 404', async () => {
    const { a, b } = await twoProjects();
    const inA = await a.call('POST', '/product-selections', { key: 'summer', name: { en: 'A' } });
    const inB = await b.call('POST', '/product-selections', { key: 'summer', name: { en: 'B' } });
    expect([inA.status, inB.status]).toEqual([201, 201]);
    const listA = await a.call('GET', '/product-selections');
    expect(listA.body.results.map((s: { name: { en: string } }) => s.name.en)).toEqual(['A']);
    expect((await b.call('GET', `/product-selections/${inA.body.id}`)).status).toBe(404);
    expect((await b.call('GET', '/product-selections/key=summer')).body.id).toBe(inB.body.id);
  });

  it('GraphQL answers from its own project only', async () => {
    const { a, b } = await twoProjects();
    await a.call('POST', '/product-selections', { key: 'only-a', name: { en: 'A' } });
    const query = { query: '{ productSelections { total results { key } } }' };
    expect((await a.call('POST', '/graphql', query)).body.data.productSelections).toEqual({ total: 1, results: [{ key: 'only-a' }] });
    expect((await b.call('POST', '/graphql', query)).body.data.productSelections).toEqual({ total: 0, results: [] });
  });

  it('messages and their sequence numbers are per project', async () => {
    const { a, b } = await twoProjects();
    await a.call('POST', '/product-selections', { key: 'xx', name: { en: 'A' } });
    await b.call('POST', '/product-selections', { key: 'xx', name: { en: 'B' } });
    const messagesA = await a.call('GET', '/messages');
    const messagesB = await b.call('GET', '/messages');
    expect(messagesA.body.results.map((m: { type: string; sequenceNumber: number }) => [m.type, m.sequenceNumber])).toEqual([
      ['ProductSelectionCreated', 1],
    ]);
    expect(messagesB.body.total ?? messagesB.body.results.length).toBe(1);
    expect(messagesB.body.results[0].resource.id).not.toBe(messagesA.body.results[0].resource.id);
  });

  it('the Change History records the changes of its own project only', async () => {
    const { a, b } = await twoProjects();
    const created = await a.call('POST', '/product-selections', { key: 'tracked', name: { en: 'A' } });
    const historyA = await a.call('GET', '/product-selection', undefined, { base: 'history' });
    const historyB = await b.call('GET', '/product-selection', undefined, { base: 'history' });
    expect(historyA.body.results.map((r: { resource: { id: string } }) => r.resource.id)).toEqual([created.body.id]);
    expect(historyB.body.results).toEqual([]);
  });

  it('API clients, customers and settings are per project', async () => {
    const { emulator, a, b } = await twoProjects();
    await a.call('POST', '/api-clients', { name: 'only in a', scope: 'view_products:shop-a' });
    const namesB = (await b.call('GET', '/api-clients')).body.results.map((c: { name: string }) => c.name);
    expect(namesB).not.toContain('only in a');
    // The same e-mail signs up in both projects; each project's password flow finds its own.
    for (const caller of [a, b])
      expect((await caller.call('POST', '/customers', { email: 'jo@example.com', password: `pw-${caller.key}` })).status).toBe(201);
    const logIn = (project: string, password: string, credentials: typeof a.credentials) =>
      authForm(
        emulator,
        `/oauth/${project}/customers/token`,
        { grant_type: 'password', username: 'jo@example.com', password },
        credentials,
      );
    expect((await logIn('shop-b', 'pw-shop-b', b.credentials)).status).toBe(200);
    expect((await logIn('shop-b', 'pw-shop-a', b.credentials)).status).toBe(400);
    // A client of one project cannot log customers into another.
    const crossed = await logIn('shop-a', 'pw-shop-a', b.credentials);
    expect([crossed.status, crossed.body.error]).toEqual([400, 'invalid_request']);
    const project = await b.call('GET', '');
    await b.call('POST', '', {
      version: project.body.version,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: false } }],
    });
    expect((await b.call('GET', '')).body.messages.enabled).toBe(false);
    expect((await a.call('GET', '')).body.messages.enabled).toBe(true);
  });
});

describe('a token of one project on another', () => {
  it('is refused with 403 insufficient_scope on REST, GraphQL, messages and the Change History, and changes nothing', async () => {
    const { a, b } = await twoProjects();
    const asA = { token: a.token };
    const rest = await b.call('POST', '/product-selections', { name: { en: 'intruder' } }, asA);
    expect([rest.status, rest.body.errors[0].code]).toEqual([403, 'insufficient_scope']);
    expect((await b.call('GET', '/product-selections', undefined, asA)).status).toBe(403);
    expect((await b.call('POST', '/graphql', { query: '{ productSelections { total } }' }, asA)).status).toBe(403);
    expect((await b.call('GET', '/messages', undefined, asA)).status).toBe(403);
    const history = await b.call('GET', '/product-selection', undefined, { ...asA, base: 'history' });
    expect([history.status, history.body.errors[0].code]).toEqual([403, 'Forbidden']);
    expect((await b.call('GET', '/product-selections')).body.total).toBe(0);
  });

  it('is inactive at introspection by another project’s client, active for its own', async () => {
    const { emulator, a, b } = await twoProjects();
    expect((await authForm(emulator, '/oauth/introspect', { token: a.token }, b.credentials)).body).toEqual({ active: false });
    expect((await authForm(emulator, '/oauth/introspect', { token: a.token }, a.credentials)).body).toMatchObject({
      active: true,
      scope: 'manage_project:shop-a',
    });
    // Nor can the other project's client revoke it.
    await authForm(emulator, '/oauth/token/revoke', { token: a.token }, b.credentials);
    expect((await a.call('GET', '/product-selections')).status).toBe(200);
  });
});

describe('reset and deletion of projects', () => {
  it('a project reset empties that project only; the emulator reset empties all', async () => {
    const { emulator, a, b } = await twoProjects();
    await a.call('POST', '/product-selections', { name: { en: 'A' } });
    await b.call('POST', '/product-selections', { name: { en: 'B' } });
    emulator.project('shop-b').reset();
    expect((await b.call('GET', '/product-selections')).body.total).toBe(0);
    expect((await a.call('GET', '/product-selections')).body.total).toBe(1);
    // The bootstrap client's token outlives a reset, as for the own project.
    emulator.reset();
    expect((await a.call('GET', '/product-selections')).body.total).toBe(0);
  });

  it('a deleted project is gone with its tokens; the own project cannot be deleted', async () => {
    const { emulator, a } = await twoProjects();
    expect(emulator.deleteProject('shop-a')).toBe(true);
    expect(emulator.deleteProject('shop-a')).toBe(false);
    expect((await a.call('GET', '/product-selections')).status).toBe(404);
    expect((await authForm(emulator, '/oauth/token', { grant_type: 'client_credentials' }, a.credentials)).status).toBe(401);
    expect(() => emulator.deleteProject('own')).toThrow(/own/);
    // Made again, it is a new, empty project with a new bootstrap client.
    expect(emulator.project('shop-a').credentials.clientId).not.toBe(a.credentials.clientId);
  });

  it('a snapshot of one project restores into that project only', async () => {
    const { emulator, a, b } = await twoProjects();
    await b.call('POST', '/product-selections', { key: 'kept', name: { en: 'B' } });
    const snapshot = emulator.project('shop-b').snapshot();
    expect(snapshot.projectKey).toBe('shop-b');
    emulator.project('shop-b').reset();
    emulator.project('shop-b').restore(snapshot);
    expect((await b.call('GET', '/product-selections/key=kept')).status).toBe(200);
    expect(() => emulator.project('shop-a').restore(snapshot)).toThrow(/projectKey/);
    expect((await a.call('GET', '/product-selections')).body.total).toBe(0);
  });
});

describe('two emulators in one process', () => {
  it('share nothing: each signs up a customer who can log in at once, and neither sees the other’s', async () => {
    const [one, two] = [(await twoProjects()).emulator, (await twoProjects()).emulator];
    const [a1, a2] = [await projectCaller(one, 'shop-a'), await projectCaller(two, 'shop-a')];
    for (const caller of [a1, a2])
      expect((await caller.call('POST', '/customers', { email: 'same@example.com', password: 'pw' })).status).toBe(201);
    for (const [emulator, caller] of [
      [one, a1],
      [two, a2],
    ] as const) {
      const login = await authForm(
        emulator,
        '/oauth/shop-a/customers/token',
        { grant_type: 'password', username: 'same@example.com', password: 'pw' },
        caller.credentials,
      );
      expect(login.status).toBe(200);
    }
    const customerOfOne = (await a1.call('GET', '/customers')).body.results[0].id as string;
    expect((await a2.call('GET', `/customers/${customerOfOne}`)).status).toBe(404);
  });
});
