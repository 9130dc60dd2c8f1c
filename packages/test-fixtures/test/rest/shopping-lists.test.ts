import { beforeEach, describe, expect, it } from 'vitest';
import { anonymousToken, apiClient, passwordToken, type ClientCredentials } from '../helpers/tokens.js';
import { cartApi, eur, money } from './cart-fixtures.js';
import { signUp } from './customer-helpers.js';
import { createApi, createProduct, createStore, DAY_MS, expectError, messagesOf, ok, type Api, type Json } from './helpers.js';

let api: Api;
beforeEach(async () => {
  api = await createApi({ auth: { accessTokenValiditySeconds: 800 * 24 * 3600 }, shoppingLists: { limit: 3 } });
});

const create = (draft: Json) => api.call('POST', '/shopping-lists', draft);
const update = (id: string, version: number, actions: Json[]) => api.call('POST', `/shopping-lists/${id}`, { version, actions });
const listIds = async () =>
  (ok(await api.call('GET', '/shopping-lists?sort=createdAt%20asc&limit=500'))['results'] as Json[]).map((l) => l['id']);

describe('shopping lists', () => {
  it('are created with Product lines by productId or sku and text lines, read by id and key, queried and deleted', async () => {
    const shirt = await createProduct(api, 'shirt');
    const customer = await signUp(api, { email: 'ann@example.com' });
    const list = ok(
      await create({
        key: 'wishes',
        name: { en: 'Wishes' },
        slug: { en: 'wishes' },
        customer: { id: customer['id'] },
        lineItems: [{ sku: 'sku-shirt', quantity: 2 }, { productId: shirt.id }],
        textLineItems: [{ name: { en: 'Gift wrap' }, description: { en: 'Red paper' } }],
      }),
      201,
    );
    expect(list).toMatchObject({
      version: 1,
      key: 'wishes',
      customer: { typeId: 'customer', id: customer['id'] },
      deleteDaysAfterLastModification: 360,
      lineItems: [
        // By SKU the line names its variant; by productId alone it names "the master variant" without an id (a line of its own).
        {
          productId: shirt.id,
          variantId: 1,
          quantity: 2,
          name: { en: 'Shirt shirt' },
          published: true,
          productType: { typeId: 'product-type' },
        },
        { productId: shirt.id, quantity: 1 },
      ],
      textLineItems: [{ name: { en: 'Gift wrap' }, description: { en: 'Red paper' }, quantity: 1 }],
    });
    expect((list['lineItems'] as Json[])[1]).not.toHaveProperty('variantId');
    expect(ok(await api.call('GET', `/shopping-lists/${list['id']}`))).toEqual(list);
    expect(ok(await api.call('GET', '/shopping-lists/key=wishes'))).toEqual(list);
    expect(ok(await api.call('GET', '/shopping-lists?where=key%3D%22wishes%22'))['count']).toBe(1);
    expect(ok(await api.call('DELETE', `/shopping-lists/key=wishes?version=1`))['id']).toBe(list['id']);
    expectError(await api.call('GET', `/shopping-lists/${list['id']}`), 404, 'ResourceNotFound');
  });

  it('adds the quantity to the line of the same variant and Custom Fields, and sends the line Messages', async () => {
    await createProduct(api, 'cup');
    const list = ok(await create({ name: { en: 'L' } }), 201);
    const added = ok(
      await update(list['id'], 1, [
        { action: 'addLineItem', sku: 'sku-cup', quantity: 2 },
        { action: 'addLineItem', sku: 'sku-cup', quantity: 3 },
      ]),
    );
    expect(added['lineItems']).toEqual([expect.objectContaining({ quantity: 5, variantId: 1 })]);
    const lineId = (added['lineItems'] as Json[])[0]!['id'] as string;
    const removed = ok(
      await update(list['id'], 2, [
        { action: 'removeLineItem', lineItemId: lineId, quantity: 2 },
        { action: 'changeLineItemQuantity', lineItemId: lineId, quantity: 0 },
      ]),
    );
    expect(removed['lineItems']).toEqual([]);
    const types = (await messagesOf(api, list['id'] as string)).map((m) => [m['type'], m['lineItem']?.quantity]);
    expect(types).toEqual([
      ['ShoppingListLineItemAdded', 2],
      ['ShoppingListLineItemAdded', 5],
      ['ShoppingListLineItemRemoved', 3],
    ]);
  });

  it('changes text lines, orders lines and sets the list fields', async () => {
    const list = ok(
      await create({
        name: { en: 'L' },
        textLineItems: [
          { key: 'aa', name: { en: 'A' } },
          { key: 'bb', name: { en: 'B' }, quantity: 4 },
        ],
      }),
      201,
    );
    const [a, b] = list['textLineItems'] as Json[];
    const changed = ok(
      await update(list['id'], 1, [
        { action: 'changeTextLineItemName', textLineItemKey: 'aa', name: { en: 'A2' } },
        { action: 'setTextLineItemDescription', textLineItemId: a!['id'], description: { en: 'd' } },
        { action: 'removeTextLineItem', textLineItemKey: 'bb', quantity: 1 },
        { action: 'changeTextLineItemsOrder', textLineItemOrder: [b!['id'], a!['id']] },
        { action: 'changeName', name: { en: 'Renamed' } },
        { action: 'setDescription', description: { en: 'About' } },
        { action: 'setAnonymousId', anonymousId: 'visitor' },
        { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 5 },
      ]),
    );
    expect(changed).toMatchObject({
      name: { en: 'Renamed' },
      description: { en: 'About' },
      anonymousId: 'visitor',
      deleteDaysAfterLastModification: 5,
      textLineItems: [
        { key: 'bb', quantity: 3 },
        { key: 'aa', name: { en: 'A2' }, description: { en: 'd' } },
      ],
    });
  });

  it('refuses bad input with the live errors and changes nothing', async () => {
    await createProduct(api, 'hat');
    const list = ok(await create({ name: { en: 'L' }, slug: { en: 'taken' }, textLineItems: [{ key: 'tk', name: { en: 'T' } }] }), 201);
    expectError(await create({ name: { en: 'Other' }, slug: { en: 'taken' } }), 400, 'DuplicateField');
    expectError(await create({ name: { en: 'X' }, lineItems: [{ sku: 'no-such-sku' }] }), 400, 'InvalidOperation');
    expectError(await create({ name: { en: 'X' }, customer: { id: 'no-such-customer' } }), 400, 'ReferencedResourceNotFound');
    expectError(await create({ name: { en: 'X' }, businessUnit: { key: 'b2b' } }), 501, 'NotEmulated');
    const bad = [
      [
        { action: 'addLineItem', sku: 'sku-hat' },
        { action: 'addTextLineItem', key: 'tk', name: { en: 'again' } },
      ],
      [
        { action: 'addLineItem', sku: 'sku-hat' },
        { action: 'changeLineItemQuantity', lineItemKey: 'nope', quantity: 1 },
      ],
      [{ action: 'changeTextLineItemsOrder', textLineItemOrder: [] }],
      [{ action: 'addLineItem', sku: 'sku-hat', quantity: 0 }],
    ];
    for (const actions of bad) expect((await update(list['id'], 1, actions)).status).toBe(400);
    expectError(await update(list['id'], 1, [{ action: 'setBusinessUnit', businessUnit: { key: 'b2b' } }]), 501, 'NotEmulated');
    expect(ok(await api.call('GET', `/shopping-lists/${list['id']}`))).toEqual(list);
    expect(await listIds()).toEqual([list['id']]);
  });

  it('shows the variant and the product slug of a line only when expanded', async () => {
    await createProduct(api, 'scarf');
    const list = ok(await create({ name: { en: 'L' }, lineItems: [{ sku: 'sku-scarf' }] }), 201);
    expect((list['lineItems'] as Json[])[0]).not.toHaveProperty('variant');
    const expanded = ok(
      await api.call(
        'GET',
        `/shopping-lists/${list['id']}?expand=${encodeURIComponent('lineItems[*].variant')}&expand=${encodeURIComponent('lineItems[*].productSlug')}`,
      ),
    );
    expect((expanded['lineItems'] as Json[])[0]).toMatchObject({
      variant: { id: 1, sku: 'sku-scarf' },
      productSlug: { en: 'shirt-scarf' },
    });
  });
});

describe('shopping lists in a Store', () => {
  it('exist in-store only for their Store; an in-store create takes the Store of the path', async () => {
    await createStore(api, 'berlin');
    await createStore(api, 'paris');
    const inBerlin = ok(await api.call('POST', '/in-store/key=berlin/shopping-lists', { key: 'bb', name: { en: 'B' } }), 201);
    expect(inBerlin['store']).toEqual({ typeId: 'store', key: 'berlin' });
    ok(await create({ key: 'global', name: { en: 'G' } }), 201);
    expect(ok(await api.call('GET', '/in-store/key=berlin/shopping-lists/key=bb'))['id']).toBe(inBerlin['id']);
    expectError(await api.call('GET', '/in-store/key=paris/shopping-lists/key=bb'), 404, 'ResourceNotFound');
    expect(ok(await api.call('GET', '/in-store/key=berlin/shopping-lists'))['count']).toBe(1);
  });
});

describe('my shopping lists', () => {
  let storefront: ClientCredentials;
  beforeEach(async () => {
    storefront = await apiClient(api, `manage_my_shopping_lists:${api.project} create_anonymous_token:${api.project}`);
  });

  it("are the token's own: created for its customer or session, another's is 404, a project token is 403", async () => {
    await signUp(api, { email: 'ann@example.com' });
    const ann = api.as(await passwordToken(api, storefront, { email: 'ann@example.com', password: 'secret' }));
    const visitor = api.as(await anonymousToken(api, storefront, 'visitor-1'));
    const annsList = ok(await ann('POST', '/me/shopping-lists', { name: { en: 'Ann' } }), 201);
    expect(annsList['customer']).toMatchObject({ typeId: 'customer' });
    const visitorsList = ok(await visitor('POST', '/me/shopping-lists', { name: { en: 'Visitor' } }), 201);
    expect(visitorsList['anonymousId']).toBe('visitor-1');
    expect((ok(await ann('GET', '/me/shopping-lists'))['results'] as Json[]).map((l) => l['id'])).toEqual([annsList['id']]);
    expectError(await ann('GET', `/me/shopping-lists/${visitorsList['id']}`), 404, 'ResourceNotFound');
    const renamed = ok(
      await ann('POST', `/me/shopping-lists/${annsList['id']}`, { version: 1, actions: [{ action: 'changeName', name: { en: 'Mine' } }] }),
    );
    expect(renamed['name']).toEqual({ en: 'Mine' });
    // setCustomer is not a My Shopping List action.
    expect((await ann('POST', `/me/shopping-lists/${annsList['id']}`, { version: 2, actions: [{ action: 'setCustomer' }] })).status).toBe(
      400,
    );
    expect((await api.call('GET', '/me/shopping-lists')).status).toBe(403);
    expect(ok(await visitor('DELETE', `/me/shopping-lists/${visitorsList['id']}?version=1`))['id']).toBe(visitorsList['id']);
  });
});

describe('the cleanup of shopping lists', () => {
  it('deletes a list 360 days (the project default) after its last modification, and follows the project setting', async () => {
    const list = ok(await create({ name: { en: 'Old' } }), 201);
    const lastModified = Date.parse(list['lastModifiedAt'] as string);
    // Every call moves the manual clock by 1 ms: the next one runs 1 ms before the 360 days are over.
    api.clock.set(lastModified + 360 * DAY_MS - 1);
    expect(await listIds()).toEqual([list['id']]);
    expect(await listIds()).toEqual([]);
    const project = ok(await api.call('GET', ''));
    const configured = ok(
      await api.call('POST', '', {
        version: project['version'],
        actions: [{ action: 'changeShoppingListsConfiguration', shoppingListsConfiguration: { deleteDaysAfterLastModification: 10 } }],
      }),
    );
    expect(configured['shoppingLists']).toEqual({ deleteDaysAfterLastModification: 10 });
    const young = ok(await create({ name: { en: 'Young' } }), 201);
    expect(young['deleteDaysAfterLastModification']).toBe(10);
    api.clock.advance(10 * DAY_MS);
    expect(await listIds()).toEqual([]);
  });

  it('keeps at most the project limit, deleting the least recently modified first', async () => {
    const [a, b, c] = [
      ok(await create({ name: { en: 'A' } }), 201),
      ok(await create({ name: { en: 'B' } }), 201),
      ok(await create({ name: { en: 'C' } }), 201),
    ];
    ok(await update(a['id'], 1, [{ action: 'setKey', key: 'touched' }]));
    const d = ok(await create({ name: { en: 'D' } }), 201);
    // Limit 3: B was modified least recently.
    expect(await listIds()).toEqual([a['id'], c['id'], d['id']]);
    expect(b['id']).toBeDefined();
  });
});

describe('a Shopping List added to a Cart', () => {
  it('adds every line of a published Product with its quantity, priced by the Cart; text lines and unpublished Products are left out', async () => {
    const shop = await cartApi(api);
    await shop.product('tea', [{ value: eur(450) }]);
    await shop.product('mug', [{ value: eur(1299) }]);
    const hidden = await shop.product('hidden', [{ value: eur(100) }]);
    const list = ok(
      await create({
        name: { en: 'Breakfast' },
        lineItems: [{ sku: 'tea', quantity: 3 }, { sku: 'mug' }, { sku: 'hidden' }],
        textLineItems: [{ name: { en: 'Fresh bread' } }],
      }),
      201,
    );
    ok(await api.call('POST', `/products/${hidden['id']}`, { version: hidden['version'], actions: [{ action: 'unpublish' }] }));
    const cart = await shop.cart({ country: 'DE', lineItems: [{ sku: 'tea', quantity: 1 }] });
    const filled = await shop.updated(cart, { action: 'addShoppingList', shoppingList: { id: list['id'] } });
    // tea: 1 + 3 = 4 × 4.50 = 18.00; mug: 1 × 12.99; total 30.99 EUR = 3099 cents.
    expect((filled['lineItems'] as Json[]).map((line) => [line['variant'].sku, line['quantity'], line['totalPrice'].centAmount])).toEqual([
      ['tea', 4, 1800],
      ['mug', 1, 1299],
    ]);
    expect(filled['totalPrice']).toEqual(money(3099));
    const missing = await shop.update(filled, { action: 'addShoppingList', shoppingList: { key: 'no-such-list' } });
    expectError(missing, 400, 'ReferencedResourceNotFound');
    expect(ok(await api.call('GET', `/carts/${cart['id']}`))['version']).toBe(filled['version']);
  });
});
