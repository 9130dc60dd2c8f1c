import { expect, it } from 'vitest';
import { ManualClock } from '../../src/emulator/clock.js';
import { createApi, START, type Api } from '../helpers/api.js';
import { data, gql, seedProducts } from './helpers.js';

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
}

interface Scenario {
  createSelection(key: string, name: Record<string, string>): Promise<string>;
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
    createSelection: async (key, name) => (await ok(api.call('POST', '/product-selections', { key, name }))).id,
    updateSelection: async (key, version, actions) =>
      void (await ok(api.call('POST', `/product-selections/key=${key}`, { version, actions }))),
    deleteSelection: async (key, version) => void (await ok(api.call('DELETE', `/product-selections/key=${key}?version=${version}`))),
    createStore: async (draft) => (await ok(api.call('POST', '/stores', draft))).id,
    updateStore: async (key, version, actions) => void (await ok(api.call('POST', `/stores/key=${key}`, { version, actions }))),
  };
}

/** The REST actions of the scenario in their GraphQL form: `{ <action>: { ...fields } }`, localized strings as item lists. */
function graphqlActions(actions: Record<string, unknown>[]): Record<string, unknown>[] {
  return actions.map(({ action, ...fields }) => {
    const converted: Record<string, unknown> = { ...fields };
    if (fields['name'] !== undefined) converted['name'] = items(fields['name'] as Record<string, string>);
    return { [action as string]: converted };
  });
}

function overGraphql(api: Api): Scenario {
  return {
    createSelection: async (key, name) => {
      const out = await data<{ createProductSelection: { id: string } }>(
        gql(api, 'mutation ($d: CreateProductSelectionDraft!) { createProductSelection(draft: $d) { id } }', {
          d: { key, name: items(name) },
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

/** The scenario: every write of spec 4.4/4.5, one second apart. */
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
  return { summer, winter, berlin };
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
    selectionsOfInside: await get('/products/key=inside/product-selections'),
    selectionsOfOutside: await get('/products/key=outside/product-selections'),
    inBerlin: await get('/in-store/key=berlin/product-selection-assignments'),
    messages: await get('/messages?sort=createdAt asc&sort=sequenceNumber asc&limit=500'),
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
      total: 1,
      results: [{ id: 'selection-summer', key: 'summer-26', version: 3, productCount: 1, name: { en: 'Summer 26', de: 'Sommer 26' } }],
    },
    stores: {
      results: [{ id: 'store-berlin', version: 4, productSelections: [{ productSelection: { id: 'selection-summer' }, active: false }] }],
    },
    messages: { total: 13 },
    history: { productSelections: { total: 6 }, stores: { total: 4 } },
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
  ]);
  expect(storeMessages[0]).toMatchObject({
    name: { en: 'Berlin' },
    languages: ['en'],
    productSelections: [{ productSelection: { typeId: 'product-selection', id: 'selection-summer' }, active: true }],
  });
});
