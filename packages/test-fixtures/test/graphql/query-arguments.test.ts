import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql, seedProducts } from './helpers.js';

/**
 * The `where`, `sort`, `limit` and `offset` arguments reuse the REST query engine. Every paged field
 * that has a REST counterpart answers the same bad `where`, `sort`, `limit` and `offset` with the
 * same error as REST (code and message), and the same good ones with the same elements in the
 * same order; `limit`/`offset`/`sort` work on every paged field, with `offset`, `count`, `total`
 * and `exists` as REST's paging says.
 */

let api: Api;
let products: Awaited<ReturnType<typeof seedProducts>>;
const selectionIds: Record<string, string> = {};

beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-query-arguments' });
  products = await seedProducts(api);
  for (const [key, en, members] of [
    ['aa', 'Apple', ['inside', 'outside', 'draft']],
    ['bb', 'Banana', ['inside']],
    ['cc', 'Cherry', ['inside', 'outside']],
  ] as const) {
    const created = await api.call<{ id: string }>('POST', '/product-selections', { key, name: { en, de: en.toUpperCase() } });
    expect(created.status).toBe(201);
    selectionIds[key] = created.body.id;
    const actions = members.map((member) => ({ action: 'addProduct', product: { key: member } }));
    expect((await api.call('POST', `/product-selections/key=${key}`, { version: 1, actions })).status).toBe(200);
  }
  const store = await api.call('POST', '/stores', {
    key: 'berlin',
    productSelections: [
      { productSelection: { key: 'aa' }, active: true },
      { productSelection: { key: 'cc' }, active: true },
      { productSelection: { key: 'bb' }, active: false },
    ],
  });
  expect(store.status).toBe(201);
});

interface PagedField {
  /** The REST path of the same list. */
  rest: string;
  /** A GraphQL document with `$where`, `$sort`, `$limit`, `$offset`, selecting `page { offset count total exists results { ... } }`. */
  query: string;
  /** The page inside the answer's data. */
  page(data: Record<string, unknown>): Page;
  /** The identity of one REST result and of one GraphQL result, comparable. */
  restId(result: Record<string, unknown>): string;
  gqlId(result: Record<string, unknown>): string;
  /** A predicate and a sort that fit this list's REST fields. */
  where: string;
  sort: string[];
}

interface Page {
  offset: number;
  count: number;
  total: number;
  exists: boolean;
  results: Record<string, unknown>[];
}

const ARGS = '$where: String, $sort: [String!], $limit: Int, $offset: Int';
const PASS = 'where: $where, sort: $sort, limit: $limit, offset: $offset';
const PAGE = 'offset count total exists';
const refId = (member: string) => (result: Record<string, unknown>) => (result[member] as { id: string }).id;
const pair = (product: string, selection: string) => (result: Record<string, unknown>) =>
  `${(result[product] as { id: string }).id}/${(result[selection] as { id: string }).id}`;

const fields = (): Record<string, PagedField> => ({
  'Query.productSelections': {
    rest: '/product-selections',
    query: `query (${ARGS}) { page: productSelections(${PASS}) { ${PAGE} results { id } } }`,
    page: (d) => d['page'] as Page,
    restId: (r) => r['id'] as string,
    gqlId: (r) => r['id'] as string,
    where: 'name(en = "Apple") or productCount >= 2',
    sort: ['productCount desc', 'name.de asc'],
  },
  'ProductSelection.productRefs': {
    rest: '/product-selections/key=aa/products',
    query: `query (${ARGS}) { productSelection(key: "aa") { page: productRefs(${PASS}) { ${PAGE} results { productRef { id } } } } }`,
    page: (d) => (d['productSelection'] as { page: Page }).page,
    restId: refId('product'),
    gqlId: refId('productRef'),
    where: `product(id != "${'0'.repeat(8)}")`,
    sort: ['product.id desc'],
  },
  'Product.productSelectionRefs': {
    rest: '/products/key=inside/product-selections',
    query: `query (${ARGS}) { product(key: "inside") { page: productSelectionRefs(${PASS}) { ${PAGE} results { productSelectionRef { id } } } } }`,
    page: (d) => (d['product'] as { page: Page }).page,
    restId: refId('productSelection'),
    gqlId: refId('productSelectionRef'),
    where: 'productSelection(typeId = "product-selection")',
    sort: ['productSelection.id desc'],
  },
  'InStore.productSelectionAssignments': {
    rest: '/in-store/key=berlin/product-selection-assignments',
    query: `query (${ARGS}) { inStore(key: "berlin") { page: productSelectionAssignments(${PASS}) { ${PAGE} results { productRef { id } productSelectionRef { id } } } } }`,
    page: (d) => (d['inStore'] as { page: Page }).page,
    restId: pair('product', 'productSelection'),
    gqlId: pair('productRef', 'productSelectionRef'),
    where: `product(id = "${'0'.repeat(8)}") or productSelection(typeId = "product-selection")`,
    sort: ['product.id asc', 'productSelection.id desc'],
  },
});

function restPath(field: PagedField, args: { where?: string; sort?: string[]; limit?: number; offset?: number; withTotal?: boolean }) {
  const query = new URLSearchParams();
  if (args.where !== undefined) query.append('where', args.where);
  for (const sort of args.sort ?? []) query.append('sort', sort);
  if (args.limit !== undefined) query.set('limit', String(args.limit));
  if (args.offset !== undefined) query.set('offset', String(args.offset));
  query.set('withTotal', String(args.withTotal ?? true));
  return `${field.rest}?${query.toString()}`;
}

const BAD: Record<string, { where?: string; sort?: string[]; limit?: number; offset?: number }> = {
  'an unknown field in where': { where: 'colour = "red"' },
  'a where with a syntax error': { where: 'key = ' },
  'a where with an unclosed parenthesis': { where: '(key = "aa"' },
  'a where ending in a dangling and': { where: 'key > "a" and' },
  'an unknown field in sort': { sort: ['colour asc'] },
  'a sort with a bad direction': { sort: ['id sideways'] },
  'a limit over 500': { limit: 501 },
  'a negative limit': { limit: -1 },
  'an offset over 10 000': { offset: 10_001 },
  'a negative offset': { offset: -1 },
};

describe.each(Object.entries(fields()))('%s and its REST counterpart', (name, field) => {
  it.each(Object.entries(BAD))('refuse %s alike: InvalidInput with the same message', async (_case, args) => {
    const rest = await api.call<{ errors: { code: string; message: string }[] }>('GET', restPath(field, args));
    expect(rest.status, JSON.stringify(rest.body)).toBe(400);
    const restError = rest.body.errors[0]!;
    const answer = await failure(gql(api, field.query, args));
    expect(answer.status).toBe(200);
    expect(answer.error.extensions).toEqual({ code: restError.code });
    expect(answer.error.message).toBe(restError.message);
    expect(answer.error.path?.at(-1)).toBe('page');
  });

  it('answer a good predicate, a composed sort, limit and offset with the same elements in the same order', async () => {
    const all = { where: field.where, sort: field.sort, limit: 500 };
    const rest = await api.call<{ total: number; results: Record<string, unknown>[] }>('GET', restPath(field, all));
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.total, `${name}: the fixture must give more than one element`).toBeGreaterThan(1);
    const everything = field.page(await data(gql(api, field.query, all)));
    expect(everything.results.map(field.gqlId)).toEqual(rest.body.results.map(field.restId));
    expect(everything).toMatchObject({ offset: 0, count: rest.body.total, total: rest.body.total, exists: true });

    // The second element alone.
    const window = { ...all, limit: 1, offset: 1 };
    const restWindow = await api.call<{ offset: number; count: number; total: number; results: Record<string, unknown>[] }>(
      'GET',
      restPath(field, window),
    );
    const page = field.page(await data(gql(api, field.query, window)));
    expect(page.results.map(field.gqlId)).toEqual(restWindow.body.results.map(field.restId));
    expect(page).toMatchObject({ offset: 1, count: 1, total: rest.body.total, exists: true });
    expect({ offset: page.offset, count: page.count, total: page.total }).toEqual({
      offset: restWindow.body.offset,
      count: restWindow.body.count,
      total: restWindow.body.total,
    });

    // limit 0: no results, but the total is counted.
    const none = field.page(await data(gql(api, field.query, { ...all, limit: 0 })));
    expect(none).toEqual({ offset: 0, count: 0, total: rest.body.total, exists: true, results: [] });

    // Nothing matches.
    const nothing = field.page(await data(gql(api, field.query, { where: `(${field.where}) and not(${field.where})` })));
    expect(nothing).toEqual({ offset: 0, count: 0, total: 0, exists: false, results: [] });
  });
});

describe('Query.productSelectionAssignments (no REST counterpart: every pair of the project)', () => {
  const query = `query (${ARGS}) { productSelectionAssignments(${PASS}) { ${PAGE} results { productRef { id } productSelectionRef { id } } } }`;
  type Out = { productSelectionAssignments: Page };
  const ids = (page: Page) => page.results.map(pair('productRef', 'productSelectionRef'));

  it('takes where, sort, limit and offset', async () => {
    // a: 3 products, b: 1, c: 2.
    const all = (await data<Out>(gql(api, query, { sort: ['productSelection.id asc', 'product.id asc'], limit: 500 })))
      .productSelectionAssignments;
    expect(all).toMatchObject({ offset: 0, count: 6, total: 6, exists: true });
    const expected = Object.entries({ aa: ['inside', 'outside', 'draft'], bb: ['inside'], cc: ['inside', 'outside'] })
      .flatMap(([key, members]) => members.map((member) => [selectionIds[key]!, products[member as keyof typeof products].id] as const))
      .sort(([s1, p1], [s2, p2]) => (s1 === s2 ? (p1 < p2 ? -1 : 1) : s1 < s2 ? -1 : 1))
      .map(([selection, product]) => `${product}/${selection}`);
    expect(ids(all)).toEqual(expected);

    const reversed = (await data<Out>(gql(api, query, { sort: ['productSelection.id desc', 'product.id desc'] })))
      .productSelectionAssignments;
    expect(ids(reversed)).toEqual([...expected].reverse());

    const window = (await data<Out>(gql(api, query, { sort: ['productSelection.id asc', 'product.id asc'], limit: 2, offset: 3 })))
      .productSelectionAssignments;
    expect(window).toMatchObject({ offset: 3, count: 2, total: 6, exists: true });
    expect(ids(window)).toEqual(expected.slice(3, 5));

    const ofOutside = (await data<Out>(gql(api, query, { where: `product(id = "${products.outside.id}")` }))).productSelectionAssignments;
    expect(ofOutside.total).toBe(2);

    const bad = await failure(gql(api, query, { where: 'colour = "red"' }));
    expect(bad.error.extensions).toEqual({ code: 'InvalidInput' });
    const badSort = await failure(gql(api, query, { sort: ['colour asc'] }));
    expect(badSort.error.extensions).toEqual({ code: 'InvalidInput' });
  });
});
