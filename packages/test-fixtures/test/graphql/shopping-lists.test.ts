import { beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../helpers/api.js';
import { anonymousToken, apiClient } from '../helpers/tokens.js';
import { data, failure, gql } from './helpers.js';

/** Shopping Lists over GraphQL, on the REST operations: what GraphQL writes REST reads back, and `me` sees the caller's own. */

let api: Api;
beforeAll(async () => {
  api = await createApi({ projectKey: 'graphql-shopping-lists' });
  await api.call('POST', '/product-types', { key: 'cup-type', name: 'Cup', description: 'Cups' });
  await api.call('POST', '/products', {
    productType: { key: 'cup-type' },
    name: { en: 'Cup' },
    slug: { en: 'cup' },
    masterVariant: { sku: 'cup-1', prices: [{ value: { currencyCode: 'EUR', centAmount: 300 } }] },
    publish: true,
  });
  await api.call('POST', '/stores', { key: 'berlin' });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const LIST = `id version key name(locale: "en") slugAllLocales { locale value } storeRef { key }
  lineItems { id productId variantId quantity name(locale: "en") productTypeRef { typeId } published }
  textLineItems { id name(locale: "en") description(locale: "en") quantity }`;
const en = (value: string) => [{ locale: 'en', value }];

describe('Shopping Lists over GraphQL', () => {
  it('are created, read, updated and deleted; REST reads the same list', async () => {
    const { createShoppingList: created } = await data<{ createShoppingList: Json }>(
      gql(api, `mutation ($draft: ShoppingListDraft!) { createShoppingList(draft: $draft) { ${LIST} } }`, {
        draft: {
          key: 'wishes',
          name: en('Wishes'),
          slug: en('wishes'),
          lineItems: [{ sku: 'cup-1', quantity: 2 }],
          textLineItems: [{ name: en('Wrap') }],
        },
      }),
    );
    expect(created).toMatchObject({
      key: 'wishes',
      name: 'Wishes',
      slugAllLocales: [{ locale: 'en', value: 'wishes' }],
      lineItems: [{ variantId: 1, quantity: 2, name: 'Cup', productTypeRef: { typeId: 'product-type' }, published: true }],
      textLineItems: [{ name: 'Wrap', quantity: 1 }],
    });
    const text = created['textLineItems'][0];
    const { updateShoppingList: updated } = await data<{ updateShoppingList: Json }>(
      gql(
        api,
        `mutation ($actions: [ShoppingListUpdateAction!]!) { updateShoppingList(key: "wishes", version: 1, actions: $actions) { ${LIST} } }`,
        {
          actions: [
            { changeName: { name: en('Renamed') } },
            { setTextLineItemDescription: { textLineItemId: text.id, description: en('Red') } },
            { addTextLineItem: { name: en('Card'), quantity: 2 } },
          ],
        },
      ),
    );
    expect(updated).toMatchObject({ version: 2, name: 'Renamed', textLineItems: [{ description: 'Red' }, { name: 'Card', quantity: 2 }] });
    expect((await api.call('GET', '/shopping-lists/key=wishes')).body).toMatchObject({ version: 2, name: { en: 'Renamed' } });
    const { shoppingLists } = await data<{ shoppingLists: Json }>(
      gql(api, '{ shoppingLists(where: "key = \\"wishes\\"") { total results { key } } }'),
    );
    expect(shoppingLists).toEqual({ total: 1, results: [{ key: 'wishes' }] });
    await data(gql(api, 'mutation { deleteShoppingList(key: "wishes", version: 2) { id } }'));
    expect((await api.call('GET', '/shopping-lists/key=wishes')).status).toBe(404);
  });

  it('are created in a Store with storeKey and seen only there under inStore', async () => {
    await data(
      gql(
        api,
        `mutation { createShoppingList(draft: { key: "in-berlin", name: [{ locale: "en", value: "B" }] }, storeKey: "berlin") { id } }`,
      ),
    );
    const { inStore } = await data<{ inStore: Json }>(
      gql(api, '{ inStore(key: "berlin") { shoppingList(key: "in-berlin") { storeRef { key } } } }'),
    );
    expect(inStore).toEqual({ shoppingList: { storeRef: { key: 'berlin' } } });
  });

  it("are the caller's own under me, written with the My Shopping List mutations; a bad action changes nothing", async () => {
    const storefront = await apiClient(api, `manage_my_shopping_lists:${api.project} create_anonymous_token:${api.project}`);
    const token = await anonymousToken(api, storefront, 'visitor-1');
    const { createMyShoppingList: mine } = await data<{ createMyShoppingList: Json }>(
      gql(api, 'mutation { createMyShoppingList(draft: { name: [{ locale: "en", value: "Mine" }] }) { id version } }', undefined, token),
    );
    const { me } = await data<{ me: Json }>(gql(api, '{ me { shoppingLists { results { id } } } }', undefined, token));
    expect(me).toEqual({ shoppingLists: { results: [{ id: mine['id'] }] } });
    const bad = await failure(
      gql(
        api,
        `mutation { updateMyShoppingList(id: "${mine['id']}", version: 1, actions: [{ changeLineItemQuantity: { lineItemKey: "nope", quantity: 1 } }]) { id } }`,
        undefined,
        token,
      ),
    );
    expect(bad.error.extensions?.code).toBe('InvalidOperation');
    const { me: unchanged } = await data<{ me: Json }>(
      gql(api, `{ me { shoppingList(id: "${mine['id']}") { version } } }`, undefined, token),
    );
    expect(unchanged).toEqual({ shoppingList: { version: 1 } });
    await data(gql(api, `mutation { deleteMyShoppingList(id: "${mine['id']}", version: 1) { id } }`, undefined, token));
    expect((await api.call('GET', `/shopping-lists/${mine['id']}`)).status).toBe(404);
  });

  it('fill a Cart through updateCart addShoppingList, as over REST', async () => {
    const { createShoppingList: list } = await data<{ createShoppingList: Json }>(
      gql(
        api,
        'mutation { createShoppingList(draft: { name: [{ locale: "en", value: "L" }], lineItems: [{ sku: "cup-1", quantity: 2 }] }) { id } }',
      ),
    );
    const cart = (await api.call('POST', '/carts', { currency: 'EUR', taxMode: 'Disabled' })).body as Json;
    const { updateCart } = await data<{ updateCart: Json }>(
      gql(
        api,
        `mutation { updateCart(id: "${cart['id']}", version: 1, actions: [{ addShoppingList: { shoppingList: { id: "${list['id']}" } } }]) { lineItems { quantity } totalPrice { centAmount } } }`,
      ),
    );
    // 2 × 3.00 EUR = 600 cents.
    expect(updateCart).toEqual({ lineItems: [{ quantity: 2 }], totalPrice: { centAmount: 600 } });
  });
});
