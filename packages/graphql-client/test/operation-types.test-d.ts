import { describe, expectTypeOf, it } from 'vitest';
import type {
  GetProductDocument,
  GetProductSelectionProductsDocument,
  GetStoreDocument,
  QueryInStoreProductSelectionAssignmentsDocument,
  QueryProductSelectionAssignmentsDocument,
} from '../src/index.js';
import {
  createGraphqlClient,
  CreateStoreDocument,
  DeleteProductSelectionDocument,
  findError,
  GetInStoreProductDocument,
  QueryProductSelectionsDocument,
  UpdateProductSelectionDocument,
  UpdateStoreDocument,
  type GraphqlResult,
  type ResultOf,
  type TokenSource,
  type VariablesOf,
} from '../src/index.js';

/**
 * Every update action input of both update documents takes the fields of
 * the service's GraphQL schema and refuses wrong types and unknown members; the query result types carry offset,
 * count, total, exists and results; `*Ref` and resolved forms are typed; the options take
 * `baseUrl` or `region`, `projectKey`, `auth` and `fetch`.
 */

declare const client: ReturnType<typeof createGraphqlClient>;
declare const auth: TokenSource;

describe('ProductSelectionUpdateAction: the four inputs', () => {
  it('accepts each with its fields', async () => {
    await client.request(UpdateProductSelectionDocument, {
      id: 'ps-1',
      version: 1,
      actions: [
        { addProduct: { product: { typeId: 'product', id: 'p-1' } } },
        { removeProduct: { product: { key: 'shirt' } } },
        { changeName: { name: [{ locale: 'en', value: 'Summer' }] } },
        { setKey: { key: 'summer' } },
        { setKey: {} },
      ],
    });
  });

  it('refuses wrong field types, missing required fields and unknown members', async () => {
    const update = (actions: VariablesOf<typeof UpdateProductSelectionDocument>['actions']) =>
      client.request(UpdateProductSelectionDocument, { key: 'summer', version: 1, actions });
    // @ts-expect-error product is a ResourceIdentifier, not a string
    await update([{ addProduct: { product: 'p-1' } }]);
    // @ts-expect-error product is required
    await update([{ removeProduct: {} }]);
    // @ts-expect-error key is a String
    await update([{ setKey: { key: 7 } }]);
    // @ts-expect-error name items need a value
    await update([{ changeName: { name: [{ locale: 'en' }] } }]);
    // @ts-expect-error an unknown member of an action input
    await update([{ setKey: { key: 'a', colour: 'red' } }]);
    // @ts-expect-error the REST form of an action is not the GraphQL form
    await update([{ action: 'setKey', key: 'a' }]);
    // @ts-expect-error version is required
    await client.request(UpdateProductSelectionDocument, { key: 'summer', actions: [] });
  });

  it('deletes with a required Long version', async () => {
    await client.request(DeleteProductSelectionDocument, { key: 'summer', version: 3 });
    // @ts-expect-error version is required
    await client.request(DeleteProductSelectionDocument, { key: 'summer' });
    // @ts-expect-error version is a number
    await client.request(DeleteProductSelectionDocument, { key: 'summer', version: '3' });
  });
});

describe('Stores: CreateStore with productSelections, the four selection actions', () => {
  it('accepts the selection drafts and update actions', async () => {
    await client.request(CreateStoreDocument, {
      draft: { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' }, active: true }] },
    });
    await client.request(UpdateStoreDocument, {
      key: 'berlin',
      version: 1,
      actions: [
        { addProductSelection: { productSelection: { key: 'summer' } } },
        { addProductSelection: { productSelection: { id: 'ps-1' }, active: true } },
        { changeProductSelectionActive: { productSelection: { key: 'summer' }, active: false } },
        { removeProductSelection: { productSelection: { key: 'summer' } } },
        {
          setProductSelections: {
            productSelections: [{ productSelection: { key: 'summer' } }, { productSelection: { key: 'w' }, active: true }],
          },
        },
        { setProductSelections: {} },
      ],
    });
  });

  it('refuses what the schema does not allow', async () => {
    // @ts-expect-error ProductSelectionSettingDraft.active is required
    await client.request(CreateStoreDocument, { draft: { key: 'berlin', productSelections: [{ productSelection: { key: 'summer' } }] } });
    // @ts-expect-error a Store key is required
    await client.request(CreateStoreDocument, { draft: { productSelections: [] } });
    const update = (actions: VariablesOf<typeof UpdateStoreDocument>['actions']) =>
      client.request(UpdateStoreDocument, { key: 'berlin', version: 1, actions });
    // @ts-expect-error changeProductSelectionActive needs active
    await update([{ changeProductSelectionActive: { productSelection: { key: 'summer' } } }]);
    // @ts-expect-error active is a Boolean
    await update([{ addProductSelection: { productSelection: { key: 'summer' }, active: 'yes' } }]);
    // @ts-expect-error removeProductSelection needs the selection
    await update([{ removeProductSelection: {} }]);
    // @ts-expect-error a Product Selection action is not a Store action
    await update([{ addProduct: { product: { key: 'shirt' } } }]);
  });

  it('types Store.productSelections with the reference and the resolved form', () => {
    type Settings = NonNullable<ResultOf<typeof GetStoreDocument>['store']>['productSelections'];
    expectTypeOf<Settings[number]['active']>().toEqualTypeOf<boolean>();
    expectTypeOf<Settings[number]['productSelectionRef']>().toEqualTypeOf<{ typeId: string; id: string }>();
    expectTypeOf<Settings[number]['productSelection']>().toExtend<{ id: string; key: string | null } | null>();
  });
});

describe('query results: offset, count, total, exists, results; *Ref and resolved forms', () => {
  type Paged = { offset: number; count: number; total: number; exists: boolean };
  it('every paged field', () => {
    expectTypeOf<ResultOf<typeof QueryProductSelectionsDocument>['productSelections']>().toExtend<Paged>();
    expectTypeOf<ResultOf<typeof QueryProductSelectionAssignmentsDocument>['productSelectionAssignments']>().toExtend<Paged>();
    expectTypeOf<
      ResultOf<typeof QueryInStoreProductSelectionAssignmentsDocument>['inStore']['productSelectionAssignments']
    >().toExtend<Paged>();
    expectTypeOf<NonNullable<ResultOf<typeof GetProductSelectionProductsDocument>['productSelection']>['productRefs']>().toExtend<Paged>();
    expectTypeOf<NonNullable<ResultOf<typeof GetProductDocument>['product']>['productSelectionRefs']>().toExtend<Paged>();
  });

  it('references: the Ref is always there, the resolved form may be null', () => {
    type Assignment = ResultOf<typeof QueryProductSelectionAssignmentsDocument>['productSelectionAssignments']['results'][number];
    expectTypeOf<Assignment['productRef']>().toEqualTypeOf<{ typeId: string; id: string }>();
    expectTypeOf<Assignment['productSelectionRef']>().toEqualTypeOf<{ typeId: string; id: string }>();
    expectTypeOf<Assignment['product']>().toExtend<{ id: string } | null>();
    expectTypeOf<null>().toExtend<Assignment['productSelection']>();
    type OfSelection = NonNullable<
      ResultOf<typeof GetProductSelectionProductsDocument>['productSelection']
    >['productRefs']['results'][number];
    expectTypeOf<OfSelection['productRef']>().toEqualTypeOf<{ typeId: string; id: string }>();
    type OfProduct = NonNullable<ResultOf<typeof GetProductDocument>['product']>['productSelectionRefs']['results'][number];
    expectTypeOf<OfProduct['productSelectionRef']>().toEqualTypeOf<{ typeId: string; id: string }>();
  });

  it('InStore.product by sku, variantKey, id or key, the store key required', async () => {
    for (const args of [{ sku: 's' }, { variantKey: 'v' }, { id: 'i' }, { key: 'k' }]) {
      const result = await client.request(GetInStoreProductDocument, { storeKey: 'berlin', ...args });
      if (!result.errors) expectTypeOf(result.data.inStore.product).toExtend<{ id: string; skus: string[] } | null>();
    }
    // @ts-expect-error sku is a String
    await client.request(GetInStoreProductDocument, { storeKey: 'berlin', sku: 1 });
    const result = await client.request(GetInStoreProductDocument, { storeKey: 'berlin', key: 'k' });
    // @ts-expect-error a field the document does not select
    if (!result.errors) void result.data.inStore.productSelectionAssignments;
  });

  it('sort takes a list or one string, limit and offset numbers', async () => {
    await client.request(QueryProductSelectionsDocument, { sort: 'key asc', limit: 1, offset: 1, where: 'key = "a"' });
    // @ts-expect-error offset is an Int
    await client.request(QueryProductSelectionsDocument, { offset: '1' });
    // @ts-expect-error sort items are strings
    await client.request(QueryProductSelectionsDocument, { sort: [{ key: 'asc' }] });
  });
});

describe('errors are values typed by extensions.code', () => {
  it('findError narrows, currentVersion is a number', async () => {
    const result: GraphqlResult<ResultOf<typeof UpdateStoreDocument>> = await client.request(UpdateStoreDocument, {
      key: 'berlin',
      version: 1,
      actions: [],
    });
    const conflict = findError(result, 'ConcurrentModification');
    expectTypeOf(conflict?.extensions.code).toEqualTypeOf<'ConcurrentModification' | undefined>();
    expectTypeOf(conflict!.extensions.currentVersion).toEqualTypeOf<number | undefined>();
    if (result.errors) expectTypeOf(result.errors).toExtend<readonly [unknown, ...unknown[]]>();
  });
});

describe('createGraphqlClient({ baseUrl or region, projectKey, auth, fetch? })', () => {
  it('takes the options of the issue', () => {
    createGraphqlClient({ baseUrl: 'https://api.example.com', projectKey: 'p', auth });
    createGraphqlClient({ region: 'australia-southeast1.gcp', projectKey: 'p', auth: { tokenProvider: auth }, fetch: globalThis.fetch });
    // @ts-expect-error an unknown region
    createGraphqlClient({ region: 'mars-1', projectKey: 'p', auth });
    // @ts-expect-error projectKey is required
    createGraphqlClient({ region: 'us-east-2.aws', auth });
    // @ts-expect-error auth is required
    createGraphqlClient({ region: 'us-east-2.aws', projectKey: 'p' });
    // @ts-expect-error fetch is a fetch function
    createGraphqlClient({ region: 'us-east-2.aws', projectKey: 'p', auth, fetch: 'fetch' });
  });
});
