import { beforeEach, describe, expect, it } from 'vitest';
import { cartApi, eur, money, type CartApi } from './cart-fixtures.js';
import { expectError, ok } from './helpers.js';

let c: CartApi;
beforeEach(async () => {
  c = await cartApi();
});

describe('carts of customers and groups', () => {
  it("take the Customer's group, select the group's prices, and follow setCustomerId and setCustomerGroup", async () => {
    const gold = ok(await c.api.call('POST', '/customer-groups', { key: 'gold', groupName: 'Gold' }), 201);
    await c.product('tee', [{ value: eur(1000) }, { value: eur(800), customerGroup: { key: 'gold' } }]);
    const signUp = ok(
      await c.api.call('POST', '/customers', { email: 'g@example.com', password: 'x', customerGroup: { key: 'gold' } }),
      201,
    );
    const customerId = signUp['customer']['id'];
    let cart = await c.cart({ customerId, lineItems: [{ sku: 'tee' }] });
    expect(cart).toMatchObject({ customerId, customerGroup: { typeId: 'customer-group', id: gold['id'] }, totalPrice: money(800) });
    cart = await c.updated(cart, { action: 'setCustomerId' });
    // no Customer, no group: the price for all, 10.00
    expect(cart['customerGroup']).toBeUndefined();
    expect(cart['totalPrice']).toEqual(money(1000));
    cart = await c.updated(cart, { action: 'setCustomerGroup', customerGroup: { key: 'gold' } });
    expect(cart['totalPrice']).toEqual(money(800));
    cart = await c.updated(cart, { action: 'setCustomerGroup' }, { action: 'setCustomerId', customerId });
    expect(cart).toMatchObject({ customerGroup: { id: gold['id'] }, totalPrice: money(800) });
    expectError(await c.update(cart, { action: 'setCustomerGroup' }), 400, 'InvalidOperation');
    expectError(
      await c.update(cart, { action: 'setCustomerId', customerId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'ReferencedResourceNotFound',
    );
    const other = ok(await c.api.call('POST', '/customer-groups', { key: 'silver', groupName: 'Silver' }), 201);
    expectError(
      await c.api.call('POST', '/carts', { currency: 'EUR', customerId, customerGroup: { id: other['id'] } }),
      400,
      'InvalidOperation',
    );
    expectError(await c.api.call('POST', '/carts', { currency: 'EUR', customerId: 'nobody' }), 400, 'ReferencedResourceNotFound');
  });
});
