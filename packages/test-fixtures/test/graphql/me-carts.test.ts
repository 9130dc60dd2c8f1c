import { beforeEach, describe, expect, it } from 'vitest';
import { createShoppers, myCart, type Call, type Shop } from '../rest/cart-life-helpers.js';
import { ok, type Json } from '../rest/helpers.js';
import { failure, gql, type GqlBody } from './helpers.js';

let shop: Shop, ann: Call, visitor: Call;

beforeEach(async () => {
  ({ shop, ann, visitor } = await createShoppers());
});

/** A GraphQL query as the caller (its token), through the same REST caller. */
async function meQuery(call: Call, query: string, variables: Json = {}): Promise<Json> {
  const answer = await call('POST', '/graphql', { query, variables });
  const body = ok(answer) as GqlBody<{ me: Json }>;
  expect(body.errors).toBeUndefined();
  return body.data!.me;
}

describe('GraphQL me { activeCart, cart, carts }', () => {
  it('answers the caller’s Carts as REST does: its active Cart, one by id, a page of them', async () => {
    const older = await myCart(ann, { red: 1 });
    const newer = await myCart(ann, { blue: 2 });
    await myCart(visitor, { sock: 1 });
    const me = await meQuery(
      ann,
      `query ($id: String!) { me { activeCart { id totalPrice { centAmount } } cart(id: $id) { id } carts(sort: "createdAt asc") { total results { id } } } }`,
      { id: older.id },
    );
    // 2 x 20.00 EUR
    expect(me).toEqual({
      activeCart: { id: newer.id, totalPrice: { centAmount: 4000 } },
      cart: { id: older.id },
      carts: { total: 2, results: [{ id: older.id }, { id: newer.id }] },
    });
    expect(ok(await ann('GET', '/me/active-cart')).id).toBe(newer.id);
  });

  it('finds no Cart of another caller, and none for a token without a session', async () => {
    const theirs = await myCart(visitor, { red: 1 });
    const me = await meQuery(ann, `query ($id: String!) { me { activeCart { id } cart(id: $id) { id } carts { total } } }`, {
      id: theirs.id,
    });
    expect(me).toEqual({ activeCart: null, cart: null, carts: { total: 0 } });
    const clientOnly = await failure(gql(shop.api, '{ me { carts { total } } }'));
    expect(clientOnly.error.extensions?.code).toBe('insufficient_scope');
  });
});
