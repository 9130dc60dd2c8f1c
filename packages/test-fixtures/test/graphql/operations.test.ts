import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql, ISO, seedProducts } from './helpers.js';

/**
 * Every Product Selection operation over `POST /{projectKey}/graphql`, against the same store as REST:
 * shapes of the answers, and what REST sees afterwards.
 */

interface Selection {
  id: string;
  version: number;
  key: string | null;
  name: string | null;
  nameAllLocales: { locale: string; value: string }[];
  productCount: number;
  mode: string;
  createdAt: string;
  lastModifiedAt: string;
  createdBy: { clientId: string | null; isPlatformClient: boolean | null } | null;
}

const SELECTION = `id version key name(locale: "en") nameAllLocales { locale value } productCount mode createdAt lastModifiedAt
  createdBy { clientId isPlatformClient } lastModifiedBy { clientId }`;
const PAGE = 'offset count total exists';

let api: Api;
let products: Awaited<ReturnType<typeof seedProducts>>;

async function createSelection(key: string, name: Record<string, string>): Promise<Selection> {
  const draft = { key, name: Object.entries(name).map(([locale, value]) => ({ locale, value })) };
  const out = await data<{ createProductSelection: Selection }>(
    gql(api, `mutation ($draft: CreateProductSelectionDraft!) { createProductSelection(draft: $draft) { ${SELECTION} } }`, { draft }),
  );
  return out.createProductSelection;
}

async function updateSelection(address: { id?: string; key?: string }, version: number, actions: unknown[]) {
  return gql<{ updateProductSelection: Selection | null }>(
    api,
    `mutation ($version: Long!, $actions: [ProductSelectionUpdateAction!]!, $id: String, $key: String) {
      updateProductSelection(version: $version, actions: $actions, id: $id, key: $key) { ${SELECTION} }
    }`,
    { version, actions, ...address },
  );
}

beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-ops' });
  products = await seedProducts(api);
});

describe('Product Selections', () => {
  it('creates one, with the REST draft rules, and REST sees it', async () => {
    const created = await createSelection('summer', { en: 'Summer', de: 'Sommer' });
    expect(created).toMatchObject({ version: 1, key: 'summer', name: 'Summer', productCount: 0, mode: 'Individual' });
    expect(created.nameAllLocales).toEqual([
      { locale: 'en', value: 'Summer' },
      { locale: 'de', value: 'Sommer' },
    ]);
    expect(created.createdAt).toMatch(ISO);
    expect(created.createdBy).toEqual({ clientId: api.emulator.credentials.clientId, isPlatformClient: false });

    const rest = await api.call('GET', `/product-selections/${created.id}`);
    expect(rest.body).toMatchObject({ id: created.id, version: 1, key: 'summer', name: { en: 'Summer', de: 'Sommer' }, productCount: 0 });

    const duplicate = await failure(
      gql(api, 'mutation { createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "x" }] }) { id } }'),
    );
    expect(duplicate.status).toBe(200);
    expect(duplicate.error.extensions).toEqual({ code: 'DuplicateField', field: 'key', duplicateValue: 'summer' });
    expect(duplicate.body.data).toEqual({ createProductSelection: null });
  });

  it('applies the four update actions in order, by id or key, with versions as REST', async () => {
    const created = await createSelection('summer', { en: 'Summer' });
    const added = await data(
      updateSelection({ key: 'summer' }, 1, [
        { addProduct: { product: { typeId: 'product', id: products.inside.id } } },
        { addProduct: { product: { key: 'outside' } } },
        { removeProduct: { product: { key: 'outside' } } },
        { changeName: { name: [{ locale: 'en', value: 'Summer 26' }] } },
        { setKey: { key: 'summer-26' } },
      ]),
    );
    expect(added.updateProductSelection).toMatchObject({
      id: created.id,
      version: 2,
      key: 'summer-26',
      name: 'Summer 26',
      productCount: 1,
    });
    expect(added.updateProductSelection!.lastModifiedAt).toMatch(ISO);

    // setKey without a key unsets it, as in REST.
    const unset = await data(updateSelection({ id: created.id }, 2, [{ setKey: {} }]));
    expect(unset.updateProductSelection).toMatchObject({ version: 3, key: null });
    expect((await api.call('GET', `/product-selections/${created.id}`)).body).not.toHaveProperty('key');

    // A REST change is visible over GraphQL, and the other way round.
    await api.call('POST', `/product-selections/${created.id}`, { version: 3, actions: [{ action: 'setKey', key: 'back' }] });
    const read = await data<{ productSelection: Selection }>(gql(api, `{ productSelection(key: "back") { ${SELECTION} } }`));
    expect(read.productSelection).toMatchObject({ id: created.id, version: 4 });
  });

  it('refuses actions as REST does, all or nothing', async () => {
    await createSelection('summer', { en: 'Summer' });
    const twice = await failure(
      updateSelection({ key: 'summer' }, 1, [
        { addProduct: { product: { key: 'inside' } } },
        { addProduct: { product: { key: 'inside' } } },
      ]),
    );
    expect(twice.error.extensions?.code).toBe('InvalidOperation');
    expect(twice.error.path).toEqual(['updateProductSelection']);
    const missing = await failure(updateSelection({ key: 'summer' }, 1, [{ addProduct: { product: { key: 'nope' } } }]));
    expect(missing.error.extensions).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product', key: 'nope' });
    const both = await failure(
      updateSelection({ key: 'summer' }, 1, [{ addProduct: { product: { id: products.inside.id, key: 'inside' } } }]),
    );
    expect(both.error.extensions?.code).toBe('InvalidJsonInput');
    const twoInOne = await failure(updateSelection({ key: 'summer' }, 1, [{ setKey: { key: 'aa' }, changeName: { name: [] } }]));
    expect(twoInOne.error.extensions?.code).toBe('InvalidInput');
    expect(twoInOne.error.message).toContain('exactly one update action');
    const none = await failure(updateSelection({ key: 'summer' }, 1, [{}]));
    expect(none.error.extensions?.code).toBe('InvalidInput');
    // Nothing was applied.
    expect((await api.call('GET', '/product-selections/key=summer')).body).toMatchObject({ version: 1, productCount: 0 });
  });

  it('reports ConcurrentModification with currentVersion, and ResourceNotFound', async () => {
    await createSelection('summer', { en: 'Summer' });
    const stale = await failure(updateSelection({ key: 'summer' }, 7, [{ setKey: { key: 'xx' } }]));
    expect(stale.status).toBe(200);
    expect(stale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });
    expect(stale.error.message).toBe('Object has a different version than expected. Expected: 7 - Actual: 1.');
    const unknown = await failure(updateSelection({ key: 'nope' }, 1, [{ setKey: { key: 'xx' } }]));
    expect(unknown.error.extensions).toEqual({ code: 'ResourceNotFound' });
  });

  it('gets one by id or key (null when none), and wants exactly one of them', async () => {
    const created = await createSelection('summer', { en: 'Summer' });
    const byId = await data<{ productSelection: Selection }>(
      gql(api, `query ($id: String) { productSelection(id: $id) { id key } }`, { id: created.id }),
    );
    expect(byId.productSelection).toEqual({ id: created.id, key: 'summer' });
    const none = await data(gql(api, '{ productSelection(key: "nope") { id } }'));
    expect(none).toEqual({ productSelection: null });
    const both = await failure(gql(api, `{ productSelection(id: "${created.id}", key: "summer") { id } }`));
    expect(both.error.extensions?.code).toBe('InvalidInput');
    const neither = await failure(gql(api, '{ productSelection { id } }'));
    expect(neither.error.message).toContain("exactly one of the arguments 'id' and 'key'");
  });

  it('queries with where, sort, limit and offset through the REST query engine', async () => {
    for (const [key, name] of [
      ['aa', 'Apple'],
      ['bb', 'Banana'],
      ['cc', 'Cherry'],
    ] as const) {
      await createSelection(key, { en: name });
    }
    const query = `query ($where: String, $sort: [String!], $limit: Int, $offset: Int) {
      productSelections(where: $where, sort: $sort, limit: $limit, offset: $offset) { ${PAGE} results { key } }
    }`;
    type Page = { productSelections: { offset: number; count: number; total: number; exists: boolean; results: { key: string }[] } };
    const all = await data<Page>(gql(api, query, { sort: ['key desc'] }));
    expect(all.productSelections).toEqual({
      offset: 0,
      count: 3,
      total: 3,
      exists: true,
      results: [{ key: 'cc' }, { key: 'bb' }, { key: 'aa' }],
    });
    const paged = await data<Page>(gql(api, query, { sort: ['name.en asc'], limit: 1, offset: 1 }));
    expect(paged.productSelections).toEqual({ offset: 1, count: 1, total: 3, exists: true, results: [{ key: 'bb' }] });
    const filtered = await data<Page>(gql(api, query, { where: 'name(en = "Cherry") or key = "aa"', sort: 'key asc' }));
    expect(filtered.productSelections.results).toEqual([{ key: 'aa' }, { key: 'cc' }]);
    const empty = await data<Page>(gql(api, query, { where: 'key = "zzz"' }));
    expect(empty.productSelections).toEqual({ offset: 0, count: 0, total: 0, exists: false, results: [] });

    const badWhere = await failure(gql(api, query, { where: 'colour = "red"' }));
    expect(badWhere.error.extensions?.code).toBe('InvalidInput');
    expect(badWhere.error.message).toContain('where');
    const badLimit = await failure(gql(api, query, { limit: 501 }));
    expect(badLimit.error.extensions?.code).toBe('InvalidInput');
    expect(badLimit.error.message).toContain('limit');
    const badOffset = await failure(gql(api, query, { offset: -1 }));
    expect(badOffset.error.message).toContain('offset');
  });

  it('lists the Products of a selection and the selections of a Product, refs and resolved', async () => {
    const summer = await createSelection('summer', { en: 'Summer' });
    const winter = await createSelection('winter', { en: 'Winter' });
    await data(
      updateSelection({ key: 'summer' }, 1, [
        { addProduct: { product: { key: 'inside' } } },
        { addProduct: { product: { key: 'draft' } } },
      ]),
    );
    await data(updateSelection({ key: 'winter' }, 1, [{ addProduct: { product: { key: 'inside' } } }]));

    const refs = await data<{ productSelection: { productCount: number; productRefs: Record<string, unknown> } }>(
      gql(
        api,
        `{ productSelection(key: "summer") { productCount productRefs { ${PAGE} results { productRef { typeId id } product { id key skus } } } } }`,
      ),
    );
    expect(refs.productSelection.productCount).toBe(2);
    expect(refs.productSelection.productRefs).toEqual({
      offset: 0,
      count: 2,
      total: 2,
      exists: true,
      results: [
        {
          productRef: { typeId: 'product', id: products.inside.id },
          product: { id: products.inside.id, key: 'inside', skus: ['sku-inside'] },
        },
        { productRef: { typeId: 'product', id: products.draft.id }, product: { id: products.draft.id, key: 'draft', skus: ['sku-draft'] } },
      ],
    });
    const filtered = await data<{ productSelection: { productRefs: { results: unknown[] } } }>(
      gql(
        api,
        `{ productSelection(key: "summer") { productRefs(where: "product(id = \\"${products.draft.id}\\")") { results { productRef { id } } } } }`,
      ),
    );
    expect(filtered.productSelection.productRefs.results).toEqual([{ productRef: { id: products.draft.id } }]);

    const ofProduct = await data<{ product: { productSelectionRefs: Record<string, unknown> } }>(
      gql(
        api,
        `{ product(sku: "sku-inside") { productSelectionRefs(sort: "productSelection.id asc") { ${PAGE} results { productSelectionRef { typeId id } productSelection { key } } } } }`,
      ),
    );
    const expected = [summer, winter]
      .sort((x, y) => (x.id < y.id ? -1 : 1))
      .map((s) => ({ productSelectionRef: { typeId: 'product-selection', id: s.id }, productSelection: { key: s.key } }));
    expect(ofProduct.product.productSelectionRefs).toEqual({ offset: 0, count: 2, total: 2, exists: true, results: expected });

    const assignments = await data<{ productSelectionAssignments: { total: number; results: unknown[] } }>(
      gql(
        api,
        `{ productSelectionAssignments(where: "productSelection(id = \\"${summer.id}\\")") { ${PAGE} results { productRef { id } productSelectionRef { id } product { key } productSelection { key } } } }`,
      ),
    );
    expect(assignments.productSelectionAssignments.total).toBe(2);
    expect(assignments.productSelectionAssignments.results).toContainEqual({
      productRef: { id: products.inside.id },
      productSelectionRef: { id: summer.id },
      product: { key: 'inside' },
      productSelection: { key: 'summer' },
    });
    const allPairs = await data<{ productSelectionAssignments: { total: number } }>(gql(api, '{ productSelectionAssignments { total } }'));
    expect(allPairs.productSelectionAssignments.total).toBe(3);
  });

  it('deletes one (version required, ReferenceExists while a Store holds it)', async () => {
    const created = await createSelection('summer', { en: 'Summer' });
    await api.call('POST', '/stores', {
      key: 'berlin',
      productSelections: [{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }],
    });
    const refused = await failure(gql(api, 'mutation { deleteProductSelection(key: "summer", version: 1) { id } }'));
    expect(refused.error.extensions).toEqual({ code: 'ReferenceExists', referencedBy: 'store' });
    await api.call('POST', '/stores/key=berlin', { version: 1, actions: [{ action: 'setProductSelections' }] });
    const stale = await failure(gql(api, 'mutation { deleteProductSelection(key: "summer", version: 2) { id } }'));
    expect(stale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });
    const deleted = await data<{ deleteProductSelection: Selection }>(
      gql(api, `mutation { deleteProductSelection(id: "${created.id}", version: 1) { ${SELECTION} } }`),
    );
    expect(deleted.deleteProductSelection).toMatchObject({ id: created.id, key: 'summer', version: 1 });
    expect((await api.call('GET', `/product-selections/${created.id}`)).status).toBe(404);
  });
});

describe('Products', () => {
  it('finds a Product by id, key, SKU or variant key (exactly one), with its data', async () => {
    const query = `query ($id: String, $key: String, $sku: String, $variantKey: String) {
      product(id: $id, key: $key, sku: $sku, variantKey: $variantKey) {
        id key version skus createdAt
        masterData { published current { name(acceptLanguage: ["fr", "de"]) nameAllLocales { locale value } slug(locale: "en") slugAllLocales { locale value } masterVariant { id sku key } variants { id } } }
      }
    }`;
    for (const args of [{ id: products.inside.id }, { key: 'inside' }, { sku: 'sku-inside' }, { variantKey: 'variant-inside' }]) {
      const found = await data<{ product: Record<string, unknown> }>(gql(api, query, args));
      expect(found.product).toMatchObject({
        id: products.inside.id,
        key: 'inside',
        version: 1,
        skus: ['sku-inside'],
        masterData: {
          published: true,
          current: {
            name: 'Hemd inside',
            nameAllLocales: [
              { locale: 'en', value: 'Shirt inside' },
              { locale: 'de', value: 'Hemd inside' },
            ],
            slug: 'shirt-inside',
            slugAllLocales: [{ locale: 'en', value: 'shirt-inside' }],
            masterVariant: { id: 1, sku: 'sku-inside', key: 'variant-inside' },
            variants: [],
          },
        },
      });
    }
    expect(await data(gql(api, query, { sku: 'nope' }))).toEqual({ product: null });
    const two = await failure(gql(api, query, { sku: 'sku-inside', key: 'inside' }));
    expect(two.error.extensions?.code).toBe('InvalidInput');
  });
});

describe('Stores and their Product Selections', () => {
  const STORE = `id version key name(locale: "en") nameAllLocales { locale value } languages createdAt lastModifiedAt
    productSelections { active productSelectionRef { typeId id } productSelection { key } }`;

  it('creates a Store with settings (one StoreCreated message carrying them), and applies the four selection actions with one message each', async () => {
    const summer = await createSelection('summer', { en: 'Summer' });
    const winter = await createSelection('winter', { en: 'Winter' });
    const created = await data<{ createStore: Record<string, unknown> }>(
      gql(api, `mutation ($draft: CreateStore!) { createStore(draft: $draft) { ${STORE} } }`, {
        draft: {
          key: 'berlin',
          name: [{ locale: 'en', value: 'Berlin' }],
          languages: ['en', 'de'],
          productSelections: [{ productSelection: { key: 'summer' }, active: true }],
        },
      }),
    );
    expect(created.createStore).toMatchObject({
      version: 1,
      key: 'berlin',
      name: 'Berlin',
      nameAllLocales: [{ locale: 'en', value: 'Berlin' }],
      languages: ['en', 'de'],
      productSelections: [
        { active: true, productSelectionRef: { typeId: 'product-selection', id: summer.id }, productSelection: { key: 'summer' } },
      ],
    });

    const update = (version: number, actions: unknown[]) =>
      gql<{ updateStore: { version: number; productSelections: unknown[] } }>(
        api,
        `mutation ($version: Long!, $actions: [StoreUpdateAction!]!) { updateStore(key: "berlin", version: $version, actions: $actions) { ${STORE} } }`,
        { version, actions },
      );
    const added = await data(update(1, [{ addProductSelection: { productSelection: { key: 'winter' } } }]));
    expect(added.updateStore.version).toBe(2);
    expect(added.updateStore.productSelections).toContainEqual({
      active: false,
      productSelectionRef: { typeId: 'product-selection', id: winter.id },
      productSelection: { key: 'winter' },
    });
    const activated = await data(update(2, [{ changeProductSelectionActive: { productSelection: { id: winter.id }, active: true } }]));
    expect(activated.updateStore.version).toBe(3);
    const removed = await data(update(3, [{ removeProductSelection: { productSelection: { key: 'summer' } } }]));
    expect(removed.updateStore.productSelections).toEqual([
      { active: true, productSelectionRef: { typeId: 'product-selection', id: winter.id }, productSelection: { key: 'winter' } },
    ]);
    const set = await data(
      update(4, [
        {
          setProductSelections: {
            productSelections: [{ productSelection: { key: 'summer' } }, { productSelection: { key: 'winter' }, active: true }],
          },
        },
      ]),
    );
    expect(set.updateStore).toMatchObject({ version: 5 });
    expect(set.updateStore.productSelections).toHaveLength(2);
    const cleared = await data(update(5, [{ setProductSelections: {} }]));
    expect(cleared.updateStore.productSelections).toEqual([]);

    const notAssigned = await failure(update(6, [{ changeProductSelectionActive: { productSelection: { key: 'summer' }, active: true } }]));
    expect(notAssigned.error.extensions?.code).toBe('InvalidOperation');

    const messages = await api.call<{
      results: ({ type: string; sequenceNumber: number; resourceVersion: number } & Record<string, unknown>)[];
    }>(
      'GET',
      `/messages?where=${encodeURIComponent(`resource(id = "${(created.createStore as { id: string }).id}")`)}&sort=sequenceNumber asc`,
    );
    expect(messages.body.results.map((m) => [m.type, m.sequenceNumber, m.resourceVersion])).toEqual([
      ['StoreCreated', 1, 1],
      ['StoreProductSelectionsChanged', 2, 2],
      ['StoreProductSelectionsChanged', 3, 3],
      ['StoreProductSelectionsChanged', 4, 4],
      ['StoreProductSelectionsChanged', 5, 5],
      ['StoreProductSelectionsChanged', 6, 6],
    ]);
    expect(messages.body.results[0]).toMatchObject({
      name: { en: 'Berlin' },
      languages: ['en', 'de'],
      productSelections: [{ productSelection: { typeId: 'product-selection', id: summer.id }, active: true }],
    });
    const storeCreated = await data<{ messages: { results: Record<string, unknown>[] } }>(
      gql(
        api,
        `query ($where: String) { messages(where: $where) { results { sequenceNumber resourceVersion payload { __typename
          ... on StoreCreated { name(locale: "en") nameAllLocales { locale value } languages
            productSelections { active productSelectionRef { typeId id } productSelection { key } } }
        } } } }`,
        { where: 'type = "StoreCreated"' },
      ),
    );
    expect(storeCreated.messages.results).toEqual([
      {
        sequenceNumber: 1,
        resourceVersion: 1,
        payload: {
          __typename: 'StoreCreated',
          name: 'Berlin',
          nameAllLocales: [{ locale: 'en', value: 'Berlin' }],
          languages: ['en', 'de'],
          productSelections: [
            { active: true, productSelectionRef: { typeId: 'product-selection', id: summer.id }, productSelection: { key: 'summer' } },
          ],
        },
      },
    ]);

    const read = await data<{ store: Record<string, unknown> }>(gql(api, `{ store(key: "berlin") { ${STORE} } }`));
    expect(read.store).toMatchObject({ key: 'berlin', version: 6, productSelections: [] });
    expect(await data(gql(api, '{ store(key: "nope") { id } }'))).toEqual({ store: null });
  });
});

describe('in a Store', () => {
  const IN_STORE = `query ($store: String!, $id: String, $key: String, $sku: String, $variantKey: String) {
    inStore(key: $store) { product(id: $id, key: $key, sku: $sku, variantKey: $variantKey) { id key } }
  }`;

  async function available(store: string, args: Record<string, string | undefined>): Promise<string | null> {
    const out = await data<{ inStore: { product: { key: string } | null } }>(gql(api, IN_STORE, { store, ...args }));
    return out.inStore.product?.key ?? null;
  }

  it('returns the Product only when an active selection of the Store holds it', async () => {
    await createSelection('summer', { en: 'Summer' });
    await data(updateSelection({ key: 'summer' }, 1, [{ addProduct: { product: { key: 'inside' } } }]));
    await api.call('POST', '/stores', { key: 'open' });
    await api.call('POST', '/stores', { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' }, active: false }] });

    // An empty list makes every Product available.
    expect(await available('open', { key: 'outside' })).toBe('outside');
    // Assigned but inactive: nothing.
    expect(await available('berlin', { key: 'inside' })).toBeNull();
    await api.call('POST', '/stores/key=berlin', {
      version: 1,
      actions: [{ action: 'changeProductSelectionActive', productSelection: { key: 'summer' }, active: true }],
    });
    for (const args of [{ id: products.inside.id }, { key: 'inside' }, { sku: 'sku-inside' }, { variantKey: 'variant-inside' }]) {
      expect(await available('berlin', args)).toBe('inside');
    }
    expect(await available('berlin', { key: 'outside' })).toBeNull();
    expect(await available('berlin', { key: 'nope' })).toBeNull();

    const assignments = await data<{ inStore: { productSelectionAssignments: Record<string, unknown> } }>(
      gql(
        api,
        `{ inStore(key: "berlin") { productSelectionAssignments { ${PAGE} results { productRef { id } productSelectionRef { typeId } product { key } productSelection { key } } } } }`,
      ),
    );
    expect(assignments.inStore.productSelectionAssignments).toEqual({
      offset: 0,
      count: 1,
      total: 1,
      exists: true,
      results: [
        {
          productRef: { id: products.inside.id },
          productSelectionRef: { typeId: 'product-selection' },
          product: { key: 'inside' },
          productSelection: { key: 'summer' },
        },
      ],
    });

    const unknownStore = await failure(gql(api, '{ inStore(key: "nope") { product(key: "inside") { id } } }'));
    expect(unknownStore.error.extensions).toEqual({ code: 'ResourceNotFound' });
    expect(unknownStore.body.data).toBeNull();
  });

  it('hides unpublished Products from a view_published_products token, as REST does', async () => {
    await api.call('POST', '/stores', { key: 'open' });
    const { tokenWith } = await import('../helpers/tokens.js');
    const published = await tokenWith(api, `view_published_products:${api.project}`);
    const out = await data<{ inStore: { a: unknown; b: unknown } }>(
      gql(api, '{ inStore(key: "open") { a: product(key: "draft") { key } b: product(key: "inside") { key } } }', undefined, published),
    );
    expect(out.inStore).toEqual({ a: null, b: { key: 'inside' } });
    expect(await available('open', { key: 'draft' })).toBe('draft');
  });
});

describe('messages', () => {
  it('shows the five Product Selection payload types and StoreCreated with refs and resolved forms', async () => {
    const summer = await createSelection('summer', { en: 'Summer' });
    await data(updateSelection({ key: 'summer' }, 1, [{ addProduct: { product: { key: 'inside' } } }]));
    await data(updateSelection({ key: 'summer' }, 2, [{ removeProduct: { product: { key: 'inside' } } }]));
    const store = await api.call<{ id: string }>('POST', '/stores', {
      key: 'berlin',
      name: { en: 'Berlin shop', de: 'Berliner Laden' },
      languages: ['de', 'en'],
    });
    expect(store.status).toBe(201);
    await api.call('POST', '/stores/key=berlin', {
      version: 1,
      actions: [{ action: 'addProductSelection', productSelection: { key: 'summer' }, active: true }],
    });
    await api.call('POST', '/stores/key=berlin', { version: 2, actions: [{ action: 'setProductSelections' }] });
    await data(gql(api, 'mutation { deleteProductSelection(key: "summer", version: 3) { id } }'));

    const out = await data<{ messages: { total: number; results: Record<string, unknown>[] } }>(
      gql(
        api,
        `{ messages(where: "type != \\"ProductCreated\\"", sort: ["createdAt asc", "sequenceNumber asc"]) { ${PAGE} results {
          id version sequenceNumber resourceRef { typeId id } resourceVersion type createdAt lastModifiedAt createdBy { clientId }
          payload { __typename type
            ... on ProductSelectionCreated { productSelection { type name(locale: "en") nameAllLocales { locale value } } }
            ... on ProductSelectionProductAdded { productRef { typeId id } product { key } }
            ... on ProductSelectionProductRemoved { productRef { id } product { key } }
            ... on StoreCreated { name(locale: "de") nameAllLocales { locale value } languages productSelections { active } }
            ... on StoreProductSelectionsChanged {
              addedProductSelections { active productSelectionRef { id } productSelection { key } }
              removedProductSelections { active productSelectionRef { id } }
              updatedProductSelections { active }
            }
          }
        } } }`,
      ),
    );
    expect(out.messages.total).toBe(7);
    const payloads = out.messages.results.map((m) => m['payload']);
    expect(payloads).toEqual([
      {
        __typename: 'ProductSelectionCreated',
        type: 'ProductSelectionCreated',
        productSelection: { type: 'individual', name: 'Summer', nameAllLocales: [{ locale: 'en', value: 'Summer' }] },
      },
      {
        __typename: 'ProductSelectionProductAdded',
        type: 'ProductSelectionProductAdded',
        productRef: { typeId: 'product', id: products.inside.id },
        product: { key: 'inside' },
      },
      {
        __typename: 'ProductSelectionProductRemoved',
        type: 'ProductSelectionProductRemoved',
        productRef: { id: products.inside.id },
        product: { key: 'inside' },
      },
      {
        __typename: 'StoreCreated',
        type: 'StoreCreated',
        name: 'Berliner Laden',
        nameAllLocales: [
          { locale: 'en', value: 'Berlin shop' },
          { locale: 'de', value: 'Berliner Laden' },
        ],
        languages: ['de', 'en'],
        productSelections: [],
      },
      {
        __typename: 'StoreProductSelectionsChanged',
        type: 'StoreProductSelectionsChanged',
        // The resolved form is null: the selection has been deleted since.
        addedProductSelections: [{ active: true, productSelectionRef: { id: summer.id }, productSelection: null }],
        removedProductSelections: null,
        updatedProductSelections: null,
      },
      {
        __typename: 'StoreProductSelectionsChanged',
        type: 'StoreProductSelectionsChanged',
        addedProductSelections: null,
        removedProductSelections: [{ active: true, productSelectionRef: { id: summer.id } }],
        updatedProductSelections: null,
      },
      { __typename: 'ProductSelectionDeleted', type: 'ProductSelectionDeleted' },
    ]);
    expect(out.messages.results[0]).toMatchObject({
      version: 1,
      sequenceNumber: 1,
      resourceRef: { typeId: 'product-selection', id: summer.id },
      resourceVersion: 1,
      type: 'ProductSelectionCreated',
      createdBy: { clientId: api.emulator.credentials.clientId },
    });
    expect(out.messages.results.slice(3, 6).map((m) => [m['type'], m['resourceRef'], m['sequenceNumber'], m['resourceVersion']])).toEqual([
      ['StoreCreated', { typeId: 'store', id: store.body.id }, 1, 1],
      ['StoreProductSelectionsChanged', { typeId: 'store', id: store.body.id }, 2, 2],
      ['StoreProductSelectionsChanged', { typeId: 'store', id: store.body.id }, 3, 3],
    ]);
  });

  it('shows ProductCreated and ProductDeleted with their projections', async () => {
    const { version } = (await api.call<{ version: number }>('GET', `/products/${products.inside.id}`)).body;
    expect((await api.call('DELETE', `/products/${products.inside.id}?version=${version}`)).status).toBe(200);
    const projection = 'id version productTypeRef { typeId } name(locale: "de") slug(locale: "en") published masterVariant { sku }';
    const out = await data<{ messages: { results: { payload: Record<string, unknown> }[] } }>(
      gql(
        api,
        `query ($where: String) { messages(where: $where, sort: ["sequenceNumber asc"]) { results { payload { __typename
          ... on ProductCreated { productProjection { ${projection} } }
          ... on ProductDeleted { removedImageUrls currentProjection { ${projection} } }
        } } } }`,
        { where: `resource(id = "${products.inside.id}")` },
      ),
    );
    const expected = {
      id: products.inside.id,
      productTypeRef: { typeId: 'product-type' },
      name: 'Hemd inside',
      slug: 'shirt-inside',
      published: true,
      masterVariant: { sku: 'sku-inside' },
    };
    expect(out.messages.results.map((m) => m.payload)).toEqual([
      { __typename: 'ProductCreated', productProjection: { ...expected, version: 1 } },
      { __typename: 'ProductDeleted', removedImageUrls: [], currentProjection: { ...expected, version } },
    ]);
  });
});
