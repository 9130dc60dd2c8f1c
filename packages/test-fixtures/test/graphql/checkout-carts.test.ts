import { beforeEach, describe, expect, it } from 'vitest';
import { tokenWith } from '../helpers/tokens.js';
import { BERLIN, cartApi, eur, money, NEW_YORK, type CartApi } from '../rest/cart-fixtures.js';
import { data, failure, gql } from './helpers.js';
import { ok } from '../rest/helpers.js';

/**
 * Carts over GraphQL on the REST engine: the same Cart, priced, taxed and totalled by the same
 * code, whichever interface wrote it; REST errors surface as field errors that change nothing.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
  await c.product('tee', [{ value: eur(1999) }]);
});

const MONEY = 'type currencyCode centAmount fractionDigits';
const TAXED = `totalNet { ${MONEY} } totalGross { ${MONEY} } totalTax { ${MONEY} } taxPortions { rate name amount { ${MONEY} } }`;
/** The fields of a Cart whose GraphQL form is its REST form (compared one to one with REST below). */
const CART = `id version key customerId customerEmail anonymousId country locale cartState origin taxMode taxRoundingMode
  priceRoundingMode taxCalculationMode inventoryMode shippingMode totalLineItemQuantity deleteDaysAfterLastModification
  totalPrice { ${MONEY} } taxedPrice { ${TAXED} }
  shippingAddress { country state city streetName } billingAddress { country city }
  lineItems { id productId productKey quantity lineItemMode priceMode name(locale: "en") nameAllLocales { locale value }
    productSlug(locale: "en") productTypeRef { typeId id } variant { id sku } price { value { ${MONEY} } }
    totalPrice { ${MONEY} } taxedPrice { ${TAXED} } state { quantity stateRef { typeId id } }
    taxRate { name amount includedInPrice country state subRates { name amount } } }
  customLineItems { id quantity slug name(locale: "en") money { ${MONEY} } totalPrice { ${MONEY} } taxedPrice { ${TAXED} }
    taxCategoryRef { id } taxRate { name amount } priceMode }
  storeRef { typeId key } customerGroupRef { id } createdBy { clientId }`;

const createCart = (draft: Json, storeKey?: string, token?: string) =>
  gql<{ createCart: Json | null }>(
    c.api,
    `mutation ($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${CART} } }`,
    { draft, ...(storeKey ? { storeKey } : {}) },
    token,
  );
const updateCart = (id: string, version: number, actions: unknown[], storeKey?: string, token?: string) =>
  gql<{ updateCart: Json | null }>(
    c.api,
    `mutation ($id: String, $version: Long!, $actions: [CartUpdateAction!]!, $storeKey: KeyReferenceInput) {
      updateCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${CART} } }`,
    { id, version, actions, ...(storeKey ? { storeKey } : {}) },
    token,
  );
const restCart = async (id: string): Promise<Json> => (await c.api.call<Json>('GET', `/carts/${id}`)).body;

/** The money of a Cart, read alike from its REST and its GraphQL form: totals, taxes and each item's. */
function totalsOf(cart: Json): Json {
  const taxed = (t: Json | undefined | null) =>
    t == null
      ? null
      : { ...t, taxPortions: t['taxPortions'].map((p: Json) => ({ rate: p['rate'], name: p['name'] ?? null, amount: p['amount'] })) };
  const item = (line: Json) => ({
    id: line['id'],
    quantity: line['quantity'],
    totalPrice: line['totalPrice'],
    taxedPrice: taxed(line['taxedPrice']),
    unit: line['price']?.value ?? line['money'],
  });
  return {
    totalPrice: cart['totalPrice'],
    totalLineItemQuantity: cart['totalLineItemQuantity'] ?? null,
    taxedPrice: taxed(cart['taxedPrice']),
    lineItems: cart['lineItems'].map(item),
    customLineItems: cart['customLineItems'].map(item),
  };
}

describe('Carts', () => {
  it('set Direct Discounts through updateCart, priced as over REST, and read them back', async () => {
    const cart = await c.cart({ taxMode: 'Disabled', lineItems: [{ sku: 'tee', quantity: 2 }] });
    const discounts = [{ value: { relative: { permyriad: 1000 } }, target: { lineItems: { predicate: '1 = 1' } } }];
    const { updateCart } = await data<{ updateCart: Json }>(
      gql(
        c.api,
        `mutation ($id: String, $actions: [CartUpdateAction!]!) { updateCart(id: $id, version: ${cart['version']}, actions: $actions) {
          totalPrice { centAmount } directDiscounts { id value { type ... on RelativeDiscountValue { permyriad } } target { type } } } }`,
        { id: cart['id'], actions: [{ setDirectDiscounts: { discounts } }] },
      ),
    );
    // 19.99 × 2 = 39.98 less 10 % per unit (1999 → 1799.1 → 1799): 2 × 17.99 = 35.98 EUR.
    expect(updateCart['totalPrice']).toEqual({ centAmount: 3598 });
    expect(updateCart['directDiscounts']).toEqual([
      { id: expect.any(String), value: { type: 'relative', permyriad: 1000 }, target: { type: 'lineItems' } },
    ]);
    expect(ok(await c.api.call('GET', `/carts/${cart['id']}`))['totalPrice']).toEqual(money(3598));
  });

  it('a Cart created over GraphQL is priced and taxed to the cent, as REST reads it', async () => {
    const { createCart: cart } = await data(
      createCart({
        key: 'gql-cart',
        currency: 'EUR',
        country: 'DE',
        customerEmail: 'a@example.com',
        shippingAddress: BERLIN,
        lineItems: [{ sku: 'tee', quantity: 3 }],
        customLineItems: [
          {
            name: [{ locale: 'en', value: 'Gift wrap' }],
            slug: 'wrap',
            money: { centPrecision: eur(250) },
            taxCategory: { key: 'standard' },
          },
        ],
      }),
    );
    // DE VAT 19 % is included in the prices. Tee: 19.99 × 3 = 59.97 gross; net 59.97 / 1.19 = 50.3949… → 50.39, tax 9.58.
    // Gift wrap: 2.50 gross; net 2.50 / 1.19 = 2.1008… → 2.10, tax 0.40.
    // Cart: gross 59.97 + 2.50 = 62.47; net 50.39 + 2.10 = 52.49; tax 9.58 + 0.40 = 9.98.
    expect(cart).toMatchObject({
      version: 1,
      key: 'gql-cart',
      cartState: 'Active',
      totalLineItemQuantity: 3,
      totalPrice: money(6247),
      taxedPrice: { totalNet: money(5249), totalGross: money(6247), totalTax: money(998) },
    });
    expect(cart!['taxedPrice'].taxPortions).toEqual([{ rate: 0.19, name: 'DE VAT', amount: money(998) }]);
    expect(cart!['lineItems'][0]).toMatchObject({
      name: 'Thing tee',
      productSlug: 'thing-tee',
      variant: { id: 1, sku: 'tee' },
      price: { value: money(1999) },
      totalPrice: money(5997),
      taxedPrice: { totalNet: money(5039), totalGross: money(5997), totalTax: money(958) },
      taxRate: { name: 'DE VAT', amount: 0.19, includedInPrice: true, country: 'DE', subRates: [] },
    });
    expect(cart!['customLineItems'][0]).toMatchObject({
      name: 'Gift wrap',
      money: money(250),
      taxedPrice: { totalNet: money(210), totalGross: money(250), totalTax: money(40) },
      taxCategoryRef: { id: c.taxCategoryId },
    });
    expect(totalsOf(cart!)).toEqual(totalsOf(await restCart(cart!['id'])));
  });

  it('update actions map onto the REST ones, and give the totals REST gives the same Cart', async () => {
    const { createCart: created } = await data(createCart({ currency: 'EUR', lineItems: [{ sku: 'tee' }] }));
    const rest = await c.cart({ lineItems: [{ sku: 'tee' }] });
    const actions = [
      { addLineItem: { sku: 'tee', quantity: 2 } },
      { changeLineItemQuantity: { lineItemId: created!['lineItems'][0].id, quantity: 4 } },
      { removeLineItem: { lineItemId: created!['lineItems'][0].id, quantity: 2 } },
      { setShippingAddress: { address: NEW_YORK } },
      { setBillingAddress: { address: BERLIN } },
      { setCustomerEmail: { email: 'b@example.com' } },
      { setLocale: { locale: 'en' } },
      { setKey: { key: 'ny-cart' } },
      { changeTaxRoundingMode: { taxRoundingMode: 'HalfUp' } },
      {
        addCustomLineItem: {
          name: [{ locale: 'en', value: 'Fee' }],
          slug: 'fee',
          money: { centPrecision: eur(101) },
          taxCategory: { key: 'standard' },
          quantity: 2,
        },
      },
    ];
    const { updateCart: updated } = await data(updateCart(created!['id'], 1, actions));
    // NY 8 % (4 % state + 4 % city) is added to the prices. Tee: 19.99 × 2 = 39.98 net; tax 39.98 × 0.08 = 3.1984 → 3.20.
    // Fee: 1.01 × 2 = 2.02 net; tax 0.1616 → 0.16. Cart: net 42.00, tax 3.36, gross 45.36.
    expect(updated).toMatchObject({
      version: 2,
      key: 'ny-cart',
      customerEmail: 'b@example.com',
      totalLineItemQuantity: 2,
      totalPrice: money(4200),
      taxedPrice: { totalNet: money(4200), totalGross: money(4536), totalTax: money(336) },
    });
    const restLine = rest['lineItems'][0].id as string;
    const restUpdated = await c.updated(
      rest,
      { action: 'addLineItem', sku: 'tee', quantity: 2 },
      { action: 'changeLineItemQuantity', lineItemId: restLine, quantity: 4 },
      { action: 'removeLineItem', lineItemId: restLine, quantity: 2 },
      { action: 'setShippingAddress', address: NEW_YORK },
      { action: 'setBillingAddress', address: BERLIN },
      { action: 'setCustomerEmail', email: 'b@example.com' },
      { action: 'setLocale', locale: 'en' },
      { action: 'setKey', key: 'ny-rest' },
      { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' },
      { action: 'addCustomLineItem', name: { en: 'Fee' }, slug: 'fee', money: eur(101), taxCategory: { key: 'standard' }, quantity: 2 },
    );
    const ids = (totals: Json) => ({
      ...totals,
      lineItems: totals['lineItems'].map((l: Json) => ({ ...l, id: 'x' })),
      customLineItems: totals['customLineItems'].map((l: Json) => ({ ...l, id: 'x' })),
    });
    expect(ids(totalsOf(updated!))).toEqual(ids(totalsOf(restUpdated)));
    expect(totalsOf(updated!)).toEqual(totalsOf(await restCart(created!['id'])));

    const read = await data(
      gql(
        c.api,
        `query ($id: String) { cart(id: $id) { key } byKey: cart(key: "ny-cart") { id } carts(where: "key = \\"ny-cart\\"") { total } }`,
        {
          id: created!['id'],
        },
      ),
    );
    expect(read).toEqual({ cart: { key: 'ny-cart' }, byKey: { id: created!['id'] }, carts: { total: 1 } });
    const deleted = await data(gql(c.api, 'mutation { deleteCart(key: "ny-cart", version: 2) { id } }'));
    expect(deleted).toEqual({ deleteCart: { id: created!['id'] } });
    expect((await c.api.call('GET', `/carts/${created!['id'] as string}`)).status).toBe(404);
  });

  it('refusals are the REST ones and change nothing: stale version, unknown SKU, an action REST does not emulate', async () => {
    const { createCart: cart } = await data(createCart({ currency: 'EUR', lineItems: [{ sku: 'tee' }] }));
    const before = await restCart(cart!['id']);

    const stale = await failure(updateCart(cart!['id'], 9, [{ setLocale: { locale: 'de' } }]));
    expect(stale.error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });
    const unknown = await failure(updateCart(cart!['id'], 1, [{ setLocale: { locale: 'de' } }, { addLineItem: { sku: 'nope' } }]));
    const restUnknown = (await c.update(before, { action: 'addLineItem', sku: 'nope' })) as { body: { errors: Json[] } };
    expect(unknown.error.extensions).toEqual({ code: restUnknown.body.errors[0]!['code'] });
    expect(unknown.error.message).toBe(restUnknown.body.errors[0]!['message']);
    const notEmulated = await failure(updateCart(cart!['id'], 1, [{ setPurchaseOrderNumber: { purchaseOrderNumber: 'PO-1' } }]));
    const restNotEmulated = await c.update(before, { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' });
    expect(restNotEmulated.status).toBe(501);
    expect(notEmulated.error.extensions).toMatchObject({ code: 'NotEmulated', action: 'setPurchaseOrderNumber' });
    const twoMoneys = await failure(
      updateCart(cart!['id'], 1, [
        {
          addCustomLineItem: {
            name: [],
            slug: 'x',
            money: { centPrecision: eur(1), highPrecision: { currencyCode: 'EUR', preciseAmount: 1, fractionDigits: 3 } },
          },
        },
      ]),
    );
    expect(twoMoneys.error.message).toBe(
      'actions[0].addCustomLineItem.money: exactly one money type must be set, got centPrecision, highPrecision.',
    );

    expect(await restCart(cart!['id'])).toEqual(before);
  });

  it("in a Store: createCart with storeKey makes the Store's Cart; InStore reads only its Carts; another Store's is not found", async () => {
    await c.api.call('POST', '/stores', { key: 'berlin' });
    await c.api.call('POST', '/stores', { key: 'munich' });
    const { createCart: cart } = await data(createCart({ currency: 'EUR', lineItems: [{ sku: 'tee' }] }, 'berlin'));
    expect(cart!['storeRef']).toEqual({ typeId: 'store', key: 'berlin' });
    await data(createCart({ currency: 'EUR' }));

    const read = await data(
      gql(
        c.api,
        `query ($id: String) { berlin: inStore(key: "berlin") { cart(id: $id) { id } carts { total } }
          munich: inStore(key: "munich") { cart(id: $id) { id } carts { total } } }`,
        { id: cart!['id'] },
      ),
    );
    expect(read).toEqual({ berlin: { cart: { id: cart!['id'] }, carts: { total: 1 } }, munich: { cart: null, carts: { total: 0 } } });

    const elsewhere = await failure(updateCart(cart!['id'], 1, [{ setLocale: { locale: 'de' } }], 'munich'));
    expect(elsewhere.error.extensions).toEqual({ code: 'ResourceNotFound' });
    const restElsewhere = await c.api.call('POST', `/in-store/key=munich/carts/${cart!['id'] as string}`, { version: 1, actions: [] });
    expect(elsewhere.error.message).toBe(restElsewhere.body.errors[0].message);

    const berlinToken = await tokenWith(c.api, `manage_orders:${c.api.project}:berlin`);
    const inBerlin = await data(updateCart(cart!['id'], 1, [{ setLocale: { locale: 'de' } }], 'berlin', berlinToken));
    expect(inBerlin.updateCart).toMatchObject({ version: 2, locale: 'de' });
    const refused = await failure(createCart({ currency: 'EUR' }, 'munich', berlinToken));
    const restRefused = await c.api.as(berlinToken)('POST', '/in-store/key=munich/carts', { currency: 'EUR' });
    expect(restRefused.status).toBe(403);
    expect(refused.error.message).toBe(restRefused.body.errors[0].message);
    const global = await failure(gql(c.api, '{ carts { total } }', undefined, berlinToken));
    expect(global.error.extensions).toMatchObject({ code: 'insufficient_scope' });
    expect((await c.api.call('GET', '/carts')).body.total).toBe(2);
  });

  it('a discounted Cart reads the same discounts and totals over GraphQL as over REST', async () => {
    ok(await c.api.call('POST', '/zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] }), 201);
    const rate = { price: eur(500) };
    const zoneRates = [{ zone: { key: 'de' }, shippingRates: [rate] }];
    ok(
      await c.api.call('POST', '/shipping-methods', {
        key: 'std',
        name: 'std',
        isDefault: true,
        taxCategory: { key: 'standard' },
        zoneRates,
      }),
      201,
    );
    const cart = await c.updated(
      await c.cart({ shippingAddress: BERLIN, shippingMethod: { key: 'std' }, lineItems: [{ sku: 'tee', quantity: 3 }] }),
      {
        action: 'setDirectDiscounts',
        discounts: [
          { value: { type: 'absolute', money: [eur(1000)] }, target: { type: 'lineItems', predicate: '1 = 1' } },
          { value: { type: 'relative', permyriad: 5000 }, target: { type: 'shipping' } },
          { value: { type: 'relative', permyriad: 1000 }, target: { type: 'totalPrice' } },
        ],
      },
    );
    // 19.99 × 3 less 10.00 over 3 units: 333 each and a cent left: 16.65 once, 16.66 twice = 49.97;
    // shipping 5.00 at half: 2.50; total 52.47 less 10 % (5.247 → 5.25) = 47.22
    expect(cart['totalPrice']).toEqual(money(4722));
    const PRICE = `value { ${MONEY} } includedDiscounts { discountRef { typeId id } discountedAmount { ${MONEY} } }`;
    const read = await data(
      gql<{ cart: Json }>(
        c.api,
        `query ($id: String) { cart(id: $id) { totalLineItemQuantity totalPrice { ${MONEY} } taxedPrice { ${TAXED} } taxedShippingPrice { ${TAXED} }
          lineItems { totalPrice { ${MONEY} } discountedPricePerQuantity { quantity discountedPrice { ${PRICE} } } }
          shippingInfo { discountedPrice { ${PRICE} } }
          discountOnTotalPrice { discountedAmount { ${MONEY} } discountedNetAmount { ${MONEY} } discountedGrossAmount { ${MONEY} }
            includedDiscounts { discountRef { typeId id } discountedAmount { ${MONEY} } } }
          discountTypeCombination { type } } }`,
        { id: cart['id'] },
      ),
    );
    const restForm = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value ?? null, (key, v: unknown) => (key === 'discount' ? undefined : v)).replaceAll('"discountRef"', '"discount"'),
      );
    const graphql = restForm(read.cart) as Json;
    const discountedLines = (lines: Json[]) =>
      lines.map((line) => ({ totalPrice: line['totalPrice'], discountedPricePerQuantity: line['discountedPricePerQuantity'] }));
    expect(graphql['lineItems']).toEqual(discountedLines(cart['lineItems']));
    expect(graphql['shippingInfo']['discountedPrice']).toEqual(cart['shippingInfo']['discountedPrice']);
    expect(graphql['discountOnTotalPrice']).toEqual(cart['discountOnTotalPrice']);
    expect(graphql['discountTypeCombination']).toEqual({ type: 'Stacking' });
    expect(totalsOf({ ...graphql, lineItems: [], customLineItems: [] })).toEqual(totalsOf({ ...cart, lineItems: [], customLineItems: [] }));
  });
});
