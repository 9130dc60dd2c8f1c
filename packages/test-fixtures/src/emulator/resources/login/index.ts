import type { Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import type { Principal } from '../../auth/principal.js';
import { mergeAnonymousCart, signInCart, type MergeRequest } from '../carts/merge.js';
import type { Cart } from '../carts/owner.js';
import { customerTypeIn, type Customer } from '../customers/index.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { validBody, type Caller } from '../kit/operations.js';
import type { Schemas } from '../kit/resource-type.js';
import { callerOf, present } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';

/**
 * The customer with these credentials: a global one without a Store, else one of the Store; 400
 * InvalidCredentials for wrong credentials and for a customer the endpoint does not know.
 *
 * @example
 * const customer = await signInCustomer(context, { email: 'ann@example.com', password: 'secret' }, undefined);
 */
export async function signInCustomer(
  context: EmulatorContext,
  { email, password }: { email: string; password: string },
  store: Store | undefined,
): Promise<Customer> {
  const id = await context.auth.findCustomerByCredentials(email, password, store?.key);
  const customer = id === undefined ? undefined : context.state.collection<Customer>('customer').get(id);
  if (!customer) throw errors.invalidCredentials();
  return customer;
}

/**
 * A sign-in with its Cart merge: the customer with these credentials, and the active Cart the
 * merge leaves (the Store's only, in a Store). `POST /login`, `POST /me/login` and their GraphQL
 * mutations.
 */
export async function signInWithCart(
  context: EmulatorContext,
  caller: Caller,
  credentials: { email: string; password: string },
  store: Store | undefined,
  merge: Omit<MergeRequest, 'storeKey'>,
): Promise<{ customer: Customer; cart: Cart | undefined }> {
  const customer = await signInCustomer(context, credentials, store);
  const cart = mergeAnonymousCart(context, caller, customer.id, { ...merge, storeKey: store?.key });
  return { customer, cart };
}

/** The merge of an API client's sign-in (CustomerSignin): the anonymous Cart or session it names. */
export function mergeOfSignin(draft: Schemas['CustomerSignin']): Omit<MergeRequest, 'storeKey'> {
  return {
    ...(draft.anonymousCart !== undefined ? { anonymousCart: draft.anonymousCart } : {}),
    ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
    mode: draft.anonymousCartSignInMode,
    updateProductData: draft.updateProductData,
  };
}

/** The merge of a session's own sign-in (MyCustomerSignin): with an anonymous session's token, that session's Carts. */
export function mergeOfMySignin(draft: Schemas['MyCustomerSignin'], principal: Principal): Omit<MergeRequest, 'storeKey'> {
  return {
    ...(principal.anonymousId !== undefined ? { anonymousId: principal.anonymousId } : {}),
    mode: draft.activeCartSignInMode,
    updateProductData: draft.updateProductData,
  };
}

/** The sign-in result `{ customer }` (CustomerSignInResult) of a signed-in customer. */
export function signInResult(context: EmulatorContext, customer: Customer): { customer: Record<string, unknown> } {
  return { customer: present(context, customerTypeIn(context), customer, []) };
}

/**
 * `POST /login` and `POST /in-store/key={storeKey}/login`: an API client holding
 * `manage_customers` (for the Store, in-store) checks a customer's credentials and merges the
 * anonymous Cart as the Carts' sign-in merge does
 * (https://docs.commercetools.com/api/projects/customers#authenticate-sign-in-customer).
 */
export function registerLoginRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const signIn = async (body: unknown, store: Store | undefined, caller: Caller) => {
    const draft = validBody('CustomerSignin', body);
    // The anonymous Cart merged, the session's Carts, Orders and Payments the customer's; the answer holds the active Cart.
    const { customer, cart } = await signInWithCart(context, caller, draft, store, mergeOfSignin(draft));
    return json({ ...signInResult(context, customer), ...signInCart(context, cart) });
  };
  api.post('/:projectKey/login', async (c) => {
    requireScope(c.get('principal'), projectKey, ['manage_customers']);
    return signIn(await readJsonBody(c), undefined, callerOf(c));
  });
  api.post('/:projectKey/in-store/:storeSegment/login', async (c) => {
    const store = storeOfPath(c, context, 'manage_customers');
    requireScope(c.get('principal'), projectKey, ['manage_customers'], store.key);
    return signIn(await readJsonBody(c), store, callerOf(c));
  });
}
