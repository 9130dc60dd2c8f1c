import type { KeptSecret } from '../../auth/kept-secret.js';
import { viewScopes } from '../../auth/principal.js';
import type { AuthService } from '../../auth/service.js';
import type { EmulatorContext } from '../../context.js';
import { isPlainObject } from '../../query/values.js';
import { checkMerge, mergeAnonymousCart, type MergeRequest } from '../carts/merge.js';
import { customerGroupReference } from '../customer-groups/index.js';
import { customMemberFrom } from '../kit/custom-fields.js';
import { customerActions } from './actions.js';
import { addressesFrom } from './addresses.js';
import {
  assertCustomerNumberFree,
  assertEmailFree,
  assertProjectLanguage,
  passwordOf,
  storesFrom,
  type Customer,
  type CustomerType,
} from './rules.js';
import { checkCreate, createResource, type Caller } from '../kit/operations.js';
import { registeredType } from '../kit/resource-module.js';
import type { Schemas } from '../kit/resource-type.js';
import type { Store } from '../stores/index.js';

export { belongsTo, findInStore, type Customer, type CustomerType } from './rules.js';

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

/**
 * The Customer resource type of an emulator. The password is never part of the resource: a commit
 * hook hands it to the authorization service, which keeps no clear text (see KeptSecret; the hook runs
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
      assertProjectLanguage(ctx.state, draft.locale);
      const addresses = addressesFrom(draft);
      // An ExternalAuth customer has no credentials: the password flow does not know it. The password
      // is prepared before (see signUpCustomer), so the customer and its credentials commit together.
      if (password !== undefined) {
        const prepared = preparedFor(auth, password);
        ctx.onCommit(({ id }) => auth.customers.setPrepared({ customerId: id, email, password: prepared, storeKeys }));
      }
      const plain: Partial<Pick<Customer, (typeof PLAIN_FIELDS)[number]>> = {};
      for (const name of PLAIN_FIELDS) if (draft[name] !== undefined) plain[name] = draft[name];
      return {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        ...(customerNumber !== undefined ? { customerNumber } : {}),
        email,
        ...plain,
        ...addresses,
        isEmailVerified: draft.isEmailVerified === true,
        ...(draft.customerGroup !== undefined ? { customerGroup: customerGroupReference(ctx, draft.customerGroup, 'customerGroup') } : {}),
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

/** The project's Customer resource type (made by the registry with the project's services). */
export function customerTypeIn(context: EmulatorContext): CustomerType {
  return registeredType<Customer>(context, 'customer');
}

/**
 * Signs a customer up (REST and GraphQL alike): prepares the password (hashed first only in durable
 * mode, see CustomerCredentialStore.prepare), then creates the Customer
 * with the project's Customer type and its credentials in one write, so they commit in one
 * transaction (durable mode) and a password-flow token can be requested right away.
 *
 * @example
 * const customer = await signUpCustomer(context, { email: 'a@example.com', password: 'secret' }, caller);
 */
export async function signUpCustomer(context: EmulatorContext, draft: unknown, caller: Caller): Promise<Customer> {
  const type = customerTypeIn(context);
  const merge = mergeRequestOf(draft);
  const password = isPlainObject(draft) && typeof draft['password'] === 'string' ? draft['password'] : undefined;
  // A refused draft costs no hash and creates no customer; the create checks again after it (the state moved meanwhile).
  if (password !== undefined || merge) checkCreate(context, type, draft, caller);
  if (merge) checkMerge(context, merge);
  if (password === undefined) return withCart(context, caller, createResource(context, type, draft, caller), merge);
  const prepared = await context.auth.customers.prepare(password);
  signingUp = { password, prepared };
  try {
    return withCart(context, caller, createResource(context, type, draft, caller), merge);
  } finally {
    signingUp = undefined;
  }
}

/** The Cart merge a sign-up asks for (`anonymousCart`, `anonymousId`), if any; the draft is schema-valid or refused before it is used. */
function mergeRequestOf(draft: unknown): MergeRequest | undefined {
  if (!isPlainObject(draft) || (draft['anonymousCart'] === undefined && draft['anonymousId'] === undefined)) return undefined;
  const { anonymousCart, anonymousId } = draft as Pick<Schemas['CustomerDraft'], 'anonymousCart' | 'anonymousId'>;
  return { ...(anonymousCart !== undefined ? { anonymousCart } : {}), ...(anonymousId !== undefined ? { anonymousId } : {}) };
}

/**
 * The new customer, given the anonymous Cart of the sign-up: it becomes the customer's (a new
 * customer has no Cart to merge into), as the sign-in merge does. Checked before the customer was
 * created (checkMerge), so it cannot be refused now.
 */
function withCart(context: EmulatorContext, caller: Caller, customer: Customer, merge: MergeRequest | undefined): Customer {
  if (merge) mergeAnonymousCart(context, caller, customer.id, merge);
  return customer;
}

/** The password prepared for the sign-up being created: set by signUpCustomer around its create, which runs without a pause. */
let signingUp: { password: string; prepared: KeptSecret } | undefined;

/** The password prepared before the create, else one prepared now (a create outside signUpCustomer). */
function preparedFor(auth: AuthService, password: string): KeptSecret {
  return signingUp?.password === password ? signingUp.prepared : auth.customers.prepareSync(password);
}

/** A draft whose `stores` is replaced by the Store of an in-store path (a non-object is left to validation). */
export function draftInStore(body: unknown, store: Store): unknown {
  return isPlainObject(body) ? { ...body, stores: [{ typeId: 'store', key: store.key }] } : body;
}
