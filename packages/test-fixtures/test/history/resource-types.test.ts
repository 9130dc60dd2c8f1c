import { beforeAll, describe, expect, it } from 'vitest';
import { tokenWith } from '../helpers/tokens.js';
import { createHistoryApi, errorOf, type HistoryApi } from './helpers.js';

/**
 * The Change History resource types, their plural spellings, GraphQL root fields and view scopes
 * (history.yaml `x-required-type-scopes` for the six types without a scope of their own).
 * Written here from the documents, not read from the emulator, so the two are compared.
 */
const TYPES: { singular: string; plural: string; field: string; scope: string }[] = [
  { singular: 'associate-role', plural: 'associate-roles', field: 'associateRoles', scope: 'view_associate_roles' },
  { singular: 'business-unit', plural: 'business-units', field: 'businessUnits', scope: 'view_business_units' },
  { singular: 'cart-discount', plural: 'cart-discounts', field: 'cartDiscounts', scope: 'view_cart_discounts' },
  { singular: 'category', plural: 'categories', field: 'categories', scope: 'view_categories' },
  { singular: 'channel', plural: 'channels', field: 'channels', scope: 'view_products' },
  { singular: 'customer', plural: 'customers', field: 'customers', scope: 'view_customers' },
  { singular: 'customer-group', plural: 'customer-groups', field: 'customerGroups', scope: 'view_customer_groups' },
  { singular: 'discount-code', plural: 'discount-codes', field: 'discountCodes', scope: 'view_discount_codes' },
  { singular: 'inventory-entry', plural: 'inventory', field: 'inventoryEntries', scope: 'view_products' },
  { singular: 'key-value-document', plural: 'custom-objects', field: 'customObjects', scope: 'view_key_value_documents' },
  { singular: 'order', plural: 'orders', field: 'orders', scope: 'view_orders' },
  { singular: 'payment', plural: 'payments', field: 'payments', scope: 'view_payments' },
  { singular: 'product', plural: 'products', field: 'products', scope: 'view_products' },
  { singular: 'product-discount', plural: 'product-discounts', field: 'productDiscounts', scope: 'view_products' },
  { singular: 'product-selection', plural: 'product-selections', field: 'productSelections', scope: 'view_product_selections' },
  { singular: 'product-type', plural: 'product-types', field: 'productTypes', scope: 'view_products' },
  { singular: 'quote-request', plural: 'quote-requests', field: 'quoteRequests', scope: 'view_quote_requests' },
  { singular: 'quote', plural: 'quotes', field: 'quotes', scope: 'view_quotes' },
  { singular: 'review', plural: 'reviews', field: 'reviews', scope: 'view_products' },
  { singular: 'shopping-list', plural: 'shopping-lists', field: 'shoppingLists', scope: 'view_shopping_lists' },
  { singular: 'staged-quote', plural: 'staged-quotes', field: 'stagedQuotes', scope: 'view_staged_quotes' },
  { singular: 'state', plural: 'states', field: 'states', scope: 'view_states' },
  { singular: 'store', plural: 'stores', field: 'stores', scope: 'view_stores' },
  { singular: 'tax-category', plural: 'tax-categories', field: 'taxCategories', scope: 'view_tax_categories' },
  { singular: 'type', plural: 'types', field: 'types', scope: 'view_types' },
  { singular: 'zone', plural: 'zones', field: 'zones', scope: 'view_orders' },
];

describe('Change History resource types and their scopes', () => {
  let api: HistoryApi;
  let auditOnly: string;
  const tokens = new Map<string, string>();
  /** A token with view_audit_log and the view scope of `type` (one client per scope name). */
  const tokenOf = async (scope: string) => {
    let token = tokens.get(scope);
    if (!token) {
      token = await tokenWith(api, `view_audit_log:${api.project} ${scope}:${api.project}`);
      tokens.set(scope, token);
    }
    return token;
  };

  beforeAll(async () => {
    api = await createHistoryApi();
    auditOnly = await tokenWith(api, `view_audit_log:${api.project}`);
  });

  it('lists the 26 Change History resource types', () => {
    expect(TYPES).toHaveLength(26);
  });

  it('answers every type on the by-type and by-id endpoints, singular and plural, with view_audit_log and the type scope', async () => {
    for (const { singular, plural, scope } of TYPES) {
      const token = await tokenOf(scope);
      for (const segment of [singular, plural]) {
        for (const path of [`/${segment}`, `/${segment}/some-id`]) {
          const res = await api.history(path, token);
          expect(res.status, path).toBe(200);
          expect(res.body, path).toMatchObject({ limit: 20, offset: 0, count: 0, results: [] });
        }
      }
      expect((await api.history(`?resourceTypes=${singular}&resourceTypes=${plural}`, token)).status, singular).toBe(200);
    }
  });

  it('refuses each type without its view scope with 403 Forbidden naming that scope, on every endpoint', async () => {
    for (const { singular, scope } of TYPES) {
      const missing = `Insufficient scope. One of the following scopes is missing: ${scope}:${api.project}.`;
      for (const path of [`/${singular}`, `/${singular}/some-id`, `?resourceTypes=${singular}`]) {
        const res = await api.history(path, auditOnly);
        expect(res.status, path).toBe(403);
        expect(errorOf(res), path).toEqual({ code: 'Forbidden', message: missing });
      }
    }
  });

  it('does not let the scope of one type open another', async () => {
    const stores = await tokenOf('view_stores');
    for (const { singular, scope } of TYPES) {
      if (scope === 'view_stores') continue;
      expect((await api.history(`/${singular}`, stores)).status, singular).toBe(403);
    }
  });

  it('accepts no store-restricted form beyond view_customers, view_orders and view_shopping_lists, nor of view_audit_log', async () => {
    const own = await createHistoryApi();
    const p = own.project;
    await own.call('POST', '/stores', { key: 'berlin' });
    const storeAudit = await tokenWith(own, `view_audit_log:${p}:berlin view_stores:${p}`);
    for (const path of ['', '/store', '/store/some-id']) expect((await own.history(path, storeAudit)).status, path).toBe(403);
    const storeStores = await tokenWith(own, `view_audit_log:${p} view_stores:${p}:berlin view_product_selections:${p}:berlin`);
    for (const path of ['/store', '/store/some-id', '?resourceTypes=store', '/product-selection', '?resourceTypes=product-selection']) {
      expect((await own.history(path, storeStores)).status, path).toBe(403);
    }
    expect((await own.history('?withTotal=true', storeStores)).body).toMatchObject({ total: 0 });
    expect((await own.graphql('{ stores { total } }', undefined, storeStores)).status).toBe(403);
  });

  it('has one GraphQL root field per type, needing the same scope', async () => {
    const introspection = await api.graphql('{ __schema { queryType { fields { name } } } }');
    const fields = (introspection.body.data.__schema.queryType.fields as { name: string }[]).map((f) => f.name).sort();
    expect(fields).toEqual(TYPES.map((t) => t.field).sort());
    for (const { field, scope } of TYPES) {
      const allowed = await api.graphql(`{ ${field}(date: { from: 1 }) { total results { type } } }`, undefined, await tokenOf(scope));
      expect(allowed.status, field).toBe(200);
      expect(allowed.body, field).toEqual({ data: { [field]: { total: 0, results: [] } } });
      const denied = await api.graphql(`{ ${field} { total } }`, undefined, auditOnly);
      expect(denied.status, field).toBe(403);
      expect(errorOf(denied).message, field).toBe(`Insufficient scope. One of the following scopes is missing: ${scope}:${api.project}.`);
    }
  });

  it('refuses a type outside the list in the path, in resourceTypes and as a GraphQL field', async () => {
    for (const segment of ['cart', 'carts', 'api-client', 'project', 'Product', 'product-selection ']) {
      const byType = await api.history(`/${encodeURIComponent(segment)}`);
      expect(byType.status, segment).toBe(400);
      expect(errorOf(byType).code).toBe('BadRequest');
      expect((await api.history(`?resourceTypes=${encodeURIComponent(segment)}`)).status, segment).toBe(400);
    }
    const carts = await api.graphql('{ carts { total } }');
    expect(carts.body.data).toBeUndefined();
    expect(carts.body.errors?.[0]?.message).toMatch(/carts/);
  });

  it('records only tracked types: API clients and project settings leave no Record', async () => {
    const fresh = await createHistoryApi();
    expect((await fresh.call('POST', '/api-clients', { name: 'audit', scope: `view_stores:${fresh.project}` })).status).toBe(201);
    const project = (await fresh.call('GET', '')).body as { version: number };
    const updated = await fresh.call('POST', '', {
      version: project.version,
      actions: [{ action: 'changeMessagesConfiguration', messagesConfiguration: { enabled: true } }],
    });
    expect(updated.status).toBe(200);
    expect((await fresh.history('?withTotal=true')).body).toMatchObject({ count: 0, total: 0 });
    // A tracked type written afterwards is recorded, so the log is listening.
    await fresh.call('POST', '/stores', { key: 'tracked' });
    expect((await fresh.history('')).body.results.map((r) => r.resource.typeId)).toEqual(['store']);
  });
});
