import { beforeAll, describe, expect, it } from 'vitest';
import { createHistoryApi, errorOf, summary, type HistoryApi, type Page } from './helpers.js';

/**
 * The scenario: create a Product Selection, rename it, add and remove a product, assign
 * it to a Store and toggle it, delete it; then the history of that selection and of that Store
 * hold exactly the expected Records, over REST and GraphQL, and the filters narrow them.
 */
describe('Change History of a Product Selection and its Store', () => {
  let api: HistoryApi;
  let selectionId: string;
  let storeId: string;
  let productId: string;
  let clientId: string;

  beforeAll(async () => {
    api = await createHistoryApi();
    clientId = api.emulator.credentials.clientId;
    expect((await api.call('POST', '/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' })).status).toBe(201);
    const product = await api.call('POST', '/products', {
      key: 'tee',
      productType: { typeId: 'product-type', key: 'shirt' },
      name: { en: 'Tee' },
      slug: { en: 'tee' },
    });
    productId = product.body.id;

    const created = await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer', de: 'Sommer' } });
    selectionId = created.body.id;
    const update = async (path: string, version: number, action: Record<string, unknown>) => {
      const res = await api.call('POST', path, { version, actions: [action] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await update('/product-selections/key=summer', 1, { action: 'changeName', name: { en: 'Summer Sale', de: 'Sommerschlussverkauf' } });
    await update('/product-selections/key=summer', 2, { action: 'addProduct', product: { typeId: 'product', key: 'tee' } });
    await update('/product-selections/key=summer', 3, { action: 'removeProduct', product: { typeId: 'product', id: productId } });

    const store = await api.call('POST', '/stores', { key: 'berlin', name: { en: 'Berlin' } });
    storeId = store.body.id;
    const summer = { typeId: 'product-selection', key: 'summer' };
    await update('/stores/key=berlin', 1, { action: 'addProductSelection', productSelection: summer });
    await update('/stores/key=berlin', 2, { action: 'changeProductSelectionActive', productSelection: summer, active: true });
    await update('/stores/key=berlin', 3, { action: 'changeProductSelectionActive', productSelection: summer, active: false });
    await update('/stores/key=berlin', 4, { action: 'removeProductSelection', productSelection: summer });
    expect((await api.call('DELETE', '/product-selections/key=summer?version=4')).status).toBe(200);
  });

  it('holds exactly the Records of the selection, newest first', async () => {
    const { status, body } = await api.history(`/product-selection/${selectionId}`);
    expect(status).toBe(200);
    expect(summary(body)).toEqual([
      'product-selection v4->v4 ResourceDeleted []',
      'product-selection v3->v4 ResourceUpdated [removeProduct,setProductCount]',
      'product-selection v2->v3 ResourceUpdated [addProduct,setProductCount]',
      'product-selection v1->v2 ResourceUpdated [changeName]',
      'product-selection v0->v1 ResourceCreated []',
    ]);
    expect(body).toMatchObject({ limit: 20, offset: 0, count: 5 });
    expect(body.total).toBeUndefined();
    const [deleted, removed, added, renamed, created] = body.results;
    const modifiedBy = { clientId, isPlatformClient: false, type: 'user' };
    const summerSale = { type: 'LocalizedLabel', value: { en: 'Summer Sale', de: 'Sommerschlussverkauf' } };
    const summer = { type: 'LocalizedLabel', value: { en: 'Summer', de: 'Sommer' } };
    const resource = { id: selectionId, typeId: 'product-selection', key: 'summer' };
    const product = { typeId: 'product', id: productId };
    expect(created).toMatchObject({ modifiedBy, label: summer, previousLabel: summer, resource, stores: [], withoutChanges: false });
    expect(renamed).toEqual({
      version: 2,
      previousVersion: 1,
      type: 'ResourceUpdated',
      modifiedBy,
      modifiedAt: renamed!.modifiedAt,
      label: summerSale,
      previousLabel: summer,
      changes: [{ change: 'changeName', type: 'ChangeLocalizedNameChange', previousValue: summer.value, nextValue: summerSale.value }],
      resource,
      stores: [],
      withoutChanges: false,
    });
    expect(added!.changes).toEqual([
      { change: 'addProduct', type: 'AddProductChange', nextValue: product },
      { change: 'setProductCount', type: 'SetProductCountChange', previousValue: 0, nextValue: 1 },
    ]);
    expect(removed!.changes).toEqual([
      { change: 'removeProduct', type: 'RemoveProductChange', previousValue: product },
      { change: 'setProductCount', type: 'SetProductCountChange', previousValue: 1, nextValue: 0 },
    ]);
    expect(deleted).toMatchObject({ label: summerSale, previousLabel: summerSale, changes: [], resource });
    // modifiedAt follows the manual clock, one millisecond per call.
    expect(Date.parse(renamed!.modifiedAt)).toBeGreaterThan(Date.parse(created!.modifiedAt));
  });

  it('holds exactly the Records of the Store', async () => {
    const { body } = await api.history(`/stores/${storeId}`);
    expect(summary(body)).toEqual([
      'store v4->v5 ResourceUpdated [removeProductSelection]',
      'store v3->v4 ResourceUpdated [changeProductSelectionActive]',
      'store v2->v3 ResourceUpdated [changeProductSelectionActive]',
      'store v1->v2 ResourceUpdated [addProductSelection]',
      'store v0->v1 ResourceCreated []',
    ]);
    const reference = { typeId: 'product-selection', id: selectionId };
    expect(body.results.map((r) => r.changes[0])).toEqual([
      {
        change: 'removeProductSelection',
        type: 'RemoveProductSelectionChange',
        productSelection: reference,
        previousValue: { productSelection: reference, active: false },
      },
      {
        change: 'changeProductSelectionActive',
        type: 'ChangeProductSelectionActiveChange',
        productSelection: reference,
        previousValue: true,
        nextValue: false,
      },
      {
        change: 'changeProductSelectionActive',
        type: 'ChangeProductSelectionActiveChange',
        productSelection: reference,
        previousValue: false,
        nextValue: true,
      },
      {
        change: 'addProductSelection',
        type: 'AddProductSelectionChange',
        productSelection: reference,
        nextValue: { productSelection: reference, active: false },
      },
      undefined,
    ]);
    for (const record of body.results) {
      expect(record.stores).toEqual([{ key: 'berlin', typeId: 'store' }]);
      expect(record.label).toEqual({ type: 'LocalizedLabel', value: { en: 'Berlin' } });
      expect(record.resource).toEqual({ id: storeId, typeId: 'store', key: 'berlin' });
    }
  });

  it('answers the same over the singular and the plural path', async () => {
    const singular = await api.history(`/product-selection/${selectionId}`);
    const plural = await api.history(`/product-selections/${selectionId}`);
    expect(plural.body).toEqual(singular.body);
  });

  it('narrows with the filters', async () => {
    const of = async (path: string) => summary((await api.history(path)).body);
    const selection = `/product-selection/${selectionId}`;
    expect(await of(`${selection}?type=ResourceUpdated`)).toHaveLength(3);
    expect(await of(`${selection}?type=ResourceCreated`)).toEqual(['product-selection v0->v1 ResourceCreated []']);
    expect(await of(`${selection}?changes=changeName`)).toEqual(['product-selection v1->v2 ResourceUpdated [changeName]']);
    // `changes` keeps only the named Changes of each Record.
    expect(await of(`${selection}?changes=setProductCount`)).toEqual([
      'product-selection v3->v4 ResourceUpdated [setProductCount]',
      'product-selection v2->v3 ResourceUpdated [setProductCount]',
    ]);
    expect(await of(`${selection}?changes=addProduct&changes=removeProduct`)).toEqual([
      'product-selection v3->v4 ResourceUpdated [removeProduct]',
      'product-selection v2->v3 ResourceUpdated [addProduct]',
    ]);
    expect(await of(`${selection}?clientId=${clientId}`)).toHaveLength(5);
    expect(await of(`${selection}?clientId=someone-else`)).toEqual([]);
    expect(await of(`${selection}?source=ApiClient`)).toHaveLength(5);
    expect(await of(`${selection}?source=AdminConsole`)).toEqual([]);
    expect(await of(`${selection}?source=MerchantCenter`)).toEqual([]);
    expect(await of(`${selection}?userId=jen`)).toEqual([]);

    expect(await of(`?resourceId=${selectionId}`)).toHaveLength(5);
    expect(await of(`?resourceTypes=store&resourceTypes=product-selections`)).toHaveLength(10);
    expect(await of(`?resourceTypes=product&resourceTypes=product-type`)).toEqual([
      'product v0->v1 ResourceCreated []',
      'product-type v0->v1 ResourceCreated []',
    ]);
    expect(await of(`?stores=berlin`)).toHaveLength(5);
    expect(await of(`?stores=hamburg`)).toEqual([]);
    // resourceKey: only Stores (and products, business units, associate roles) can match.
    expect(await of(`?resourceKey=berlin`)).toHaveLength(5);
    expect(await of(`?resourceKey=summer`)).toEqual([]);
    expect(await of(`/stores?resourceKey=berlin&changes=changeProductSelectionActive`)).toHaveLength(2);
    expect(await of(`?`)).toHaveLength(12);
  });

  it('pages with limit, offset and withTotal', async () => {
    const { body } = await api.history(`/product-selection/${selectionId}?limit=2&offset=1&withTotal=true`);
    expect(body).toMatchObject({ limit: 2, offset: 1, count: 2, total: 5 });
    expect(body.results.map((r) => r.version)).toEqual([4, 3]);
    expect((await api.history(`/product-selection/${selectionId}?limit=0&withTotal=true`)).body).toMatchObject({
      count: 0,
      total: 5,
      results: [],
    });
  });

  it('refuses resourceKey for a type other than business unit, associate role, product or store', async () => {
    const res = await api.history(`/product-selection?resourceKey=summer`);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('BadRequest');
    expect((await api.history(`?resourceTypes=product-selection&resourceKey=summer`)).status).toBe(400);
  });

  it('answers the same Records over GraphQL', async () => {
    const query = `query ($id: String, $from: DateFilterValue) {
      productSelections(resourceId: $id, date: { from: $from, to: "now" }) {
        total count
        results {
          version previousVersion type modifiedAt
          modifiedBy { clientId isPlatformClient type }
          label { type ... on LocalizedLabel { value { locale value } } }
          changes { change type previousValue nextValue additionalFields }
          resource { id typeId key }
          stores { key }
          withoutChanges
        }
      }
      stores(resourceKey: "berlin", changes: ["changeProductSelectionActive"]) {
        results { version changes { change previousValue nextValue additionalFields } }
      }
    }`;
    const { status, body } = await api.graphql(query, { id: selectionId, from: 48 });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const rest = (await api.history(`/product-selection/${selectionId}`)).body as Page;
    const selections = body.data.productSelections;
    expect(selections).toMatchObject({ total: 5, count: 5 });
    expect(selections.results.map((r: { version: number; type: string }) => `${r.version} ${r.type}`)).toEqual(
      rest.results.map((r) => `${r.version} ${r.type}`),
    );
    expect(selections.results[3]).toEqual({
      version: 2,
      previousVersion: 1,
      type: 'ResourceUpdated',
      modifiedAt: rest.results[3]!.modifiedAt,
      modifiedBy: { clientId, isPlatformClient: false, type: 'user' },
      label: {
        type: 'LocalizedLabel',
        value: [
          { locale: 'en', value: 'Summer Sale' },
          { locale: 'de', value: 'Sommerschlussverkauf' },
        ],
      },
      changes: [
        {
          change: 'changeName',
          type: 'ChangeLocalizedNameChange',
          previousValue: { en: 'Summer', de: 'Sommer' },
          nextValue: { en: 'Summer Sale', de: 'Sommerschlussverkauf' },
          additionalFields: null,
        },
      ],
      resource: { id: selectionId, typeId: 'product-selection', key: 'summer' },
      stores: [],
      withoutChanges: false,
    });
    const reference = { productSelection: { typeId: 'product-selection', id: selectionId } };
    expect(body.data.stores.results).toEqual([
      {
        version: 4,
        changes: [{ change: 'changeProductSelectionActive', previousValue: true, nextValue: false, additionalFields: reference }],
      },
      {
        version: 3,
        changes: [{ change: 'changeProductSelectionActive', previousValue: false, nextValue: true, additionalFields: reference }],
      },
    ]);
  });

  it('reports filter errors of GraphQL as errors with code BadRequest', async () => {
    const { status, body } = await api.graphql('{ productSelections(resourceKey: "summer") { total } }');
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'BadRequest' });
    const dates = await api.graphql('{ stores(date: { from: "now", to: 1 }) { total } }');
    expect(dates.body.errors?.[0]).toMatchObject({
      message: "Parameter 'date.from' must not be after 'date.to'.",
      extensions: { code: 'BadRequest' },
    });
    const scalar = await api.graphql('{ stores(date: { from: -1 }) { total } }');
    expect(scalar.body.errors?.[0]?.message).toMatch(/DateFilterValue/);
    const syntax = await api.graphql('{ stores(');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors?.[0]?.message).toMatch(/Syntax Error/);
  });
});
