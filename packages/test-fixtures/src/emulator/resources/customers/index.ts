import type { Context, Hono } from 'hono';
import { requireScope, viewScopes } from '../../auth/principal.js';
import type { AuthService } from '../../auth/service.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { parseQueryParams, runOnArray, runQuery, type QuerySchema } from '../../query/index.js';
import type { StoredResource } from '../../store/collection.js';
import { commerceContract } from '../../validation/contract.js';
import { customMemberFrom } from '../kit/custom-fields.js';
import { customerActions } from './actions.js';
import { addressesFrom } from './addresses.js';
import { registerCustomerPasswordRoutes, tokenOfSegment } from './passwords.js';
import { assertCustomerNumberFree, assertEmailFree, belongsTo, findInStore, storesFrom, type Customer } from './rules.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { createResource, deleteResource, findResource, parseAddress, updateResource, type Caller } from '../kit/operations.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { callerOf, expandParams, present, versionParam } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';

export { belongsTo, findInStore, type Customer } from './rules.js';

/** Optional string members of a CustomerDraft kept as given. */
const PLAIN_FIELDS = [
  'externalId',
  'firstName',
  'lastName',
  'middleName',
  'title',
  'salutation',
  'dateOfBirth',
  'companyName',
  'vatId',
  'locale',
] as const;

/** The Customer resource type, typed from the schema. */
export type CustomerType = ResourceType<Customer, Schemas['CustomerDraft'], Schemas['CustomerUpdateAction']>;

/** The password rule of the authentication mode: required with Password, refused with ExternalAuth. */
function passwordOf({ password }: Schemas['CustomerDraft'], mode: Customer['authenticationMode']): string | undefined {
  if (mode === 'Password' && password === undefined) throw errors.requiredField('password');
  if (mode === 'ExternalAuth' && password !== undefined) {
    throw errors.invalidField('password', '<hidden>', 'A Customer with authenticationMode ExternalAuth has no password.');
  }
  return password;
}

/**
 * The Customer resource type of an emulator. The password is never part of the resource: a commit
 * hook hands it to the authorization service, which keeps only a salted hash (so the hook runs
 * only when the whole write commits). `isEmailVerified` is false unless the draft says true.
 * Sign-up sends CustomerCreated, deletion CustomerDeleted (live messages).
 */
export function customerTypeOf(auth: AuthService): CustomerType {
  return {
    typeId: 'customer',
    path: 'customers',
    scopes: { view: viewScopes('customers'), manage: ['manage_customers'] },
    schemas: { resource: 'Customer', draft: 'CustomerDraft', updateAction: 'CustomerUpdateAction' },
    create(draft, ctx) {
      const { email, customerNumber } = draft;
      const authenticationMode = draft.authenticationMode ?? 'Password';
      const password = passwordOf(draft, authenticationMode);
      const stores = storesFrom(ctx, draft.stores);
      const storeKeys = stores.map((s) => s.key);
      assertEmailFree(ctx.state, email, storeKeys);
      if (customerNumber !== undefined) assertCustomerNumberFree(ctx.state, customerNumber);
      const addresses = addressesFrom(draft);
      // An ExternalAuth customer has no credentials: the password flow does not know it. Signing up
      // waits for the hash (see signUpCustomer); a failure shows up at login.
      if (password !== undefined)
        ctx.onCommit(({ id }) => void auth.setCustomerCredentials({ customerId: id, email, password, storeKeys }).catch(() => undefined));
      const plain: Partial<Pick<Customer, (typeof PLAIN_FIELDS)[number]>> = {};
      for (const name of PLAIN_FIELDS) if (draft[name] !== undefined) plain[name] = draft[name];
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        ...(customerNumber !== undefined ? { customerNumber } : {}),
        email,
        ...plain,
        ...addresses,
        isEmailVerified: draft.isEmailVerified === true,
        customerGroupAssignments: [],
        stores,
        authenticationMode,
        ...customMemberFrom(ctx, draft, 'customer'),
      };
    },
    actions: customerActions(auth),
    createdMessages: (customer) => [{ type: 'CustomerCreated', payload: { customer: structuredClone(customer) } }],
    deletedMessages: (customer) => [{ type: 'CustomerDeleted', payload: { email: customer.email } }],
    afterDelete(customer, ctx) {
      ctx.onCommit(() => void auth.removeCustomerCredentials(customer.id));
    },
  };
}

/** The project's Customer resource type (registered by {@link registerCustomerRoutes}). */
export function customerTypeIn(context: EmulatorContext): CustomerType {
  const type: CustomerType | undefined = context.resourceTypes.get('customer');
  if (!type) throw new Error('the customers resource is not registered');
  return type;
}

/**
 * Signs a customer up (REST and GraphQL alike): creates the Customer with the project's Customer
 * type and waits until its credentials are stored, so a password-flow token can be requested
 * right away.
 *
 * @example
 * const customer = await signUpCustomer(context, { email: 'a@example.com', password: 'secret' }, caller);
 */
export async function signUpCustomer(context: EmulatorContext, draft: unknown, caller: Caller): Promise<Customer> {
  const customer = createResource(context, customerTypeIn(context), draft, caller);
  await context.auth.customers.settled(customer.id);
  return customer;
}

/** A draft whose `stores` is replaced by the Store of an in-store path (a non-object is left to validation). */
export function draftInStore(body: unknown, store: Store): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { ...body, stores: [{ typeId: 'store', key: store.key }] }
    : body;
}

/**
 * Customers: sign-up, query, get, update and delete, globally and within a Store
 * (`/in-store/key={storeKey}/customers...`, where only the Store's customers exist), and the
 * password and e-mail token endpoints (passwords.ts). Sign-up answers
 * CustomerSignInResult `{ customer }`.
 */
export function registerCustomerRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = customerTypeOf(context.auth);
  context.resourceTypes.set(type.typeId, type as unknown as ResourceType<StoredResource>);
  const view = [...type.scopes.view, ...type.scopes.manage];
  const base = '/:projectKey/customers';
  const inStoreBase = '/:projectKey/in-store/:storeSegment/customers';
  const querySchema = () => commerceContract().schema(type.schemas.resource) as QuerySchema;
  const inStore = (c: Context<AppEnv>, scope: string, scopes: readonly string[]) => {
    const store = storeOfPath(c, context, scope);
    requireScope(c.get('principal'), projectKey, scopes, store.key);
    return store;
  };

  // Literal paths (`/customers/password`, ...) before `/customers/:address`.
  registerCustomerPasswordRoutes(api, context, type);

  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const customer = await signUpCustomer(context, await readJsonBody(c), callerOf(c));
    return json({ customer: present(context, type, customer, []) }, 201);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const page = runQuery(context.state.collection<Customer>(type.typeId), params, { schema: querySchema() });
    return json({ ...page, results: page.results.map((r) => present(context, type, r, params.expand)) });
  });

  api.get(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const segment = c.req.param('address');
    const customer = tokenOfSegment(context, segment, undefined) ?? findResource<Customer>(context, type, parseAddress(segment));
    return json(present(context, type, customer, expandParams(c)));
  });

  api.post(`${base}/:address`, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const updated = updateResource(context, type, parseAddress(c.req.param('address')), await readJsonBody(c), callerOf(c));
    return json(present(context, type, updated, expandParams(c)));
  });

  api.delete(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const deleted = deleteResource(context, type, parseAddress(c.req.param('address')), versionParam(c), callerOf(c));
    return json(present(context, type, deleted, expandParams(c)));
  });

  api.post(inStoreBase, async (c) => {
    const store = inStore(c, 'manage_customers', type.scopes.manage);
    // The customer belongs to the Store of the path only; `stores` of the draft is replaced.
    const customer = await signUpCustomer(context, draftInStore(await readJsonBody(c), store), callerOf(c));
    return json({ customer: present(context, type, customer, []) }, 201);
  });

  api.get(inStoreBase, (c) => {
    const store = inStore(c, 'view_customers', view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const members = [...context.state.collection<Customer>(type.typeId).values()]
      .filter((customer) => belongsTo(customer, store.key))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = runOnArray(members, params, { schema: querySchema() });
    return json({ ...page, results: page.results.map((r) => present(context, type, r, params.expand)) });
  });

  api.get(`${inStoreBase}/:address`, (c) => {
    const store = inStore(c, 'view_customers', view);
    const segment = c.req.param('address');
    const customer = tokenOfSegment(context, segment, store) ?? findInStore(context, store, parseAddress(segment));
    return json(present(context, type, customer, expandParams(c)));
  });

  api.post(`${inStoreBase}/:address`, async (c) => {
    const store = inStore(c, 'manage_customers', type.scopes.manage);
    const body = await readJsonBody(c);
    const customer = findInStore(context, store, parseAddress(c.req.param('address')));
    const updated = updateResource(context, type, { id: customer.id }, body, callerOf(c));
    return json(present(context, type, updated, expandParams(c)));
  });

  api.delete(`${inStoreBase}/:address`, (c) => {
    const store = inStore(c, 'manage_customers', type.scopes.manage);
    const customer = findInStore(context, store, parseAddress(c.req.param('address')));
    const deleted = deleteResource(context, type, { id: customer.id }, versionParam(c), callerOf(c));
    return json(present(context, type, deleted, expandParams(c)));
  });
}
