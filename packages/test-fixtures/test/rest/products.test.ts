import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api, type ApiAnswer } from '../helpers/api.js';
import { firstError, tokenWith } from '../helpers/tokens.js';

type Json = Record<string, unknown>;

interface Variant {
  id: number;
  sku?: string;
  key?: string;
  attributes: unknown[];
}

interface ProductData {
  name: Record<string, string>;
  slug: Record<string, string>;
  masterVariant: Variant;
  variants: Variant[];
}

interface Product {
  id: string;
  version: number;
  key?: string;
  productType: { typeId: string; id: string };
  masterData: { published: boolean; hasStagedChanges: boolean; current: ProductData; staged: ProductData };
}

let api: Api;
let productTypeId: string;
const products = '/products';
const projections = '/product-projections';

beforeEach(async () => {
  api = await createApi();
  const type = await api.call('POST', '/product-types', {
    key: 'basic',
    name: 'Basic',
    description: 'basic',
    attributes: [{ name: 'size', label: { en: 'Size' }, type: { name: 'text' } }],
  });
  productTypeId = type.body.id as string;
});

function draft(n: number, extra: Json = {}): Json {
  return {
    productType: { typeId: 'product-type', id: productTypeId },
    name: { en: `Product ${n}` },
    slug: { en: `product-${n}` },
    ...extra,
  };
}

async function create(body: unknown): Promise<ApiAnswer<Product>> {
  return api.call<Product>('POST', products, body);
}

async function created(body: unknown): Promise<Product> {
  const answer = await create(body);
  if (answer.status !== 201) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function get(address: string): Promise<ApiAnswer<Product>> {
  return api.call<Product>('GET', `${products}/${address}`);
}

async function update(product: { id: string; version: number }, actions: Json[], token?: string): Promise<ApiAnswer<Product>> {
  const body = { version: product.version, actions };
  return token === undefined
    ? api.call<Product>('POST', `${products}/${product.id}`, body)
    : api.as(token)<Product>('POST', `${products}/${product.id}`, body);
}

async function allProducts(): Promise<Product[]> {
  return (await api.call<{ results: Product[] }>('GET', `${products}?limit=500`)).body.results;
}

describe('creating products', () => {
  it('stores current and staged data, variant ids 1, 2, 3 and the product type reference', async () => {
    const answer = await create(
      draft(1, {
        key: 'p1',
        productType: { typeId: 'product-type', key: 'basic' },
        description: { en: 'A product' },
        masterVariant: { sku: 'sku-1', key: 'v1', attributes: [{ name: 'size', value: 'M' }] },
        variants: [{ sku: 'sku-2' }, { key: 'v3' }],
      }),
    );
    expect(answer.status).toBe(201);
    const product = answer.body;
    const data = {
      name: { en: 'Product 1' },
      slug: { en: 'product-1' },
      description: { en: 'A product' },
      masterVariant: { id: 1, sku: 'sku-1', key: 'v1', attributes: [{ name: 'size', value: 'M' }], prices: [] },
      variants: [
        { id: 2, sku: 'sku-2', attributes: [], prices: [] },
        { id: 3, key: 'v3', attributes: [], prices: [] },
      ],
    };
    expect(product).toMatchObject({
      version: 1,
      key: 'p1',
      productType: { typeId: 'product-type', id: productTypeId },
      masterData: { published: false, hasStagedChanges: false, current: data, staged: data },
    });
    expect(product).toHaveProperty('createdAt');
    expect((await get(product.id)).body).toEqual(product);
    expect((await get('key=p1')).body).toEqual(product);
  });

  it('gives a product without variants an empty master variant; publish: true publishes it', async () => {
    const product = await created(draft(1, { publish: true }));
    expect(product.masterData.published).toBe(true);
    expect(product.masterData.current.masterVariant).toEqual({ id: 1, attributes: [], prices: [], images: [], assets: [] });
    expect(product.masterData.current.variants).toEqual([]);
  });

  it('queries products over the stored shape', async () => {
    const one = await created(draft(1));
    await created(draft(2));
    const where = encodeURIComponent('masterData(current(name(en = "Product 1")))');
    const page = await api.call('GET', `${products}?where=${where}`);
    expect(page.body).toMatchObject({ count: 1, total: 1, results: [{ id: one.id }] });
    const sorted = await api.call<{ results: Product[] }>(
      'GET',
      `${products}?sort=${encodeURIComponent('masterData.current.name.en desc')}&withTotal=false`,
    );
    expect(sorted.body.results.map((p) => p.masterData.current.name['en'])).toEqual(['Product 2', 'Product 1']);
    expect(sorted.body).not.toHaveProperty('total');
  });

  it('answers ReferencedResourceNotFound for an unknown product type', async () => {
    for (const productType of [{ typeId: 'product-type', id: 'nope' }, { key: 'nope' }]) {
      const answer = await create(draft(1, { productType }));
      expect(answer.status).toBe(400);
      expect(firstError(answer)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'product-type' });
    }
    expect(await allProducts()).toEqual([]);
  });

  it('refuses duplicate keys, SKUs (in the project), variant keys (in the product) and slugs (per locale)', async () => {
    await created(draft(1, { key: 'p1', masterVariant: { sku: 'aa' }, variants: [{ sku: 'bb' }] }));
    const cases: [Json, Json][] = [
      [draft(2, { key: 'p1' }), { field: 'key', duplicateValue: 'p1' }],
      [draft(2, { masterVariant: { sku: 'aa' } }), { field: 'masterVariant.sku', duplicateValue: 'aa' }],
      [draft(2, { variants: [{ sku: 'cc' }, { sku: 'bb' }] }), { field: 'variants[1].sku', duplicateValue: 'bb' }],
      [draft(2, { masterVariant: { sku: 'xx' }, variants: [{ sku: 'xx' }] }), { field: 'variants[0].sku', duplicateValue: 'xx' }],
      [draft(2, { masterVariant: { key: 'kk' }, variants: [{ key: 'kk' }] }), { field: 'variants[0].key', duplicateValue: 'kk' }],
      [draft(2, { slug: { de: 'neu', en: 'product-1' } }), { field: 'slug.en', duplicateValue: 'product-1' }],
    ];
    for (const [body, error] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(firstError(answer)).toMatchObject({ code: 'DuplicateField', ...error });
    }
    expect(await allProducts()).toHaveLength(1);
    // Variant keys are unique within a product only.
    expect((await create(draft(3, { masterVariant: { key: 'kk' } }))).status).toBe(201);
    expect((await create(draft(4, { masterVariant: { key: 'kk' } }))).status).toBe(201);
  });

  it('refuses bad drafts with 400 and stores nothing', async () => {
    const cases: [unknown, string][] = [
      ['{"name": {', 'InvalidJsonInput'],
      ['[]', 'InvalidJsonInput'],
      [{ name: { en: 'xx' }, slug: { en: 'xx' } }, 'InvalidJsonInput'],
      [draft(1, { name: 'not localized' }), 'InvalidJsonInput'],
      [draft(1, { variants: { sku: 'xx' } }), 'InvalidJsonInput'],
      [draft(1, { productType: { id: productTypeId, key: 'basic' } }), 'InvalidJsonInput'],
      [draft(1, { publish: 'yes' }), 'InvalidJsonInput'],
    ];
    for (const [body, code] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(firstError(answer).code, JSON.stringify(body)).toBe(code);
    }
    expect(await allProducts()).toEqual([]);
  });
});

describe('updating products', () => {
  it('changeName and changeSlug change staged data only by default, both with staged: false', async () => {
    const product = await created(draft(1, { publish: true }));
    const staged = await update(product, [{ action: 'changeName', name: { en: 'Renamed' } }]);
    expect(staged.status).toBe(200);
    expect(staged.body.version).toBe(2);
    expect(staged.body.masterData).toMatchObject({
      published: true,
      hasStagedChanges: true,
      current: { name: { en: 'Product 1' } },
      staged: { name: { en: 'Renamed' } },
    });

    const both = await update(staged.body, [{ action: 'changeSlug', slug: { en: 'renamed' }, staged: false }]);
    expect(both.body.masterData.current.slug).toEqual({ en: 'renamed' });
    expect(both.body.masterData.staged.slug).toEqual({ en: 'renamed' });
    expect(both.body.masterData.hasStagedChanges).toBe(true);

    const published = await update(both.body, [{ action: 'publish' }]);
    expect(published.body.masterData).toMatchObject({ published: true, hasStagedChanges: false, current: { name: { en: 'Renamed' } } });
    expect(published.body.masterData.current).toEqual(published.body.masterData.staged);
  });

  it('publish copies staged to current; unpublish keeps the data; a publish that changes nothing keeps the version', async () => {
    const product = await created(draft(1));
    const renamed = await update(product, [{ action: 'changeName', name: { en: 'New' } }]);
    const published = await update(renamed.body, [{ action: 'publish' }]);
    expect(published.body.masterData).toMatchObject({ published: true, hasStagedChanges: false, current: { name: { en: 'New' } } });
    const again = await update(published.body, [{ action: 'publish' }]);
    expect(again.body.version).toBe(published.body.version);
    const unpublished = await update(published.body, [{ action: 'unpublish' }]);
    expect(unpublished.body.masterData).toMatchObject({ published: false, current: { name: { en: 'New' } } });
    expect(unpublished.body.version).toBe(published.body.version + 1);
  });

  it('setKey sets, changes and unsets the key; a taken key is DuplicateField', async () => {
    const product = await created(draft(1));
    await created(draft(2, { key: 'taken' }));
    const keyed = await update(product, [{ action: 'setKey', key: 'mine' }]);
    expect(keyed.body.key).toBe('mine');
    expect((await get('key=mine')).body.id).toBe(product.id);
    const clash = await update(keyed.body, [{ action: 'setKey', key: 'taken' }]);
    expect(firstError(clash)).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken' });
    const unset = await update(keyed.body, [{ action: 'setKey' }]);
    expect(unset.body).not.toHaveProperty('key');
    expect((await get('key=mine')).status).toBe(404);
  });

  it('addVariant numbers variants on, staged only by default; SKU and variant key clashes are DuplicateField', async () => {
    await created(draft(1, { masterVariant: { sku: 'elsewhere' } }));
    const product = await created(draft(2, { masterVariant: { sku: 'mm', key: 'master' }, variants: [{ sku: 'v2' }], publish: true }));
    const added = await update(product, [
      { action: 'addVariant', sku: 'v3', key: 'three', attributes: [{ name: 'size', value: 'L' }] },
      { action: 'addVariant', sku: 'v4', staged: false },
    ]);
    expect(added.status).toBe(200);
    const { current, staged } = added.body.masterData;
    expect(staged.variants.map((v) => [v.id, v.sku])).toEqual([
      [2, 'v2'],
      [3, 'v3'],
      [4, 'v4'],
    ]);
    expect(staged.variants[1]).toEqual({
      id: 3,
      sku: 'v3',
      key: 'three',
      attributes: [{ name: 'size', value: 'L' }],
      prices: [],
      images: [],
      assets: [],
    });
    expect(current.variants.map((v) => v.id)).toEqual([2, 4]);
    expect(added.body.masterData.hasStagedChanges).toBe(true);

    const cases: [Json, Json][] = [
      [
        { action: 'addVariant', sku: 'elsewhere' },
        { field: 'sku', duplicateValue: 'elsewhere' },
      ],
      [
        { action: 'addVariant', sku: 'v3' },
        { field: 'sku', duplicateValue: 'v3' },
      ],
      [
        { action: 'addVariant', key: 'master' },
        { field: 'key', duplicateValue: 'master' },
      ],
      [
        { action: 'addVariant', key: 'three' },
        { field: 'key', duplicateValue: 'three' },
      ],
    ];
    for (const [action, error] of cases) {
      const answer = await update(added.body, [action]);
      expect(answer.status, JSON.stringify(action)).toBe(400);
      expect(firstError(answer)).toMatchObject({ code: 'DuplicateField', ...error });
    }
    // Two variants with one SKU in one request clash with each other.
    const twice = await update(added.body, [
      { action: 'addVariant', sku: 'same' },
      { action: 'addVariant', sku: 'same' },
    ]);
    expect(firstError(twice)).toMatchObject({ code: 'DuplicateField', field: 'sku' });
    expect((await get(product.id)).body).toEqual(added.body);
  });

  it('changeSlug refuses a slug another product uses', async () => {
    await created(draft(1));
    const product = await created(draft(2));
    const answer = await update(product, [{ action: 'changeSlug', slug: { en: 'product-1' } }]);
    expect(firstError(answer)).toMatchObject({ code: 'DuplicateField', field: 'slug.en', duplicateValue: 'product-1' });
    // Its own slug is no clash.
    expect((await update(product, [{ action: 'changeSlug', slug: { en: 'product-2', de: 'produkt-2' } }])).status).toBe(200);
  });

  it('applies all actions or none, and rejects bad requests without changing anything', async () => {
    const product = await created(draft(1, { masterVariant: { sku: 'aa' } }));
    const requests: [unknown, number, string][] = [
      [
        {
          version: 1,
          actions: [
            { action: 'changeName', name: { en: 'X' } },
            { action: 'addVariant', sku: 'aa' },
          ],
        },
        400,
        'DuplicateField',
      ],
      [{ version: 1, actions: [{ action: 'changeName', name: { en: 'X' } }, { action: 'explode' }] }, 400, 'InvalidInput'],
      [{ version: 1, actions: [{ action: 'changeName', name: 'X' }] }, 400, 'InvalidJsonInput'],
      [{ version: 1, actions: [{ action: 'changeName' }] }, 400, 'InvalidJsonInput'],
      [{ version: 1, actions: [{ action: 'addVariant', staged: 'no' }] }, 400, 'InvalidJsonInput'],
      [{ version: '1', actions: [] }, 400, 'InvalidJsonInput'],
      [{ actions: [{ action: 'publish' }] }, 400, 'InvalidJsonInput'],
      ['{"version": 1, "actions": [', 400, 'InvalidJsonInput'],
      [{ version: 2, actions: [{ action: 'publish' }] }, 409, 'ConcurrentModification'],
    ];
    for (const [body, status, code] of requests) {
      const answer = await api.call('POST', `${products}/${product.id}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(firstError(answer).code, JSON.stringify(body)).toBe(code);
    }
    expect((await get(product.id)).body).toEqual(product);
  });

  it('ignores a misspelled optional member of an action', async () => {
    const product = await created(draft(1));
    const answer = await update(product, [{ action: 'changeName', name: { en: 'X' }, stagd: false }]);
    expect(answer.body.masterData).toMatchObject({
      hasStagedChanges: true,
      current: { name: { en: 'Product 1' } },
      staged: { name: { en: 'X' } },
    });
  });

  it('updates by key, and answers 404 for an unknown product', async () => {
    await created(draft(1, { key: 'p1' }));
    const answer = await api.call<Product>('POST', `${products}/key=p1`, { version: 1, actions: [{ action: 'publish' }] });
    expect(answer.body.masterData.published).toBe(true);
    const missing = await api.call('POST', `${products}/nope`, { version: 1, actions: [{ action: 'publish' }] });
    expect(missing.status).toBe(404);
  });
});

describe('deleting products', () => {
  it('deletes by id and by key with the current version; 409 on a mismatch', async () => {
    const one = await created(draft(1));
    const two = await created(draft(2, { key: 'two' }));
    const stale = await api.call('DELETE', `${products}/${one.id}?version=3`);
    expect(firstError(stale)).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    expect((await api.call('DELETE', `${products}/${one.id}?version=1`)).body).toEqual(one);
    expect((await api.call('DELETE', `${products}/key=two?version=1`)).body).toEqual(two);
    expect(await allProducts()).toEqual([]);
    expect((await get(one.id)).status).toBe(404);
    // SKUs and slugs of deleted products are free again.
    expect((await create(draft(1))).status).toBe(201);
  });

  it('removes a deleted product from its product selections and lowers their productCount', async () => {
    const product = await created(draft(1));
    const keep = await created(draft(2));
    const selections = '/product-selections';
    const selection = await api.call('POST', selections, { key: 'sel', name: { en: 'Sel' } });
    const filled = await api.call('POST', `${selections}/key=sel`, {
      version: selection.body['version'],
      actions: [
        { action: 'addProduct', product: { id: product.id } },
        { action: 'addProduct', product: { id: keep.id } },
      ],
    });
    expect(filled.body['productCount']).toBe(2);

    expect((await api.call('DELETE', `${products}/${product.id}?version=1`)).status).toBe(200);
    const after = await api.call('GET', `${selections}/key=sel`);
    expect(after.body['productCount']).toBe(1);
    expect(after.body['version']).toBe((filled.body['version'] as number) + 1);
    const members = await api.call<{ results: { product: { id: string } }[] }>('GET', `${selections}/key=sel/products`);
    expect(members.body.results.map((r) => r.product.id)).toEqual([keep.id]);
    // The selection stays usable: the remaining product can be removed with the new version.
    const removed = await api.call('POST', `${selections}/key=sel`, {
      version: after.body['version'],
      actions: [{ action: 'removeProduct', product: { id: keep.id } }],
    });
    expect(removed.body['productCount']).toBe(0);
  });
});

describe('product scopes', () => {
  it('view_products reads products but may not create, update or delete them', async () => {
    const product = await created(draft(1));
    const viewer = await tokenWith(api, `view_products:${api.project}`);
    expect((await api.as(viewer)('GET', products)).status).toBe(200);
    expect((await api.as(viewer)('GET', `${products}/${product.id}`)).status).toBe(200);
    const writes = [
      await api.as(viewer)('POST', products, draft(2)),
      await update(product, [{ action: 'publish' }], viewer),
      await api.as(viewer)('DELETE', `${products}/${product.id}?version=1`),
    ];
    for (const answer of writes) {
      expect(answer.status).toBe(403);
      expect(firstError(answer).message).toContain(`manage_products:${api.project}`);
    }
    expect(await allProducts()).toEqual([product]);
    const stranger = await tokenWith(api, `view_customers:${api.project}`);
    expect((await api.as(stranger)('GET', products)).status).toBe(403);
  });
});

describe('product projections', () => {
  interface Projection {
    id: string;
    version: number;
    key?: string;
    name: Record<string, string>;
    published: boolean;
    hasStagedChanges: boolean;
    productType: { typeId: string; id: string; obj?: Json };
    [field: string]: unknown;
  }

  async function projectionPage(query = '', token?: string) {
    const call = token === undefined ? api.call : api.as(token);
    return call<{ count: number; total?: number; results: Projection[] }>('GET', `${projections}${query}`);
  }

  it('shows published products only by default, staged data of all with staged=true', async () => {
    const product = await created(draft(1, { key: 'p1', description: { en: 'dd' }, variants: [{ sku: 's2' }] }));
    expect((await projectionPage()).body).toMatchObject({ count: 0, total: 0, results: [] });
    expect((await api.call('GET', `${projections}/${product.id}`)).status).toBe(404);
    expect((await api.call('GET', `${projections}/key=p1`)).status).toBe(404);

    const staged = await projectionPage('?staged=true');
    expect(staged.body.results).toEqual([
      {
        id: product.id,
        version: 1,
        key: 'p1',
        productType: { typeId: 'product-type', id: productTypeId },
        name: { en: 'Product 1' },
        categories: [],
        slug: { en: 'product-1' },
        description: { en: 'dd' },
        masterVariant: { id: 1, attributes: [], prices: [], images: [], assets: [] },
        variants: [{ id: 2, sku: 's2', attributes: [], prices: [], images: [], assets: [] }],
        searchKeywords: {},
        attributes: [],
        published: false,
        hasStagedChanges: false,
        createdAt: expect.any(String),
        lastModifiedAt: expect.any(String),
      },
    ]);

    const published = await update(product, [{ action: 'publish' }]);
    const renamed = await update(published.body, [{ action: 'changeName', name: { en: 'Draft name' } }]);
    const current = await api.call<Projection>('GET', `${projections}/${product.id}`);
    expect(current.body).toMatchObject({ version: 3, name: { en: 'Product 1' }, published: true, hasStagedChanges: true });
    const stagedOne = await api.call<Projection>('GET', `${projections}/key=p1?staged=true`);
    expect(stagedOne.body).toMatchObject({ version: 3, name: { en: 'Draft name' } });
    expect((await projectionPage()).body.results.map((p) => p.id)).toEqual([product.id]);

    await update(renamed.body, [{ action: 'unpublish' }]);
    expect((await projectionPage()).body.results).toEqual([]);
    expect((await api.call('GET', `${projections}/${product.id}`)).status).toBe(404);
    expect((await projectionPage('?staged=true')).body.count).toBe(1);
  });

  it('queries with where, sort, limit, offset and withTotal over the projection shape, and expands', async () => {
    for (const n of [3, 1, 2]) await created(draft(n, { publish: true }));
    await created(draft(4));
    const sorted = await projectionPage(`?sort=${encodeURIComponent('name.en asc')}&limit=2&offset=1`);
    expect(sorted.body).toMatchObject({ count: 2, total: 3 });
    expect(sorted.body.results.map((p) => p.name['en'])).toEqual(['Product 2', 'Product 3']);

    const where = encodeURIComponent('name(en = "Product 2") or slug(en = "product-4")');
    expect((await projectionPage(`?where=${where}`)).body.results.map((p) => p.name['en'])).toEqual(['Product 2']);
    expect((await projectionPage(`?where=${where}&staged=true`)).body.results.map((p) => p.name['en']).sort()).toEqual([
      'Product 2',
      'Product 4',
    ]);
    expect((await projectionPage('?withTotal=false')).body).not.toHaveProperty('total');

    // Fields of the Product but not of the projection are unknown here.
    const bad = await projectionPage(`?where=${encodeURIComponent('masterData(published = true)')}`);
    expect(bad.status).toBe(400);
    expect(firstError(bad).code).toBe('InvalidInput');

    const expanded = await projectionPage('?expand=productType&limit=1');
    expect(expanded.body.results[0]!.productType.obj).toMatchObject({ id: productTypeId, key: 'basic' });
    const one = await api.call<Projection>('GET', `${projections}/${expanded.body.results[0]!.id}?expand=productType`);
    expect(one.body.productType.obj).toMatchObject({ id: productTypeId });
  });

  it('refuses a staged value that is not a boolean, and bad paging', async () => {
    for (const query of ['?staged=yes', '?limit=501', '?offset=-1']) {
      const answer = await projectionPage(query);
      expect(answer.status, query).toBe(400);
      expect(firstError(answer).code).toBe('InvalidInput');
    }
  });

  it('lets view_published_products read current projections only; staged needs view_products', async () => {
    const product = await created(draft(1, { publish: true }));
    const published = await tokenWith(api, `view_published_products:${api.project}`);
    expect((await projectionPage('', published)).body.count).toBe(1);
    expect((await api.as(published)('GET', `${projections}/${product.id}`)).status).toBe(200);
    const staged = await projectionPage('?staged=true', published);
    expect(staged.status).toBe(403);
    expect(firstError(staged).message).toContain(`view_products:${api.project}`);
    expect((await api.as(published)('GET', `${projections}/${product.id}?staged=true`)).status).toBe(403);
    // Products themselves stay closed to that scope.
    expect((await api.as(published)('GET', products)).status).toBe(403);

    const viewer = await tokenWith(api, `view_products:${api.project}`);
    expect((await projectionPage('?staged=true', viewer)).body.count).toBe(1);
    const stranger = await tokenWith(api, `view_customers:${api.project}`);
    expect((await projectionPage('', stranger)).status).toBe(403);
  });
});
