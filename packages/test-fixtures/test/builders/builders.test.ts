import { buildSchema, coerceInputValue, isNonNullType, isObjectType, getNamedType, type GraphQLInputType } from 'graphql';
import { beforeEach, describe, expect, it } from 'vitest';
import commerceDocument from '../../src/generated/commerce.openapi.json' with { type: 'json' };
import { sdl } from '../../src/generated/commerce-sdl.js';
import { builderFactories } from '../../src/generated/builders.js';
import {
  cartDraft,
  customerDraft,
  customerGroupDraft,
  defineBuilder,
  orderFromCartDraft,
  payment,
  paymentDraft,
  product,
  productDraft,
  productProjection,
  productResourceIdentifier,
  productSelection,
  productSelectionAddProductAction,
  productSelectionDraft,
  productSelectionUpdate,
  productTypeDraft,
  resetBuilderSequence,
  shippingMethodDraft,
  store,
  storeAddProductSelectionAction,
  storeDraft,
  storeProductSelectionsChangedMessage,
  storeSetProductSelectionsAction,
  taxCategoryDraft,
  toGraphqlInput,
  toGraphqlOutput,
  zoneDraft,
} from '../../src/builders/index.js';
import { createRandom } from '../../src/builders/random.js';
import { OpenApiValidator, type OpenApiDocument } from '../../src/emulator/validation/openapi-validator.js';
import { createApi } from '../helpers/api.js';

const document = commerceDocument as OpenApiDocument & {
  components: { schemas: Record<string, { allOf?: { $ref?: string }[]; oneOf?: unknown[] }> };
};
const validator = new OpenApiValidator('builders-test', document);
const graphqlSchema = buildSchema(sdl);
const SEEDS = [1, 2, 3, 17, 42, 1000, 987_654_321];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Drafts and resources of the Commerce schema, independent of how the generator classifies them. */
function draftsAndResources(): string[] {
  return Object.entries(document.components.schemas)
    .filter(([name, schema]) => {
      // A union (ProductDiscountValueDraft) has no builder: its alternatives have theirs.
      if (schema.oneOf) return false;
      if (name.endsWith('Draft')) return true;
      const bases = (schema.allOf ?? []).map((part) => part.$ref);
      return bases.includes('#/components/schemas/BaseResource') || bases.includes('#/components/schemas/MessageBase');
    })
    .map(([name]) => name);
}

function graphqlInputErrors(typeName: string, value: unknown): string[] {
  const type = graphqlSchema.getType(typeName) as GraphQLInputType | undefined;
  if (!type) throw new Error(`no GraphQL type ${typeName}`);
  const errors: string[] = [];
  coerceInputValue(value, type, (path, _invalid, error) => errors.push(`${path.join('.')}: ${error.message}`));
  return errors;
}

describe('builders: every draft and resource', () => {
  it('has a builder for every draft and every resource of the Commerce schema', () => {
    const names = draftsAndResources();
    expect(names.length).toBeGreaterThanOrEqual(20);
    for (const name of names) expect(Object.keys(builderFactories), name).toContain(name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ProductSelectionDraft',
        'ProductSelection',
        'StoreDraft',
        'Store',
        'ProductDraft',
        'Product',
        'CustomerDraft',
        'Customer',
      ]),
    );
  });

  it.each(draftsAndResources())('%s: build() validates against its schema for every seed', (name) => {
    const factory = builderFactories[name as keyof typeof builderFactories];
    for (const seed of SEEDS) {
      const value = factory({ seed }).build();
      expect(validator.validate(name, value), `${name} with seed ${seed}: ${JSON.stringify(value)}`).toEqual([]);
    }
  });

  it('every other object schema of the Commerce schema builds a valid value too', () => {
    for (const [name, factory] of Object.entries(builderFactories)) {
      expect(factory.schemaName).toBe(name);
      for (const seed of SEEDS) expect(validator.validate(name, factory({ seed }).build()), `${name} seed ${seed}`).toEqual([]);
    }
  });

  it('classifies the factories: drafts, resources, update actions', () => {
    expect(builderFactories.ProductSelectionDraft.kind).toBe('draft');
    expect(builderFactories.ProductSelection.kind).toBe('resource');
    expect(builderFactories.ProductProjection.kind).toBe('resource');
    expect(builderFactories.StoreProductSelectionsChangedMessage.kind).toBe('resource');
    expect(builderFactories.StoreAddProductSelectionAction.kind).toBe('action');
    expect(builderFactories.StoreUpdate.kind).toBe('update');
    expect(builderFactories.StorePagedQueryResponse.kind).toBe('other');
  });
});

describe('builders: seeded, plausible defaults', () => {
  beforeEach(() => resetBuilderSequence());

  it('gives the same defaults for the same seed, on every run', () => {
    expect(productSelectionDraft({ seed: 42 }).build()).toEqual(productSelectionDraft({ seed: 42 }).build());
    expect(product({ seed: 42 }).build()).toEqual(product({ seed: 42 }).build());
    // Pinned, so a change of the generator that alters seeded data is a conscious one.
    expect(productSelectionDraft({ seed: 42 }).build()).toMatchInlineSnapshot(`
      {
        "key": "outlet-essentials-74",
        "name": {
          "en": "Outlet Essentials 74",
        },
      }
    `);
  });

  it('gives other defaults for another seed, and for another schema with the same seed', () => {
    expect(productSelectionDraft({ seed: 1 }).build()).not.toEqual(productSelectionDraft({ seed: 2 }).build());
    expect(store({ seed: 7 }).build().id).not.toBe(product({ seed: 7 }).build().id);
  });

  it('numbers unseeded builders from a sequence that resetBuilderSequence restarts', () => {
    const first = [productSelectionDraft().build(), productSelectionDraft().build()];
    expect(first[0]).not.toEqual(first[1]);
    resetBuilderSequence();
    expect([productSelectionDraft().build(), productSelectionDraft().build()]).toEqual(first);
  });

  it('fills required members with plausible values: keys, localized names, SKUs, emails, UUID ids', () => {
    for (const seed of SEEDS) {
      const draft = productSelectionDraft({ seed }).build();
      expect(draft.key).toMatch(/^[a-z]+-[a-z]+-\d{1,2}$/);
      expect(draft.name).toEqual({ en: expect.stringMatching(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{1,2}$/) });
      expect(draft.key).toBe(draft.name['en']!.toLowerCase().replace(/ /g, '-'));

      const resource = productSelection({ seed }).build();
      expect(resource.id).toMatch(UUID);
      expect(resource).toMatchObject({ version: 1, productCount: 0 });
      expect(['Individual', 'IndividualExclusion']).toContain(resource.mode);
      expect(Date.parse(resource.lastModifiedAt)).toBeGreaterThan(Date.parse(resource.createdAt));

      const p = product({ seed }).build();
      expect(p.masterData.current.masterVariant.sku).toMatch(/^SKU-[A-Z]+-[A-Z]+-\d+-\d{3}$/);
      expect(p.masterData.current).toEqual(p.masterData.staged);
      expect(p.productType).toEqual({ typeId: 'product-type', id: expect.stringMatching(UUID) });

      const customer = customerDraft({ seed }).build();
      expect(customer.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
      expect(customer.email.startsWith(`${customer.key!.split('-').slice(0, 2).join('.')}.`)).toBe(true);

      expect(storeDraft({ seed }).build().key).toMatch(/^[a-z]+-store-\d{1,2}$/);
    }
  });

  it('names the checkout resources plausibly: Zones, Customer Groups, Shipping Methods', () => {
    for (const seed of SEEDS) {
      const zone = zoneDraft({ seed }).build();
      expect(zone.name).toMatch(/^[A-Z][A-Za-z]+ Zone \d{1,2}$/);
      expect(zone.key).toBe(zone.name.toLowerCase().replace(/ /g, '-'));
      const group = customerGroupDraft({ seed }).build();
      expect(group.groupName).toMatch(/^[A-Z][a-z]+ Customers \d{1,2}$/);
      expect(group.key).toBe(group.groupName.toLowerCase().replace(/ /g, '-'));
      const method = shippingMethodDraft({ seed }).build();
      expect(method.name).toMatch(/^[A-Z][A-Za-z ]+ Shipping \d{1,2}$/);
      expect(method.key).toBe(method.name.toLowerCase().replace(/ /g, '-'));
    }
  });

  it('gives money amounts that read like prices, in EUR with two fraction digits', () => {
    for (const seed of SEEDS) {
      expect(paymentDraft({ seed }).build().amountPlanned).toEqual({ currencyCode: 'EUR', centAmount: expect.any(Number) });
      expect(paymentDraft({ seed }).build().amountPlanned.centAmount % 100).toBe(99);
      expect(payment({ seed }).build().amountPlanned).toMatchObject({ type: 'centPrecision', currencyCode: 'EUR', fractionDigits: 2 });
    }
  });

  it('uses a seeded PRNG: same sequence for a seed, UUID-shaped ids', () => {
    const a = createRandom(5);
    const b = createRandom(5);
    const drawn = Array.from({ length: 20 }, () => a.uuid());
    expect(Array.from({ length: 20 }, () => b.uuid())).toEqual(drawn);
    for (const id of drawn) expect(id).toMatch(UUID);
    expect(new Set(drawn).size).toBe(20);
  });
});

describe('builders: fluent setters', () => {
  it('sets members one by one; build() returns the generated type', () => {
    expect(productSelectionDraft().key('x').name({ en: 'Summer' }).build()).toEqual({ key: 'x', name: { en: 'Summer' } });
  });

  it('is immutable: a setter returns a new builder, build() a fresh copy', () => {
    const base = productSelectionDraft({ seed: 3 });
    const changed = base.key('changed');
    expect(base.build().key).not.toBe('changed');
    expect(changed.build().key).toBe('changed');
    const built = base.build();
    built.name['en'] = 'mutated';
    expect(base.build().name['en']).not.toBe('mutated');
  });

  it('copies the values it is given', () => {
    const name = { en: 'Summer' };
    const builder = productSelectionDraft().name(name);
    name.en = 'Winter';
    expect(builder.build().name).toEqual({ en: 'Summer' });
  });

  it('removes an optional member set to undefined', () => {
    expect(productSelectionDraft({ seed: 1 }).key(undefined).build()).not.toHaveProperty('key');
  });

  it('sets several members with with()', () => {
    expect(
      storeDraft({ seed: 1 })
        .with({ key: 'berlin', languages: ['en', 'de'] })
        .build(),
    ).toMatchObject({ key: 'berlin', languages: ['en', 'de'] });
  });

  it('keeps a oneOf value valid: setting key on a ResourceIdentifier by id drops the id', () => {
    const byId = productResourceIdentifier({ seed: 1 }).build();
    expect(byId).toEqual({ typeId: 'product', id: expect.stringMatching(UUID) });
    const byKey = productResourceIdentifier({ seed: 1 }).key('shirt').build();
    expect(byKey).toEqual({ typeId: 'product', key: 'shirt' });
    expect(validator.validate('ProductResourceIdentifier', byKey)).toEqual([]);
    expect(productResourceIdentifier().key('shirt').id('abc').build()).toEqual({ typeId: 'product', id: 'abc' });
  });

  it('is inert to awaiting and printing', async () => {
    const builder = productSelectionDraft({ seed: 1 });
    expect('then' in builder).toBe(false);
    const awaited: unknown = await (builder as unknown as Promise<unknown>);
    expect(awaited).toBe(builder);
    expect(() => String(JSON.stringify({ builder }))).not.toThrow();
  });

  it('defineBuilder makes a factory for any schema by name', () => {
    const factory = defineBuilder('ProductTypeDraft', 'draft');
    expect(factory({ seed: 9 }).build()).toEqual(productTypeDraft({ seed: 9 }).build());
  });
});

describe('builders: GraphQL shapes', () => {
  it('turns a Product Selection draft into CreateProductSelectionDraft (localized lists)', () => {
    const input = productSelectionDraft().key('x').name({ en: 'Summer', de: 'Sommer' }).buildGraphql();
    expect(input).toEqual({
      key: 'x',
      name: [
        { locale: 'en', value: 'Summer' },
        { locale: 'de', value: 'Sommer' },
      ],
    });
    for (const seed of SEEDS)
      expect(graphqlInputErrors('CreateProductSelectionDraft', productSelectionDraft({ seed }).buildGraphql())).toEqual([]);
  });

  it('turns a Store draft into CreateStore', () => {
    const input = storeDraft({ seed: 4 })
      .productSelections([{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }])
      .languages(['en'])
      .buildGraphql();
    expect(input.name).toEqual([{ locale: 'en', value: expect.any(String) }]);
    expect(input.productSelections).toEqual([{ productSelection: { typeId: 'product-selection', key: 'summer' }, active: true }]);
    expect(graphqlInputErrors('CreateStore', input)).toEqual([]);
  });

  it('keys update actions by their name, as the GraphQL update action inputs are', () => {
    const add = productSelectionAddProductAction().product({ typeId: 'product', key: 'shirt' }).buildGraphql();
    expect(add).toEqual({ addProduct: { product: { typeId: 'product', key: 'shirt' } } });
    expect(graphqlInputErrors('ProductSelectionUpdateAction', add)).toEqual([]);
    const update = productSelectionUpdate({ seed: 2 }).buildGraphql();
    expect(update.actions).toHaveLength(1);
    for (const action of update.actions) expect(graphqlInputErrors('ProductSelectionUpdateAction', action)).toEqual([]);
    expect(graphqlInputErrors('StoreUpdateAction', storeAddProductSelectionAction({ seed: 1 }).active(true).buildGraphql())).toEqual([]);
    const set = storeSetProductSelectionsAction()
      .productSelections([{ productSelection: { key: 'summer' }, active: false }])
      .buildGraphql();
    expect(set).toEqual({ setProductSelections: { productSelections: [{ productSelection: { key: 'summer' }, active: false }] } });
    expect(graphqlInputErrors('StoreUpdateAction', set)).toEqual([]);
  });

  it('gives the checkout drafts their GraphQL input form', () => {
    const inputs = [
      [zoneDraft, 'CreateZone'],
      [customerGroupDraft, 'CustomerGroupDraft'],
      [shippingMethodDraft, 'ShippingMethodDraft'],
      [cartDraft, 'CartDraft'],
      [paymentDraft, 'PaymentDraft'],
      [orderFromCartDraft, 'OrderCartCommand'],
    ] as const;
    for (const [factory, input] of inputs)
      for (const seed of SEEDS) expect(graphqlInputErrors(input, factory({ seed }).buildGraphql()), `${input} seed ${seed}`).toEqual([]);
  });

  it('gives resources their GraphQL output form: nameAllLocales and *Ref', () => {
    const selection = productSelection({ seed: 5 }).name({ en: 'Summer', de: 'Sommer' }).buildGraphql();
    expect(selection).toMatchObject({
      name: 'Summer',
      nameAllLocales: [
        { locale: 'en', value: 'Summer' },
        { locale: 'de', value: 'Sommer' },
      ],
    });
    const type = graphqlSchema.getType('ProductSelection');
    if (!isObjectType(type)) throw new Error('ProductSelection is not an object type');
    for (const [field, definition] of Object.entries(type.getFields())) {
      const paged = getNamedType(definition.type).name.endsWith('QueryResult');
      if (paged || definition.args.some((arg) => isNonNullType(arg.type))) continue;
      if (['createdBy', 'lastModifiedBy'].includes(field)) continue;
      expect(selection, field).toHaveProperty(field);
    }

    expect(selection.custom).toBeNull();
    const customized = productSelection({ seed: 5 })
      .custom({ type: { typeId: 'type', id: 't-1' }, fields: { season: 'summer' } })
      .buildGraphql();
    expect(customized.custom).toEqual({ typeRef: { typeId: 'type', id: 't-1' }, customFieldsRaw: [{ name: 'season', value: 'summer' }] });

    const s = store({ seed: 5 })
      .productSelections([{ productSelection: { typeId: 'product-selection', id: 'ps-1' }, active: true }])
      .buildGraphql();
    expect(s.productSelections).toEqual([
      { productSelectionRef: { typeId: 'product-selection', id: 'ps-1' }, productSelection: null, active: true },
    ]);
    expect(s.nameAllLocales).toEqual([{ locale: 'en', value: expect.any(String) }]);
    expect(store({ seed: 5 }).name(undefined).buildGraphql()).toMatchObject({ name: null, nameAllLocales: null });

    const p = product({ seed: 5 }).buildGraphql();
    expect(p.productTypeRef).toEqual({ typeId: 'product-type', id: expect.stringMatching(UUID) });
    expect(p.masterData.current).toMatchObject({
      nameAllLocales: [{ locale: 'en', value: expect.any(String) }],
      slugAllLocales: expect.any(Array),
    });
    expect(productProjection({ seed: 5 }).buildGraphql().productTypeRef.typeId).toBe('product-type');

    const message = storeProductSelectionsChangedMessage({ seed: 1 }).buildGraphql();
    expect(message.resourceRef).toEqual({ typeId: expect.any(String), id: expect.stringMatching(UUID) });
  });

  it('converts values built elsewhere with toGraphqlInput / toGraphqlOutput', () => {
    expect(toGraphqlInput('ProductSelectionDraft', { name: { en: 'A' } })).toEqual({ name: [{ locale: 'en', value: 'A' }] });
    const product = { typeId: 'product' as const, key: 'tee' };
    expect(
      toGraphqlInput('ProductSelectionAddProductAction', {
        action: 'addProduct',
        product,
        variantSelection: { type: 'includeOnly', skus: ['s'] },
      }),
    ).toEqual({
      addProduct: { product, variantSelection: { includeOnly: ['s'] } },
    });
    expect(
      toGraphqlInput('ProductSelectionExcludeProductAction', { action: 'excludeProduct', product, variantExclusion: { skus: ['m'] } }),
    ).toEqual({
      excludeProduct: { product, variantExclusion: { skus: ['m'] } },
    });
    const expanded = toGraphqlOutput('ProductSelectionSetting', {
      // The generated type of `obj` (`Record<string, never> & ProductSelection`) admits no value.
      productSelection: { typeId: 'product-selection', id: 'ps-1', obj: productSelection({ seed: 1 }).id('ps-1').build() as never },
      active: false,
    });
    expect(expanded.productSelectionRef).toEqual({ typeId: 'product-selection', id: 'ps-1' });
    expect(expanded.productSelection).toMatchObject({ id: 'ps-1', nameAllLocales: expect.any(Array) });
  });
});

describe('builders against the emulator', () => {
  it('creates what the drafts describe, over REST and over GraphQL', async () => {
    const api = await createApi();
    const type = await api.call('POST', '/product-types', productTypeDraft({ seed: 1 }).build());
    expect(type.status).toBe(201);
    const created = await api.call(
      'POST',
      '/products',
      productDraft({ seed: 1 }).productType({ typeId: 'product-type', id: type.body.id }).build(),
    );
    expect(created.status).toBe(201);
    expect((await api.call('POST', '/product-selections', productSelectionDraft({ seed: 1 }).build())).status).toBe(201);
    expect((await api.call('POST', '/stores', storeDraft({ seed: 1 }).build())).status).toBe(201);
    expect((await api.call('POST', '/customers', customerDraft({ seed: 1 }).build())).status).toBe(201);
    expect(
      (
        await api.call(
          'POST',
          '/zones',
          zoneDraft({ seed: 1 })
            .locations([{ country: 'DE' }])
            .build(),
        )
      ).status,
    ).toBe(201);
    expect((await api.call('POST', '/customer-groups', customerGroupDraft({ seed: 1 }).build())).status).toBe(201);
    expect((await api.call('POST', '/payments', paymentDraft({ seed: 1 }).build())).status).toBe(201);
    const cart = await api.call('POST', '/carts', cartDraft({ seed: 1 }).shippingAddress({ country: 'DE' }).build());
    expect(cart.status).toBe(201);
    const order = orderFromCartDraft({ seed: 1 }).cart({ typeId: 'cart', id: cart.body.id }).version(cart.body.version).build();
    expect(order.orderNumber).toMatch(/^A-\d{6}$/);
    expect((await api.call('POST', '/orders', order)).body).toMatchObject({ orderNumber: order.orderNumber, orderState: 'Open' });
    const tax = await api.call('POST', '/tax-categories', taxCategoryDraft({ seed: 1 }).build());
    const method = shippingMethodDraft({ seed: 1 }).taxCategory({ typeId: 'tax-category', id: tax.body.id }).build();
    expect((await api.call('POST', '/shipping-methods', method)).status).toBe(201);

    const graphql = await api.call('POST', '/graphql', {
      query:
        'mutation ($draft: CreateProductSelectionDraft!) { createProductSelection(draft: $draft) { key nameAllLocales { locale value } } }',
      variables: { draft: productSelectionDraft({ seed: 2 }).buildGraphql() },
    });
    expect(graphql.status).toBe(200);
    const draft = productSelectionDraft({ seed: 2 }).build();
    expect(graphql.body.data.createProductSelection).toEqual({
      key: draft.key,
      nameAllLocales: [{ locale: 'en', value: draft.name['en'] }],
    });

    const storeAnswer = await api.call('POST', '/graphql', {
      query: 'mutation ($draft: CreateStore!) { createStore(draft: $draft) { key nameAllLocales { locale value } } }',
      variables: { draft: storeDraft({ seed: 2 }).buildGraphql() },
    });
    expect(storeAnswer.body.errors).toBeUndefined();
    expect(storeAnswer.body.data.createStore.key).toBe(storeDraft({ seed: 2 }).build().key);

    const cartAnswer = await api.call('POST', '/graphql', {
      query: 'mutation ($draft: CartDraft!) { createCart(draft: $draft) { key cartState totalPrice { currencyCode centAmount } } }',
      variables: { draft: cartDraft({ seed: 2 }).buildGraphql() },
    });
    expect(cartAnswer.body.errors).toBeUndefined();
    expect(cartAnswer.body.data.createCart).toEqual({
      key: cartDraft({ seed: 2 }).build().key,
      cartState: 'Active',
      totalPrice: { currencyCode: 'EUR', centAmount: 0 },
    });
  });
});
