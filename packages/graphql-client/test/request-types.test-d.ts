import { describe, expectTypeOf, it } from 'vitest';
import {
  type createGraphqlClient,
  CreateProductSelectionDocument,
  GetInStoreProductDocument,
  GetProductSelectionDocument,
  QueryMessagesDocument,
  QueryProductSelectionsDocument,
  UpdateProductSelectionDocument,
  type GraphqlError,
  type GraphqlResult,
  type ResultOf,
  type TypedDocument,
  type VariablesOf,
} from '../src/index.js';

declare const client: ReturnType<typeof createGraphqlClient>;

describe('request() takes its types from the document', () => {
  it('types the result, and data is complete once errors is ruled out', async () => {
    const result = await client.request(GetProductSelectionDocument, { key: 'summer' });
    expectTypeOf(result).toEqualTypeOf<GraphqlResult<ResultOf<typeof GetProductSelectionDocument>>>();
    if (result.errors) {
      expectTypeOf(result.errors[0]).toEqualTypeOf<GraphqlError>();
      expectTypeOf(result.errors[0].extensions.code).toExtend<string>();
      return;
    }
    expectTypeOf(result.data.productSelection).toExtend<{ id: string; version: number; productCount: number } | null>();
    expectTypeOf(result.data.productSelection!.nameAllLocales).toEqualTypeOf<Array<{ locale: string; value: string }>>();
    // @ts-expect-error an unknown field of the result
    void result.data.productSelection?.colour;
  });

  it('makes the variables optional only when none is required', async () => {
    await client.request(QueryProductSelectionsDocument);
    await client.request(QueryProductSelectionsDocument, { limit: 10, sort: ['key asc'] });
    await client.request(GetProductSelectionDocument, {}, { headers: { 'X-Correlation-ID': 'my-own-id-0001' } });
    // @ts-expect-error draft is required
    await client.request(CreateProductSelectionDocument);
    // @ts-expect-error storeKey is required
    await client.request(GetInStoreProductDocument, { sku: 'sku-1' });
  });

  it('refuses variables of the wrong type and unknown variables', async () => {
    // @ts-expect-error limit is an Int
    await client.request(QueryProductSelectionsDocument, { limit: '10' });
    // @ts-expect-error no such variable
    await client.request(QueryProductSelectionsDocument, { filter: 'x' });
    // @ts-expect-error version is a Long (number)
    await client.request(UpdateProductSelectionDocument, { key: 'summer', version: '1', actions: [] });
    await client.request(UpdateProductSelectionDocument, {
      key: 'summer',
      version: 1,
      // @ts-expect-error localized strings are lists of { locale, value } items
      actions: [{ changeName: { name: { en: 'Summer' } } }],
    });
    // @ts-expect-error an unknown update action
    await client.request(UpdateProductSelectionDocument, { key: 'summer', version: 1, actions: [{ publish: {} }] });
    await client.request(CreateProductSelectionDocument, { draft: { key: 'summer', name: [{ locale: 'en', value: 'Summer' }] } });
  });

  it('discriminates message payloads by __typename', async () => {
    const result = await client.request(QueryMessagesDocument, { limit: 5 });
    if (result.errors) return;
    const payload = result.data.messages.results[0]!.payload;
    if (payload.__typename === 'ProductSelectionProductAdded')
      expectTypeOf(payload.productRef).toEqualTypeOf<{ typeId: string; id: string }>();
    if (payload.__typename === 'StoreProductSelectionsChanged') expectTypeOf(payload.addedProductSelections).toExtend<unknown[] | null>();
  });

  it('accepts documents typed elsewhere (client preset, DocumentTypeDecoration) and plain strings', async () => {
    class TypedDocumentString<R, V> extends String {
      declare __apiType?: (variables: V) => R;
    }
    const own = new TypedDocumentString<{ productSelections: { total: number } }, { where?: string | null }>(
      'query ($where: String) { productSelections(where: $where) { total } }',
    );
    const result = await client.request(own, { where: 'key = "a"' });
    if (!result.errors) expectTypeOf(result.data.productSelections.total).toEqualTypeOf<number>();
    // @ts-expect-error where is a string
    await client.request(own, { where: 1 });
    const untyped = await client.request('{ productSelections { total } }');
    expectTypeOf(untyped).toEqualTypeOf<GraphqlResult<unknown>>();
    expectTypeOf<VariablesOf<TypedDocument<{ a: 1 }, { b: string }>>>().toEqualTypeOf<{ b: string }>();
  });
});
