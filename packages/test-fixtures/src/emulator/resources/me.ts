import type { Hono } from 'hono';
import { requireScope, type Principal } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import { json } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { errors } from '../http/errors.js';
import { belongsTo, type Customer } from './customers.js';
import { storeOfPath } from './in-store-path.js';
import type { ResourceType } from './resource-type.js';
import { expandParams, present } from './rest-routes.js';

const ME_SCOPES = ['manage_my_profile', 'view_my_profile'];

/** True when the token is valid for the Store: issued by its in-store password flow, or holding a store-scoped `me` scope for it. */
function validForStore(principal: Principal, projectKey: string, storeKey: string): boolean {
  if (principal.storeKey === storeKey) return true;
  return principal.scopes.some(
    (s) => s.kind === 'permission' && s.projectKey === projectKey && s.storeKey === storeKey && ME_SCOPES.includes(s.name),
  );
}

/**
 * `GET /me` and `GET /in-store/key={storeKey}/me` (MeResponse): the Customer behind a password-flow
 * token, or `{ anonymousId }` behind an anonymous-session token. Any other token is 403 naming
 * `manage_my_profile`. An in-store token works only on its own Store's endpoint; the in-store
 * endpoint needs a token valid for its Store and answers only a customer of that Store (else 404).
 */
export function registerMeRoutes(api: Hono<AppEnv>, context: EmulatorContext): void {
  const { projectKey } = context.options;
  const type = context.resourceTypes.get('customer') as ResourceType<Customer>;

  const me = (principal: Principal, storeKey: string | undefined, expand: readonly string[]): Record<string, unknown> => {
    const scope = storeKey === undefined ? `manage_my_profile:${projectKey}` : `manage_my_profile:${projectKey}:${storeKey}`;
    if (principal.customerId === undefined && principal.anonymousId === undefined) throw errors.insufficientScope(scope);
    if (storeKey === undefined ? principal.storeKey !== undefined : !validForStore(principal, projectKey, storeKey))
      throw errors.insufficientScope(scope);
    requireScope(principal, projectKey, ME_SCOPES, storeKey);
    if (principal.customerId === undefined) return { anonymousId: principal.anonymousId };
    const customer = context.state.collection<Customer>(type.typeId).get(principal.customerId);
    if (!customer || (storeKey !== undefined && !belongsTo(customer, storeKey))) throw errors.notFoundById(principal.customerId);
    return present(context, type, customer, expand);
  };

  api.get('/:projectKey/me', (c) => json(me(c.get('principal'), undefined, expandParams(c))));

  api.get('/:projectKey/in-store/:storeSegment/me', (c) => {
    const store = storeOfPath(c, context, 'manage_my_profile');
    return json(me(c.get('principal'), store.key, expandParams(c)));
  });
}
