import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addProducts,
  createApi,
  createProduct,
  createSelection,
  createStore,
  expectError,
  expectUnchanged,
  ok,
  snapshot,
  update,
  type Api,
  type Json,
} from './helpers.js';

const q = (value: string) => encodeURIComponent(value);
const keys = (page: { results: { key?: string }[] }) => page.results.map((r) => r.key);

/** Queries through the REST endpoints: predicates, variables, sort, expansion, paging. */
describe('queries', () => {
  let api: Api;
  beforeEach(async () => {
    api = await createApi();
  });

  describe('predicates', () => {
    let product: { id: string };
    beforeEach(async () => {
      product = await createProduct(api, 'p1');
      await createSelection(api, 'aa', { en: 'Apple', de: 'Apfel' });
      await createSelection(api, 'bb', { en: 'Banana' });
      await createSelection(api, 'cc', { en: 'cherry' });
      await createSelection(api, undefined, { en: 'keyless' });
      await addProducts(api, 'cc', [product.id]);
    });

    const where = async (predicate: string, extra = '') =>
      keys(ok(await api.call('GET', `/product-selections?where=${q(predicate)}&sort=${q('name.en asc')}${extra}`)));

    it('compares fields and localized fields', async () => {
      expect(await where('key = "aa"')).toEqual(['aa']);
      expect(await where('key != "aa"')).toEqual(['bb', 'cc']);
      expect(await where('key <> "aa"')).toEqual(['bb', 'cc']);
      expect(await where('name(en = "Banana")')).toEqual(['bb']);
      expect(await where('name(de = "Apfel")')).toEqual(['aa']);
      expect(await where('name(en = "banana")')).toEqual([]);
      expect(await where('productCount > 0')).toEqual(['cc']);
      expect(await where('productCount >= 0 and productCount <= 0')).toEqual(['aa', 'bb', undefined]);
      expect(await where('key < "bb"')).toEqual(['aa']);
    });

    it('supports in, not in, is defined, not(), parentheses, and binds and tighter than or', async () => {
      expect(await where('key in ("aa", "cc")')).toEqual(['aa', 'cc']);
      expect(await where('key not in ("aa", "cc")')).toEqual(['bb']);
      expect(await where('key is not defined')).toEqual([undefined]);
      expect(await where('key is defined')).toEqual(['aa', 'bb', 'cc']);
      expect(await where('not(key = "aa")')).toEqual(['bb', 'cc', undefined]);
      // and first: productCount = 1 or (key = "aa" and key = "bb").
      expect(await where('productCount = 1 or key = "aa" and key = "bb"')).toEqual(['cc']);
      expect(await where('(productCount = 1 or key = "aa") and key = "bb"')).toEqual([]);
      expect(await where('key = "aa" or key = "bb"')).toEqual(['aa', 'bb']);
    });

    it('ANDs repeated where parameters', async () => {
      expect(await where('key in ("aa", "bb", "cc")', `&where=${q('productCount = 0')}`)).toEqual(['aa', 'bb']);
    });

    it('fills :name placeholders from var.<name>; a repeated var is a list for in', async () => {
      expect(await where('key = :k', '&var.k=bb')).toEqual(['bb']);
      expect(await where('key in :ks', '&var.ks=aa&var.ks=cc')).toEqual(['aa', 'cc']);
      expect(await where('productCount > :n', '&var.n=0')).toEqual(['cc']);
      expect(await where('name(en = :name)', `&var.name=${q('Apple')}`)).toEqual(['aa']);
      // A variable is a value, never predicate syntax.
      expect(await where('key = :k', `&var.k=${q('a" or key = "b')}`)).toEqual([]);
    });

    it('matches an array element that satisfies the whole inner predicate (Store settings)', async () => {
      const [a, b] = [ok(await api.call('GET', '/product-selections/key=aa')), ok(await api.call('GET', '/product-selections/key=bb'))];
      await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'aa' }, active: true },
          { productSelection: { key: 'bb' }, active: false },
        ],
      });
      await createStore(api, 'paris', { productSelections: [{ productSelection: { key: 'bb' }, active: true }] });
      await createStore(api, 'rome');
      const stores = async (predicate: string) => keys(ok(await api.call('GET', `/stores?where=${q(predicate)}&sort=${q('key asc')}`)));
      expect(await stores('productSelections(active = true)')).toEqual(['berlin', 'paris']);
      expect(await stores(`productSelections(productSelection(id = "${b.id}") and active = true)`)).toEqual(['paris']);
      expect(await stores(`productSelections(productSelection(id = "${a.id}") and active = false)`)).toEqual([]);
      expect(await stores('productSelections is empty')).toEqual(['rome']);
      expect(await stores('productSelections is not empty')).toEqual(['berlin', 'paris']);
    });

    it('answers bad predicates with 400 InvalidInput naming the position, and changes nothing', async () => {
      const before = await snapshot(api);
      const cases: [string, RegExp][] = [
        ['key = ', /position/],
        ['key == "a"', /position/],
        ['key = "aa" and', /position/],
        ['key = "unterminated', /position/],
        ['nosuchfield = "a"', /Unknown field 'nosuchfield' at position 1/],
        ['name(xx-invalid-field = "a") or nope = 1', /position/],
        ['key = :missing', /Unknown variable ':missing' at position 7/],
        ['key in ("a"', /position/],
      ];
      for (const [predicate, message] of cases) {
        const error = expectError(await api.call('GET', `/product-selections?where=${q(predicate)}`), 400, 'InvalidInput');
        expect(error.message, predicate).toMatch(/^Malformed parameter: where: /);
        expect(error.message, predicate).toMatch(message);
      }
      await expectUnchanged(api, before);
    });

    it('rejects a list variable where one value is expected', async () => {
      expectError(await api.call('GET', `/product-selections?where=${q('key = :k')}&var.k=a&var.k=b`), 400, 'InvalidInput');
    });
  });

  describe('sort', () => {
    beforeEach(async () => {
      await createSelection(api, 'k1', { en: 'apple' });
      await createSelection(api, 'k2', { en: 'Banana' });
      await createSelection(api, 'k3', { en: 'cherry' });
      await createSelection(api, 'k4', { en: 'Apple' });
    });
    const sorted = async (...sorts: string[]) =>
      ok(await api.call('GET', `/product-selections?${sorts.map((s) => `sort=${q(s)}`).join('&')}`)).results.map(
        (r: { name: { en: string } }) => r.name.en,
      );

    it('sorts by name.en case-sensitively (upper case first), ascending by default', async () => {
      expect(await sorted('name.en asc')).toEqual(['Apple', 'Banana', 'apple', 'cherry']);
      expect(await sorted('name.en')).toEqual(['Apple', 'Banana', 'apple', 'cherry']);
      expect(await sorted('name.en desc')).toEqual(['cherry', 'apple', 'Banana', 'Apple']);
      expect(await sorted('name.en DESC')).toEqual(['cherry', 'apple', 'Banana', 'Apple']);
    });

    it('composes several sort parameters in order', async () => {
      const p = await createProduct(api, 'pp');
      await addProducts(api, 'k3', [p.id]);
      await addProducts(api, 'k2', [p.id]);
      expect(await sorted('productCount desc', 'name.en asc')).toEqual(['Banana', 'cherry', 'Apple', 'apple']);
      expect(await sorted('productCount asc', 'name.en desc')).toEqual(['apple', 'Apple', 'cherry', 'Banana']);
      expect(await sorted('productCount desc', 'key desc')).toEqual(['cherry', 'Banana', 'Apple', 'apple']);
    });

    it('answers a bad sort with 400 InvalidInput', async () => {
      expectError(await api.call('GET', `/product-selections?sort=${q('nosuchfield asc')}`), 400, 'InvalidInput');
      expectError(await api.call('GET', `/product-selections?sort=${q('name.en sideways')}`), 400, 'InvalidInput');
      expectError(await api.call('GET', `/product-selections?sort=${q('')}`), 400, 'InvalidInput');
    });
  });

  describe('reference expansion', () => {
    it('expands productSelections[*].productSelection on a Store, and [0] only the first', async () => {
      const a = await createSelection(api, 'aa');
      const b = await createSelection(api, 'bb');
      await createStore(api, 'berlin', {
        productSelections: [
          { productSelection: { key: 'aa' }, active: true },
          { productSelection: { key: 'bb' }, active: false },
        ],
      });
      const all = ok(await api.call('GET', `/stores/key=berlin?expand=${q('productSelections[*].productSelection')}`));
      expect(all.productSelections.map((s: { productSelection: { obj: unknown } }) => s.productSelection.obj)).toEqual([a, b]);
      const first = ok(await api.call('GET', `/stores/key=berlin?expand=${q('productSelections[0].productSelection')}`));
      expect(first.productSelections[0].productSelection.obj).toEqual(a);
      expect(first.productSelections[1].productSelection).toEqual({ typeId: 'product-selection', id: b.id });
      const queried = ok(await api.call('GET', `/stores?expand=${q('productSelections[*].productSelection')}`));
      expect(queried.results[0].productSelections[1].productSelection.obj).toEqual(b);
      // Expansion is a view: the stored Store is unchanged.
      expect(ok(await api.call('GET', '/stores/key=berlin')).productSelections[0].productSelection).toEqual({
        typeId: 'product-selection',
        id: a.id,
      });
    });

    it('expands on create, update and delete too', async () => {
      const a = await createSelection(api, 'aa');
      const created = ok(
        await api.call('POST', `/stores?expand=${q('productSelections[*].productSelection')}`, {
          key: 'berlin',
          productSelections: [{ productSelection: { key: 'aa' }, active: true }],
        }),
        201,
      );
      expect(created.productSelections[0].productSelection.obj).toEqual(a);
      const updated = ok(
        await api.call('POST', `/stores/key=berlin?expand=${q('productSelections[*].productSelection')}`, {
          version: 1,
          actions: [{ action: 'changeProductSelectionActive', productSelection: { key: 'aa' }, active: false }],
        }),
      );
      expect(updated.productSelections[0]).toEqual({ productSelection: { typeId: 'product-selection', id: a.id, obj: a }, active: false });
      const deleted = ok(await api.call('DELETE', `/stores/key=berlin?version=2&expand=${q('productSelections[*].productSelection')}`));
      expect(deleted.productSelections[0].productSelection.obj).toEqual(a);
    });

    it('leaves a dangling reference unexpanded, without error, and expands the rest', async () => {
      const gone = await createSelection(api, 'gone');
      const kept = await createSelection(api, 'kept');
      ok(await api.call('DELETE', `/product-selections/${gone.id}?version=1`));
      const page = ok(await api.call('GET', `/messages?expand=resource&sort=${q('createdAt asc')}`));
      const byResource = page.results.map((m: { type: string; resource: { id: string; obj?: unknown } }) => [
        m.type,
        m.resource.id,
        m.resource.obj,
      ]);
      expect(byResource).toEqual([
        ['ProductSelectionCreated', gone.id, undefined],
        ['ProductSelectionCreated', kept.id, kept],
        ['ProductSelectionDeleted', gone.id, undefined],
      ]);
    });

    it('ignores paths that lead nowhere, and rejects malformed paths with 400 InvalidInput', async () => {
      const a = await createSelection(api, 'aa');
      expect(ok(await api.call('GET', `/product-selections/${a.id}?expand=nothing&expand=${q('name.en')}&expand=${q('x[*].y')}`))).toEqual(
        a,
      );
      for (const path of ['a[', 'a[x]', 'a..b', '', '.a']) {
        const error = expectError(await api.call('GET', `/product-selections/${a.id}?expand=${q(path)}`), 400, 'InvalidInput');
        expect(error.message).toMatch(/^Malformed parameter: expand: /);
      }
    });
  });

  describe('paging', () => {
    it('defaults to limit 20, offset 0, total on the resource queries', async () => {
      for (let i = 0; i < 22; i++) await createSelection(api, `s${String(i).padStart(2, '0')}`);
      await createStore(api, 'berlin');
      const first = ok(await api.call('GET', '/product-selections'));
      expect(first).toMatchObject({ limit: 20, offset: 0, count: 20, total: 22 });
      expect(ok(await api.call('GET', '/stores'))).toMatchObject({ limit: 20, offset: 0, count: 1, total: 1 });
      // 22 ProductSelectionCreated and the Store's StoreCreated.
      expect(ok(await api.call('GET', '/messages'))).toMatchObject({ limit: 20, offset: 0, count: 20, total: 23 });
      const second = ok(await api.call('GET', `/product-selections?offset=20&sort=${q('key asc')}`));
      expect(second).toMatchObject({ offset: 20, count: 2, total: 22 });
      expect(keys(second)).toEqual(['s20', 's21']);
      const none = ok(await api.call('GET', '/product-selections?withTotal=false&limit=0'));
      expect(none).toEqual({ limit: 0, offset: 0, count: 0, results: [] });
      expect(ok(await api.call('GET', '/product-selections?limit=0'))).toEqual({ limit: 0, offset: 0, count: 0, total: 22, results: [] });
    });

    it('accepts the bounds (limit 500, offset 10 000) and answers anything beyond with 400 InvalidInput', async () => {
      await createSelection(api, 'aa');
      await createStore(api, 'berlin');
      const before = await snapshot(api);
      expect(ok(await api.call('GET', '/product-selections?limit=500'))).toMatchObject({ limit: 500, count: 1 });
      expect(ok(await api.call('GET', '/stores?limit=500&offset=10000'))).toMatchObject({ limit: 500, offset: 10000, count: 0 });
      expect(ok(await api.call('GET', '/product-selections?offset=10000'))).toMatchObject({ offset: 10000, count: 0, total: 1 });
      const paths = [
        '/product-selections?limit=501',
        '/product-selections?limit=-1',
        '/product-selections?offset=10001',
        '/product-selections?offset=-1',
        '/product-selections?limit=abc',
        '/product-selections?limit=1.5',
        '/product-selections?withTotal=maybe',
        '/product-selections?limit=1&limit=2',
        '/stores?limit=501',
        '/messages?offset=10001',
        '/product-selections/key=aa/products?limit=501',
        '/in-store/key=berlin/product-selection-assignments?offset=10001',
      ];
      for (const path of paths) {
        const error = expectError(await api.call('GET', path), 400, 'InvalidInput');
        expect(error.message, path).toMatch(/^Malformed parameter: (limit|offset|withTotal): /);
      }
      await expectUnchanged(api, before);
    });

    it('iterates with sort=id asc, where id > last and withTotal=false', async () => {
      for (let i = 0; i < 7; i++) await createSelection(api, `s${i}`);
      const seen: string[] = [];
      let last: string | undefined;
      for (;;) {
        const where = last === undefined ? '' : `&where=${q(`id > "${last}"`)}`;
        const page = ok(await api.call('GET', `/product-selections?withTotal=false&limit=3&sort=${q('id asc')}${where}`));
        expect(page).not.toHaveProperty('total');
        seen.push(...page.results.map((r: { id: string }) => r.id));
        if (page.count < 3) break;
        last = page.results[page.count - 1].id;
      }
      expect(seen).toHaveLength(7);
      expect([...seen].sort()).toEqual(seen);
    });

    it('caps total at 10 000 when a predicate is used', async () => {
      // 10 005 selections, inserted directly: creating them one by one over HTTP would take minutes.
      const collection = api.emulator.context.state.collection('product-selection');
      const at = new Date(api.clock.now()).toISOString();
      for (let i = 0; i < 10_005; i++) {
        collection.insert({
          id: randomUUID(),
          version: 1,
          key: `bulk-${i}`,
          name: { en: `Bulk ${i}` },
          productCount: 0,
          mode: 'Individual',
          createdAt: at,
          lastModifiedAt: at,
        });
      }
      expect(ok(await api.call('GET', '/product-selections?limit=1'))).toMatchObject({ count: 1, total: 10_005 });
      expect(ok(await api.call('GET', `/product-selections?limit=1&where=${q('productCount = 0')}`))).toMatchObject({
        count: 1,
        total: 10_000,
      });
      const narrow = ok(await api.call('GET', `/product-selections?limit=1&where=${q('key in ("bulk-1", "bulk-2")')}`));
      expect(narrow).toMatchObject({ count: 1, total: 2 });
      // The last page is still reachable by offset without a predicate.
      expect(ok(await api.call('GET', '/product-selections?offset=10000&limit=10'))).toMatchObject({
        offset: 10_000,
        count: 5,
        total: 10_005,
      });
    });
  });

  it('ReferencedResourceNotFound stays an update error, not a query one: a query for a missing id is empty', async () => {
    expect(ok(await api.call('GET', `/product-selections?where=${q('id = "nope"')}`))).toMatchObject({ count: 0, total: 0, results: [] });
    await createStore(api, 'berlin');
    expectError(
      await update(api, '/stores/key=berlin', [{ action: 'addProductSelection', productSelection: { id: 'nope' } }]),
      400,
      'ReferencedResourceNotFound',
    );
  });
});

/**
 * Expansion paths over REST that continue into an already expanded object, or past what exists
 * (the engine's unit tests cover them on plain objects).
 */
describe('reference expansion into expanded objects', () => {
  let api: Api;
  let product: { id: string };
  beforeEach(async () => {
    api = await createApi();
    product = await createProduct(api, 'p1');
    await createSelection(api, 'summer');
    await addProducts(api, 'summer', [product.id]);
  });

  const added = async (expand: string[]) => {
    const query = [`where=${q('type = "ProductSelectionProductAdded"')}`, ...expand.map((path) => `expand=${q(path)}`)].join('&');
    const page = ok(await api.call('GET', `/messages?${query}`));
    expect(page.count).toBe(1);
    return page.results[0] as Json;
  };

  it('a path continues into an expanded reference without writing obj (product.productType on a message), as with obj written', async () => {
    const productType = ok(await api.call('GET', '/product-types/key=shirt'));
    const plain = ok(await api.call('GET', `/products/${product.id}`));
    const message = await added(['product.productType']);
    expect(message['product'].obj.productType).toEqual({ typeId: 'product-type', id: productType.id, obj: productType });
    expect({ ...message['product'].obj, productType: plain.productType }).toEqual(plain);
    expect(await added(['product.obj.productType'])).toEqual(message);
    // Expanding only the first step leaves the inner reference alone: as much as requested and no more.
    expect((await added(['product']))['product'].obj.productType).toEqual({ typeId: 'product-type', id: productType.id });
  });

  it('a path going on past what exists, or into an index beyond the array, expands what it can and never fails', async () => {
    const message = await added(['product.productType.nothing.here', 'product.masterData.current.variants[5].x']);
    expect(message['product'].obj.productType.obj.key).toBe('shirt');
    await createStore(api, 'berlin', { productSelections: [{ productSelection: { key: 'summer' }, active: true }] });
    const store = ok(await api.call('GET', `/stores/key=berlin?expand=${q('productSelections[3].productSelection')}`));
    expect(store.productSelections[0].productSelection).not.toHaveProperty('obj');
  });
});
