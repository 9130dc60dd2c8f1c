import { beforeEach, describe, expect, it } from 'vitest';
import { BERLIN, eur } from './cart-fixtures.js';
import { expectError, messagesOf, ok, type Json } from './helpers.js';
import { expectNothingChanged, orderApi, type OrderApi } from './order-fixtures.js';

/**
 * Inventory on Carts and Orders (https://docs.commercetools.com/api/projects/carts#inventorymode):
 * the inventory modes checked when a Cart is ordered, and the cart quantity limits of the entries.
 */

let o: OrderApi;
beforeEach(async () => {
  o = await orderApi();
  await o.product('cup', [{ value: eur(500) }]);
  ok(await o.api.call('POST', '/channels', { key: 'warehouse', roles: ['InventorySupply'] }), 201);
});

const stock = async (sku: string, quantityOnStock: number, extra: Json = {}) =>
  ok(await o.api.call('POST', '/inventory', { key: `${sku}-${extra['supplyChannel'] ? 'w' : 'd'}`, sku, quantityOnStock, ...extra }), 201);
const entries = async () => ok(await o.api.call('GET', '/inventory?limit=500&sort=sku%20asc')).results as Json[];
const entryNow = async (entry: Json) => ok(await o.api.call('GET', `/inventory/${entry['id'] as string}`));
/** A Cart with these lines and a Berlin address, in this inventory mode. */
const cartOf = (inventoryMode: string, lineItems: Json[]) => o.cart({ inventoryMode, lineItems, shippingAddress: BERLIN });

describe('ordering a Cart by its inventory mode', () => {
  it('None checks and changes nothing, even without an entry', async () => {
    const cup = await stock('cup', 1);
    await o.ordered(await cartOf('None', [{ sku: 'cup', quantity: 3 }, { sku: 'shirt' }]));
    expect(await entryNow(cup)).toMatchObject({ version: 1, quantityOnStock: 1, availableQuantity: 1 });
  });

  it('TrackOnly lowers availableQuantity, below 0 if need be, keeps quantityOnStock, and sends no QuantitySet', async () => {
    const cup = await stock('cup', 2);
    const cart = await cartOf('TrackOnly', [{ sku: 'cup', quantity: 5 }]);
    expect(cart['inventoryMode']).toBe('TrackOnly');
    expect(cart['lineItems'][0]).not.toHaveProperty('inventoryMode');
    const order = await o.ordered(cart);
    expect(order['inventoryMode']).toBe('TrackOnly');
    // 2 available − 5 ordered = −3: TrackOnly never refuses for the quantity.
    expect(await entryNow(cup)).toMatchObject({ version: 2, quantityOnStock: 2, availableQuantity: -3 });
    // The live service sends no InventoryEntryQuantitySet for an Order's reservation.
    expect((await messagesOf(o.api, cup['id'])).map((m) => m['type'])).toEqual(['InventoryEntryCreated']);
  });

  it('TrackOnly without an entry for the SKU and supply Channel is 400 OutOfStock, and nothing changes', async () => {
    // Only the warehouse has shirts: a line without a supply Channel has no entry.
    const shirts = await stock('shirt', 10, { supplyChannel: { key: 'warehouse' } });
    const cart = await cartOf('TrackOnly', [{ sku: 'shirt', quantity: 1 }]);
    const before = await o.everything();
    const error = expectError(await o.order(cart), 400, 'OutOfStock');
    expect(error).toEqual({
      code: 'OutOfStock',
      message: 'Some line items are out of stock at the time of placing the order: shirt.',
      lineItems: [cart['lineItems'][0].id],
      skus: ['shirt'],
    });
    await expectNothingChanged(o, before);
    expect(await entryNow(shirts)).toMatchObject({ version: 1, availableQuantity: 10 });
    // The line from the warehouse has its entry.
    const fromWarehouse = await cartOf('TrackOnly', [{ sku: 'shirt', quantity: 4, supplyChannel: { key: 'warehouse' } }]);
    await o.ordered(fromWarehouse);
    expect(await entryNow(shirts)).toMatchObject({ version: 2, quantityOnStock: 10, availableQuantity: 6 });
  });

  it('ReserveOnOrder refuses too little availableQuantity with OutOfStock naming every such line; no entry changes', async () => {
    const cups = await stock('cup', 5);
    const shirts = await stock('shirt', 1);
    const cart = await cartOf('ReserveOnOrder', [
      { sku: 'cup', quantity: 5 },
      { sku: 'shirt', quantity: 2 },
    ]);
    const before = { all: await o.everything(), entries: await entries() };
    const error = expectError(await o.order(cart), 400, 'OutOfStock');
    // 5 cups of 5 available fit; 2 shirts of 1 do not.
    expect(error).toMatchObject({ lineItems: [cart['lineItems'][1].id], skus: ['shirt'] });
    await expectNothingChanged(o, before.all);
    expect(await entries()).toEqual(before.entries);
    ok(await o.api.call('POST', `/inventory/${shirts['id'] as string}`, { version: 1, actions: [{ action: 'addQuantity', quantity: 1 }] }));
    await o.ordered(cart);
    // 5 − 5 = 0 cups and 2 − 2 = 0 shirts left available; quantityOnStock unchanged.
    expect(await entryNow(cups)).toMatchObject({ quantityOnStock: 5, availableQuantity: 0 });
    expect(await entryNow(shirts)).toMatchObject({ quantityOnStock: 2, availableQuantity: 0 });
  });

  it('ReserveOnOrder counts the lines of one entry together', async () => {
    await stock('cup', 3);
    // Two lines of cups (an external price keeps the second apart): 2 fit in 3, the next 2 do not.
    const cart = await cartOf('ReserveOnOrder', [
      { sku: 'cup', quantity: 2 },
      { sku: 'cup', quantity: 2, externalPrice: eur(450) },
    ]);
    const error = expectError(await o.order(cart), 400, 'OutOfStock');
    expect(error).toMatchObject({ lineItems: [cart['lineItems'][1].id], skus: ['cup'] });
  });

  it('ReserveOnOrder orders what is short when the entry has restockableInDays, even 0, and reserves it all', async () => {
    const cups = await stock('cup', 1, { restockableInDays: 0 });
    await o.ordered(await cartOf('ReserveOnOrder', [{ sku: 'cup', quantity: 4 }]));
    // 1 − 4 = −3 available.
    expect(await entryNow(cups)).toMatchObject({ quantityOnStock: 1, availableQuantity: -3 });
  });

  it('a line keeps its own inventoryMode only when it differs from the Cart’s, and is checked by it', async () => {
    const cart = await cartOf('None', [{ sku: 'cup', quantity: 1, inventoryMode: 'TrackOnly' }, { sku: 'shirt' }]);
    const [cup, shirt] = cart['lineItems'] as Json[];
    expect(cup!['inventoryMode']).toBe('TrackOnly');
    expect(shirt).not.toHaveProperty('inventoryMode');
    // No cup entry: the TrackOnly line is out of stock, the shirt (the Cart's None) is not checked.
    expect(expectError(await o.order(cart), 400, 'OutOfStock')).toMatchObject({ lineItems: [cup!['id']], skus: ['cup'] });
    const same = await o.updated(cart, { action: 'setLineItemInventoryMode', lineItemId: cup!['id'], inventoryMode: 'None' });
    expect(same['lineItems'][0]).not.toHaveProperty('inventoryMode');
    const own = await o.updated(same, { action: 'setLineItemInventoryMode', lineItemId: shirt!['id'], inventoryMode: 'TrackOnly' });
    expect(own['lineItems'][1]['inventoryMode']).toBe('TrackOnly');
    const unset = await o.updated(own, { action: 'setLineItemInventoryMode', lineItemId: shirt!['id'] });
    expect(unset['lineItems'][1]).not.toHaveProperty('inventoryMode');
    await o.ordered(unset);
  });

  it('ReserveOnCart is 501 NotEmulated on the Cart draft, the line draft and setLineItemInventoryMode', async () => {
    expectError(await o.api.call('POST', '/carts', { currency: 'EUR', inventoryMode: 'ReserveOnCart' }), 501, 'NotEmulated');
    const line = { sku: 'cup', inventoryMode: 'ReserveOnCart' };
    expectError(await o.api.call('POST', '/carts', { currency: 'EUR', lineItems: [line] }), 501, 'NotEmulated');
    const cart = await cartOf('None', [{ sku: 'cup' }]);
    const id = cart['lineItems'][0].id as string;
    expectError(
      await o.update(cart, { action: 'setLineItemInventoryMode', lineItemId: id, inventoryMode: 'ReserveOnCart' }),
      501,
      'NotEmulated',
    );
    expect(await o.cartNow(cart)).toEqual(cart);
  });
});

describe('the cart quantity limits of an Inventory Entry', () => {
  it('refuse a line below minCartQuantity or above maxCartQuantity with the live errors; nothing changes', async () => {
    await stock('cup', 100, { minCartQuantity: 2, maxCartQuantity: 5 });
    const below = expectError(
      await o.api.call('POST', '/carts', { currency: 'EUR', lineItems: [{ sku: 'cup', quantity: 1 }] }),
      400,
      'LineItemQuantityBelowLimit',
    );
    expect(below).toMatchObject({ message: "Quantity '1' less than minimum '2'.", quantity: 1, minCartQuantity: 2 });
    const cart = await o.cart({ lineItems: [{ sku: 'cup', quantity: 3 }] });
    const id = cart['lineItems'][0].id as string;
    const above = expectError(
      await o.update(cart, { action: 'changeLineItemQuantity', lineItemId: id, quantity: 6 }),
      400,
      'LineItemQuantityAboveLimit',
    );
    expect(above).toEqual({
      code: 'LineItemQuantityAboveLimit',
      message: "Quantity '6' greater than maximum '5'.",
      quantity: 6,
      maxCartQuantity: 5,
      lineItem: id,
    });
    // Adding 3 more to the line of 3 makes 6.
    expectError(await o.update(cart, { action: 'addLineItem', sku: 'cup', quantity: 3 }), 400, 'LineItemQuantityAboveLimit');
    expectError(await o.update(cart, { action: 'removeLineItem', lineItemId: id, quantity: 2 }), 400, 'LineItemQuantityBelowLimit');
    expect(await o.cartNow(cart)).toEqual(cart);
    // Within the limits, and removing the whole line, are fine.
    const five = await o.updated(cart, { action: 'addLineItem', sku: 'cup', quantity: 2 });
    expect(five['lineItems'][0].quantity).toBe(5);
    expect((await o.updated(five, { action: 'removeLineItem', lineItemId: id }))['lineItems']).toEqual([]);
  });

  it('are those of the entry of the line’s supply Channel', async () => {
    await stock('cup', 100, { maxCartQuantity: 1, supplyChannel: { key: 'warehouse' } });
    // No limit without a Channel; the warehouse's entry allows 1.
    await o.cart({ lineItems: [{ sku: 'cup', quantity: 7 }] });
    const line = { sku: 'cup', quantity: 2, supplyChannel: { key: 'warehouse' } };
    expectError(await o.api.call('POST', '/carts', { currency: 'EUR', lineItems: [line] }), 400, 'LineItemQuantityAboveLimit');
  });
});
