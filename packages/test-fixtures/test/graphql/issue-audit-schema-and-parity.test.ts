import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { tokenWith } from '../helpers/tokens.js';
import { data, failure, gql, seedProducts } from './helpers.js';

/**
 * Issue 5 audit, emulator side:
 * - the served schema has every row of spec 4.5 with its arguments and result types, the shared
 *   interface of Query and InStore, and the message payload types of spec 6 implementing
 *   MessagePayload (read by introspection from the endpoint, not from the SDL file);
 * - REST/GraphQL parity of versions (ConcurrentModification with currentVersion both ways, on
 *   Product Selections and Stores), of messages (every message of GraphQL writes, read over both
 *   interfaces, says the same), and of scopes (the same 403 message as the REST endpoint).
 */

let api: Api;

beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-audit' });
});

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedField {
  name: string;
  args: { name: string; type: TypeRef; defaultValue: string | null }[];
  type: TypeRef;
}
interface IntrospectedType {
  name: string;
  kind: string;
  interfaces: { name: string }[] | null;
  possibleTypes: { name: string }[] | null;
  fields: IntrospectedField[] | null;
  inputFields: { name: string; type: TypeRef; defaultValue: string | null }[] | null;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }';

function show(type: TypeRef): string {
  if (type.kind === 'NON_NULL') return `${show(type.ofType!)}!`;
  if (type.kind === 'LIST') return `[${show(type.ofType!)}]`;
  return type.name!;
}

async function introspect(name: string): Promise<IntrospectedType> {
  const out = await data<{ __type: IntrospectedType | null }>(
    gql(
      api,
      `query ($name: String!) { __type(name: $name) { name kind interfaces { name } possibleTypes { name }
        fields { name args { name type { ${TYPE_REF} } defaultValue } type { ${TYPE_REF} } }
        inputFields { name type { ${TYPE_REF} } defaultValue } } }`,
      { name },
    ),
  );
  expect(out.__type, `type ${name} is served`).not.toBeNull();
  return out.__type!;
}

/** `field(arg: Type, ...): Type` as the endpoint serves it. */
async function signature(typeName: string, fieldName: string): Promise<string> {
  const type = await introspect(typeName);
  const field = type.fields?.find((f) => f.name === fieldName);
  expect(field, `${typeName}.${fieldName} is served`).toBeDefined();
  const args = field!.args.map((a) => `${a.name}: ${show(a.type)}`).join(', ');
  return `${fieldName}${args ? `(${args})` : ''}: ${show(field!.type)}`;
}

async function inputFields(typeName: string): Promise<string[]> {
  const type = await introspect(typeName);
  expect(type.kind).toBe('INPUT_OBJECT');
  return type.inputFields!.map((f) => `${f.name}: ${show(f.type)}`);
}

const PAGED = 'where: String, sort: [String!], limit: Int, offset: Int';

describe('the served schema has every row of spec 4.5', () => {
  it.each([
    ['Query', 'productSelection', 'productSelection(id: String, key: String): ProductSelection'],
    ['Query', 'productSelections', `productSelections(${PAGED}): ProductSelectionQueryResult!`],
    ['Query', 'productSelectionAssignments', `productSelectionAssignments(${PAGED}): ProductAssignmentQueryResult!`],
    ['Mutation', 'createProductSelection', 'createProductSelection(draft: CreateProductSelectionDraft!): ProductSelection'],
    [
      'Mutation',
      'updateProductSelection',
      'updateProductSelection(version: Long!, actions: [ProductSelectionUpdateAction!]!, id: String, key: String): ProductSelection',
    ],
    ['Mutation', 'deleteProductSelection', 'deleteProductSelection(version: Long!, id: String, key: String): ProductSelection'],
    ['Product', 'productSelectionRefs', `productSelectionRefs(${PAGED}): SelectionOfProductQueryResult!`],
    ['InStore', 'product', 'product(sku: String, variantKey: String, id: String, key: String): Product'],
    ['InStore', 'productSelectionAssignments', `productSelectionAssignments(${PAGED}): ProductAssignmentQueryResult!`],
    ['Store', 'productSelections', 'productSelections: [ProductSelectionSetting!]!'],
    ['StoreCreated', 'productSelections', 'productSelections: [ProductSelectionSetting!]!'],
    ['ProductSelection', 'productRefs', `productRefs(${PAGED}): ProductOfSelectionQueryResult!`],
    ['ProductSelection', 'nameAllLocales', 'nameAllLocales: [LocalizedString!]!'],
  ])('%s.%s', async (type, field, expected) => {
    expect(await signature(type, field)).toBe(expected);
  });

  it('Query and InStore implement the interface exposing productSelectionAssignments', async () => {
    const shared = await introspect('ProductSelectionAssignmentsQueryInterface');
    expect(shared.kind).toBe('INTERFACE');
    expect(shared.fields!.map((f) => f.name)).toEqual(['productSelectionAssignments']);
    expect(shared.possibleTypes!.map((t) => t.name).sort()).toEqual(['InStore', 'Query']);
    expect((await introspect('Query')).interfaces!.map((i) => i.name)).toContain('ProductSelectionAssignmentsQueryInterface');
  });

  it('ProductSelection has the fields of spec 2.5', async () => {
    const fields = Object.fromEntries((await introspect('ProductSelection')).fields!.map((f) => [f.name, show(f.type)]));
    expect(fields).toMatchObject({
      id: 'String!',
      version: 'Long!',
      key: 'String',
      name: 'String',
      nameAllLocales: '[LocalizedString!]!',
      productCount: 'Int!',
      productRefs: 'ProductOfSelectionQueryResult!',
      createdAt: 'DateTime!',
      lastModifiedAt: 'DateTime!',
      createdBy: 'Initiator',
      lastModifiedBy: 'Initiator',
    });
  });

  it.each([
    'ProductSelectionQueryResult',
    'ProductAssignmentQueryResult',
    'ProductOfSelectionQueryResult',
    'SelectionOfProductQueryResult',
  ])('%s has offset Int, count Int, total Long, exists Boolean and results', async (name) => {
    const fields = Object.fromEntries((await introspect(name)).fields!.map((f) => [f.name, show(f.type)]));
    const element = name.replace('QueryResult', '');
    expect(fields).toEqual({ offset: 'Int!', count: 'Int!', total: 'Long!', exists: 'Boolean!', results: `[${element}!]!` });
  });

  it('every reference has its *Ref form and its resolved form (spec 2.5)', async () => {
    const fieldsOf = async (name: string) => Object.fromEntries((await introspect(name)).fields!.map((f) => [f.name, show(f.type)]));
    expect(await fieldsOf('ProductSelectionSetting')).toEqual({
      productSelectionRef: 'Reference!',
      productSelection: 'ProductSelection',
      active: 'Boolean!',
    });
    expect(await fieldsOf('ProductAssignment')).toEqual({
      productRef: 'Reference!',
      product: 'Product',
      productSelectionRef: 'Reference!',
      productSelection: 'ProductSelection',
    });
    expect(await fieldsOf('ProductOfSelection')).toEqual({ productRef: 'Reference!', product: 'Product' });
    expect(await fieldsOf('SelectionOfProduct')).toEqual({ productSelectionRef: 'Reference!', productSelection: 'ProductSelection' });
    for (const payload of ['ProductSelectionProductAdded', 'ProductSelectionProductRemoved']) {
      expect(await fieldsOf(payload)).toEqual({ product: 'Product', productRef: 'Reference!', type: 'String!' });
    }
  });

  it('the inputs: CreateStore with productSelections, the four actions of each update input with the fields of 4.4', async () => {
    expect(await inputFields('CreateStore')).toContain('productSelections: [ProductSelectionSettingDraft!]');
    expect(await inputFields('ProductSelectionSettingDraft')).toEqual(['productSelection: ResourceIdentifierInput!', 'active: Boolean!']);
    expect(await inputFields('ProductSelectionUpdateAction')).toEqual([
      'addProduct: AddProductSelectionProduct',
      'changeName: ChangeProductSelectionName',
      'removeProduct: RemoveProductSelectionProduct',
      'setKey: SetProductSelectionKey',
    ]);
    expect(await inputFields('AddProductSelectionProduct')).toEqual(['product: ResourceIdentifierInput!']);
    expect(await inputFields('RemoveProductSelectionProduct')).toEqual(['product: ResourceIdentifierInput!']);
    expect(await inputFields('ChangeProductSelectionName')).toEqual(['name: [LocalizedStringItemInputType!]!']);
    expect(await inputFields('SetProductSelectionKey')).toEqual(['key: String']);
    expect(await inputFields('StoreUpdateAction')).toEqual(
      expect.arrayContaining([
        'addProductSelection: AddStoreProductSelection',
        'changeProductSelectionActive: ChangeStoreProductSelectionActive',
        'removeProductSelection: RemoveStoreProductSelection',
        'setProductSelections: SetStoreProductSelections',
      ]),
    );
    expect(await inputFields('AddStoreProductSelection')).toEqual(['productSelection: ResourceIdentifierInput!', 'active: Boolean']);
    expect(await inputFields('ChangeStoreProductSelectionActive')).toEqual([
      'productSelection: ResourceIdentifierInput!',
      'active: Boolean!',
    ]);
    expect(await inputFields('RemoveStoreProductSelection')).toEqual(['productSelection: ResourceIdentifierInput!']);
    expect(await inputFields('SetStoreProductSelections')).toEqual(['productSelections: [ProductSelectionSettingInActionInput!]']);
    expect(await inputFields('ProductSelectionSettingInActionInput')).toEqual([
      'productSelection: ResourceIdentifierInput!',
      'active: Boolean',
    ]);
  });

  it('the message payload types of spec 6 implement MessagePayload, each with a type String', async () => {
    const payload = await introspect('MessagePayload');
    expect(payload.kind).toBe('INTERFACE');
    expect(payload.fields!.map((f) => `${f.name}: ${show(f.type)}`)).toEqual(['type: String!']);
    expect(payload.possibleTypes!.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'ProductSelectionCreated',
        'ProductSelectionDeleted',
        'ProductSelectionProductAdded',
        'ProductSelectionProductRemoved',
        'StoreProductSelectionsChanged',
        'StoreCreated',
      ]),
    );
    const changed = Object.fromEntries((await introspect('StoreProductSelectionsChanged')).fields!.map((f) => [f.name, show(f.type)]));
    expect(changed).toEqual({
      addedProductSelections: '[ProductSelectionSetting!]',
      removedProductSelections: '[ProductSelectionSetting!]',
      updatedProductSelections: '[ProductSelectionSetting!]',
      type: 'String!',
    });
    const created = (await introspect('ProductSelectionCreated')).fields!.map((f) => `${f.name}: ${show(f.type)}`);
    expect(created).toContain('type: String!');
    const draft = Object.fromEntries((await introspect('InitialProductSelectionDraftImpl')).fields!.map((f) => [f.name, show(f.type)]));
    expect(draft).toMatchObject({ nameAllLocales: '[LocalizedString!]!', type: 'String!' });
  });
});

describe('versions: the same counter over both interfaces, ConcurrentModification both ways', () => {
  it('Product Selections and Stores', async () => {
    await seedProducts(api);
    const created = await data<{ createProductSelection: { id: string; version: number } }>(
      gql(api, 'mutation { createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "Summer" }] }) { id version } }'),
    );
    expect(created.createProductSelection.version).toBe(1);
    // GraphQL writes version 2; REST with version 1 is stale and sees currentVersion 2.
    const viaGraphql = await data<{ updateProductSelection: { version: number; lastModifiedAt: string } }>(
      gql(
        api,
        'mutation { updateProductSelection(key: "summer", version: 1, actions: [{ addProduct: { product: { key: "inside" } } }]) { version lastModifiedAt } }',
      ),
    );
    expect(viaGraphql.updateProductSelection.version).toBe(2);
    const restRead = await api.call<{ version: number; lastModifiedAt: string; productCount: number }>(
      'GET',
      '/product-selections/key=summer',
    );
    expect(restRead.body).toMatchObject({ version: 2, lastModifiedAt: viaGraphql.updateProductSelection.lastModifiedAt, productCount: 1 });
    const restStale = await api.call<{ errors: Record<string, unknown>[] }>('POST', '/product-selections/key=summer', {
      version: 1,
      actions: [{ action: 'setKey', key: 'x' }],
    });
    expect(restStale.status).toBe(409);
    expect(restStale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    // REST writes version 3; GraphQL with version 2 is stale, with the same error.
    expect(
      (
        await api.call('POST', '/product-selections/key=summer', {
          version: 2,
          actions: [{ action: 'changeName', name: { en: 'Summer 26' } }],
        })
      ).status,
    ).toBe(200);
    const gqlStale = await failure(
      gql(api, 'mutation { updateProductSelection(key: "summer", version: 2, actions: [{ setKey: { key: "x" } }]) { version } }'),
    );
    expect(gqlStale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 3 });
    const restStaleAgain = await api.call<{ errors: { message: string }[] }>('POST', '/product-selections/key=summer', {
      version: 2,
      actions: [{ action: 'setKey', key: 'x' }],
    });
    expect(gqlStale.error.message).toBe(restStaleAgain.body.errors[0]!.message);

    // Stores.
    const store = await data<{ createStore: { version: number } }>(
      gql(
        api,
        'mutation { createStore(draft: { key: "berlin", productSelections: [{ productSelection: { key: "summer" }, active: false }] }) { version } }',
      ),
    );
    expect(store.createStore.version).toBe(1);
    const activated = await data<{ updateStore: { version: number } }>(
      gql(
        api,
        'mutation { updateStore(key: "berlin", version: 1, actions: [{ changeProductSelectionActive: { productSelection: { key: "summer" }, active: true } }]) { version } }',
      ),
    );
    expect(activated.updateStore.version).toBe(2);
    const restStore = await api.call<{ errors: Record<string, unknown>[] }>('POST', '/stores/key=berlin', {
      version: 1,
      actions: [{ action: 'removeProductSelection', productSelection: { key: 'summer' } }],
    });
    expect(restStore.status).toBe(409);
    expect(restStore.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(
      (
        await api.call('POST', '/stores/key=berlin', {
          version: 2,
          actions: [{ action: 'removeProductSelection', productSelection: { key: 'summer' } }],
        })
      ).status,
    ).toBe(200);
    const gqlStore = await failure(
      gql(api, 'mutation { updateStore(key: "berlin", version: 2, actions: [{ setProductSelections: {} }]) { version } }'),
    );
    expect(gqlStore.status).toBe(200);
    expect(gqlStore.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 3 });
    expect(gqlStore.body.data).toEqual({ updateStore: null });
    // The stale updates changed nothing.
    expect((await api.call('GET', '/stores/key=berlin')).body).toMatchObject({ version: 3, productSelections: [] });
  });
});

describe('messages: every message of GraphQL writes reads the same over REST and over GraphQL', () => {
  it('one per write, with the same ids, sequence numbers, resource versions and payloads', async () => {
    const products = await seedProducts(api);
    const write = async (query: string) => data(gql(api, query));
    await write(
      'mutation { createProductSelection(draft: { key: "summer", name: [{ locale: "en", value: "Summer" }, { locale: "de", value: "Sommer" }] }) { id } }',
    );
    await write('mutation { createProductSelection(draft: { key: "winter", name: [{ locale: "en", value: "Winter" }] }) { id } }');
    await write(
      'mutation { updateProductSelection(key: "summer", version: 1, actions: [{ addProduct: { product: { key: "inside" } } }, { addProduct: { product: { key: "outside" } } }]) { id } }',
    );
    await write(
      'mutation { updateProductSelection(key: "summer", version: 2, actions: [{ removeProduct: { product: { key: "outside" } } }]) { id } }',
    );
    await write(
      'mutation { createStore(draft: { key: "berlin", productSelections: [{ productSelection: { key: "summer" }, active: false }] }) { id } }',
    );
    await write(
      'mutation { updateStore(key: "berlin", version: 1, actions: [{ addProductSelection: { productSelection: { key: "winter" }, active: true } }]) { id } }',
    );
    await write(
      'mutation { updateStore(key: "berlin", version: 2, actions: [{ changeProductSelectionActive: { productSelection: { key: "summer" }, active: true } }]) { id } }',
    );
    await write(
      'mutation { updateStore(key: "berlin", version: 3, actions: [{ removeProductSelection: { productSelection: { key: "winter" } } }]) { id } }',
    );
    await write(
      'mutation { updateStore(key: "berlin", version: 4, actions: [{ setProductSelections: { productSelections: [{ productSelection: { key: "summer" }, active: false }, { productSelection: { key: "winter" } }] } }]) { id } }',
    );
    await write(
      'mutation { updateStore(key: "berlin", version: 5, actions: [{ setProductSelections: { productSelections: [{ productSelection: { key: "summer" }, active: false }] } }]) { id } }',
    );
    await write('mutation { deleteProductSelection(key: "winter", version: 1) { id } }');

    type RestMessage = Record<string, unknown> & { id: string; type: string; resource: { id: string } };
    const rest = await api.call<{ total: number; results: RestMessage[] }>(
      'GET',
      '/messages?sort=createdAt asc&sort=sequenceNumber asc&limit=500',
    );
    expect(rest.status).toBe(200);
    const setting = 'active productSelectionRef { typeId id }';
    const graphql = await data<{ messages: { total: number; results: Record<string, unknown>[] } }>(
      gql(
        api,
        `{ messages(sort: ["createdAt asc", "sequenceNumber asc"], limit: 500) { total results {
          id version sequenceNumber resourceRef { typeId id } resourceVersion type createdAt
          payload { __typename type
            ... on ProductSelectionCreated { productSelection { type nameAllLocales { locale value } } }
            ... on ProductSelectionProductAdded { productRef { typeId id } }
            ... on ProductSelectionProductRemoved { productRef { typeId id } }
            ... on StoreCreated { productSelections { ${setting} } }
            ... on StoreProductSelectionsChanged {
              addedProductSelections { ${setting} } removedProductSelections { ${setting} } updatedProductSelections { ${setting} }
            }
          }
        } } }`,
      ),
    );
    // 2 created, 2 added, 1 removed, StoreCreated, 5 store changes, 1 deleted.
    expect(rest.body.total).toBe(12);
    expect(graphql.messages.total).toBe(rest.body.total);

    const items = (localized: Record<string, string>) => Object.entries(localized).map(([locale, value]) => ({ locale, value }));
    const settings = (list: unknown) =>
      list === undefined
        ? null
        : (list as { productSelection: { typeId: string; id: string }; active: boolean }[]).map((s) => ({
            active: s.active,
            productSelectionRef: { typeId: s.productSelection.typeId, id: s.productSelection.id },
          }));
    /** The GraphQL form of a REST message (contract-notes 5 and spec 6). */
    const expected = (m: RestMessage) => {
      const payload: Record<string, unknown> = { __typename: m.type, type: m.type };
      if (m.type === 'ProductSelectionCreated') {
        const draft = m['productSelection'] as { type: string; name: Record<string, string> };
        payload['productSelection'] = { type: draft.type, nameAllLocales: items(draft.name) };
      }
      if (m.type === 'ProductSelectionProductAdded' || m.type === 'ProductSelectionProductRemoved') {
        const product = m['product'] as { typeId: string; id: string };
        payload['productRef'] = { typeId: product.typeId, id: product.id };
      }
      if (m.type === 'StoreCreated') payload['productSelections'] = settings(m['productSelections']) ?? [];
      if (m.type === 'StoreProductSelectionsChanged') {
        for (const list of ['addedProductSelections', 'removedProductSelections', 'updatedProductSelections']) {
          payload[list] = settings(m[list]);
        }
      }
      return {
        id: m.id,
        version: m['version'],
        sequenceNumber: m['sequenceNumber'],
        resourceRef: { typeId: (m.resource as unknown as { typeId: string }).typeId, id: m.resource.id },
        resourceVersion: m['resourceVersion'],
        type: m.type,
        createdAt: m['createdAt'],
        payload,
      };
    };
    expect(graphql.messages.results).toEqual(rest.body.results.map(expected));

    // And what the Store messages say is what happened (so that the comparison is not vacuous).
    const storeChanges = graphql.messages.results
      .map((m) => m['payload'] as Record<string, { productSelectionRef: { id: string }; active: boolean }[] | null | string>)
      .filter((p) => p['__typename'] === 'StoreProductSelectionsChanged');
    const ids = Object.fromEntries(
      ((await api.call<{ results: { id: string; key: string }[] }>('GET', '/product-selections')).body.results ?? []).map((s) => [
        s.id,
        s.key,
      ]),
    );
    const summary = storeChanges.map((p) =>
      Object.fromEntries(
        (['addedProductSelections', 'removedProductSelections', 'updatedProductSelections'] as const).map((list) => [
          list.replace('ProductSelections', ''),
          (p[list] as { productSelectionRef: { id: string }; active: boolean }[] | null)?.map(
            (s) => `${ids[s.productSelectionRef.id] ?? 'winter'}:${s.active}`,
          ) ?? null,
        ]),
      ),
    );
    expect(summary).toEqual([
      { added: ['winter:true'], removed: null, updated: null },
      { added: null, removed: null, updated: ['summer:true'] },
      { added: null, removed: ['winter:true'], updated: null },
      { added: ['winter:false'], removed: null, updated: ['summer:false'] },
      { added: null, removed: ['winter:false'], updated: null },
    ]);
    void products;
  });
});

describe('scopes: a field refused over GraphQL says what its REST endpoint says', () => {
  it.each([
    {
      scope: 'view_stores',
      query: 'mutation { createStore(draft: { key: "x" }) { id } }',
      rest: ['POST', '/stores', { key: 'x' }] as const,
    },
    {
      scope: 'view_stores',
      query: 'mutation { updateStore(key: "berlin", version: 1, actions: [{ setProductSelections: {} }]) { id } }',
      rest: ['POST', '/stores/key=berlin', { version: 1, actions: [{ action: 'setProductSelections' }] }] as const,
    },
    {
      scope: 'view_product_selections',
      query: '{ store(key: "berlin") { id } }',
      rest: ['GET', '/stores/key=berlin'] as const,
    },
    {
      scope: 'view_product_selections',
      query: 'mutation { deleteProductSelection(key: "summer", version: 1) { id } }',
      rest: ['DELETE', '/product-selections/key=summer?version=1'] as const,
    },
    {
      scope: 'view_stores',
      query: '{ productSelections { total } }',
      rest: ['GET', '/product-selections'] as const,
    },
    {
      scope: 'view_product_selections',
      query: '{ inStore(key: "berlin") { product(key: "inside") { id } } }',
      rest: ['GET', '/in-store/key=berlin/product-projections/key=inside'] as const,
    },
  ])('$scope: $query', async ({ scope, query, rest }) => {
    await seedProducts(api);
    await api.call('POST', '/product-selections', { key: 'summer', name: { en: 'Summer' } });
    await api.call('POST', '/stores', { key: 'berlin' });
    const token = await tokenWith(api, `${scope}:${api.project}`);
    const [method, path, body] = rest as readonly [string, string, unknown?];
    const restAnswer = await api.as(token)<{ errors: { code: string; message: string }[] }>(method, path, body);
    expect(restAnswer.status).toBe(403);
    const refused = await failure(gql(api, query, undefined, token));
    expect(refused.status).toBe(200);
    expect(refused.error.extensions).toEqual({ code: restAnswer.body.errors[0]!.code });
    expect(refused.error.message).toBe(restAnswer.body.errors[0]!.message);
    // Nothing was written.
    expect((await api.call('GET', '/stores')).body).toMatchObject({ total: 1 });
    expect((await api.call('GET', '/product-selections/key=summer')).status).toBe(200);
  });
});

describe('scopes: store-restricted tokens over InStore, as the in-store REST endpoints', () => {
  it('serve their own Store, and refuse another with the REST messages', async () => {
    await seedProducts(api);
    await api.call('POST', '/stores', { key: 'berlin' });
    await api.call('POST', '/stores', { key: 'paris' });
    const token = await tokenWith(api, `view_products:${api.project}:berlin view_product_selections:${api.project}:berlin`);
    const query = (store: string) =>
      `{ inStore(key: "${store}") { product(key: "inside") { key } productSelectionAssignments { total } } }`;
    expect(await data(gql(api, query('berlin'), undefined, token))).toEqual({
      inStore: { product: { key: 'inside' }, productSelectionAssignments: { total: 0 } },
    });
    const other = await failure(gql(api, query('paris'), undefined, token));
    const restProduct = await api.as(token)<{ errors: { code: string; message: string }[] }>(
      'GET',
      '/in-store/key=paris/product-projections/key=inside',
    );
    const restAssignments = await api.as(token)<{ errors: { code: string; message: string }[] }>(
      'GET',
      '/in-store/key=paris/product-selection-assignments',
    );
    expect([restProduct.status, restAssignments.status]).toEqual([403, 403]);
    expect(other.body.errors).toEqual([
      expect.objectContaining({
        path: ['inStore', 'product'],
        message: restProduct.body.errors[0]!.message,
        extensions: { code: 'insufficient_scope' },
      }),
      expect.objectContaining({
        path: ['inStore', 'productSelectionAssignments'],
        message: restAssignments.body.errors[0]!.message,
        extensions: { code: 'insufficient_scope' },
      }),
    ]);
    // productSelectionAssignments is non-null, so the failure reaches the root.
    expect(other.body.data).toBeNull();
  });
});
