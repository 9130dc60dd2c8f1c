import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql } from './helpers.js';

/**
 * The GraphQL side of both Product Selection modes: the mode on the selection and the draft, the
 * variant selection and exclusion types on every assignment, the new message payloads, and the
 * in-store Product holding only the variants the Store offers.
 */

type Json = Record<string, unknown>;

describe('GraphQL variant selections and exclusions', () => {
  let api: Api;
  let shirt: string;
  const post = async (path: string, body: Json, status = 200) => {
    const answer = await api.call<Json>('POST', path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    return answer.body;
  };
  const mutate = (key: string, version: number, actions: Json[]) =>
    gql(
      api,
      'mutation ($k: String, $v: Long!, $a: [ProductSelectionUpdateAction!]!) { updateProductSelection(key: $k, version: $v, actions: $a) { version productCount } }',
      {
        k: key,
        v: version,
        a: actions,
      },
    );

  beforeEach(async () => {
    api = await createApi();
    await post('/product-types', { key: 'shirt', name: 'Shirt', description: 'A shirt' }, 201);
    const product = await post(
      '/products',
      {
        key: 'shirt',
        productType: { typeId: 'product-type', key: 'shirt' },
        name: { en: 'Shirt' },
        slug: { en: 'shirt' },
        masterVariant: { sku: 's' },
        variants: [{ sku: 'm' }, { sku: 'l' }],
        publish: true,
      },
      201,
    );
    shirt = product['id'] as string;
    // Two requests, so that the two ProductSelectionCreated messages do not share a millisecond.
    const summer = await data<{ a: Json }>(
      gql(api, 'mutation { a: createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "Summer" }] }) { mode } }'),
    );
    const recall = await data<{ b: Json }>(
      gql(
        api,
        'mutation { b: createProductSelection(draft: { key: "recall", name: [{ locale: "en", value: "Recall" }], mode: IndividualExclusion }) { mode } }',
      ),
    );
    expect({ ...summer, ...recall }).toEqual({ a: { mode: 'Individual' }, b: { mode: 'IndividualExclusion' } });
  });

  it('adds, excludes and sets variants through mutations, and shows them on productRefs, productSelectionRefs and assignments', async () => {
    await data(mutate('summer', 1, [{ addProduct: { product: { key: 'shirt' }, variantSelection: { includeAllExcept: ['l'] } } }]));
    await data(mutate('recall', 1, [{ excludeProduct: { product: { key: 'shirt' }, variantExclusion: { skus: ['m'] } } }]));
    const variants = 'variantSelection { __typename type skus } variantExclusion { skus }';
    const read = await data<Json>(
      gql(
        api,
        `{
          summer: productSelection(key: "summer") { productRefs { results { productRef { id } ${variants} } } }
          recall: productSelection(key: "recall") { productRefs { results { productRef { id } ${variants} } } }
          product(key: "shirt") { productSelectionRefs(sort: "createdAt asc") { results { productSelection { key } createdAt ${variants} } } }
          productSelectionAssignments { results { productSelection { key } ${variants} } }
        }`,
      ),
    );
    const selection = { __typename: 'ProductVariantSelectionIncludeAllExcept', type: 'includeAllExcept', skus: ['l'] };
    expect(read['summer']).toEqual({
      productRefs: { results: [{ productRef: { id: shirt }, variantSelection: selection, variantExclusion: null }] },
    });
    expect(read['recall']).toEqual({
      productRefs: { results: [{ productRef: { id: shirt }, variantSelection: null, variantExclusion: { skus: ['m'] } }] },
    });
    const refs = (read['product'] as { productSelectionRefs: { results: Json[] } }).productSelectionRefs.results;
    expect(refs.map((r) => [(r['productSelection'] as Json)['key'], r['variantSelection'], r['variantExclusion']])).toEqual([
      ['summer', selection, null],
      ['recall', null, { skus: ['m'] }],
    ]);
    expect(refs[0]!['createdAt']).toEqual(expect.any(String));
    expect((read['productSelectionAssignments'] as { results: Json[] }).results).toHaveLength(2);

    await data(mutate('summer', 2, [{ setVariantSelection: { product: { id: shirt }, variantSelection: { includeOnly: ['s'] } } }]));
    await data(mutate('recall', 2, [{ setVariantExclusion: { product: { id: shirt } } }]));
    const messages = await data<{ messages: { results: { type: string; payload: Json }[] } }>(
      gql(
        api,
        `{ messages(sort: ["createdAt asc", "sequenceNumber asc"]) { results { type payload {
          ... on ProductSelectionCreated { productSelection { key mode type } }
          ... on ProductSelectionProductAdded { productRef { id } variantSelection { type skus } }
          ... on ProductSelectionProductExcluded { productRef { id } variantExclusion { skus } }
          ... on ProductSelectionVariantSelectionChanged { oldVariantSelection { type skus } newVariantSelection { type skus } }
          ... on ProductSelectionVariantExclusionChanged { oldVariantExclusion { skus } newVariantExclusion { skus } }
        } } } }`,
      ),
    );
    const selectionMessages = messages.messages.results.filter((m) => m.type.startsWith('ProductSelection'));
    expect(selectionMessages.map((m) => m.payload)).toEqual([
      { productSelection: { key: 'summer', mode: 'Individual', type: 'individual' } },
      { productSelection: { key: 'recall', mode: 'IndividualExclusion', type: 'individualExclusion' } },
      { productRef: { id: shirt }, variantSelection: { type: 'includeAllExcept', skus: ['l'] } },
      { productRef: { id: shirt }, variantExclusion: { skus: ['m'] } },
      { oldVariantSelection: { type: 'includeAllExcept', skus: ['l'] }, newVariantSelection: { type: 'includeOnly', skus: ['s'] } },
      { oldVariantExclusion: { skus: ['m'] }, newVariantExclusion: null },
    ]);
  });

  it('refuses a variant selection draft with both lists, and an action of the other mode, with the REST error codes', async () => {
    const both = await failure(
      mutate('summer', 1, [
        { addProduct: { product: { key: 'shirt' }, variantSelection: { includeOnly: ['s'], includeAllExcept: ['m'] } } },
      ]),
    );
    expect(both.error.extensions?.code).toBe('InvalidInput');
    const exclude = await failure(mutate('summer', 1, [{ excludeProduct: { product: { key: 'shirt' } } }]));
    expect(exclude.error.extensions?.code).toBe('InvalidOperation');
    const missing = await failure(
      mutate('recall', 1, [{ setVariantExclusion: { product: { key: 'shirt' }, variantExclusion: { skus: ['s'] } } }]),
    );
    expect(missing.error.extensions).toMatchObject({ code: 'ProductAssignmentMissing', product: { typeId: 'product', id: shirt } });
    const selection = await data<{ productSelection: Json }>(gql(api, '{ productSelection(key: "summer") { version productCount } }'));
    expect(selection.productSelection).toEqual({ version: 1, productCount: 0 });
  });

  it('gives inStore.product with only the variants the Store offers, and null when it offers none', async () => {
    await data(mutate('summer', 1, [{ addProduct: { product: { key: 'shirt' }, variantSelection: { includeAllExcept: ['s'] } } }]));
    await data(mutate('recall', 1, [{ excludeProduct: { product: { key: 'shirt' }, variantExclusion: { skus: ['m'] } } }]));
    await post(
      '/stores',
      {
        key: 'berlin',
        productSelections: [
          { productSelection: { key: 'summer' }, active: true },
          { productSelection: { key: 'recall' }, active: true },
        ],
      },
      201,
    );
    const query =
      '{ inStore(key: "berlin") { product(key: "shirt") { skus masterData { current { masterVariant { sku } variants { sku } } } } } }';
    const offered = await data<{ inStore: { product: Json } }>(gql(api, query));
    expect(offered.inStore.product).toEqual({ skus: ['l'], masterData: { current: { masterVariant: { sku: 'l' }, variants: [] } } });
    const rest = await api.call<Json>('GET', '/in-store/key=berlin/product-projections/key=shirt');
    expect((rest.body['masterVariant'] as Json)['sku']).toBe('l');
    await data(mutate('recall', 2, [{ setVariantExclusion: { product: { key: 'shirt' } } }]));
    expect((await data<{ inStore: { product: Json | null } }>(gql(api, query))).inStore.product).toBeNull();
  });
});
