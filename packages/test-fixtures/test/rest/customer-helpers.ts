import { expect } from 'vitest';
import type { Api, ApiAnswer } from '../helpers/api.js';
import { passwordTokenAnswer } from '../helpers/tokens.js';
import { ok, type Json } from './helpers.js';

/**
 * Shared set-up of the customer behaviour tests: sign-up through the API, reading a customer, an
 * update by the current version, a login attempt with the password flow, and everything a refused
 * customer request could have touched (customers and messages).
 */

/** Signs a customer up (globally, or into `storeKey`) and returns it. */
export async function signUp(api: Api, draft: Json, storeKey?: string): Promise<Json> {
  const path = storeKey === undefined ? '/customers' : `/in-store/key=${storeKey}/customers`;
  return ok(await api.call<{ customer: Json }>('POST', path, { password: 'secret', ...draft }), 201).customer;
}

export async function customer(api: Api, id: string): Promise<Json> {
  return ok(await api.call('GET', `/customers/${id}`));
}

/** Applies update actions to a customer at its current version (the path: `/customers/{id}` or an in-store one). */
export async function updateCustomer(api: Api, id: string, actions: Json[], path = `/customers/${id}`): Promise<ApiAnswer> {
  return api.call('POST', path, { version: (await customer(api, id)).version, actions });
}

/** The status of a password-flow login (200 or 400). */
export async function loginStatus(api: Api, email: string, password: string, storeKey?: string): Promise<number> {
  return (await passwordTokenAnswer(api, api.emulator.credentials, { email, password, ...(storeKey ? { storeKey } : {}) })).status;
}

/** Every customer and message: what a refused request must leave as it was. */
export async function customerSnapshot(api: Api): Promise<unknown> {
  const customers = ok(await api.call('GET', '/customers?limit=500&sort=id%20asc')).results;
  const messages = ok(await api.call('GET', '/messages?limit=500&sort=id%20asc')).results;
  return { customers, messages };
}

/** Expects nothing to have changed since `before` (a {@link customerSnapshot}). */
export async function expectCustomersUnchanged(api: Api, before: unknown): Promise<void> {
  expect(await customerSnapshot(api)).toEqual(before);
}

/** The types of the messages of a resource, oldest first. */
export async function messageTypes(api: Api, id: string): Promise<string[]> {
  const query = new URLSearchParams({ where: `resource(id = "${id}")`, limit: '500' });
  query.append('sort', 'sequenceNumber asc');
  return ok(await api.call('GET', `/messages?${query.toString()}`)).results.map((m: Json) => m.type as string);
}
