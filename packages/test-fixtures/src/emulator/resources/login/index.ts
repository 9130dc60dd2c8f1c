import type { Hono } from 'hono';
import { requireScope } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import type { StoredResource } from '../../store/collection.js';
import { customerTypeIn, type Customer } from '../customers/index.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { applyChange, validBody, type Caller } from '../kit/operations.js';
import { actionHandler } from '../kit/resource-type.js';
import { callerOf, present } from '../kit/rest-routes.js';
import { orderTypeIn, type Order } from '../orders/index.js';
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

/** The update action that gives a resource of the session to the customer, by resource type (the types' own handlers). */
const ASSIGNING_ACTIONS: Record<string, (customerId: string) => Record<string, unknown>> = {
  cart: (customerId) => ({ action: 'setCustomerId', customerId }),
  payment: (customerId) => ({ action: 'setCustomer', customer: { typeId: 'customer', id: customerId } }),
};

/**
 * Gives the customer the Carts, Orders and Payments of an anonymous session that belong to no
 * customer yet, each as one write of its own (https://docs.commercetools.com/api/projects/customers#customersignin):
 * an active Cart and a Payment by their own update action, an Order by setting its `customerId`
 * (Orders have no such action emulated). Merged and ordered Carts stay as they are.
 */
export function assignAnonymousSession(context: EmulatorContext, caller: Caller, anonymousId: string, customerId: string): void {
  const ofSession = (resource: StoredResource) =>
    resource['anonymousId'] === anonymousId && resource['customerId'] === undefined && resource['customer'] === undefined;
  for (const [typeId, actionOf] of Object.entries(ASSIGNING_ACTIONS)) {
    const type = context.resourceTypes.get(typeId);
    const handler = type && actionHandler(type, actionOf(customerId)['action'] as string);
    if (!type || !handler) continue;
    for (const resource of [...context.state.collection(typeId).values()]) {
      if (!ofSession(resource) || (typeId === 'cart' && resource['cartState'] !== 'Active')) continue;
      const action = actionOf(customerId);
      applyChange(context, type, resource, caller, [action], (working, ctx) => handler(working, action, ctx));
    }
  }
  const orderType = orderTypeIn(context);
  for (const order of [...context.state.collection<Order>('order').values()]) {
    if (!ofSession(order)) continue;
    applyChange(context, orderType, order, caller, [{ action: 'setCustomerId', customerId }], (working) => {
      working.customerId = customerId;
    });
  }
}

/** The sign-in result `{ customer }` (CustomerSignInResult) of a signed-in customer. */
export function signInResult(context: EmulatorContext, customer: Customer): { customer: Record<string, unknown> } {
  return { customer: present(context, customerTypeIn(context), customer, []) };
}

/**
 * `POST /login` and `POST /in-store/key={storeKey}/login`: an API client holding
 * `manage_customers` (for the Store, in-store) checks a customer's credentials
 * (https://docs.commercetools.com/api/projects/customers#authenticate-sign-in-customer).
 */
export function registerLoginRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const signIn = async (body: unknown, store: Store | undefined, caller: Caller) => {
    const signin = validBody('CustomerSignin', body);
    const customer = await signInCustomer(context, signin, store);
    if (signin.anonymousId !== undefined) assignAnonymousSession(context, caller, signin.anonymousId, customer.id);
    return json(signInResult(context, customer));
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
