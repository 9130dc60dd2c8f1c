import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/emulator/clock.js';
import { createApi, START, type Api } from '../helpers/api.js';
import { tokenWith } from '../helpers/tokens.js';
import { data, failure, gql, seedProducts } from './helpers.js';

/**
 * One scenario, run once over REST and once over GraphQL on two emulators with the same clock and
 * the same API client: afterwards the REST representations of everything it touched (Product
 * Selections, Stores, memberships, in-store assignments, messages, change history) are identical, once generated
 * ids are replaced by names.
 */

interface Ids {
  summer: string;
  winter: string;
  berlin: string;
  recall: string;
}

interface Scenario {
  createSelection(key: string, name: Record<string, string>, mode?: string): Promise<string>;
  updateSelection(key: string, version: number, actions: Record<string, unknown>[]): Promise<void>;
  deleteSelection(key: string, version: number): Promise<void>;
  createStore(draft: Record<string, unknown>): Promise<string>;
  updateStore(key: string, version: number, actions: Record<string, unknown>[]): Promise<void>;
}

const items = (name: Record<string, string>) => Object.entries(name).map(([locale, value]) => ({ locale, value }));

function overRest(api: Api): Scenario {
  const ok = async (promise: ReturnType<Api['call']>) => {
    const answer = await promise;
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as { id: string };
  };
  return {
    createSelection: async (key, name, mode) =>
      (await ok(api.call('POST', '/product-selections', { key, name, ...(mode ? { mode } : {}) }))).id,
    updateSelection: async (key, version, actions) =>
      void (await ok(api.call('POST', `/product-selections/key=${key}`, { version, actions }))),
    deleteSelection: async (key, version) => void (await ok(api.call('DELETE', `/product-selections/key=${key}?version=${version}`))),
    createStore: async (draft) => (await ok(api.call('POST', '/stores', draft))).id,
    updateStore: async (key, version, actions) => void (await ok(api.call('POST', `/stores/key=${key}`, { version, actions }))),
  };
}

/**
 * The REST actions of the scenario in their GraphQL form: `{ <action>: { ...fields } }`, localized
 * strings as item lists, a variant selection `{ type, skus }` as `{ <type>: skus }`.
 */
function graphqlActions(actions: Record<string, unknown>[]): Record<string, unknown>[] {
  return actions.map(({ action, ...fields }) => {
    const converted: Record<string, unknown> = { ...fields };
    if (fields['name'] !== undefined) converted['name'] = items(fields['name'] as Record<string, string>);
    const selection = fields['variantSelection'] as { type: string; skus: string[] } | undefined;
    if (selection !== undefined) converted['variantSelection'] = { [selection.type]: selection.skus };
    return { [action as string]: converted };
  });
}

function overGraphql(api: Api): Scenario {
  return {
    createSelection: async (key, name, mode) => {
      const out = await data<{ createProductSelection: { id: string } }>(
        gql(api, 'mutation ($d: CreateProductSelectionDraft!) { createProductSelection(draft: $d) { id } }', {
          d: { key, name: items(name), ...(mode ? { mode } : {}) },
        }),
      );
      return out.createProductSelection.id;
    },
    updateSelection: async (key, version, actions) => {
      await data(
        gql(
          api,
          'mutation ($k: String, $v: Long!, $a: [ProductSelectionUpdateAction!]!) { updateProductSelection(key: $k, version: $v, actions: $a) { version } }',
          {
            k: key,
            v: version,
            a: graphqlActions(actions),
          },
        ),
      );
    },
    deleteSelection: async (key, version) => {
      await data(
        gql(api, 'mutation ($k: String, $v: Long!) { deleteProductSelection(key: $k, version: $v) { id } }', { k: key, v: version }),
      );
    },
    createStore: async (draft) => {
      const d = { ...draft, ...(draft['name'] ? { name: items(draft['name'] as Record<string, string>) } : {}) };
      const out = await data<{ createStore: { id: string } }>(
        gql(api, 'mutation ($d: CreateStore!) { createStore(draft: $d) { id } }', { d }),
      );
      return out.createStore.id;
    },
    updateStore: async (key, version, actions) => {
      await data(
        gql(
          api,
          'mutation ($k: String, $v: Long!, $a: [StoreUpdateAction!]!) { updateStore(key: $k, version: $v, actions: $a) { version } }',
          {
            k: key,
            v: version,
            a: graphqlActions(actions),
          },
        ),
      );
    },
  };
}

/** The scenario: every Product Selection and Store write, over REST or GraphQL, one second apart. */
async function run(api: Api, clock: ManualClock, via: Scenario): Promise<Ids> {
  const step = async <T>(write: () => Promise<T>) => {
    clock.advance(1000);
    return write();
  };
  const summer = await step(() => via.createSelection('summer', { en: 'Summer', de: 'Sommer' }));
  const winter = await step(() => via.createSelection('winter', { en: 'Winter' }));
  await step(() =>
    via.updateSelection('summer', 1, [
      { action: 'addProduct', product: { typeId: 'product', key: 'inside' } },
      { action: 'addProduct', product: { key: 'outside' } },
      { action: 'changeName', name: { en: 'Summer 26', de: 'Sommer 26' } },
    ]),
  );
  await step(() =>
    via.updateSelection('summer', 2, [
      { action: 'removeProduct', product: { key: 'outside' } },
      { action: 'setKey', key: 'summer-26' },
    ]),
  );
  await step(() => via.updateSelection('winter', 1, [{ action: 'addProduct', product: { key: 'outside' } }]));
  const berlin = await step(() =>
    via.createStore({
      key: 'berlin',
      name: { en: 'Berlin' },
      languages: ['en'],
      productSelections: [{ productSelection: { key: 'summer-26' }, active: true }],
    }),
  );
  await step(() =>
    via.updateStore('berlin', 1, [
      { action: 'addProductSelection', productSelection: { key: 'winter' } },
      { action: 'changeProductSelectionActive', productSelection: { key: 'winter' }, active: true },
      { action: 'removeProductSelection', productSelection: { key: 'summer-26' } },
    ]),
  );
  await step(() =>
    via.updateStore('berlin', 2, [
      {
        action: 'setProductSelections',
        productSelections: [{ productSelection: { key: 'summer-26' } }, { productSelection: { key: 'winter' }, active: true }],
      },
    ]),
  );
  await step(() => via.updateStore('berlin', 3, [{ action: 'removeProductSelection', productSelection: { key: 'winter' } }]));
  await step(() => via.deleteSelection('winter', 2));
  await step(() => via.updateSelection('summer-26', 3, [{ action: 'setKey', key: 'summer-26' }]));
  // Both modes, with variant selections and exclusions.
  const recall = await step(() => via.createSelection('recall', { en: 'Recall' }, 'IndividualExclusion'));
  await step(() =>
    via.updateSelection('recall', 1, [
      { action: 'excludeProduct', product: { key: 'outside' }, variantExclusion: { skus: ['sku-outside'] } },
      { action: 'excludeProduct', product: { key: 'inside' } },
    ]),
  );
  await step(() =>
    via.updateSelection('recall', 2, [
      { action: 'setVariantExclusion', product: { key: 'inside' }, variantExclusion: { skus: ['sku-inside'] } },
      { action: 'setVariantExclusion', product: { key: 'outside' } },
    ]),
  );
  await step(() =>
    via.updateSelection('summer-26', 3, [
      { action: 'setVariantSelection', product: { key: 'inside' }, variantSelection: { type: 'includeOnly', skus: ['sku-inside'] } },
    ]),
  );
  await step(() =>
    via.updateSelection('summer-26', 4, [
      { action: 'addProduct', product: { key: 'outside' }, variantSelection: { type: 'includeAllExcept', skus: ['sku-outside'] } },
      { action: 'setVariantSelection', product: { key: 'inside' } },
    ]),
  );
  await step(() =>
    via.updateStore('berlin', 4, [
      {
        action: 'setProductSelections',
        productSelections: [
          { productSelection: { key: 'summer-26' }, active: true },
          { productSelection: { key: 'recall' }, active: true },
        ],
      },
    ]),
  );
  return { summer, winter, berlin, recall };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The REST view of everything the scenario touched, ids replaced by names. */
async function restView(api: Api, names: Map<string, string>): Promise<unknown> {
  const get = async (path: string) => {
    const answer = await api.call('GET', path);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const history = async (type: string) => {
    const res = await api.emulator.fetch(`${api.emulator.urls().history}/${api.project}/${type}?limit=500&withTotal=true`, {
      headers: { authorization: `Bearer ${await api.token()}` },
    });
    expect(res.status).toBe(200);
    return res.json();
  };
  const view = {
    selections: await get('/product-selections?sort=key asc'),
    stores: await get('/stores'),
    productsOfSummer: await get('/product-selections/key=summer-26/products'),
    productsOfRecall: await get('/product-selections/key=recall/products'),
    selectionsOfInside: await get('/products/key=inside/product-selections'),
    selectionsOfOutside: await get('/products/key=outside/product-selections'),
    inBerlin: await get('/in-store/key=berlin/product-selection-assignments'),
    // Not the seed's ProductCreated: made at one instant, they have no order to compare.
    messages: await get(
      `/messages?where=${encodeURIComponent('type != "ProductCreated"')}&sort=createdAt asc&sort=sequenceNumber asc&limit=500`,
    ),
    history: {
      productSelections: await history('product-selections'),
      stores: await history('stores'),
    },
  };
  let messageIndex = 0;
  const json = JSON.stringify(view, (key, value: unknown) =>
    key === 'id' && typeof value === 'string' && !names.has(value) ? `message-${messageIndex++}` : value,
  );
  return JSON.parse(json.replace(UUID, (id) => names.get(id) ?? `<unknown ${id}>`));
}

it('a scenario over GraphQL ends in the same resources, memberships, messages and history as over REST', async () => {
  const setUp = async () => {
    const clock = new ManualClock(START);
    const api = await createApi({ projectKey: 'parity', clientId: 'parity-client', clientSecret: 'parity-secret', clock });
    const products = await seedProducts(api);
    return { api, clock, products };
  };
  const rest = await setUp();
  const graphql = await setUp();
  const restIds = await run(rest.api, rest.clock, overRest(rest.api));
  const graphqlIds = await run(graphql.api, graphql.clock, overGraphql(graphql.api));

  const namesOf = (ids: Ids, products: Awaited<ReturnType<typeof seedProducts>>) =>
    new Map<string, string>([
      [ids.summer, 'selection-summer'],
      [ids.winter, 'selection-winter'],
      [ids.berlin, 'store-berlin'],
      [ids.recall, 'selection-recall'],
      [products.inside.id, 'product-inside'],
      [products.outside.id, 'product-outside'],
      [products.draft.id, 'product-draft'],
    ]);
  const restSide = await restView(rest.api, namesOf(restIds, rest.products));
  const graphqlView = await restView(graphql.api, namesOf(graphqlIds, graphql.products));
  expect(JSON.stringify(restSide)).not.toContain('<unknown');
  expect(graphqlView).toEqual(restSide);
  // The scenario did what it says (so that equality is not vacuous).
  expect(restSide).toMatchObject({
    selections: {
      total: 2,
      results: [
        { id: 'selection-recall', key: 'recall', version: 3, productCount: 2, mode: 'IndividualExclusion' },
        {
          id: 'selection-summer',
          key: 'summer-26',
          version: 5,
          productCount: 2,
          mode: 'Individual',
          name: { en: 'Summer 26', de: 'Sommer 26' },
        },
      ],
    },
    stores: {
      results: [
        {
          id: 'store-berlin',
          version: 5,
          productSelections: [
            { productSelection: { id: 'selection-summer' }, active: true },
            { productSelection: { id: 'selection-recall' }, active: true },
          ],
        },
      ],
    },
    productsOfSummer: {
      results: [
        { product: { id: 'product-inside' } },
        { product: { id: 'product-outside' }, variantSelection: { type: 'includeAllExcept', skus: ['sku-outside'] } },
      ],
    },
    productsOfRecall: {
      results: [{ product: { id: 'product-outside' } }, { product: { id: 'product-inside' }, variantExclusion: { skus: ['sku-inside'] } }],
    },
    inBerlin: { count: 4 },
    messages: { total: 22 },
    history: { productSelections: { total: 11 }, stores: { total: 5 } },
  });
  const storeMessages = (restSide as { messages: { results: Record<string, unknown>[] } }).messages.results.filter(
    (m) => (m['resource'] as { id: string }).id === 'store-berlin',
  );
  expect(storeMessages.map((m) => [m['type'], m['sequenceNumber'], m['resourceVersion']])).toEqual([
    ['StoreCreated', 1, 1],
    ['StoreProductSelectionsChanged', 2, 2],
    ['StoreProductSelectionsChanged', 3, 2],
    ['StoreProductSelectionsChanged', 4, 2],
    ['StoreProductSelectionsChanged', 5, 3],
    ['StoreProductSelectionsChanged', 6, 4],
    ['StoreProductSelectionsChanged', 7, 5],
  ]);
  expect(storeMessages[0]).toMatchObject({
    name: { en: 'Berlin' },
    languages: ['en'],
    productSelections: [{ productSelection: { typeId: 'product-selection', id: 'selection-summer' }, active: true }],
  });
});

/**
 * REST and GraphQL rule by rule: versions (ConcurrentModification with currentVersion both ways, on
 * Product Selections and Stores), messages (every message of GraphQL writes reads the same over
 * both), and scopes (the same 403 message as the REST endpoint).
 */
describe('REST and GraphQL agree', () => {
  let api: Api;

  beforeEach(async () => {
    api = await createApi({ projectKey: 'graphql-parity' });
  });

  describe('versions: the same counter over both interfaces, ConcurrentModification both ways', () => {
    it('Product Selections and Stores', async () => {
      await seedProducts(api);
      const created = await data<{ createProductSelection: { id: string; version: number } }>(
        gql(api, 'mutation { createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "Summer" }] }) { id version } }'),
      );
      expect(created.createProductSelection.version).toBe(1);
      // GraphQL writes version 2; REST with version 1 is stale and sees currentVersion 2.
      const viaGraphql = await data<{ updateProductSelection: { version: number; lastModifiedAt: string } }>(
        gql(
          api,
          'mutation { updateProductSelection(key: "summer", version: 1, actions: [{ addProduct: { product: { key: "inside" } } }]) { version lastModifiedAt } }',
        ),
      );
      expect(viaGraphql.updateProductSelection.version).toBe(2);
      const restRead = await api.call<{ version: number; lastModifiedAt: string; productCount: number }>(
        'GET',
        '/product-selections/key=summer',
      );
      expect(restRead.body).toMatchObject({
        version: 2,
        lastModifiedAt: viaGraphql.updateProductSelection.lastModifiedAt,
        productCount: 1,
      });
      const restStale = await api.call<{ errors: Record<string, unknown>[] }>('POST', '/product-selections/key=summer', {
        version: 1,
        actions: [{ action: 'setKey', key: 'xx' }],
      });
      expect(restStale.status).toBe(409);
      expect(restStale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
      // REST writes version 3; GraphQL with version 2 is stale, with the same error.
      expect(
        (
          await api.call('POST', '/product-selections/key=summer', {
            version: 2,
            actions: [{ action: 'changeName', name: { en: 'Summer 26' } }],
          })
        ).status,
      ).toBe(200);
      const gqlStale = await failure(
        gql(api, 'mutation { updateProductSelection(key: "summer", version: 2, actions: [{ setKey: { key: "xx" } }]) { version } }'),
      );
      expect(gqlStale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 3 });
      const restStaleAgain = await api.call<{ errors: { message: string }[] }>('POST', '/product-selections/key=summer', {
        version: 2,
        actions: [{ action: 'setKey', key: 'xx' }],
      });
      expect(gqlStale.error.message).toBe(restStaleAgain.body.errors[0]!.message);

      // Stores.
      const store = await data<{ createStore: { version: number } }>(
        gql(
          api,
          'mutation { createStore(draft: { key: "berlin", productSelections: [{ productSelection: { key: "summer" }, active: false }] }) { version } }',
        ),
      );
      expect(store.createStore.version).toBe(1);
      const activated = await data<{ updateStore: { version: number } }>(
        gql(
          api,
          'mutation { updateStore(key: "berlin", version: 1, actions: [{ changeProductSelectionActive: { productSelection: { key: "summer" }, active: true } }]) { version } }',
        ),
      );
      expect(activated.updateStore.version).toBe(2);
      const restStore = await api.call<{ errors: Record<string, unknown>[] }>('POST', '/stores/key=berlin', {
        version: 1,
        actions: [{ action: 'removeProductSelection', productSelection: { key: 'summer' } }],
      });
      expect(restStore.status).toBe(409);
      expect(restStore.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
      expect(
        (
          await api.call('POST', '/stores/key=berlin', {
            version: 2,
            actions: [{ action: 'removeProductSelection', productSelection: { key: 'summer' } }],
          })
        ).status,
      ).toBe(200);
      const gqlStore = await failure(
        gql(api, 'mutation { updateStore(key: "berlin", version: 2, actions: [{ setProductSelections: {} }]) { version } }'),
      );
      expect(gqlStore.status).toBe(200);
      expect(gqlStore.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 3 });
      expect(gqlStore.body.data).toEqual({ updateStore: null });
      // The stale updates changed nothing.
      expect((await api.call('GET', '/stores/key=berlin')).body).toMatchObject({ version: 3, productSelections: [] });
    });
  });

  describe('messages: every message of GraphQL writes reads the same over REST and over GraphQL', () => {
    it('one per write, with the same ids, sequence numbers, resource versions and payloads', async () => {
      const products = await seedProducts(api);
      const write = async (query: string) => data(gql(api, query));
      await write(
        'mutation { createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "Summer" }, { locale: "de", value: "Sommer" }] }) { id } }',
      );
      await write('mutation { createProductSelection(draft: { key: "winter", name: [{ locale: "en", value: "Winter" }] }) { id } }');
      await write(
        'mutation { updateProductSelection(key: "summer", version: 1, actions: [{ addProduct: { product: { key: "inside" } } }, { addProduct: { product: { key: "outside" } } }]) { id } }',
      );
      await write(
        'mutation { updateProductSelection(key: "summer", version: 2, actions: [{ removeProduct: { product: { key: "outside" } } }]) { id } }',
      );
      await write(
        'mutation { createStore(draft: { key: "berlin", productSelections: [{ productSelection: { key: "summer" }, active: false }] }) { id } }',
      );
      await write(
        'mutation { updateStore(key: "berlin", version: 1, actions: [{ addProductSelection: { productSelection: { key: "winter" }, active: true } }]) { id } }',
      );
      await write(
        'mutation { updateStore(key: "berlin", version: 2, actions: [{ changeProductSelectionActive: { productSelection: { key: "summer" }, active: true } }]) { id } }',
      );
      await write(
        'mutation { updateStore(key: "berlin", version: 3, actions: [{ removeProductSelection: { productSelection: { key: "winter" } } }]) { id } }',
      );
      await write(
        'mutation { updateStore(key: "berlin", version: 4, actions: [{ setProductSelections: { productSelections: [{ productSelection: { key: "summer" }, active: false }, { productSelection: { key: "winter" } }] } }]) { id } }',
      );
      await write(
        'mutation { updateStore(key: "berlin", version: 5, actions: [{ setProductSelections: { productSelections: [{ productSelection: { key: "summer" }, active: false }] } }]) { id } }',
      );
      await write('mutation { deleteProductSelection(key: "winter", version: 1) { id } }');

      type RestMessage = Record<string, unknown> & { id: string; type: string; resource: { id: string } };
      const rest = await api.call<{ total: number; results: RestMessage[] }>(
        'GET',
        '/messages?sort=createdAt asc&sort=sequenceNumber asc&limit=500',
      );
      expect(rest.status).toBe(200);
      const setting = 'active productSelectionRef { typeId id }';
      const graphql = await data<{ messages: { total: number; results: Record<string, unknown>[] } }>(
        gql(
          api,
          `{ messages(sort: ["createdAt asc", "sequenceNumber asc"], limit: 500) { total results {
            id version sequenceNumber resourceRef { typeId id } resourceVersion type createdAt
            payload { __typename type
              ... on ProductSelectionCreated { productSelection { type nameAllLocales { locale value } } }
              ... on ProductSelectionProductAdded { productRef { typeId id } }
              ... on ProductSelectionProductRemoved { productRef { typeId id } }
              ... on StoreCreated { productSelections { ${setting} } }
              ... on StoreProductSelectionsChanged {
                addedProductSelections { ${setting} } removedProductSelections { ${setting} } updatedProductSelections { ${setting} }
              }
            }
          } } }`,
        ),
      );
      // 3 ProductCreated of the seed, 2 created, 2 added, 1 removed, StoreCreated, 5 store changes, 1 deleted.
      expect(rest.body.total).toBe(15);
      expect(graphql.messages.total).toBe(rest.body.total);

      const items = (localized: Record<string, string>) => Object.entries(localized).map(([locale, value]) => ({ locale, value }));
      const settings = (list: unknown) =>
        list === undefined
          ? null
          : (list as { productSelection: { typeId: string; id: string }; active: boolean }[]).map((s) => ({
              active: s.active,
              productSelectionRef: { typeId: s.productSelection.typeId, id: s.productSelection.id },
            }));
      /** The GraphQL form of a REST message. */
      const expected = (m: RestMessage) => {
        const payload: Record<string, unknown> = { __typename: m.type, type: m.type };
        if (m.type === 'ProductSelectionCreated') {
          const draft = m['productSelection'] as { type: string; name: Record<string, string> };
          payload['productSelection'] = { type: draft.type, nameAllLocales: items(draft.name) };
        }
        if (m.type === 'ProductSelectionProductAdded' || m.type === 'ProductSelectionProductRemoved') {
          const product = m['product'] as { typeId: string; id: string };
          payload['productRef'] = { typeId: product.typeId, id: product.id };
        }
        if (m.type === 'StoreCreated') payload['productSelections'] = settings(m['productSelections']) ?? [];
        if (m.type === 'StoreProductSelectionsChanged') {
          for (const list of ['addedProductSelections', 'removedProductSelections', 'updatedProductSelections']) {
            payload[list] = settings(m[list]);
          }
        }
        return {
          id: m.id,
          version: m['version'],
          sequenceNumber: m['sequenceNumber'],
          resourceRef: { typeId: (m.resource as unknown as { typeId: string }).typeId, id: m.resource.id },
          resourceVersion: m['resourceVersion'],
          type: m.type,
          createdAt: m['createdAt'],
          payload,
        };
      };
      expect(graphql.messages.results).toEqual(rest.body.results.map(expected));

      // And what the Store messages say is what happened (so that the comparison is not vacuous).
      const storeChanges = graphql.messages.results
        .map((m) => m['payload'] as Record<string, { productSelectionRef: { id: string }; active: boolean }[] | null | string>)
        .filter((p) => p['__typename'] === 'StoreProductSelectionsChanged');
      const ids = Object.fromEntries(
        ((await api.call<{ results: { id: string; key: string }[] }>('GET', '/product-selections')).body.results ?? []).map((s) => [
          s.id,
          s.key,
        ]),
      );
      const summary = storeChanges.map((p) =>
        Object.fromEntries(
          (['addedProductSelections', 'removedProductSelections', 'updatedProductSelections'] as const).map((list) => [
            list.replace('ProductSelections', ''),
            (p[list] as { productSelectionRef: { id: string }; active: boolean }[] | null)?.map(
              (s) => `${ids[s.productSelectionRef.id] ?? 'winter'}:${s.active}`,
            ) ?? null,
          ]),
        ),
      );
      expect(summary).toEqual([
        { added: ['winter:true'], removed: null, updated: null },
        { added: null, removed: null, updated: ['summer:true'] },
        { added: null, removed: ['winter:true'], updated: null },
        { added: ['winter:false'], removed: null, updated: ['summer:false'] },
        { added: null, removed: ['winter:false'], updated: null },
      ]);
      void products;
    });
  });

  describe('scopes: a field refused over GraphQL says what its REST endpoint says', () => {
    it.each([
      {
        scope: 'view_stores',
        query: 'mutation { createStore(draft: { key: "xx" }) { id } }',
        rest: ['POST', '/stores', { key: 'xx' }] as const,
      },
      {
        scope: 'view_stores',
        query: 'mutation { updateStore(key: "berlin", version: 1, actions: [{ setProductSelections: {} }]) { id } }',
        rest: ['POST', '/stores/key=berlin', { version: 1, actions: [{ action: 'setProductSelections' }] }] as const,
      },
      {
        scope: 'view_product_selections',
        query: '{ store(key: "berlin") { id } }',
        rest: ['GET', '/stores/key=berlin'] as const,
      },
      {
        scope: 'view_product_selections',
        query: 'mutation { deleteProductSelection(key: "summer", version: 1) { id } }',
        rest: ['DELETE', '/product-selections/key=summer?version=1'] as const,
      },
      {
        scope: 'view_stores',
        query: '{ productSelections { total } }',
        rest: ['GET', '/product-selections'] as const,
      },
      {
        scope: 'view_product_selections',
        query: '{ inStore(key: "berlin") { product(key: "inside") { id } } }',
        rest: ['GET', '/in-store/key=berlin/product-projections/key=inside'] as const,
      },
    ])('$scope: $query', async ({ scope, query, rest }) => {
      await seedProducts(api);
      await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
      await api.call('POST', '/stores', { key: 'berlin' });
      const token = await tokenWith(api, `${scope}:${api.project}`);
      const [method, path, body] = rest as readonly [string, string, unknown?];
      const restAnswer = await api.as(token)<{ errors: { code: string; message: string }[] }>(method, path, body);
      expect(restAnswer.status).toBe(403);
      const refused = await failure(gql(api, query, undefined, token));
      expect(refused.status).toBe(200);
      expect(refused.error.extensions).toEqual({ code: restAnswer.body.errors[0]!.code });
      expect(refused.error.message).toBe(restAnswer.body.errors[0]!.message);
      // Nothing was written.
      expect((await api.call('GET', '/stores')).body).toMatchObject({ total: 1 });
      expect((await api.call('GET', '/product-selections/key=summer')).status).toBe(200);
    });
  });

  describe('scopes: store-restricted tokens over InStore, as the in-store REST endpoints', () => {
    it('serve their own Store, and refuse another with the REST messages', async () => {
      await seedProducts(api);
      await api.call('POST', '/stores', { key: 'berlin' });
      await api.call('POST', '/stores', { key: 'paris' });
      const token = await tokenWith(api, `view_products:${api.project}:berlin view_product_selections:${api.project}:berlin`);
      const query = (store: string) =>
        `{ inStore(key: "${store}") { product(key: "inside") { key } productSelectionAssignments { total } } }`;
      expect(await data(gql(api, query('berlin'), undefined, token))).toEqual({
        inStore: { product: { key: 'inside' }, productSelectionAssignments: { total: 0 } },
      });
      const other = await failure(gql(api, query('paris'), undefined, token));
      const restProduct = await api.as(token)<{ errors: { code: string; message: string }[] }>(
        'GET',
        '/in-store/key=paris/product-projections/key=inside',
      );
      const restAssignments = await api.as(token)<{ errors: { code: string; message: string }[] }>(
        'GET',
        '/in-store/key=paris/product-selection-assignments',
      );
      expect([restProduct.status, restAssignments.status]).toEqual([403, 403]);
      expect(other.body.errors).toEqual([
        expect.objectContaining({
          path: ['inStore', 'product'],
          message: restProduct.body.errors[0]!.message,
          extensions: { code: 'insufficient_scope' },
        }),
        expect.objectContaining({
          path: ['inStore', 'productSelectionAssignments'],
          message: restAssignments.body.errors[0]!.message,
          extensions: { code: 'insufficient_scope' },
        }),
      ]);
      // productSelectionAssignments is non-null, so the failure reaches the root.
      expect(other.body.data).toBeNull();
    });
  });
});
