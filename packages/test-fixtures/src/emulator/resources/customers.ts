import type { Hono } from 'hono';
import { requireScope, viewScopes } from '../auth/principal.js';
import type { AuthService } from '../auth/service.js';
import type { EmulatorContext } from '../context.js';
import { json, readJsonBody } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { parseQueryParams, runQuery, type QuerySchema } from '../query/index.js';
import type { EmulatorState } from '../state.js';
import type { StoredResource } from '../store/collection.js';
import { commerceContract } from '../validation/contract.js';
import { customMemberFrom, type CustomFields } from './custom-fields.js';
import { addressesFrom, type CustomerAddresses } from './customer-addresses.js';
import { storeOfPath } from './in-store-path.js';
import { createResource, findResource, parseAddress, type Caller } from './operations.js';
import type { ResourceType } from './resource-type.js';
import { callerOf, expandParams, present } from './rest-routes.js';
import type { Store } from './stores.js';
import type { ResourceIdentifier, WriteContext } from './write-context.js';

export interface Customer extends StoredResource, CustomerAddresses {
  email: string;
  customerNumber?: string;
  isEmailVerified: boolean;
  customerGroupAssignments: never[];
  /** Empty for a global customer. */
  stores: { typeId: 'store'; key: string }[];
  authenticationMode: 'Password' | 'ExternalAuth';
  custom?: CustomFields;
}

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

/** The password rule of the authentication mode: required with Password, refused with ExternalAuth. */
function passwordOf(draft: Record<string, unknown>, mode: Customer['authenticationMode']): string | undefined {
  const password = draft['password'] as string | undefined;
  if (mode === 'Password' && password === undefined) throw errors.requiredField('password');
  if (mode === 'ExternalAuth' && password !== undefined) {
    throw errors.invalidField('password', '<hidden>', 'A Customer with authenticationMode ExternalAuth has no password.');
  }
  return password;
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * E-mails are unique, ignoring case, among the global customers and among the customers of each
 * Store (a customer of Stores A and B clashes with any customer of A or of B).
 */
function assertEmailFree(state: EmulatorState, email: string, storeKeys: readonly string[]): void {
  const wanted = normaliseEmail(email);
  for (const customer of state.collection<Customer>('customer').values()) {
    if (normaliseEmail(customer.email) !== wanted) continue;
    const theirs = customer.stores.map((s) => s.key);
    const clash = storeKeys.length === 0 ? theirs.length === 0 : theirs.some((key) => storeKeys.includes(key));
    if (clash) throw errors.duplicateField('email', email);
  }
}

function assertCustomerNumberFree(state: EmulatorState, customerNumber: string): void {
  for (const customer of state.collection<Customer>('customer').values()) {
    if (customer.customerNumber === customerNumber) throw errors.duplicateField('customerNumber', customerNumber);
  }
}

function storesFrom(ctx: WriteContext, drafts: readonly ResourceIdentifier[] | undefined): Customer['stores'] {
  const keys = (drafts ?? []).map((draft, index) => ctx.resolveIdentifier<Store>('store', draft, `stores[${index}]`).key);
  return [...new Set(keys)].map((key) => ({ typeId: 'store', key }));
}

/**
 * The Customer resource type of an emulator. The password is never part of the resource: a commit
 * hook hands it to the authorization service, which keeps only a salted hash (so the hook runs
 * only when the whole write commits). `isEmailVerified` is false unless the draft says true.
 */
export function customerTypeOf(auth: AuthService): ResourceType<Customer> {
  return {
    typeId: 'customer',
    path: 'customers',
    scopes: { view: viewScopes('customers'), manage: ['manage_customers'] },
    schemas: { resource: 'Customer', draft: 'CustomerDraft' },
    create(draft, ctx) {
      const email = draft['email'] as string;
      const authenticationMode = (draft['authenticationMode'] as Customer['authenticationMode'] | undefined) ?? 'Password';
      const password = passwordOf(draft, authenticationMode);
      const stores = storesFrom(ctx, draft['stores'] as ResourceIdentifier[] | undefined);
      const storeKeys = stores.map((s) => s.key);
      assertEmailFree(ctx.state, email, storeKeys);
      const customerNumber = draft['customerNumber'] as string | undefined;
      if (customerNumber !== undefined) assertCustomerNumberFree(ctx.state, customerNumber);
      const addresses = addressesFrom(draft);
      // An ExternalAuth customer has no credentials: the password flow does not know it. Signing up
      // waits for the hash (see signUpCustomer); a failure shows up at login.
      if (password !== undefined)
        ctx.onCommit(({ id }) => void auth.setCustomerCredentials({ customerId: id, email, password, storeKeys }).catch(() => undefined));
      const plain = Object.fromEntries(
        PLAIN_FIELDS.filter((name) => draft[name] !== undefined).map((name) => [name, draft[name] as string]),
      );
      return {
        ...(draft['key'] !== undefined ? { key: draft['key'] as string } : {}),
        ...(customerNumber !== undefined ? { customerNumber } : {}),
        email,
        ...plain,
        ...addresses,
        isEmailVerified: draft['isEmailVerified'] === true,
        customerGroupAssignments: [],
        stores,
        authenticationMode,
        ...customMemberFrom(ctx, draft, 'customer'),
      };
    },
    afterDelete(customer, ctx) {
      ctx.onCommit(() => void auth.removeCustomerCredentials(customer.id));
    },
  };
}

/**
 * Signs a customer up (REST and GraphQL alike): creates the Customer with the project's Customer
 * type (registered by {@link registerCustomerRoutes}) and waits until its credentials are stored,
 * so a password-flow token can be requested right away.
 *
 * @example
 * const customer = await signUpCustomer(context, { email: 'a@example.com', password: 'secret' }, caller);
 */
export async function signUpCustomer(context: EmulatorContext, draft: unknown, caller: Caller): Promise<Customer> {
  const type = context.resourceTypes.get('customer') as ResourceType<Customer> | undefined;
  if (!type) throw new Error('the customers resource is not registered');
  const customer = createResource(context, type, draft, caller);
  await context.auth.customers.settled(customer.id);
  return customer;
}

/** True when the customer belongs to the Store (a global customer belongs to none). */
export function belongsTo(customer: Customer, storeKey: string): boolean {
  return customer.stores.some((s) => s.key === storeKey);
}

/**
 * Customers: sign-up (global, and into a Store), query, get by id and key, and get within a
 * Store. Sign-up answers CustomerSignInResult `{ customer }`. No update or delete endpoint: the
 * schema defines none.
 */
export function registerCustomerRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = customerTypeOf(context.auth);
  context.resourceTypes.set(type.typeId, type as unknown as ResourceType<StoredResource>);
  const view = [...type.scopes.view, ...type.scopes.manage];
  const base = '/:projectKey/customers';
  const inStoreBase = '/:projectKey/in-store/:storeSegment/customers';

  api.post(base, async (c) => {
    requireScope(c.get('principal'), projectKey, type.scopes.manage);
    const customer = await signUpCustomer(context, await readJsonBody(c), callerOf(c));
    return json({ customer: present(context, type, customer, []) }, 201);
  });

  api.get(base, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const params = parseQueryParams(new URL(c.req.url).searchParams);
    const page = runQuery(context.state.collection<Customer>(type.typeId), params, {
      schema: commerceContract().schema(type.schemas.resource) as QuerySchema,
    });
    return json({ ...page, results: page.results.map((r) => present(context, type, r, params.expand)) });
  });

  api.get(`${base}/:address`, (c) => {
    requireScope(c.get('principal'), projectKey, view);
    const customer = findResource<Customer>(context, type, parseAddress(c.req.param('address')));
    return json(present(context, type, customer, expandParams(c)));
  });

  api.post(inStoreBase, async (c) => {
    const store = storeOfPath(c, context, 'manage_customers');
    requireScope(c.get('principal'), projectKey, type.scopes.manage, store.key);
    const body = await readJsonBody(c);
    // The customer belongs to the Store of the path only; `stores` of the draft is replaced.
    const draft =
      typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, stores: [{ typeId: 'store', key: store.key }] } : body;
    const customer = await signUpCustomer(context, draft, callerOf(c));
    return json({ customer: present(context, type, customer, []) }, 201);
  });

  api.get(`${inStoreBase}/:address`, (c) => {
    const store = storeOfPath(c, context, 'view_customers');
    requireScope(c.get('principal'), projectKey, view, store.key);
    const address = parseAddress(c.req.param('address'));
    const collection = context.state.collection<Customer>(type.typeId);
    const found = 'id' in address ? collection.get(address.id) : collection.getByKey(address.key);
    // A customer of another Store, or a global one, does not exist here.
    if (!found || !belongsTo(found, store.key)) throw 'id' in address ? errors.notFoundById(address.id) : errors.notFoundByKey(address.key);
    return json(present(context, type, found, expandParams(c)));
  });
}
