import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { data, failure, gql } from './helpers.js';

/** Product Discounts over GraphQL, on the REST operations: the writes, the reads, and a Price's `discounted`. */

let api: Api;
beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-product-discounts' });
  await api.call('POST', '/product-types', { key: 'thing', name: 'Thing', description: 'A thing' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const FIELDS = `id version key sortOrder isActive isValid predicate name(locale: "en") nameAllLocales { locale value }
  value { type ... on RelativeDiscountValue { permyriad } ... on AbsoluteDiscountValue { money { centAmount currencyCode } } }
  referenceRefs { typeId id }`;
const create = (draft: Json) =>
  gql<{ createProductDiscount: Json | null }>(
    api,
    `mutation ($draft: ProductDiscountDraft!) { createProductDiscount(draft: $draft) { ${FIELDS} } }`,
    {
      draft,
    },
  );
const update = (key: string, version: number, actions: Json[]) =>
  gql<{ updateProductDiscount: Json | null }>(
    api,
    `mutation ($actions: [ProductDiscountUpdateAction!]!) { updateProductDiscount(key: "${key}", version: ${version}, actions: $actions) { ${FIELDS} } }`,
    { actions },
  );

describe('Product Discounts over GraphQL', () => {
  it('creates, updates, reads and deletes one; REST reads the same discount', async () => {
    const { createProductDiscount: created } = await data(
      create({
        key: 'gql-sale',
        name: [{ locale: 'en', value: 'Sale' }],
        value: { relative: { permyriad: 1500 } },
        predicate: 'sku = "gql-none"',
        sortOrder: '0.31',
      }),
    );
    // isActive defaults to true, as the live input says.
    expect(created).toMatchObject({ version: 1, key: 'gql-sale', isActive: true, isValid: true, name: 'Sale' });
    expect(created!['value']).toEqual({ type: 'relative', permyriad: 1500 });
    const { updateProductDiscount: updated } = await data(
      update('gql-sale', 1, [
        { changeValue: { value: { absolute: { money: [{ currencyCode: 'EUR', centAmount: 250 }] } } } },
        { changeIsActive: { isActive: false } },
        { setDescription: { description: [{ locale: 'en', value: 'Off' }] } },
      ]),
    );
    expect(updated).toMatchObject({
      version: 2,
      isActive: false,
      value: { type: 'absolute', money: [{ centAmount: 250, currencyCode: 'EUR' }] },
    });
    expect((await api.call('GET', '/product-discounts/key=gql-sale')).body).toMatchObject({ version: 2, description: { en: 'Off' } });
    const { productDiscounts } = await data<{ productDiscounts: Json }>(
      gql(api, '{ productDiscounts(where: "key = \\"gql-sale\\"") { total results { key } } }'),
    );
    expect(productDiscounts).toEqual({ total: 1, results: [{ key: 'gql-sale' }] });
    const { deleteProductDiscount } = await data<{ deleteProductDiscount: Json }>(
      gql(api, 'mutation { deleteProductDiscount(key: "gql-sale", version: 2) { key } }'),
    );
    expect(deleteProductDiscount).toEqual({ key: 'gql-sale' });
    expect(
      (await data<{ productDiscount: Json | null }>(gql(api, '{ productDiscount(key: "gql-sale") { key } }'))).productDiscount,
    ).toBeNull();
  });

  it('refuses a predicate that does not parse with SyntaxError and a value with two members, changing nothing', async () => {
    const bad = await failure(
      create({ name: [{ locale: 'en', value: 'Bad' }], value: { relative: { permyriad: 100 } }, predicate: 'sku = ', sortOrder: '0.32' }),
    );
    expect(bad.error.extensions).toMatchObject({ code: 'SyntaxError' });
    const twice = await failure(
      create({
        name: [{ locale: 'en', value: 'Bad' }],
        value: { relative: { permyriad: 100 }, external: {} },
        predicate: '1 = 1',
        sortOrder: '0.33',
      }),
    );
    expect(twice.error.extensions).toMatchObject({ code: 'InvalidInput' });
    expect((await api.call('GET', '/product-discounts?where=sortOrder%20in%20(%220.32%22%2C%220.33%22)')).body['total']).toBe(0);
  });

  it('admits a token with only view_product_discounts to read them, not to write them', async () => {
    const token = await api.token(`view_product_discounts:${api.project}`);
    await data(
      create({
        key: 'gql-scoped',
        name: [{ locale: 'en', value: 'S' }],
        value: { external: {} },
        predicate: 'sku = "gql-none"',
        sortOrder: '0.35',
      }),
    );
    const read = await data<{ productDiscount: Json }>(gql(api, '{ productDiscount(key: "gql-scoped") { key } }', undefined, token));
    expect(read.productDiscount).toEqual({ key: 'gql-scoped' });
    const refused = await failure(gql(api, 'mutation { deleteProductDiscount(key: "gql-scoped", version: 1) { key } }', undefined, token));
    expect(refused.error.extensions).toMatchObject({ code: 'insufficient_scope' });
  });

  it("shows a Price's discounted value and its discount", async () => {
    const product = await api.call('POST', '/products', {
      productType: { key: 'thing' },
      name: { en: 'Mug' },
      slug: { en: 'gql-mug' },
      masterVariant: { sku: 'gql-mug', prices: [{ value: { currencyCode: 'EUR', centAmount: 999 } }] },
    });
    await data(
      create({
        key: 'gql-mugs',
        name: [{ locale: 'en', value: 'Mugs' }],
        value: { relative: { permyriad: 2500 } },
        predicate: 'sku = "gql-mug"',
        sortOrder: '0.34',
      }),
    );
    const { product: read } = await data<{ product: Json }>(
      gql(
        api,
        `{ product(id: "${product.body.id}") { masterData { current { masterVariant { prices {
          value { centAmount } discounted { value { centAmount } discountRef { typeId } discount { key } } } } } } } }`,
      ),
    );
    // 9.99 EUR at 25 % off: 999 × 0.75 = 749.25 cents, rounded to 749.
    expect(read['masterData']['current']['masterVariant']['prices']).toEqual([
      {
        value: { centAmount: 999 },
        discounted: { value: { centAmount: 749 }, discountRef: { typeId: 'product-discount' }, discount: { key: 'gql-mugs' } },
      },
    ]);
  });
});
