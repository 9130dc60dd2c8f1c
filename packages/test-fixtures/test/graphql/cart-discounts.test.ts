import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql } from './helpers.js';

/** Cart Discounts over GraphQL, on the REST operations: the writes (global and in a Store), the reads and the value and target types. */

let api: Api;
beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-cart-discounts' });
  await api.call('POST', '/stores', { key: 'gql-eu' });
  await api.call('POST', '/stores', { key: 'gql-us' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const FIELDS = `id version key sortOrder isActive requiresDiscountCode stackingMode cartPredicate name(locale: "en")
  storesRef { typeId key } stores { key } referenceRefs { typeId id } recurringOrderScope { type }
  value { type ... on RelativeDiscountValue { permyriad } ... on RelativeCartDiscountValue { permyriad applicationMode }
    ... on AbsoluteCartDiscountValue { money { centAmount currencyCode } applicationMode }
    ... on FixedPriceDiscountValue { money { centAmount currencyCode fractionDigits } }
    ... on FixedPriceCartDiscountValue { money { centAmount } applicationMode } }
  target { type ... on LineItemsTarget { predicate } ... on MultiBuyLineItemsTarget { predicate triggerQuantity discountedQuantity selectionMode } }`;
const create = (draft: Json, storeKey?: string) =>
  gql<{ createCartDiscount: Json | null }>(
    api,
    `mutation ($draft: CartDiscountDraft!, $storeKey: KeyReferenceInput) { createCartDiscount(draft: $draft, storeKey: $storeKey) { ${FIELDS} } }`,
    { draft, ...(storeKey ? { storeKey } : {}) },
  );
const update = (key: string, version: number, actions: Json[], storeKey?: string) =>
  gql<{ updateCartDiscount: Json | null }>(
    api,
    `mutation ($actions: [CartDiscountUpdateAction!]!, $storeKey: KeyReferenceInput) {
      updateCartDiscount(key: "${key}", version: ${version}, actions: $actions, storeKey: $storeKey) { ${FIELDS} } }`,
    { actions, ...(storeKey ? { storeKey } : {}) },
  );

describe('Cart Discounts over GraphQL', () => {
  it('creates, updates, reads and deletes one; REST reads the same discount', async () => {
    const { createCartDiscount: created } = await data(
      create({
        key: 'gql-ten',
        name: [{ locale: 'en', value: 'Ten' }],
        value: { relative: { permyriad: 1000 } },
        cartPredicate: 'customerGroup.id = "g1"',
        target: { lineItems: { predicate: '1 = 1' } },
        sortOrder: '0.41',
      }),
    );
    // isActive, requiresDiscountCode and stackingMode default as the live input says.
    expect(created).toMatchObject({
      version: 1,
      key: 'gql-ten',
      name: 'Ten',
      isActive: true,
      requiresDiscountCode: false,
      stackingMode: 'Stacking',
      value: { type: 'relative', permyriad: 1000 },
      target: { type: 'lineItems', predicate: '1 = 1' },
      referenceRefs: [{ typeId: 'customer-group', id: 'g1' }],
      recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
      storesRef: [],
    });
    const { updateCartDiscount: updated } = await data(
      update('gql-ten', 1, [
        {
          changeValue: {
            value: {
              fixedCart: { money: [{ centPrecision: { currencyCode: 'EUR', centAmount: 500 } }], applicationMode: 'EvenDistribution' },
            },
          },
        },
        {
          changeTarget: {
            target: { multiBuyLineItems: { predicate: '1 = 1', triggerQuantity: 3, discountedQuantity: 1, selectionMode: 'Cheapest' } },
          },
        },
        { changeStackingMode: { stackingMode: 'StopAfterThisDiscount' } },
        { addStore: { store: { key: 'gql-eu' } } },
        { setDescription: { description: [{ locale: 'en', value: 'Off' }] } },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      stackingMode: 'StopAfterThisDiscount',
      value: { type: 'fixed', money: [{ centAmount: 500 }], applicationMode: 'EvenDistribution' },
      target: { type: 'multiBuyLineItems', triggerQuantity: 3, discountedQuantity: 1, selectionMode: 'Cheapest' },
      storesRef: [{ typeId: 'store', key: 'gql-eu' }],
      stores: [{ key: 'gql-eu' }],
    });
    expect((await api.call('GET', '/cart-discounts/key=gql-ten')).body).toMatchObject({ version: 2, description: { en: 'Off' } });
    const { cartDiscounts } = await data<{ cartDiscounts: Json }>(
      gql(api, '{ cartDiscounts(where: "key = \\"gql-ten\\"") { total results { key } } }'),
    );
    expect(cartDiscounts).toEqual({ total: 1, results: [{ key: 'gql-ten' }] });
    const { deleteCartDiscount } = await data<{ deleteCartDiscount: Json }>(
      gql(api, 'mutation { deleteCartDiscount(key: "gql-ten", version: 2) { key } }'),
    );
    expect(deleteCartDiscount).toEqual({ key: 'gql-ten' });
    expect((await data<{ cartDiscount: Json | null }>(gql(api, '{ cartDiscount(key: "gql-ten") { key } }'))).cartDiscount).toBeNull();
  });

  it('a fixed value in cent precision, and one in high precision refused as not emulated', async () => {
    const { createCartDiscount: fixed } = await data(
      create({
        name: [{ locale: 'en', value: 'Fixed' }],
        value: {
          fixed: { money: [{ centPrecision: { currencyCode: 'EUR', centAmount: 990 } }, { currencyCode: 'USD', centAmount: 1090 }] },
        },
        cartPredicate: '1 = 1',
        target: { lineItems: { predicate: 'sku = "a"' } },
        sortOrder: '0.42',
      }),
    );
    expect(fixed!['value']).toEqual({
      type: 'fixed',
      money: [
        { centAmount: 990, currencyCode: 'EUR', fractionDigits: 2 },
        { centAmount: 1090, currencyCode: 'USD', fractionDigits: 2 },
      ],
    });
    const high = await failure(
      create({
        name: [{ locale: 'en', value: 'High' }],
        value: { fixed: { money: [{ highPrecision: { currencyCode: 'EUR', preciseAmount: 9901, fractionDigits: 3 } }] } },
        cartPredicate: '1 = 1',
        target: { lineItems: { predicate: 'sku = "a"' } },
        sortOrder: '0.43',
      }),
    );
    expect(high.error.extensions).toMatchObject({ code: 'NotEmulated' });
  });

  it('refuses a predicate that does not parse with SyntaxError, and a value with two members, changing nothing', async () => {
    const bad = await failure(
      create({
        name: [{ locale: 'en', value: 'Bad' }],
        value: { relative: { permyriad: 100 } },
        cartPredicate: '1 =',
        target: { shipping: {} },
        sortOrder: '0.44',
      }),
    );
    expect(bad.error.extensions).toMatchObject({ code: 'SyntaxError' });
    const twice = await failure(
      create({
        name: [{ locale: 'en', value: 'Bad' }],
        value: { relative: { permyriad: 100 }, absolute: { money: [] } },
        cartPredicate: '1 = 1',
        target: { shipping: {} },
        sortOrder: '0.45',
      }),
    );
    expect(twice.error.extensions).toMatchObject({ code: 'InvalidInput' });
    expect((await api.call('GET', '/cart-discounts?where=sortOrder%20in%20(%220.44%22%2C%220.45%22)')).body['total']).toBe(0);
  });

  it('with storeKey: created in the Store, read under inStore, and a discount of another Store is not found', async () => {
    const { createCartDiscount: local } = await data(
      create(
        {
          key: 'gql-local',
          name: [{ locale: 'en', value: 'L' }],
          value: { relative: { permyriad: 100 } },
          cartPredicate: '1 = 1',
          target: { shipping: {} },
          sortOrder: '0.46',
        },
        'gql-eu',
      ),
    );
    expect(local!['storesRef']).toEqual([{ typeId: 'store', key: 'gql-eu' }]);
    const read = await data<{ inStore: Json }>(
      gql(api, '{ inStore(key: "gql-eu") { cartDiscount(key: "gql-local") { key } cartDiscounts { results { key } } } }'),
    );
    expect(read.inStore).toEqual({ cartDiscount: { key: 'gql-local' }, cartDiscounts: { results: [{ key: 'gql-local' }] } });
    const other = await data<{ inStore: Json }>(gql(api, '{ inStore(key: "gql-us") { cartDiscount(key: "gql-local") { key } } }'));
    expect(other.inStore).toEqual({ cartDiscount: null });
    const refused = await failure(update('gql-local', 1, [{ changeIsActive: { isActive: false } }], 'gql-us'));
    expect(refused.error.extensions).toMatchObject({ code: 'ResourceNotFound' });
    expect((await api.call('GET', '/cart-discounts/key=gql-local')).body['version']).toBe(1);
  });

  it('admits a token with only view_cart_discounts to read them, not to write them', async () => {
    const token = await api.token(`view_cart_discounts:${api.project}`);
    await data(
      create({
        key: 'gql-scoped',
        name: [{ locale: 'en', value: 'S' }],
        value: { relative: { permyriad: 100 } },
        cartPredicate: '1 = 1',
        target: { totalPrice: {} },
        sortOrder: '0.47',
      }),
    );
    const read = await data<{ cartDiscount: Json }>(
      gql(api, '{ cartDiscount(key: "gql-scoped") { key target { type } } }', undefined, token),
    );
    expect(read.cartDiscount).toEqual({ key: 'gql-scoped', target: { type: 'totalPrice' } });
    const refused = await failure(gql(api, 'mutation { deleteCartDiscount(key: "gql-scoped", version: 1) { key } }', undefined, token));
    expect(refused.error.extensions).toMatchObject({ code: 'insufficient_scope' });
  });
});
