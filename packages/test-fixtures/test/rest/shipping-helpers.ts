import { expect } from 'vitest';
import { ok, snapshot, type Api, type Json } from './helpers.js';

/** Everything a refused request of the shipping resources could have touched: the usual snapshot, Zones, Customer Groups, Shipping Methods and Customers. */
export async function shippingSnapshot(api: Api): Promise<unknown> {
  const all = async (path: string) => ok(await api.call('GET', `${path}?limit=500&sort=id%20asc`)).results as Json[];
  return {
    base: await snapshot(api),
    zones: await all('/zones'),
    customerGroups: await all('/customer-groups'),
    shippingMethods: await all('/shipping-methods'),
    customers: await all('/customers'),
  };
}

/** Asserts that nothing changed since `before` (a {@link shippingSnapshot}). */
export async function expectNothingChanged(api: Api, before: unknown): Promise<void> {
  expect(await shippingSnapshot(api)).toEqual(before);
}

/** Creates a resource and returns its body (201 expected). */
export async function created(api: Api, path: string, draft: Json): Promise<Json> {
  const answer = await api.call('POST', path, draft);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Json;
}
