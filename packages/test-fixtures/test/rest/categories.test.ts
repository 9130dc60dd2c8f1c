import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, expectUnchanged, messagesOf, ok, snapshot, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

async function createCategory(key: string, extra: Json = {}): Promise<Json> {
  const answer = await api.call('POST', '/categories', { key, name: { en: key }, slug: { en: key }, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Json;
}

const ref = (category: Json) => ({ typeId: 'category', id: category['id'] });
const get = async (key: string) => (await api.call('GET', `/categories/key=${key}`)).body as Json;

describe('categories', () => {
  it('are created with empty ancestors and a random order hint, read by id and key, queried', async () => {
    const shoes = await createCategory('shoes', {
      description: { en: 'All shoes' },
      externalId: 'ext-1',
      metaTitle: { en: 'T' },
      metaDescription: { en: 'D' },
      metaKeywords: { en: 'K' },
    });
    expect(shoes).toMatchObject({ version: 1, ancestors: [], externalId: 'ext-1', description: { en: 'All shoes' } });
    expect(shoes['parent']).toBeUndefined();
    expect(shoes['orderHint']).toMatch(/^0\.[0-9]+$/);
    expect((await api.call('GET', `/categories/${shoes['id'] as string}`)).body).toEqual(shoes);
    expect(await get('shoes')).toEqual(shoes);
    await createCategory('hats', { orderHint: '0.2' });
    const page = await api.call('GET', '/categories?where=orderHint="0.2"&withTotal=true');
    expect(page.body).toMatchObject({ total: 1, results: [{ key: 'hats', orderHint: '0.2' }] });
    const sorted = await api.call('GET', '/categories?sort=key desc');
    expect(sorted.body.results.map((c: Json) => c['key'])).toEqual(['shoes', 'hats']);
  });

  it('keep ancestors root first, expandable, and queryable by parent and ancestor', async () => {
    const root = await createCategory('root');
    const mid = await createCategory('mid', { parent: { key: 'root' } });
    const leaf = await createCategory('leaf', { parent: { typeId: 'category', id: mid['id'] } });
    expect(mid).toMatchObject({ parent: ref(root), ancestors: [ref(root)] });
    expect(leaf).toMatchObject({ parent: ref(mid), ancestors: [ref(root), ref(mid)] });
    const expanded = await api.call('GET', '/categories/key=leaf?expand=parent&expand=ancestors[*]');
    expect(expanded.body.parent.obj).toMatchObject({ key: 'mid' });
    expect(expanded.body.ancestors.map((a: Json) => (a['obj'] as Json)['key'])).toEqual(['root', 'mid']);
    const below = await api.call('GET', `/categories?where=${encodeURIComponent(`ancestors(id="${root['id'] as string}")`)}&sort=key asc`);
    expect(below.body.results.map((c: Json) => c['key'])).toEqual(['leaf', 'mid']);
    const children = await api.call('GET', `/categories?where=${encodeURIComponent(`parent(id="${mid['id'] as string}")`)}`);
    expect(children.body.results.map((c: Json) => c['key'])).toEqual(['leaf']);
  });

  it('bound expansion by depth and by the size of the answer, with 400 naming the limit', async () => {
    // A chain 25 deep: c0 is the root, c24 the leaf with 24 ancestors.
    for (let i = 0; i < 25; i++) await createCategory(`c${i}`, i === 0 ? {} : { parent: { key: `c${i - 1}` } });
    const nested = (times: number) => Array.from({ length: times }, () => 'ancestors[*]').join('.');

    const deep = await api.call('GET', `/categories/key=c24?expand=${nested(12)}`);
    expect(expectError(deep, 400, 'InvalidInput')['message']).toContain('more than 10 deep, one inside another: the limit of expansion');
    const large = await api.call('GET', `/categories/key=c24?expand=${nested(6)}`);
    expect(expectError(large, 400, 'InvalidInput')['message']).toContain(`exceed ${16 * 1024 * 1024} bytes, the limit of expansion`);
    // One answer: a page of a query shares the bound.
    expectError(await api.call('GET', `/categories?limit=500&expand=${nested(5)}`), 400, 'InvalidInput');

    // A reasonable expansion works, every target expanded as far as the path goes.
    const leaf = ok(await api.call('GET', `/categories/key=c24?expand=parent&expand=${nested(2)}`));
    expect(leaf.parent.obj.key).toBe('c23');
    expect(leaf.parent.obj.ancestors[0].obj).toBeUndefined();
    expect(leaf.ancestors.map((a: Json) => (a['obj'] as Json)['key'])).toEqual(Array.from({ length: 24 }, (_, i) => `c${i}`));
    const c23 = leaf.ancestors[23].obj;
    expect(c23.ancestors.map((a: Json) => (a['obj'] as Json)['key'])).toEqual(Array.from({ length: 23 }, (_, i) => `c${i}`));
    expect(c23.ancestors[22].obj.ancestors[0].obj).toBeUndefined();
    expect(ok(await api.call('GET', `/categories?limit=500&expand=${nested(3)}`)).count).toBe(25);
  });

  it('refuse an update whose result would pass the 16 MiB document limit, changing nothing', async () => {
    const string = { name: 'String' };
    const fields = ['aa', 'bb', 'cc'].map((name) => ({ name, label: { en: name }, required: false, type: string }));
    ok(await api.call('POST', '/types', { key: 'big', name: { en: 'big' }, resourceTypeIds: ['category'], fieldDefinitions: fields }), 201);
    await createCategory('huge', { custom: { type: { key: 'big' } } });
    const large = 'x'.repeat(6 * 1024 * 1024);
    const set = async (name: string) => {
      const { version } = await get('huge');
      return api.call('POST', '/categories/key=huge', { version, actions: [{ action: 'setCustomField', name, value: large }] });
    };
    expect((await set('aa')).status).toBe(200);
    expect((await set('bb')).status).toBe(200);
    const before = await get('huge');
    const refused = expectError(await set('cc'), 400, 'InvalidInput');
    expect(refused['message']).toMatch(
      /^The resource would take \d+ bytes as JSON, more than 16777216 bytes, the limit of a stored document\.$/,
    );
    expect(await get('huge')).toEqual(before);
    // Smaller values still fit.
    const { version } = before;
    ok(await api.call('POST', '/categories/key=huge', { version, actions: [{ action: 'setCustomField', name: 'cc', value: 'small' }] }));
  });

  it('changeParent moves the Category and keeps its descendants ancestors in step', async () => {
    const a = await createCategory('aa');
    const b = await createCategory('bb', { parent: { key: 'aa' } });
    const c = await createCategory('cc', { parent: { key: 'bb' } });
    const x = await createCategory('xx');
    const moved = await api.call('POST', '/categories/key=bb', {
      version: 1,
      actions: [{ action: 'changeParent', parent: { key: 'xx' } }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ version: 2, parent: ref(x), ancestors: [ref(x)] });
    const child = await get('cc');
    expect(child).toMatchObject({ ancestors: [ref(x), ref(b)], parent: ref(b), version: 2 });
    expect(child['lastModifiedAt']).toBe(moved.body.lastModifiedAt);
    expect((await get('aa'))['version']).toBe(1);
    expect(c['version']).toBe(1);
    const same = await api.call('POST', '/categories/key=bb', {
      version: 2,
      actions: [{ action: 'changeParent', parent: { id: x['id'] } }],
    });
    expect(same.body.version).toBe(2);
    expect(a['ancestors']).toEqual([]);
  });

  it('changeParent to itself or below itself is 400 InvalidOperation, to a missing one 400 ReferencedResourceNotFound; nothing changes', async () => {
    await createCategory('aa');
    await createCategory('bb', { parent: { key: 'aa' } });
    const before = await snapshot(api);
    const cycle = await api.call('POST', '/categories/key=aa', {
      version: 1,
      actions: [{ action: 'changeParent', parent: { key: 'bb' } }],
    });
    expectError(cycle, 400, 'InvalidOperation');
    const self = await api.call('POST', '/categories/key=aa', { version: 1, actions: [{ action: 'changeParent', parent: { key: 'aa' } }] });
    expectError(self, 400, 'InvalidOperation');
    const missing = await api.call('POST', '/categories/key=bb', {
      version: 1,
      actions: [{ action: 'changeParent', parent: { key: 'nope' } }],
    });
    expect(expectError(missing, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'category', key: 'nope' });
    await expectUnchanged(api, before);
  });

  it('update actions change name, slug, description, order hint, external id, meta fields and key; omitted values unset', async () => {
    const category = await createCategory('c1', { description: { en: 'd' }, externalId: 'e', metaTitle: { en: 'mt' } });
    const answer = await api.call('POST', `/categories/${category['id'] as string}`, {
      version: 1,
      actions: [
        { action: 'changeName', name: { en: 'New' } },
        { action: 'changeSlug', slug: { en: 'new-slug', de: 'neu' } },
        { action: 'setDescription' },
        { action: 'changeOrderHint', orderHint: '0.5' },
        { action: 'setExternalId', externalId: 'e2' },
        { action: 'setMetaTitle' },
        { action: 'setMetaDescription', metaDescription: { en: 'md' } },
        { action: 'setMetaKeywords', metaKeywords: { en: 'mk' } },
        { action: 'setKey', key: 'c2' },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      version: 2,
      key: 'c2',
      name: { en: 'New' },
      slug: { en: 'new-slug', de: 'neu' },
      orderHint: '0.5',
      externalId: 'e2',
      metaDescription: { en: 'md' },
      metaKeywords: { en: 'mk' },
    });
    expect(answer.body.description).toBeUndefined();
    expect(answer.body.metaTitle).toBeUndefined();
    const unset = await api.call('POST', '/categories/key=c2', {
      version: 2,
      actions: [{ action: 'setKey' }, { action: 'setExternalId' }],
    });
    expect(unset.body.key).toBeUndefined();
    expect(unset.body.externalId).toBeUndefined();
  });

  it('a slug another Category has for a locale is 400 DuplicateField, on create and on changeSlug; nothing changes', async () => {
    await createCategory('aa', { slug: { en: 'shoes', de: 'schuhe' } });
    await createCategory('bb', { slug: { en: 'hats' } });
    expect((await api.call('POST', '/categories', { name: { en: 'c' }, slug: { de: 'shoes' } })).status).toBe(201);
    const before = await snapshot(api);
    const draft = await api.call('POST', '/categories', { name: { en: 'd' }, slug: { en: 'shoes' } });
    expect(expectError(draft, 400, 'DuplicateField')).toMatchObject({ field: 'slug.en', duplicateValue: 'shoes' });
    const change = await api.call('POST', '/categories/key=bb', {
      version: 1,
      actions: [{ action: 'changeSlug', slug: { de: 'schuhe' } }],
    });
    expect(expectError(change, 400, 'DuplicateField')).toMatchObject({ field: 'slug.de', duplicateValue: 'schuhe' });
    const key = await api.call('POST', '/categories', { key: 'aa', name: { en: 'e' }, slug: { en: 'e1' } });
    expectError(key, 400, 'DuplicateField');
    await expectUnchanged(api, before);
  });

  it('refuses a bad slug, order hint or missing parent on create with 400, and stores nothing', async () => {
    await createCategory('aa');
    const before = await snapshot(api);
    expectError(await api.call('POST', '/categories', { name: { en: 'x' }, slug: { en: 'no spaces' } }), 400, 'InvalidJsonInput');
    expectError(
      await api.call('POST', '/categories', { name: { en: 'x' }, slug: { en: 'x1' }, orderHint: '1.5' }),
      400,
      'InvalidJsonInput',
    );
    expectError(await api.call('POST', '/categories', { slug: { en: 'x1' } }), 400, 'InvalidJsonInput');
    const parent = await api.call('POST', '/categories', { name: { en: 'x' }, slug: { en: 'x1' }, parent: { id: 'missing' } });
    expect(expectError(parent, 400, 'ReferencedResourceNotFound')).toMatchObject({ typeId: 'category', id: 'missing' });
    await expectUnchanged(api, before);
  });

  it('hold Assets from the draft and the Asset actions, each with a generated id', async () => {
    const source = (uri: string) => ({ uri, key: 'main', dimensions: { w: 10, h: 20 }, contentType: 'image/png' });
    const created = await createCategory('aa', {
      assets: [{ key: 'logo', name: { en: 'Logo' }, sources: [source('https://a.example/logo.png')] }],
    });
    const [logo] = created['assets'] as Json[];
    expect(logo).toEqual({ id: expect.any(String), key: 'logo', name: { en: 'Logo' }, sources: [source('https://a.example/logo.png')] });
    expect(await createCategory('bb')).not.toHaveProperty('assets');
    const update = (actions: Json[]) => api.call('POST', '/categories/key=aa', { version: 1, actions });
    const updated = ok(
      await update([
        { action: 'addAsset', asset: { name: { en: 'Banner' }, sources: [{ uri: 'https://a.example/b.png' }] }, position: 0 },
        { action: 'changeAssetName', assetKey: 'logo', name: { en: 'Brand' } },
        { action: 'setAssetDescription', assetId: logo!['id'], description: { en: 'The brand' } },
        { action: 'setAssetTags', assetKey: 'logo', tags: ['brand'] },
        { action: 'setAssetSources', assetKey: 'logo', sources: [{ uri: 'https://a.example/logo.svg' }] },
        { action: 'setAssetKey', assetId: logo!['id'], assetKey: 'brand' },
      ]),
    );
    const [banner, brand] = updated.assets as Json[];
    expect(banner).toMatchObject({ name: { en: 'Banner' } });
    expect(brand).toEqual({
      id: logo!['id'],
      key: 'brand',
      name: { en: 'Brand' },
      description: { en: 'The brand' },
      tags: ['brand'],
      sources: [{ uri: 'https://a.example/logo.svg' }],
    });
    const reordered = ok(
      await api.call('POST', '/categories/key=aa', {
        version: 2,
        actions: [{ action: 'changeAssetOrder', assetOrder: [brand!['id'], banner!['id']] }],
      }),
    );
    expect(reordered.assets.map((a: Json) => a['key'])).toEqual(['brand', undefined]);
    const removed = ok(
      await api.call('POST', '/categories/key=aa', {
        version: 3,
        actions: [
          { action: 'removeAsset', assetKey: 'brand' },
          { action: 'removeAsset', assetId: banner!['id'] },
        ],
      }),
    );
    expect(removed).not.toHaveProperty('assets');
  });

  it('refuse an unknown Asset, a taken Asset key, a bad order and Asset custom fields, changing nothing', async () => {
    const asset = (key: string) => ({ key, name: { en: key }, sources: [{ uri: `https://a.example/${key}` }] });
    const created = await createCategory('aa', { assets: [asset('one'), asset('two')] });
    const before = await snapshot(api);
    const update = (action: Json) => api.call('POST', '/categories/key=aa', { version: created['version'], actions: [action] });
    expectError(await update({ action: 'removeAsset', assetKey: 'none' }), 400, 'InvalidOperation');
    expectError(await update({ action: 'changeAssetName', assetId: 'none', name: { en: 'x' } }), 400, 'InvalidOperation');
    const [one] = created['assets'] as Json[];
    expectError(await update({ action: 'setAssetKey', assetId: one!['id'], assetKey: 'two' }), 400, 'DuplicateField');
    expectError(await update({ action: 'addAsset', asset: asset('two') }), 400, 'DuplicateField');
    expectError(await update({ action: 'changeAssetOrder', assetOrder: [one!['id']] }), 400, 'InvalidOperation');
    const custom = await update({ action: 'setAssetCustomType', assetKey: 'one' });
    expect(expectError(custom, 501, 'NotEmulated')).toMatchObject({ action: 'setAssetCustomType' });
    const draft = { name: { en: 'x' }, slug: { en: 'x1' }, assets: [{ ...asset('one'), custom: { type: { key: 't' } } }] };
    expectError(await api.call('POST', '/categories', draft), 501, 'NotEmulated');
    await expectUnchanged(api, before);
  });

  it('deleting a Category deletes its descendants too and removes them from the Products that held them', async () => {
    const root = await createCategory('root');
    const child = await createCategory('child', { parent: { key: 'root' } });
    await createCategory('grandchild', { parent: { key: 'child' } });
    const other = await createCategory('other');
    await api.call('POST', '/product-types', { key: 'pt', name: 'PT', description: 'pt' });
    const product = await api.call('POST', '/products', {
      productType: { key: 'pt' },
      name: { en: 'P' },
      slug: { en: 'p' },
      categories: [{ key: 'child' }, { key: 'other' }],
      categoryOrderHints: { [child['id'] as string]: '0.1', [other['id'] as string]: '0.2' },
      publish: true,
    });
    expect(product.status).toBe(201);
    const deleted = await api.call('DELETE', `/categories/${root['id'] as string}?version=1`);
    expect(deleted.status).toBe(200);
    for (const key of ['root', 'child', 'grandchild']) expect((await api.call('GET', `/categories/key=${key}`)).status).toBe(404);
    expect((await get('other'))['version']).toBe(1);
    const after = (await api.call('GET', `/products/${product.body.id as string}`)).body;
    expect(after.version).toBe(2);
    for (const data of [after.masterData.current, after.masterData.staged]) {
      expect(data.categories).toEqual([ref(other)]);
      expect(data.categoryOrderHints).toEqual({ [other['id'] as string]: '0.2' });
    }
    expect(after.masterData.hasStagedChanges).toBe(false);
  });

  it('delete by key needs the current version (409 otherwise), and a missing one is 404', async () => {
    await createCategory('aa');
    expectError(await api.call('DELETE', '/categories/key=aa?version=2'), 409, 'ConcurrentModification');
    expectError(await api.call('DELETE', '/categories/key=nope?version=1'), 404, 'ResourceNotFound');
    expect((await api.call('DELETE', '/categories/key=aa?version=1')).body.key).toBe('aa');
  });

  it('emit CategoryCreated and CategorySlugChanged', async () => {
    const category = await createCategory('aa', { slug: { en: 'old' } });
    await api.call('POST', '/categories/key=aa', { version: 1, actions: [{ action: 'changeSlug', slug: { en: 'new' } }] });
    const messages = await messagesOf(api, category['id'] as string);
    expect(messages.map((m) => m['type'])).toEqual(['CategoryCreated', 'CategorySlugChanged']);
    expect(messages[0]!['category']).toMatchObject({ id: category['id'], key: 'aa', slug: { en: 'old' } });
    expect(messages[1]).toMatchObject({ slug: { en: 'new' }, oldSlug: { en: 'old' }, resourceVersion: 2 });
  });

  it('need view_categories (or view_products) to read and manage_categories (or manage_products) to write', async () => {
    await createCategory('aa');
    const viewer = await api.token(`view_categories:${api.project}`);
    expect((await api.as(viewer)('GET', '/categories/key=aa')).status).toBe(200);
    expectError(await api.as(viewer)('POST', '/categories', { name: { en: 'bb' }, slug: { en: 'bb' } }), 403, 'insufficient_scope');
    const products = await api.token(`view_products:${api.project}`);
    expect((await api.as(products)('GET', '/categories')).status).toBe(200);
    const manager = await api.token(`manage_categories:${api.project}`);
    expect((await api.as(manager)('POST', '/categories', { name: { en: 'bb' }, slug: { en: 'bb' } })).status).toBe(201);
    const other = await api.token(`view_channels:${api.project}`);
    expectError(await api.as(other)('GET', '/categories'), 403, 'insufficient_scope');
  });
});
