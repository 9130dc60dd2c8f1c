import { beforeEach, describe, expect, it } from 'vitest';
import { createApi, expectError, ok, UUID, type Api, type Json } from './helpers.js';

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
    expect(ok(await api.call('GET', '/cart-discounts?where=sortOrder="0.5"&withTotal=true'))).toMatchObject({
      total: 1,
      results: [{ key: 'ten' }],
    });
    ok(await api.call('DELETE', '/cart-discounts/key=ten?version=1'));
    expectError(await api.call('GET', '/cart-discounts/key=ten'), 404, 'ResourceNotFound');
  });
});
