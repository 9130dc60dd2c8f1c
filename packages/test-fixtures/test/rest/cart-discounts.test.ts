import { beforeEach, describe, expect, it } from 'vitest';
import {
  createApi,
  createProduct,
  createStore,
  expectError,
  messagesOf,
  ok,
  tokenWithScope,
  UUID,
  type Api,
  type ApiAnswer,
  type Json,
} from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi();
});

let sortOrders = 0;
/** A draft of a 10 % line-item discount, with a sort order of its own. */
const draft = (extra: Json = {}): Json => ({
  name: { en: 'Ten percent' },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder: `0.${++sortOrders}1`,
  ...extra,
});

const create = async (extra: Json = {}): Promise<Json> => ok(await api.call('POST', '/cart-discounts', draft(extra)), 201);
const update = (discount: Json, actions: Json[]): Promise<ApiAnswer> =>
  api.call('POST', `/cart-discounts/${discount['id'] as string}`, { version: discount['version'] as number, actions });

/** Every Cart Discount and Message: what a refused request must leave as it was. */
async function everything(): Promise<Json> {
  return {
    discounts: ok(await api.call('GET', '/cart-discounts?limit=500&sort=id%20asc')).results,
    messages: ok(await api.call('GET', '/messages?limit=500&sort=id%20asc')).results,
  };
}

/** Asserts that a refused request (its `answer`) changed nothing since `before`. */
async function expectRefused(answer: ApiAnswer, status: number, code: string, before: Json): Promise<Json> {
  const error = expectError(answer, status, code);
  expect(await everything()).toEqual(before);
  return error;
}

describe('cart discounts', () => {
  it('are created with their defaults, read by id and key, queried and deleted', async () => {
    const created = await create({ key: 'ten', sortOrder: '0.5' });
    expect(created).toMatchObject({
      id: expect.stringMatching(UUID),
      version: 1,
      key: 'ten',
      name: { en: 'Ten percent' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: '1 = 1',
      target: { type: 'lineItems', predicate: '1 = 1' },
      sortOrder: '0.5',
      stores: [],
      isActive: true,
      requiresDiscountCode: false,
      references: [],
      stackingMode: 'Stacking',
      recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
    });
    expect(ok(await api.call('GET', `/cart-discounts/${created['id'] as string}`))).toEqual(created);
    expect(ok(await api.call('GET', '/cart-discounts/key=ten'))).toEqual(created);
    const page = ok(await api.call('GET', '/cart-discounts?where=sortOrder="0.5"&withTotal=true'));
    expect(page).toMatchObject({ total: 1, results: [{ key: 'ten' }] });
    ok(await api.call('DELETE', '/cart-discounts/key=ten?version=1'));
    expectError(await api.call('GET', '/cart-discounts/key=ten'), 404, 'ResourceNotFound');
    const sent = await messagesOf(api, created['id'] as string);
    expect(sent.map((message) => message['type'])).toEqual(['CartDiscountCreated', 'CartDiscountDeleted']);
    expect(sent[0]!['cartDiscount']).toEqual(created);
  });

  it('names in references the resources its predicates name by id', async () => {
    const created = await create({
      cartPredicate: 'customerGroup.id = "g1" and lineItemExists(categories.id contains "c1")',
      target: { type: 'lineItems', predicate: 'productType.id = "t1" or product.id in ("p1", "p2")' },
    });
    expect(created['references']).toEqual([
      { typeId: 'customer-group', id: 'g1' },
      { typeId: 'category', id: 'c1' },
      { typeId: 'product-type', id: 't1' },
      { typeId: 'product', id: 'p1' },
      { typeId: 'product', id: 'p2' },
    ]);
    const changed = ok(await update(created, [{ action: 'changeCartPredicate', cartPredicate: 'customer.id = "u1"' }]));
    expect(changed['references']).toEqual([
      { typeId: 'customer', id: 'u1' },
      { typeId: 'product-type', id: 't1' },
      { typeId: 'product', id: 'p1' },
      { typeId: 'product', id: 'p2' },
    ]);
  });

  it('a cart predicate that does not parse is 400 SyntaxError with its position; nothing is stored', async () => {
    const before = await everything();
    const error = await expectRefused(
      await api.call('POST', '/cart-discounts', draft({ cartPredicate: 'totalPrice > "50.00 EUR" and' })),
      400,
      'SyntaxError',
      before,
    );
    expect(error.message).toContain('cartPredicate');
    expect(error.message).toMatch(/position \d+/);
  });

  it('a target predicate with an unknown field is 400 SemanticError naming target.predicate; nothing is stored', async () => {
    const before = await everything();
    const error = await expectRefused(
      await api.call('POST', '/cart-discounts', draft({ target: { type: 'lineItems', predicate: 'noSuchField = "x"' } })),
      400,
      'SemanticError',
      before,
    );
    expect(error.message).toContain('noSuchField');
    const custom = await api.call('POST', '/cart-discounts', draft({ target: { type: 'customLineItems', predicate: 'slug = ' } }));
    expect(expectError(custom, 400, 'SyntaxError').message).toContain('target.predicate');
  });

  it('changeCartPredicate and changeTarget with a bad predicate are refused and change nothing', async () => {
    const discount = await create();
    const before = await everything();
    await expectRefused(await update(discount, [{ action: 'changeCartPredicate', cartPredicate: '1 =' }]), 400, 'SyntaxError', before);
    await expectRefused(
      await update(discount, [
        { action: 'changeName', name: { en: 'Renamed' } },
        {
          action: 'changeTarget',
          target: { type: 'multiBuyLineItems', predicate: 'sku = ', triggerQuantity: 2, discountedQuantity: 1, selectionMode: 'Cheapest' },
        },
      ]),
      400,
      'SyntaxError',
      before,
    );
  });

  it('sortOrder is a decimal strictly between 0 and 1 without a trailing zero (400 InvalidJsonInput otherwise)', async () => {
    const before = await everything();
    for (const sortOrder of ['0', '1', '0.50', '.5', '0.', '1.5', 'abc', '-0.5']) {
      await expectRefused(await api.call('POST', '/cart-discounts', draft({ sortOrder })), 400, 'InvalidJsonInput', before);
    }
    expect((await create({ sortOrder: '0.000001' }))['sortOrder']).toBe('0.000001');
    expect((await create({ sortOrder: '0.999' }))['sortOrder']).toBe('0.999');
  });

  it('sortOrder is unique among cart discounts: 400 DuplicateField on create and on changeSortOrder', async () => {
    await create({ sortOrder: '0.7' });
    const other = await create({ sortOrder: '0.8' });
    const before = await everything();
    const duplicate = await expectRefused(
      await api.call('POST', '/cart-discounts', draft({ sortOrder: '0.7' })),
      400,
      'DuplicateField',
      before,
    );
    expect(duplicate).toMatchObject({ field: 'sortOrder', duplicateValue: '0.7' });
    await expectRefused(await update(other, [{ action: 'changeSortOrder', sortOrder: '0.7' }]), 400, 'DuplicateField', before);
    expect(ok(await update(other, [{ action: 'changeSortOrder', sortOrder: '0.75' }]))['sortOrder']).toBe('0.75');
  });

  it('money of an absolute or fixed value: empty or a currency twice is 400 InvalidOperation; amounts answered in cent precision', async () => {
    const before = await everything();
    const empty = { type: 'absolute', money: [] };
    await expectRefused(await api.call('POST', '/cart-discounts', draft({ value: empty })), 400, 'InvalidOperation', before);
    const twice = {
      type: 'fixed',
      money: [
        { currencyCode: 'EUR', centAmount: 100 },
        { currencyCode: 'EUR', centAmount: 200 },
      ],
    };
    await expectRefused(await api.call('POST', '/cart-discounts', draft({ value: twice })), 400, 'InvalidOperation', before);
    const created = await create({
      value: {
        type: 'fixed',
        money: [
          { currencyCode: 'EUR', centAmount: 999 },
          { currencyCode: 'JPY', centAmount: 1500 },
        ],
      },
    });
    expect(created['value']).toEqual({
      type: 'fixed',
      money: [
        { type: 'centPrecision', currencyCode: 'EUR', centAmount: 999, fractionDigits: 2 },
        { type: 'centPrecision', currencyCode: 'JPY', centAmount: 1500, fractionDigits: 0 },
      ],
    });
    const unchanged = await everything();
    await expectRefused(await update(created, [{ action: 'changeValue', value: empty }]), 400, 'InvalidOperation', unchanged);
    const changed = ok(
      await update(created, [
        {
          action: 'changeValue',
          value: { type: 'absolute', money: [{ currencyCode: 'USD', centAmount: 500 }], applicationMode: 'IndividualApplication' },
        },
      ]),
    );
    expect(changed['value']).toEqual({
      type: 'absolute',
      money: [{ type: 'centPrecision', currencyCode: 'USD', centAmount: 500, fractionDigits: 2 }],
      applicationMode: 'IndividualApplication',
    });
  });

  it('a gift line item has no target and names an existing Product and variant', async () => {
    const product = await createProduct(api, 'gift');
    const gift = { type: 'giftLineItem', product: { typeId: 'product', key: 'gift' }, variantId: 1 };
    const created = ok(await api.call('POST', '/cart-discounts', { ...draft({ value: gift }), target: undefined }), 201);
    expect(created['value']).toEqual({ type: 'giftLineItem', product: { typeId: 'product', id: product.id }, variantId: 1 });
    expect(created).not.toHaveProperty('target');
    const before = await everything();
    const post = (extra: Json) =>
      api.call('POST', '/cart-discounts', { ...draft(extra), ...(extra['target'] === undefined ? { target: undefined } : {}) });
    await expectRefused(await post({ value: gift, target: { type: 'shipping' } }), 400, 'InvalidInput', before);
    await expectRefused(await post({ value: { ...gift, variantId: 7 } }), 400, 'InvalidInput', before);
    await expectRefused(
      await post({ value: { ...gift, product: { typeId: 'product', key: 'none' } } }),
      400,
      'ReferencedResourceNotFound',
      before,
    );
    await expectRefused(await post({ value: { type: 'relative', permyriad: 100 } }), 400, 'InvalidInput', before);
    // changeValue neither sets nor replaces a gift (live), and a gift takes no target.
    await expectRefused(
      await update(created, [{ action: 'changeValue', value: { type: 'relative', permyriad: 100 } }]),
      400,
      'InvalidInput',
      before,
    );
    await expectRefused(await update(created, [{ action: 'changeTarget', target: { type: 'shipping' } }]), 400, 'InvalidInput', before);
    const other = await create();
    const withOther = await everything();
    await expectRefused(await update(other, [{ action: 'changeValue', value: gift }]), 400, 'InvalidInput', withOther);
  });

  it('a gift line item Channel needs its role: 400 MissingRoleOnChannel', async () => {
    await createProduct(api, 'gift');
    ok(await api.call('POST', '/channels', { key: 'dist', roles: ['ProductDistribution'] }), 201);
    const gift = { type: 'giftLineItem', product: { typeId: 'product', key: 'gift' }, variantId: 1 };
    const before = await everything();
    const wrong = await api.call('POST', '/cart-discounts', {
      ...draft({ value: { ...gift, supplyChannel: { typeId: 'channel', key: 'dist' } } }),
      target: undefined,
    });
    await expectRefused(wrong, 400, 'MissingRoleOnChannel', before);
    const right = ok(
      await api.call('POST', '/cart-discounts', {
        ...draft({ value: { ...gift, distributionChannel: { typeId: 'channel', key: 'dist' } } }),
        target: undefined,
      }),
      201,
    );
    expect(right['value']).toMatchObject({ distributionChannel: { typeId: 'channel' } });
  });

  it('values and targets that do not fit together are refused as live: absolute on multi-buy, relative with a mode, more discounted than triggering', async () => {
    const before = await everything();
    const multiBuy = {
      type: 'multiBuyLineItems',
      predicate: '1 = 1',
      triggerQuantity: 3,
      discountedQuantity: 1,
      selectionMode: 'Cheapest',
    };
    const absolute = { type: 'absolute', money: [{ currencyCode: 'EUR', centAmount: 100 }] };
    await expectRefused(
      await api.call('POST', '/cart-discounts', draft({ value: absolute, target: multiBuy })),
      400,
      'InvalidOperation',
      before,
    );
    const moded = { type: 'relative', permyriad: 100, applicationMode: 'EvenDistribution' };
    await expectRefused(await api.call('POST', '/cart-discounts', draft({ value: moded })), 400, 'InvalidOperation', before);
    const tooMany = { ...multiBuy, discountedQuantity: 4 };
    await expectRefused(await api.call('POST', '/cart-discounts', draft({ target: tooMany })), 400, 'InvalidInput', before);
    const created = await create({ target: { ...multiBuy, maxOccurrence: 2 } });
    expect(created['target']).toEqual({ ...multiBuy, maxOccurrence: 2 });
    const unchanged = await everything();
    await expectRefused(await update(created, [{ action: 'changeValue', value: absolute }]), 400, 'InvalidOperation', unchanged);
  });

  it('every target the emulator models is stored as sent; the pattern target is 501 NotEmulated', async () => {
    const targets = [
      { type: 'customLineItems', predicate: 'slug = "fee"' },
      { type: 'shipping' },
      { type: 'totalPrice' },
      { type: 'multiBuyCustomLineItems', predicate: '1 = 1', triggerQuantity: 2, discountedQuantity: 2, selectionMode: 'MostExpensive' },
    ];
    for (const target of targets) expect((await create({ target }))['target']).toEqual(target);
    const before = await everything();
    const pattern = {
      type: 'pattern',
      triggerPattern: [],
      targetPattern: [{ type: 'CountOnLineItemUnits', predicate: '1 = 1' }],
      selectionMode: 'Cheapest',
    };
    const refused = await expectRefused(await api.call('POST', '/cart-discounts', draft({ target: pattern })), 501, 'NotEmulated', before);
    expect(refused['field']).toBe('target.triggerPattern');
  });

  it('the update actions change what they name and bump the version once', async () => {
    const discount = await create({ key: 'cd', description: { en: 'D' }, validFrom: '2030-01-01T00:00:00.000Z' });
    const changed = ok(
      await update(discount, [
        { action: 'changeName', name: { en: 'Renamed' } },
        { action: 'setDescription' },
        { action: 'setKey', key: 'cd-2' },
        { action: 'changeIsActive', isActive: false },
        { action: 'changeRequiresDiscountCode', requiresDiscountCode: true },
        { action: 'changeStackingMode', stackingMode: 'StopAfterThisDiscount' },
        { action: 'changeValue', value: { type: 'relative', permyriad: 2500 } },
        { action: 'changeTarget', target: { type: 'shipping' } },
        { action: 'changeCartPredicate', cartPredicate: 'totalPrice > "50.00 EUR"' },
        { action: 'changeSortOrder', sortOrder: '0.123' },
        { action: 'setValidUntil', validUntil: '2031-01-01T00:00:00.000Z' },
        { action: 'setValidFrom' },
      ]),
    );
    expect(changed).toMatchObject({
      version: 2,
      key: 'cd-2',
      name: { en: 'Renamed' },
      isActive: false,
      requiresDiscountCode: true,
      stackingMode: 'StopAfterThisDiscount',
      value: { type: 'relative', permyriad: 2500 },
      target: { type: 'shipping' },
      cartPredicate: 'totalPrice > "50.00 EUR"',
      sortOrder: '0.123',
      validUntil: '2031-01-01T00:00:00.000Z',
    });
    expect(changed).not.toHaveProperty('description');
    expect(changed).not.toHaveProperty('validFrom');
    const window = ok(
      await update(changed, [{ action: 'setValidFromAndUntil', validFrom: '2029-01-01T00:00:00.000Z' }, { action: 'setKey' }]),
    );
    expect(window).toMatchObject({ version: 3, validFrom: '2029-01-01T00:00:00.000Z' });
    expect(window).not.toHaveProperty('validUntil');
    expect(window).not.toHaveProperty('key');
  });

  it('Custom Fields are set by the draft and by setCustomType / setCustomField', async () => {
    ok(
      await api.call('POST', '/types', {
        key: 'cd-type',
        name: { en: 'T' },
        resourceTypeIds: ['cart-discount'],
        fieldDefinitions: [{ name: 'note', label: { en: 'N' }, required: false, type: { name: 'String' } }],
      }),
      201,
    );
    const discount = await create({ custom: { type: { key: 'cd-type' }, fields: { note: 'a' } } });
    expect(discount['custom']).toMatchObject({ type: { typeId: 'type' }, fields: { note: 'a' } });
    const changed = ok(await update(discount, [{ action: 'setCustomField', name: 'note', value: 'b' }]));
    expect(changed['custom']['fields']).toEqual({ note: 'b' });
    const removed = ok(await update(changed, [{ action: 'setCustomType' }]));
    expect(removed).not.toHaveProperty('custom');
  });

  it('stores: each must exist, and addStore, removeStore and setStores send their messages', async () => {
    await createStore(api, 'eu');
    await createStore(api, 'us');
    const before = await everything();
    await expectRefused(
      await api.call('POST', '/cart-discounts', draft({ stores: [{ typeId: 'store', key: 'none' }] })),
      400,
      'ReferencedResourceNotFound',
      before,
    );
    const discount = await create({ stores: [{ typeId: 'store', key: 'eu' }] });
    expect(discount['stores']).toEqual([{ typeId: 'store', key: 'eu' }]);
    const added = ok(await update(discount, [{ action: 'addStore', store: { typeId: 'store', key: 'us' } }]));
    expect(added['stores']).toEqual([
      { typeId: 'store', key: 'eu' },
      { typeId: 'store', key: 'us' },
    ]);
    const removed = ok(await update(added, [{ action: 'removeStore', store: { typeId: 'store', key: 'eu' } }]));
    expect(removed['stores']).toEqual([{ typeId: 'store', key: 'us' }]);
    const unchanged = await everything();
    await expectRefused(
      await update(removed, [{ action: 'removeStore', store: { typeId: 'store', key: 'eu' } }]),
      400,
      'InvalidOperation',
      unchanged,
    );
    await expectRefused(
      await update(removed, [{ action: 'addStore', store: { typeId: 'store', key: 'none' } }]),
      400,
      'ReferencedResourceNotFound',
      unchanged,
    );
    const set = ok(await update(removed, [{ action: 'setStores', stores: [{ typeId: 'store', key: 'eu' }] }]));
    expect(set['stores']).toEqual([{ typeId: 'store', key: 'eu' }]);
    const sent = await messagesOf(api, discount['id'] as string);
    expect(sent.slice(1).map((message) => [message['type'], message['store'] ?? message['stores']])).toEqual([
      ['CartDiscountStoreAdded', { typeId: 'store', key: 'us' }],
      ['CartDiscountStoreRemoved', { typeId: 'store', key: 'eu' }],
      ['CartDiscountStoresSet', [{ typeId: 'store', key: 'eu' }]],
    ]);
  });
});

describe('cart discount limits', () => {
  /** Creates `count` active cart discounts without a code (in the Stores given). */
  const fill = async (count: number, extra: Json = {}) => {
    for (let i = 0; i < count; i++) await create(extra);
  };

  it('a 101st active cart discount without a code and without Stores is 400 MaxCartDiscountsReached; inactive or coded ones do not count', async () => {
    await fill(100);
    const before = await everything();
    const refused = await expectRefused(await api.call('POST', '/cart-discounts', draft()), 400, 'MaxCartDiscountsReached', before);
    expect(refused.message).toBe('Maximum number of active cart discounts reached (100).');
    const inactive = await create({ isActive: false });
    const coded = await create({ requiresDiscountCode: true });
    const unchanged = await everything();
    await expectRefused(await update(inactive, [{ action: 'changeIsActive', isActive: true }]), 400, 'MaxCartDiscountsReached', unchanged);
    await expectRefused(
      await update(coded, [{ action: 'changeRequiresDiscountCode', requiresDiscountCode: false }]),
      400,
      'MaxCartDiscountsReached',
      unchanged,
    );
    // Store-specific ones count toward their Stores' limits, not this one.
    await createStore(api, 'eu');
    await create({ stores: [{ typeId: 'store', key: 'eu' }] });
  });

  it('a 101st active cart discount without a code in a Store is 400 StoreCartDiscountsLimitReached naming the Store', async () => {
    await createStore(api, 'eu');
    await createStore(api, 'us');
    await fill(100, { stores: [{ typeId: 'store', key: 'eu' }] });
    const before = await everything();
    const refused = await expectRefused(
      await api.call(
        'POST',
        '/cart-discounts',
        draft({
          stores: [
            { typeId: 'store', key: 'us' },
            { typeId: 'store', key: 'eu' },
          ],
        }),
      ),
      400,
      'StoreCartDiscountsLimitReached',
      before,
    );
    expect(refused).toMatchObject({
      stores: [{ typeId: 'store', key: 'eu' }],
      message: 'Maximum number of active cart discounts reached for eu.',
    });
    const us = await create({ stores: [{ typeId: 'store', key: 'us' }] });
    const unchanged = await everything();
    await expectRefused(
      await update(us, [{ action: 'addStore', store: { typeId: 'store', key: 'eu' } }]),
      400,
      'StoreCartDiscountsLimitReached',
      unchanged,
    );
    await expectRefused(
      await update(us, [{ action: 'setStores', stores: [{ typeId: 'store', key: 'eu' }] }]),
      400,
      'StoreCartDiscountsLimitReached',
      unchanged,
    );
    // Global ones have their own limit.
    await create();
  });
});

describe('cart discounts in a Store', () => {
  it('are created with the Store of the path, and only those of the Store exist there', async () => {
    await createStore(api, 'eu');
    await createStore(api, 'us');
    const inEu = ok(
      await api.call('POST', '/in-store/key=eu/cart-discounts', draft({ key: 'eu-ten', stores: [{ typeId: 'store', key: 'us' }] })),
      201,
    );
    expect(inEu['stores']).toEqual([
      { typeId: 'store', key: 'us' },
      { typeId: 'store', key: 'eu' },
    ]);
    const global = await create({ key: 'global' });
    expect(ok(await api.call('GET', '/in-store/key=eu/cart-discounts/key=eu-ten'))).toEqual(inEu);
    expectError(await api.call('GET', '/in-store/key=eu/cart-discounts/key=global'), 404, 'ResourceNotFound');
    expectError(await api.call('GET', `/in-store/key=eu/cart-discounts/${global['id'] as string}`), 404, 'ResourceNotFound');
    const page = ok(await api.call('GET', '/in-store/key=eu/cart-discounts'));
    expect(page['results'].map((d: Json) => d['key'])).toEqual(['eu-ten']);
    const before = await everything();
    await expectRefused(await api.call('DELETE', '/in-store/key=eu/cart-discounts/key=global?version=1'), 404, 'ResourceNotFound', before);
    ok(await api.call('DELETE', '/in-store/key=eu/cart-discounts/key=eu-ten?version=1'));
  });

  it('scopes: view_cart_discounts reads, manage_cart_discounts writes, and a Store-scoped one only in its Store', async () => {
    await createStore(api, 'eu');
    await createStore(api, 'us');
    const viewer = api.as(await tokenWithScope(api, `view_cart_discounts:${api.project}`));
    const discount = await create({ key: 'cd' });
    ok(await viewer('GET', '/cart-discounts/key=cd'));
    expectError(await viewer('POST', '/cart-discounts', draft()), 403, 'insufficient_scope');
    const manager = api.as(await tokenWithScope(api, `manage_cart_discounts:${api.project}`));
    ok(
      await manager('POST', `/cart-discounts/${discount['id'] as string}`, {
        version: 1,
        actions: [{ action: 'changeName', name: { en: 'N' } }],
      }),
    );
    const euManager = api.as(await tokenWithScope(api, `manage_cart_discounts:${api.project}:eu`));
    ok(await euManager('POST', '/in-store/key=eu/cart-discounts', draft()), 201);
    expectError(await euManager('POST', '/in-store/key=us/cart-discounts', draft()), 403, 'insufficient_scope');
    expectError(await euManager('POST', '/cart-discounts', draft()), 403, 'insufficient_scope');
  });

  it('in a Store, updating or deleting a discount of several Stores needs the scope of each, except removing Stores', async () => {
    await createStore(api, 'eu');
    await createStore(api, 'us');
    const both = await create({
      key: 'both',
      stores: [
        { typeId: 'store', key: 'eu' },
        { typeId: 'store', key: 'us' },
      ],
    });
    const euManager = api.as(await tokenWithScope(api, `manage_cart_discounts:${api.project}:eu`));
    const path = '/in-store/key=eu/cart-discounts/key=both';
    const before = await everything();
    await expectRefused(
      await euManager('POST', path, { version: 1, actions: [{ action: 'changeName', name: { en: 'N' } }] }),
      403,
      'insufficient_scope',
      before,
    );
    await expectRefused(await euManager('DELETE', `${path}?version=1`), 403, 'insufficient_scope', before);
    const removed = ok(
      await euManager('POST', path, { version: 1, actions: [{ action: 'removeStore', store: { typeId: 'store', key: 'us' } }] }),
    );
    expect(removed['stores']).toEqual([{ typeId: 'store', key: 'eu' }]);
    ok(await euManager('POST', path, { version: 2, actions: [{ action: 'changeName', name: { en: 'N' } }] }));
    ok(await euManager('DELETE', `${path}?version=3`));
    expect(both['id']).toEqual(removed['id']);
  });
});
