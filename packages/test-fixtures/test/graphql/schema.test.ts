import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, gql } from './helpers.js';

/**
 * The served schema, read by introspection from the endpoint (not from the SDL file): every
 * Product Selection field, argument and result type, the interface Query and InStore share, and the
 * message payload types implementing MessagePayload.
 */

let api: Api;

beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-schema' });
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

describe('the served schema has every Product Selection field, argument and result type', () => {
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

  it('ProductSelection has the fields of the REST representation', async () => {
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

  it('every reference has its *Ref form and its resolved form', async () => {
    const fieldsOf = async (name: string) => Object.fromEntries((await introspect(name)).fields!.map((f) => [f.name, show(f.type)]));
    expect(await fieldsOf('ProductSelectionSetting')).toEqual({
      productSelectionRef: 'Reference!',
      productSelection: 'ProductSelection',
      active: 'Boolean!',
    });
    // With the live per-variant members of each assignment.
    const variants = { variantSelection: 'ProductVariantSelection', variantExclusion: 'ProductVariantExclusion' };
    expect(await fieldsOf('ProductAssignment')).toEqual({
      productRef: 'Reference!',
      product: 'Product',
      productSelectionRef: 'Reference!',
      productSelection: 'ProductSelection',
      ...variants,
    });
    expect(await fieldsOf('ProductOfSelection')).toEqual({ productRef: 'Reference!', product: 'Product', ...variants });
    expect(await fieldsOf('SelectionOfProduct')).toEqual({
      productSelectionRef: 'Reference!',
      productSelection: 'ProductSelection',
      ...variants,
      createdAt: 'DateTime!',
    });
    expect(await fieldsOf('ProductSelectionProductAdded')).toEqual({
      product: 'Product',
      productRef: 'Reference!',
      variantSelection: 'ProductVariantSelection',
      type: 'String!',
    });
    expect(await fieldsOf('ProductSelectionProductRemoved')).toEqual({ product: 'Product', productRef: 'Reference!', type: 'String!' });
  });

  it('the inputs: CreateStore with productSelections, the four actions of each update input with their fields', async () => {
    expect(await inputFields('CreateStore')).toContain('productSelections: [ProductSelectionSettingDraft!]');
    expect(await inputFields('ProductSelectionSettingDraft')).toEqual(['productSelection: ResourceIdentifierInput!', 'active: Boolean!']);
    // addProduct, removeProduct, changeName, setKey, and the live per-variant actions of both modes.
    expect(await inputFields('ProductSelectionUpdateAction')).toEqual([
      'addProduct: AddProductSelectionProduct',
      'changeName: ChangeProductSelectionName',
      'excludeProduct: ExcludeProductSelectionProduct',
      'removeProduct: RemoveProductSelectionProduct',
      'setKey: SetProductSelectionKey',
      'setVariantExclusion: SetProductSelectionVariantExclusion',
      'setVariantSelection: SetProductSelectionVariantSelection',
    ]);
    expect(await inputFields('AddProductSelectionProduct')).toEqual([
      'product: ResourceIdentifierInput!',
      'variantSelection: ProductVariantSelectionDraft',
    ]);
    expect(await inputFields('ExcludeProductSelectionProduct')).toEqual([
      'product: ResourceIdentifierInput!',
      'variantExclusion: ProductVariantExclusionDraft',
    ]);
    expect(await inputFields('ProductVariantSelectionDraft')).toEqual(['includeOnly: [String!]', 'includeAllExcept: [String!]']);
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

  it('the message payload types implement MessagePayload, each with a type String', async () => {
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
