import { requireScope, type Principal } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';

/** True when the token is valid for the Store: issued by its in-store password flow, or holding one of `scopes` for it. */
function validForStore(principal: Principal, projectKey: string, storeKey: string, scopes: readonly string[]): boolean {
  if (principal.storeKey === storeKey) return true;
  return principal.scopes.some(
    (s) => s.kind === 'permission' && s.projectKey === projectKey && s.storeKey === storeKey && scopes.includes(s.name),
  );
}

/**
 * Checks a token for a `/me` endpoint (global, or of the Store `storeKey`) and its scope, one of
 * `scopes`; 403 naming the first of them otherwise. With `needsSession`, the token must be a
 * session's (a customer's or an anonymous session's), and of the endpoint: an in-store token only
 * for its own Store, never on a global endpoint; other endpoints need only the scope.
 *
 * @example
 * allowMe(principal, 'shop', undefined, ['manage_my_orders'], true); // 403 for a client credentials token
 */
export function allowMe(
  principal: Principal,
  projectKey: string,
  storeKey: string | undefined,
  scopes: readonly string[],
  needsSession: boolean,
): void {
  const scope = `${scopes[0]}:${projectKey}${storeKey === undefined ? '' : `:${storeKey}`}`;
  if (needsSession) {
    if (principal.customerId === undefined && principal.anonymousId === undefined) throw errors.insufficientScope(scope);
    if (storeKey === undefined ? principal.storeKey !== undefined : !validForStore(principal, projectKey, storeKey, scopes))
      throw errors.insufficientScope(scope);
  }
  requireScope(principal, projectKey, scopes, storeKey);
}
