import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { codeDiscountDraft } from '../rest/cart-fixtures.js';
import { data, failure, gql } from './helpers.js';

/**
 * Discount Codes over GraphQL, on the REST operations: what GraphQL writes REST reads back, the
 * REST errors surface as field errors that change nothing, and a Cart takes a code by
 * `addDiscountCode` with its state.
 */

let api: Api;
beforeEach(async () => {
  api = await createApi({ projectKey: 'graphql-discount-codes' });
  expect((await api.call('POST', '/cart-discounts', codeDiscountDraft('ten', '0.5'))).status).toBe(201);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const CODE = `id version key code name(locale: "en") nameAllLocales { locale value } cartDiscountRefs { typeId id } storesRef { key }
  cartPredicate isActive referenceRefs { id } maxApplications maxApplicationsPerCustomer applicationCount applicationVersion groups
  validFrom validUntil createdAt lastModifiedAt createdBy { clientId }`;

const createCode = (draft: Json) =>
  gql<{ createDiscountCode: Json | null }>(api, `mutation ($draft: DiscountCodeDraft!) { createDiscountCode(draft: $draft) { ${CODE} } }`, {
    draft,
  });

describe('Discount Codes in GraphQL', () => {
  it('are created, read, queried, updated and deleted; REST reads the same code', async () => {
    const cartDiscounts = [{ typeId: 'cart-discount', key: 'ten' }];
    const draft = { code: 'SAVE10', key: 'save', name: [{ locale: 'en', value: 'Save' }], cartDiscounts, maxApplications: 3 };
    const { createDiscountCode: code } = await data(createCode(draft));
    const discount = (await api.call<Json>('GET', '/cart-discounts/key=ten')).body;
    expect(code).toMatchObject({
      version: 1,
      key: 'save',
      code: 'SAVE10',
      name: 'Save',
      cartDiscountRefs: [{ typeId: 'cart-discount', id: discount['id'] }],
      storesRef: [],
      isActive: true,
      referenceRefs: [],
      maxApplications: 3,
      maxApplicationsPerCustomer: null,
      applicationCount: 0,
      applicationVersion: null,
      groups: [],
      createdBy: { clientId: api.emulator.credentials.clientId },
    });
    const stored = (await api.call<Json>('GET', `/discount-codes/${code!['id'] as string}`)).body;
    expect(stored).toMatchObject({ id: code!['id'], code: 'SAVE10', name: { en: 'Save' }, maxApplications: 3 });

    const read = await data<{ byKey: Json; page: Json }>(
      gql(api, `{ byKey: discountCode(key: "save") { code } page: discountCodes(where: "code = \\"SAVE10\\"") { total results { key } } }`),
    );
    expect(read).toEqual({ byKey: { code: 'SAVE10' }, page: { total: 1, results: [{ key: 'save' }] } });

    const { updateDiscountCode: updated } = await data<{ updateDiscountCode: Json }>(
      gql(
        api,
        `mutation ($actions: [DiscountCodeUpdateAction!]!) { updateDiscountCode(key: "save", version: 1, actions: $actions) { ${CODE} } }`,
        {
          actions: [
            { changeIsActive: { isActive: false } },
            { setDescription: { description: [{ locale: 'en', value: 'Spring' }] } },
            { setValidFromAndUntil: { validFrom: '2030-01-01T00:00:00.000Z', validUntil: '2030-02-01T00:00:00.000Z' } },
            { setMaxApplications: { maxApplications: null } },
          ],
        },
      ),
    );
    expect(updated).toMatchObject({
      version: 2,
      isActive: false,
      validFrom: '2030-01-01T00:00:00.000Z',
      validUntil: '2030-02-01T00:00:00.000Z',
      maxApplications: null,
    });
    expect((await api.call<Json>('GET', '/discount-codes/key=save')).body['description']).toEqual({ en: 'Spring' });

    const { deleteDiscountCode: deleted } = await data<{ deleteDiscountCode: Json }>(
      gql(api, `mutation { deleteDiscountCode(key: "save", version: 2) { code } }`),
    );
    expect(deleted).toEqual({ code: 'SAVE10' });
    expect((await api.call('GET', '/discount-codes/key=save')).status).toBe(404);
  });

  it('answers the REST errors as field errors and creates nothing', async () => {
    await data(createCode({ code: 'SAVE10', cartDiscounts: [{ key: 'ten' }] }));
    const { error } = await failure(createCode({ code: 'SAVE10', cartDiscounts: [{ key: 'ten' }] }));
    expect(error.extensions?.code).toBe('DuplicateField');
    const missing = await failure(createCode({ code: 'OTHER', cartDiscounts: [{ key: 'nope' }] }));
    expect(missing.error.extensions?.code).toBe('ReferencedResourceNotFound');
    expect((await api.call<Json>('GET', '/discount-codes')).body['total']).toBe(1);
  });

  it('adds a code to a Cart and shows its state and the code', async () => {
    await data(createCode({ code: 'SAVE10', cartDiscounts: [{ key: 'ten' }] }));
    const cart = (await api.call<Json>('POST', '/carts', { currency: 'EUR' })).body;
    const { updateCart } = await data<{ updateCart: Json }>(
      gql(
        api,
        `mutation ($id: String, $version: Long!) { updateCart(id: $id, version: $version, actions: [{ addDiscountCode: { code: "SAVE10" } }]) {
          discountCodes { state discountCodeRef { typeId } discountCode { code } } } }`,
        { id: cart['id'], version: cart['version'] },
      ),
    );
    expect(updateCart['discountCodes']).toEqual([
      { state: 'MatchesCart', discountCodeRef: { typeId: 'discount-code' }, discountCode: { code: 'SAVE10' } },
    ]);
    const unknown = await failure(
      gql(api, `mutation ($id: String) { updateCart(id: $id, version: 2, actions: [{ addDiscountCode: { code: "NOPE" } }]) { version } }`, {
        id: cart['id'],
      }),
    );
    expect(unknown.error.extensions).toMatchObject({ code: 'DiscountCodeNonApplicable', reason: 'DoesNotExist' });
  });
});
