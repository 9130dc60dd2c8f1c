import { describe, expect, it } from 'vitest';
import { createShop, myCart, updateMyCart } from './cart-life-helpers.js';
import { DAY_MS, expectError, ok, type Json } from './helpers.js';

/** Tokens that outlive the months the clock is moved by. */
const LONG_TOKENS = { auth: { accessTokenValiditySeconds: 400 * 24 * 3600 } };

/** The ids of the project's Carts, oldest first. */
async function cartIds(shop: Awaited<ReturnType<typeof createShop>>): Promise<string[]> {
  return ok(await shop.api.call('GET', '/carts?sort=createdAt%20asc&limit=500')).results.map((cart: Json) => cart.id);
}

describe('retention: a Cart untouched for its deleteDaysAfterLastModification is deleted', () => {
  it('deletes a Cart 90 days (the default) after its last modification, on the emulator’s clock', async () => {
    const shop = await createShop(LONG_TOKENS);
    const visitor = await shop.anonymous('visitor-1');
    const cart = await myCart(visitor, { red: 1 });
    expect(cart.deleteDaysAfterLastModification).toBe(90);
    const lastModified = Date.parse(cart.lastModifiedAt);
    // Every call moves the manual clock by 1 ms: the next one runs 1 ms before the 90 days are over.
    shop.api.clock.set(lastModified + 90 * DAY_MS - 1);
    expect(ok(await shop.api.call('GET', `/carts/${cart.id}`)).id).toBe(cart.id);
    // Now exactly 90 days after the last modification.
    expectError(await shop.api.call('GET', `/carts/${cart.id}`), 404, 'ResourceNotFound');
    expectError(await visitor('GET', '/me/active-cart'), 404, 'ResourceNotFound');
  });

  it('counts from the last modification: a Cart updated meanwhile stays, the untouched one goes', async () => {
    const shop = await createShop(LONG_TOKENS);
    const visitor = await shop.anonymous('visitor-1');
    const untouched = await myCart(visitor, { red: 1 });
    const touched = await myCart(visitor, { blue: 1 });
    shop.api.clock.advance(60 * DAY_MS);
    ok(await updateMyCart(visitor, touched, [{ action: 'setLocale', locale: 'en' }]));
    shop.api.clock.advance(31 * DAY_MS);
    expect(await cartIds(shop)).toEqual([touched.id]);
    expect(untouched.id).not.toBe(touched.id);
    shop.api.clock.advance(60 * DAY_MS);
    expect(await cartIds(shop)).toEqual([]);
  });

  it('takes the project’s number of days for a Cart created without its own', async () => {
    const shop = await createShop(LONG_TOKENS);
    const project = ok(await shop.api.call('GET', ''));
    ok(
      await shop.api.call('POST', '', {
        version: project.version,
        actions: [{ action: 'changeCartsConfiguration', cartsConfiguration: { deleteDaysAfterLastModification: 7 } }],
      }),
    );
    const visitor = await shop.anonymous('visitor-1');
    const cart = await myCart(visitor, { red: 1 });
    expect(cart.deleteDaysAfterLastModification).toBe(7);
    shop.api.clock.advance(7 * DAY_MS - 2);
    expect(await cartIds(shop)).toEqual([cart.id]);
    shop.api.clock.advance(1);
    expect(await cartIds(shop)).toEqual([]);
  });

  it('keeps a Cart for its own number of days, set on creation or by setDeleteDaysAfterLastModification, whatever its state', async () => {
    const shop = await createShop(LONG_TOKENS);
    const visitor = await shop.anonymous('visitor-1');
    const short = await myCart(visitor, { red: 1 }, { deleteDaysAfterLastModification: 2 });
    const changed = await myCart(visitor, { blue: 1 });
    ok(await updateMyCart(visitor, changed, [{ action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 5 }]));
    // A Merged Cart is kept as long, then deleted all the same.
    const annId = (await shop.signUp('ann@example.com')).id;
    await myCart(await shop.customer('ann@example.com'), { sock: 1 });
    const anonymous = await myCart(visitor, { sock: 3 }, { deleteDaysAfterLastModification: 3 });
    ok(await shop.api.call('POST', `/carts/customer-id=${annId}/merge`, { anonymousCart: { typeId: 'cart', id: anonymous.id } }));

    shop.api.clock.advance(2 * DAY_MS);
    expect(await cartIds(shop)).not.toContain(short.id);
    expect(await cartIds(shop)).toContain(anonymous.id);
    shop.api.clock.advance(1 * DAY_MS);
    expect(await cartIds(shop)).not.toContain(anonymous.id);
    expect(await cartIds(shop)).toContain(changed.id);
    shop.api.clock.advance(2 * DAY_MS);
    expect(await cartIds(shop)).not.toContain(changed.id);
  });
});

describe('the project’s limit of Carts', () => {
  it('deletes the least recently modified Carts when the project holds more than its limit', async () => {
    const shop = await createShop({ ...LONG_TOKENS, carts: { limit: 3 } });
    const visitor = await shop.anonymous('visitor-1');
    const first = await myCart(visitor, { red: 1 });
    const second = await myCart(visitor);
    const third = await myCart(visitor);
    // The first is modified last: the second is now the least recently modified.
    ok(await updateMyCart(visitor, first, [{ action: 'setLocale', locale: 'en' }]));
    const fourth = await myCart(visitor);
    expect(await cartIds(shop)).toEqual([first.id, third.id, fourth.id]);
    expectError(await visitor('GET', `/me/carts/${second.id}`), 404, 'ResourceNotFound');
  });
});
