/**
 * The steps of the quickstart, as a function so the test suite can run it too.
 * Each step prints what it called, the status and the key fields, never a secret.
 */
import {
  anonymousSessionFlow,
  createCallbackHandler,
  createTokenProvider,
  inStorePasswordFlow,
  introspectToken,
  passwordFlow,
  refreshTokenFlow,
  revokeToken,
  tokenIdentity,
  type AuthConfig,
} from '@commerce-kit/core-auth';
import {
  createGraphqlClient,
  GetProductSelectionDocument,
  QueryInStoreProductSelectionAssignmentsDocument,
} from '@commerce-kit/graphql-client';
import { createHistoryClient } from '@commerce-kit/history-client';
import {
  assignProductSelection,
  createAndVerify,
  createRestClient,
  includeProduct,
  isConcurrentModification,
  setProductSelectionActive,
  updateWithRetry,
  type RestClient,
} from '@commerce-kit/rest-client';
import { runCheckout } from './quickstart-checkout.js';
import type { Target } from './target.js';

export interface QuickstartOptions {
  log: (line: string) => void;
}

class StepFailed extends Error {}

/** Runs every step; returns false (after printing why) when one failed. */
export async function runQuickstart(target: Target, { log }: QuickstartOptions): Promise<boolean> {
  const started = Date.now();
  let stepNumber = 0;
  const step = (title: string) => log(`\n${String(++stepNumber).padStart(2)}. ${title}`);
  const show = (call: string, status: number | string, fields: Record<string, unknown> = {}) => {
    const details = Object.entries(fields)
      .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join('  ');
    log(`    ${call} → ${status}${details ? `  ${details}` : ''}`);
  };
  const expect = (condition: boolean, what: string) => {
    if (!condition) throw new StepFailed(what);
  };
  const key = (name: string) => `${name}${target.suffix}`;

  log(
    target.kind === 'emulator'
      ? `Using the embedded emulator (project '${target.projectKey}'). Set CTP_PROJECT_KEY, CTP_CLIENT_ID, CTP_CLIENT_SECRET, CTP_AUTH_URL and CTP_API_URL (or write them in .env) to run against a service.`
      : `Using the service at ${target.urls.api} (project '${target.projectKey}').`,
  );

  const authConfig: AuthConfig = {
    authUrl: target.urls.auth,
    projectKey: target.projectKey,
    credentials: target.credentials,
    fetch: target.fetch,
  };
  let tokenRequests = 0;
  const countingFetch: typeof fetch = (input, init) => {
    tokenRequests += 1;
    return target.fetch(input, init);
  };
  const tokenProvider = createTokenProvider({
    flow: 'client_credentials',
    ...authConfig,
    ...(target.scopes ? { scope: target.scopes.split(' ') } : {}),
    fetch: countingFetch,
  });
  const client: RestClient = createRestClient({
    baseUrl: target.urls.api,
    projectKey: target.projectKey,
    auth: { tokenProvider },
    fetch: target.fetch,
  });
  const cleanup: (() => Promise<unknown>)[] = [];

  try {
    step('A client-credentials token (core-auth token provider: cached, refreshed ahead of expiry, one request for all callers)');
    await Promise.all([tokenProvider.getToken(), tokenProvider.getToken(), tokenProvider.getToken()]);
    const info = await tokenProvider.getTokenInfo();
    expect(tokenRequests === 1, `3 concurrent callers share one token request (saw ${tokenRequests})`);
    show('POST /oauth/token grant_type=client_credentials (3 concurrent callers)', 200, {
      tokenRequests,
      scope: info?.scope,
      expiresAt: info ? new Date(info.expiresAt).toISOString() : undefined,
    });

    step(
      'Create a Product Selection with a custom field and fill it with a Product, one of its two variants (rest-client, createAndVerify never duplicates a create)',
    );
    const type = await createAndVerify(client, {
      path: '/product-types',
      body: { key: key('quickstart-shirt'), name: 'Shirt', description: 'A shirt' },
    });
    expect(type.error === undefined, `product type: ${type.error?.message}`);
    show('POST /product-types', type.response.status, { key: type.data!.key });
    cleanup.push(() =>
      client.DELETE('/product-types/{ID}', { params: { path: { ID: type.data!.id }, query: { version: type.data!.version } } }),
    );
    const products: { id: string; version: number; key: string }[] = [];
    for (const name of ['inside', 'outside']) {
      const created = await createAndVerify(client, {
        path: '/products',
        body: {
          key: key(`quickstart-${name}`),
          productType: { typeId: 'product-type', id: type.data!.id },
          name: { en: `Shirt ${name}` },
          slug: { en: key(`quickstart-shirt-${name}`) },
          masterVariant: { sku: key(`quickstart-sku-${name}`) },
          variants: [{ sku: key(`quickstart-sku-${name}-large`) }],
          publish: true,
        },
      });
      expect(created.error === undefined, `product: ${created.error?.message}`);
      show('POST /products', created.response.status, { key: created.data!.key, published: created.data!.masterData.published });
      products.push({ id: created.data!.id, version: created.data!.version, key: created.data!.key! });
    }
    const [inside, outside] = products as [(typeof products)[0], (typeof products)[0]];
    cleanup.unshift(async () => {
      for (const product of products) {
        const current = await client.GET('/products/{ID}', { params: { path: { ID: product.id } } });
        if (!current.data) continue;
        const unpublished = await client.POST('/products/{ID}', {
          params: { path: { ID: product.id } },
          body: { version: current.data.version, actions: [{ action: 'unpublish' }] },
        });
        const version = unpublished.data?.version ?? current.data.version;
        await client.DELETE('/products/{ID}', { params: { path: { ID: product.id }, query: { version } } });
      }
    });

    // A Type defines the custom fields of Product Selections: here one, the season.
    const fieldsType = await createAndVerify(client, {
      path: '/types',
      body: {
        key: key('quickstart-selection-fields'),
        name: { en: 'Selection fields' },
        resourceTypeIds: ['product-selection'],
        fieldDefinitions: [
          {
            name: 'season',
            label: { en: 'Season' },
            required: true,
            type: { name: 'Enum', values: ['spring', 'summer', 'autumn', 'winter'].map((season) => ({ key: season, label: season })) },
          },
        ],
      },
    });
    expect(fieldsType.error === undefined, `type: ${fieldsType.error?.message}`);
    show('POST /types', fieldsType.response.status, {
      key: fieldsType.data!.key,
      fields: fieldsType.data!.fieldDefinitions.map((d) => d.name),
    });
    cleanup.push(async () => {
      const current = await client.GET('/types/{ID}', { params: { path: { ID: fieldsType.data!.id } } });
      if (current.data)
        await client.DELETE('/types/{ID}', { params: { path: { ID: current.data.id }, query: { version: current.data.version } } });
    });
    const selection = await createAndVerify(client, {
      path: '/product-selections',
      body: {
        key: key('quickstart-summer'),
        name: { en: 'Summer', de: 'Sommer' },
        custom: { type: { typeId: 'type', key: fieldsType.data!.key }, fields: { season: 'summer' } },
      },
    });
    expect(selection.error === undefined, `selection: ${selection.error?.message}`);
    expect(selection.data!.custom?.fields['season'] === 'summer', 'the selection carries its custom field');
    show('POST /product-selections', selection.response.status, {
      key: selection.data!.key,
      version: selection.data!.version,
      custom: selection.data!.custom?.fields,
    });
    const selectionId = selection.data!.id;
    cleanup.unshift(async () => {
      const current = await client.GET('/product-selections/{ID}', { params: { path: { ID: selectionId } } });
      if (current.data)
        await client.DELETE('/product-selections/{ID}', {
          params: { path: { ID: selectionId }, query: { version: current.data.version } },
        });
    });
    // A variant selection: only the regular size of the Product is in the selection, not the large one.
    const variantSelection = { type: 'includeOnly' as const, skus: [key('quickstart-sku-inside')] };
    const filled = await includeProduct(client, { productSelection: { id: selectionId }, product: { id: inside.id }, variantSelection });
    expect(filled.error === undefined, `addProduct: ${filled.error?.message}`);
    show('POST /product-selections/{ID} addProduct with a variantSelection', filled.response?.status ?? 'unchanged', {
      version: filled.data!.version,
      productCount: filled.data!.productCount,
      variantSelection,
    });

    step('Create a Store, assign the selection, activate it for that Store');
    const store = await createAndVerify(client, { path: '/stores', body: { key: key('quickstart-berlin'), name: { en: 'Berlin' } } });
    expect(store.error === undefined, `store: ${store.error?.message}`);
    show('POST /stores', store.response.status, { key: store.data!.key });
    cleanup.unshift(async () => {
      const current = await client.GET('/stores/{ID}', { params: { path: { ID: store.data!.id } } });
      if (current.data)
        await client.DELETE('/stores/{ID}', { params: { path: { ID: current.data.id }, query: { version: current.data.version } } });
    });
    const storeKey = store.data!.key;
    const assigned = await assignProductSelection(client, { store: { key: storeKey }, productSelection: { id: selectionId } });
    show('POST /stores/key={key} addProductSelection', assigned.response?.status ?? 'unchanged', {
      productSelections: assigned.data?.productSelections,
    });
    const activated = await setProductSelectionActive(client, {
      store: { key: storeKey },
      productSelection: { id: selectionId },
      active: true,
    });
    expect(activated.error === undefined, `activate: ${activated.error?.message}`);
    show('POST /stores/key={key} changeProductSelectionActive', activated.response?.status ?? 'unchanged', {
      active: activated.data!.productSelections[0]?.active,
    });

    step('Read the Product Projection in the Store (a product outside the selection is refused)');
    const available = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', {
      params: { path: { storeKey, ID: inside.id } },
    });
    expect(available.response.status === 200, 'the product in the active selection is available');
    const offered = available.data ? [available.data.masterVariant, ...available.data.variants].map((variant) => variant.sku) : [];
    expect(offered.length === 1 && offered[0] === key('quickstart-sku-inside'), 'the Store offers only the selected variant');
    show('GET /in-store/key={storeKey}/product-projections/{ID} (inside)', available.response.status, {
      name: available.data?.name,
      skus: offered,
    });
    const refused = await client.GET('/in-store/key={storeKey}/product-projections/{ID}', {
      params: { path: { storeKey, ID: outside.id } },
    });
    expect(refused.response.status === 404, 'the product outside the selection is refused');
    show('GET /in-store/key={storeKey}/product-projections/{ID} (outside)', refused.response.status, { code: refused.error?.code });

    step('The same over GraphQL, typed end to end (graphql-client)');
    const graphql = createGraphqlClient({
      baseUrl: target.urls.api,
      projectKey: target.projectKey,
      auth: { tokenProvider },
      fetch: target.fetch,
    });
    const fetched = await graphql.request(GetProductSelectionDocument, { key: key('quickstart-summer'), locale: 'de' });
    expect(!fetched.errors, `GraphQL productSelection: ${JSON.stringify(fetched.errors)}`);
    const ps = fetched.data?.productSelection;
    show('POST /graphql productSelection(key)', fetched.response.status, {
      name: ps?.name,
      productCount: ps?.productCount,
      nameAllLocales: ps?.nameAllLocales,
    });
    const assignments = await graphql.request(QueryInStoreProductSelectionAssignmentsDocument, { storeKey });
    const assignmentCount = assignments.data?.inStore.productSelectionAssignments.count;
    expect(assignmentCount === 1, 'one product assigned in the Store');
    const assigned0 = assignments.data?.inStore.productSelectionAssignments.results[0];
    show('POST /graphql inStore(key).productSelectionAssignments', assignments.response.status, {
      count: assignmentCount,
      variantSelection: assigned0?.variantSelection,
    });

    if (target.kind === 'emulator') {
      step("A customer's password-flow token, globally and in the Store; an anonymous session and its refresh");
      const signUp = await client.POST('/customers', {
        body: { email: 'jen@example.com', password: 'quickstart-password', firstName: 'Jen' },
      });
      show('POST /customers (sign-up)', signUp.response.status, { customerId: signUp.data?.customer.id });
      const inStoreSignUp = await client.POST('/in-store/key={storeKey}/customers', {
        params: { path: { storeKey } },
        body: { email: 'sam@example.com', password: 'quickstart-password' },
      });
      show('POST /in-store/key={storeKey}/customers (sign-up in the Store)', inStoreSignUp.response.status, {
        stores: inStoreSignUp.data?.customer.stores,
      });
      const customerToken = await passwordFlow(authConfig, { username: 'jen@example.com', password: 'quickstart-password' });
      show('POST /oauth/{project}/customers/token', 200, {
        customerId: tokenIdentity(customerToken.scope).customerId,
        refreshToken: 'received (not shown)',
      });
      const storeToken = await inStorePasswordFlow(authConfig, { storeKey, username: 'sam@example.com', password: 'quickstart-password' });
      show('POST /oauth/{project}/in-store/key={store}/customers/token', 200, { scope: storeToken.scope });
      const anonymous = await anonymousSessionFlow(authConfig);
      show('POST /oauth/{project}/anonymous/token', 200, { anonymousId: tokenIdentity(anonymous.scope).anonymousId });
      const refreshed = await refreshTokenFlow(authConfig, { refreshToken: anonymous.refresh_token });
      show('POST /oauth/token grant_type=refresh_token', 200, {
        sameAnonymousId: tokenIdentity(refreshed.scope).anonymousId === tokenIdentity(anonymous.scope).anonymousId,
      });

      step('Introspection and revocation');
      const active = await introspectToken(authConfig, { token: customerToken.access_token });
      show('POST /oauth/introspect', 200, { active: active.active, client_id: active.active ? active.client_id : undefined });
      await revokeToken(authConfig, { token: customerToken.access_token, tokenTypeHint: 'access_token' });
      show('POST /oauth/token/revoke', 200);
      const inactive = await introspectToken(authConfig, { token: customerToken.access_token });
      expect(!inactive.active, 'a revoked token is inactive');
      show('POST /oauth/introspect (after revocation)', 200, { active: inactive.active });

      step(
        'A checkout: an anonymous cart, shipping, sign-in with the cart merged, a payment, an order placed once and found by its number',
      );
      expect(signUp.data !== undefined, `sign-up: ${signUp.error?.message}`);
      await runCheckout({
        target,
        client,
        authConfig,
        customer: { id: signUp.data!.customer.id, email: 'jen@example.com', password: 'quickstart-password' },
        show,
        expect,
      });
    } else {
      log(
        '\n    (customer, anonymous-session, introspection, revocation and checkout steps run only against the emulator: they would create customers and orders in your project)',
      );
    }

    step('A ConcurrentModification, handled by updateWithRetry');
    const stale = filled.data!.version;
    const rename = await client.POST('/product-selections/{ID}', {
      params: { path: { ID: selectionId } },
      body: { version: stale, actions: [{ action: 'changeName', name: { en: 'Summer 2026', de: 'Sommer 2026' } }] },
    });
    show('POST /product-selections/{ID} changeName (a concurrent writer)', rename.response.status, { version: rename.data?.version });
    const conflict = await client.POST('/product-selections/{ID}', {
      params: { path: { ID: selectionId } },
      body: { version: stale, actions: [{ action: 'changeName', name: { en: 'Summer Sale' } }] },
    });
    expect(conflict.error !== undefined && isConcurrentModification(conflict.error), 'the stale write gets 409');
    show('POST /product-selections/{ID} with the stale version', conflict.response.status, {
      code: conflict.error?.code,
      currentVersion: conflict.error && isConcurrentModification(conflict.error) ? conflict.error.currentVersion : undefined,
    });
    const retried = await updateWithRetry(client, {
      path: '/product-selections/{ID}',
      params: { path: { ID: selectionId } },
      current: { ...filled.data!, version: stale },
      buildActions: (current) =>
        current.name['en'] === 'Summer Sale' ? [] : [{ action: 'changeName', name: { ...current.name, en: 'Summer Sale' } }],
    });
    expect(retried.error === undefined, `updateWithRetry: ${retried.error?.message}`);
    show('updateWithRetry (re-read, rebuilt the actions from the fresh state)', retried.response?.status ?? 'unchanged', {
      attempts: retried.attempts,
      version: retried.data!.version,
      name: retried.data!.name,
    });

    step('The messages emitted');
    const messages = await client.GET('/messages', {
      params: {
        query: {
          where: ['resource(id in (:ids))'],
          var: { ids: [selectionId, store.data!.id] },
          sort: ['createdAt asc', 'sequenceNumber asc'],
          limit: 20,
        },
      },
    });
    for (const message of messages.data?.results ?? []) {
      show('GET /messages', messages.response.status, {
        type: message.type,
        resource: message.resource.typeId,
        sequenceNumber: message.sequenceNumber,
      });
    }

    step('The change history of the selection (history-client)');
    const history = createHistoryClient({
      baseUrl: target.urls.history,
      projectKey: target.projectKey,
      auth: { tokenProvider },
      fetch: target.fetch,
    });
    const records = await history.queryRecordsById('product-selection', selectionId);
    if (records.error) {
      show('GET /history/{project}/product-selection/{ID}', records.response.status, { code: records.error.code });
    } else {
      for (const record of [...records.data.results].reverse()) {
        show('GET /history/{project}/product-selection/{ID}', records.response.status, {
          type: record.type,
          version: record.version,
          changes: record.changes.map((c) => c.change),
          by: record.modifiedBy.clientId ? 'api client' : record.modifiedBy.type,
        });
      }
    }

    step('The in-store application calls our callback endpoint (core-auth handler)');
    const callbackKey = crypto.randomUUID();
    const handler = createCallbackHandler({
      apiKey: callbackKey,
      basePath: '/in-store/callback',
      resolveUserToken: async (userKey) => ({ token: `token-for-${userKey}` }),
    });
    const answered = await handler(
      new Request('https://shop.example/in-store/callback/user-42', { headers: { 'X-Api-Key': callbackKey } }),
    );
    show('GET https://shop.example/in-store/callback/user-42 (right key)', answered.status);
    const wrongKey = await handler(new Request('https://shop.example/in-store/callback/user-42', { headers: { 'X-Api-Key': 'wrong' } }));
    expect(answered.status === 200 && wrongKey.status === 401, 'the handler checks the key');
    show('GET https://shop.example/in-store/callback/user-42 (wrong key)', wrongKey.status);

    log(`\nAll steps passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return true;
  } catch (error) {
    log(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    if (target.kind === 'live') {
      for (const undo of cleanup) await undo().catch(() => undefined);
      log('Cleaned up what the quickstart created.');
    }
  }
}
