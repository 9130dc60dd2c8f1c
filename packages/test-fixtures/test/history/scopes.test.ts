import { beforeAll, describe, expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken, tokenWith } from '../helpers/tokens.js';
import { createHistoryApi, errorOf, summary, type HistoryApi } from './helpers.js';

/** view_audit_log always, plus the view scope of every queried type. */
describe('Change History scopes', () => {
  let api: HistoryApi;
  let p: string;
  const scoped = (...names: string[]) => tokenWith(api, names.map((n) => `${n}:${p}`).join(' '));

  beforeAll(async () => {
    api = await createHistoryApi();
    p = api.project;
    await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    await api.call('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' } });
    await api.call('POST', '/stores', { key: 'hamburg', name: { en: 'Hamburg' } });
    await api.call('POST', '/customers', {
      email: 'b@example.com',
      password: 'secret-1',
      firstName: 'Bea',
      stores: [{ typeId: 'store', key: 'berlin' }],
    });
    await api.call('POST', '/customers', {
      email: 'h@example.com',
      password: 'secret-2',
      lastName: 'Hahn',
      stores: [{ typeId: 'store', key: 'hamburg' }],
    });
    await api.call('POST', '/customers', { email: 'g@example.com', password: 'secret-3', customerNumber: 'C-1' });
  });

  it('answers 401 Unauthorized without a token or with an unknown one', async () => {
    for (const token of ['', 'not-a-token']) {
      const res = await api.history('/product-selection', token);
      expect(res.status).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
      expect(res.body).toMatchObject({ statusCode: 401, error: 'invalid_token' });
    }
  });

  it('needs view_audit_log on every endpoint and on GraphQL', async () => {
    const token = await scoped('view_product_selections', 'view_stores');
    for (const path of ['', '/product-selection', '/product-selection/some-id']) {
      const res = await api.history(path, token);
      expect(res.status).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'Forbidden',
        message: `Insufficient scope. One of the following scopes is missing: view_audit_log:${p}.`,
      });
      expect(res.body).toMatchObject({ error: 'insufficient_scope' });
    }
    expect((await api.graphql('{ stores { total } }', undefined, token)).status).toBe(403);
  });

  it('needs the view scope of the queried type', async () => {
    const token = await scoped('view_audit_log');
    const byType = await api.history('/product-selections', token);
    expect(byType.status).toBe(403);
    expect(errorOf(byType).message).toBe(`Insufficient scope. One of the following scopes is missing: view_product_selections:${p}.`);
    expect((await api.history('/store/any-id', token)).status).toBe(403);
    // Naming a type on the all-types endpoint needs its scope too ...
    expect((await api.history('?resourceTypes=store', token)).status).toBe(403);
    // ... without resourceTypes, the types the token may not read are left out.
    const all = await api.history('', token);
    expect(all.status).toBe(200);
    expect(all.body.results).toEqual([]);
  });

  it('shows only the types whose scope the token holds on the all-types endpoint', async () => {
    const token = await scoped('view_audit_log', 'view_product_selections');
    expect(summary((await api.history('', token)).body)).toEqual(['product-selection v0->v1 ResourceCreated []']);
    const both = await scoped('view_audit_log', 'view_product_selections', 'manage_stores');
    expect((await api.history('?withTotal=true', both)).body.total).toBe(3);
  });

  it('accepts manage scopes and manage_project for the view scopes', async () => {
    const manage = await scoped('view_audit_log', 'manage_product_selections');
    expect((await api.history('/product-selection', manage)).status).toBe(200);
    const project = await scoped('manage_project');
    expect((await api.history('/customer', project)).body.count).toBe(3);
  });

  it('accepts the store-restricted view_customers only on the all-types endpoint, limited to its Store', async () => {
    const token = await tokenWith(api, `view_audit_log:${p} view_customers:${p}:berlin`);
    const all = await api.history('', token);
    expect(all.status).toBe(200);
    expect(all.body.results.map((r) => r.label)).toEqual([{ type: 'CustomerLabel', firstName: 'Bea' }]);
    expect(all.body.results[0]!.stores).toEqual([{ key: 'berlin', typeId: 'store' }]);
    expect((await api.history('?resourceTypes=customer', token)).body.count).toBe(1);
    // On by-type and by-id only the store-restricted orders form is accepted.
    expect((await api.history('/customer', token)).status).toBe(403);
    // GraphQL root fields are one-type queries of the all-types kind (history.yaml decision).
    const graphql = await api.graphql('{ customers { results { label { ... on CustomerLabel { firstName } } } } }', undefined, token);
    expect(graphql.body.data.customers.results).toEqual([{ label: { firstName: 'Bea' } }]);
  });

  it('accepts store-restricted view_orders on all three endpoints and view_shopping_lists only on the all-types one', async () => {
    const orders = await tokenWith(api, `view_audit_log:${p} view_orders:${p}:berlin`);
    for (const path of ['', '?resourceTypes=order', '/order', '/orders', '/order/some-order-id']) {
      const answer = await api.history(path, orders);
      expect(answer.status, path).toBe(200);
      // The emulator keeps no orders, and the token opens no other type: nothing to see, but allowed.
      expect(answer.body.count, path).toBe(0);
    }
    expect((await api.history('/customer', orders)).status).toBe(403);

    const lists = await tokenWith(api, `view_audit_log:${p} view_shopping_lists:${p}:berlin`);
    expect((await api.history('', lists)).status).toBe(200);
    expect((await api.history('?resourceTypes=shopping-list', lists)).status).toBe(200);
    for (const path of ['/shopping-list', '/shopping-list/some-list-id']) expect((await api.history(path, lists)).status, path).toBe(403);
    // The unrestricted form opens the by-type endpoint.
    expect((await api.history('/shopping-list', await tokenWith(api, `view_audit_log:${p} view_shopping_lists:${p}`))).status).toBe(200);
  });

  it('needs the scope of every root field a GraphQL query selects, fragments included', async () => {
    const token = await scoped('view_audit_log', 'view_product_selections');
    expect((await api.graphql('{ productSelections { total } }', undefined, token)).status).toBe(200);
    const denied = await api.graphql(
      'query { productSelections { total } ...F } fragment F on Query { stores { total } }',
      undefined,
      token,
    );
    expect(denied.status).toBe(403);
    expect(errorOf(denied).message).toBe(`Insufficient scope. One of the following scopes is missing: view_stores:${p}.`);
    // Introspection needs only view_audit_log.
    expect((await api.graphql('{ __schema { queryType { name } } }', undefined, token)).status).toBe(200);
  });

  it('records an anonymous session in modifiedBy.anonymousId, and a change for an external user as type external-user', async () => {
    const credentials = await apiClient(api, `manage_product_selections:${p} create_anonymous_token:${p}`);
    const anonymous = await anonymousToken(api, credentials, 'anon-history-1');
    const created = await api.as(anonymous)('POST', '/product-selections', { key: 'by-anonymous', name: { en: 'A' } });
    expect(created.status).toBe(201);
    const byAnonymous = (await api.history(`/product-selection/${created.body.id}`)).body.results[0]!;
    expect(byAnonymous.modifiedBy).toEqual({
      clientId: credentials.clientId,
      isPlatformClient: false,
      type: 'user',
      anonymousId: 'anon-history-1',
    });

    const external = await api.call(
      'POST',
      `/product-selections/key=by-anonymous`,
      { version: 1, actions: [{ action: 'setKey', key: 'by-external' }] },
      { 'x-external-user-id': 'ext-42' },
    );
    expect(external.status).toBe(200);
    const byExternal = (await api.history(`/product-selection/${created.body.id}`)).body.results[0]!;
    expect(byExternal.modifiedBy).toEqual({ clientId: api.emulator.credentials.clientId, isPlatformClient: false, type: 'external-user' });
  });

  it('records who made the change: a customer token fills modifiedBy.customer, filterable and expandable', async () => {
    const credentials = await apiClient(api, `manage_customers:${p}`);
    const customerToken = await passwordToken(api, credentials, { email: 'g@example.com', password: 'secret-3' });
    const signUp = await api.as(customerToken)('POST', '/customers', {
      email: 'friend@example.com',
      password: 'secret-4',
      firstName: 'Friend',
    });
    expect(signUp.status).toBe(201);
    const customer = (await api.call('GET', '/customers?where=' + encodeURIComponent('email = "g@example.com"'))).body.results[0];

    const { body } = await api.history(`/customer?customerId=${customer.id}`);
    expect(summary(body)).toEqual(['customer v0->v1 ResourceCreated []']);
    expect(body.results[0]!.modifiedBy).toEqual({
      clientId: credentials.clientId,
      isPlatformClient: false,
      type: 'user',
      customer: { typeId: 'customer', id: customer.id },
    });
    expect(body.results[0]!.label).toEqual({ type: 'CustomerLabel', firstName: 'Friend' });

    const expanded = await api.history(`/customer?customerId=${customer.id}&expand=true`);
    expect(expanded.body.results[0]!.modifiedBy['customer']).toMatchObject({
      typeId: 'customer',
      id: customer.id,
      obj: { id: customer.id, email: 'g@example.com' },
    });
    expect((await api.history(`/customer?clientId=${credentials.clientId}`)).body.count).toBe(1);
  });
});
