import type { Context, Hono } from 'hono';
import type { Principal } from '../../auth/principal.js';
import type { EmulatorContext } from '../../context.js';
import { json, readJsonBody } from '../../http/body.js';
import type { AppEnv } from '../../http/env.js';
import { errors } from '../../http/errors.js';
import { myCustomerActions } from '../customers/actions.js';
import { changePassword, resetPassword, verifyEmail } from '../customers/passwords.js';
import { belongsTo, customerTypeIn, draftInStore, signUpCustomer, type Customer } from '../customers/index.js';
import { activeCartOfCustomer, signInCart } from '../carts/merge.js';
import { storeOfPath } from '../kit/in-store-path.js';
import { mergeOfMySignin, signInResult, signInWithCart } from '../login/index.js';
import { deleteResource, updateResource, validBody } from '../kit/operations.js';
import type { ResourceType, Schemas } from '../kit/resource-type.js';
import { callerOf, expandParams, present, versionParam } from '../kit/rest-routes.js';
import type { Store } from '../stores/index.js';
import { allowMe } from './session.js';

const ME_SCOPES = ['manage_my_profile', 'view_my_profile'];
const MANAGE = ['manage_my_profile'];

/**
 * The `me` endpoints (https://docs.commercetools.com/api/projects/me-profile), globally and as
 * `/in-store/key={storeKey}/me/...`:
 *
 * - `GET /me` (MeResponse): the Customer behind a password-flow token, or `{ anonymousId }` behind
 *   an anonymous-session token; `POST /me` (the My Customer update actions), `DELETE /me`,
 *   `POST /me/password` and `POST /me/email/confirm` need a customer token. Any other token is 403
 *   naming `manage_my_profile`; reading takes `view_my_profile` too, writing `manage_my_profile`.
 * - `POST /me/signup`, `/me/login` and `/me/password/reset` take any token holding
 *   `manage_my_profile` (an anonymous session's, a client's); a sign-up with an anonymous session's
 *   token names its `anonymousId` in the customer's `createdBy`.
 *
 * An in-store token works only on its own Store's endpoints; an in-store endpoint needs a token valid
 * for its Store and knows only that Store's customers (else 404).
 */
export function registerMeRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = customerTypeIn(context);
  // The Customer actions a customer may apply to the own profile (live My Customer Profile API).
  const meType: ResourceType<Customer, Schemas['CustomerDraft'], Schemas['MyCustomerUpdateAction']> = {
    ...type,
    schemas: { ...type.schemas, updateAction: 'MyCustomerUpdateAction' },
    actions: myCustomerActions(context.auth),
  };

  const allow = (principal: Principal, storeKey: string | undefined, scopes: readonly string[], needsSession: boolean): void =>
    allowMe(principal, projectKey, storeKey, scopes, needsSession);

  /** The customer of a customer token, in the Store when there is one; an anonymous session's token has none (403). */
  const customerOf = (principal: Principal, store: Store | undefined, scopes: readonly string[]): Customer => {
    allow(principal, store?.key, scopes, true);
    if (principal.customerId === undefined)
      throw errors.insufficientScope(`manage_my_profile:${projectKey}${store === undefined ? '' : `:${store.key}`}`);
    const customer = context.state.collection<Customer>(type.typeId).get(principal.customerId);
    if (!customer || (store !== undefined && !belongsTo(customer, store.key))) throw errors.notFoundById(principal.customerId);
    return customer;
  };

  const forms: [string, (c: Context<AppEnv>) => Store | undefined][] = [
    ['/:projectKey/me', () => undefined],
    ['/:projectKey/in-store/:storeSegment/me', (c) => storeOfPath(c, context, 'manage_my_profile')],
  ];
  for (const [base, storeOf] of forms) {
    const answer = (c: Context<AppEnv>, customer: Customer) => json(present(context, type, customer, expandParams(c)));

    api.get(base, (c) => {
      const store = storeOf(c);
      const principal = c.get('principal');
      allow(principal, store?.key, ME_SCOPES, true);
      if (principal.customerId === undefined) return json({ anonymousId: principal.anonymousId });
      return answer(c, customerOf(principal, store, ME_SCOPES));
    });

    api.post(base, async (c) => {
      const customer = customerOf(c.get('principal'), storeOf(c), MANAGE);
      return answer(c, updateResource(context, meType, { id: customer.id }, await readJsonBody(c), callerOf(c)));
    });

    api.delete(base, (c) => {
      const customer = customerOf(c.get('principal'), storeOf(c), MANAGE);
      return answer(c, deleteResource(context, type, { id: customer.id }, versionParam(c), callerOf(c)));
    });

    api.post(`${base}/signup`, async (c) => {
      const store = storeOf(c);
      allow(c.get('principal'), store?.key, MANAGE, false);
      const draft = validBody('MyCustomerDraft', await readJsonBody(c));
      // With an anonymous session's token, the session's Carts become the new customer's.
      const { anonymousId } = c.get('principal');
      const ofSession = anonymousId === undefined ? draft : { ...draft, anonymousId };
      const customer = await signUpCustomer(context, store ? draftInStore(ofSession, store) : ofSession, callerOf(c));
      return json(
        { customer: present(context, type, customer, []), ...signInCart(context, activeCartOfCustomer(context, customer.id)) },
        201,
      );
    });

    api.post(`${base}/login`, async (c) => {
      const store = storeOf(c);
      allow(c.get('principal'), store?.key, MANAGE, false);
      const body = validBody('MyCustomerSignin', await readJsonBody(c));
      // With an anonymous session's token, the session's Carts are the customer's now (and merged).
      const merge = mergeOfMySignin(body, c.get('principal'));
      const { customer, cart } = await signInWithCart(context, callerOf(c), body, store, merge);
      return json({ ...signInResult(context, customer), ...signInCart(context, cart) });
    });

    api.post(`${base}/password`, async (c) => {
      const customer = customerOf(c.get('principal'), storeOf(c), MANAGE);
      const body = validBody('MyCustomerChangePassword', await readJsonBody(c));
      return answer(c, await changePassword(context, callerOf(c), customer, body));
    });

    api.post(`${base}/password/reset`, async (c) => {
      const store = storeOf(c);
      allow(c.get('principal'), store?.key, MANAGE, false);
      const body = validBody('MyCustomerResetPassword', await readJsonBody(c));
      return answer(c, await resetPassword(context, callerOf(c), body, store));
    });

    api.post(`${base}/email/confirm`, async (c) => {
      const store = storeOf(c);
      const customer = customerOf(c.get('principal'), store, MANAGE);
      const body = validBody('MyCustomerEmailVerify', await readJsonBody(c));
      return answer(c, verifyEmail(context, callerOf(c), body, store, customer.id));
    });
  }
}
