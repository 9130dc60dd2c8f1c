import type { PermissionScope, Scope } from '@commerce-kit/core-auth';
import { errors } from '../http/errors.js';

/** Who is calling: resolved from a bearer token (our own or an external OAuth server's). */
export interface Principal {
  /** The API client the token was issued to (for external tokens: the `client_id` the external server reported, if any). */
  clientId: string;
  /** Permission and identity scopes of the token; foreign scopes are already dropped. */
  scopes: Scope[];
  customerId?: string;
  anonymousId?: string;
  /** From an `external_user_id:` scope; the X-External-User-ID header can also set it per request. */
  externalUserId?: string;
  /** Set when the token came from the in-store password flow: valid only for that Store. */
  storeKey?: string;
  /** The admin console user of this request, when made with the admin console client's token (see admin-console.ts). */
  adminUserId?: string;
  /** True when the token was introspected at the project's external OAuth server. */
  external: boolean;
}

function permissionScopes(principal: Principal): PermissionScope[] {
  return principal.scopes.filter((s): s is PermissionScope => s.kind === 'permission');
}

/**
 * True when the principal holds one of `names` for this project. A store-restricted scope
 * counts only on an endpoint of that Store (`storeKey` given) and never on a global one.
 * `manage_project` implies every other scope.
 */
export function hasScope(principal: Principal, projectKey: string, names: readonly string[], storeKey?: string): boolean {
  return permissionScopes(principal).some((scope) => {
    if (scope.projectKey !== projectKey) return false;
    if (scope.name !== 'manage_project' && !names.includes(scope.name)) return false;
    if (scope.storeKey === undefined) return true;
    return storeKey !== undefined && scope.storeKey === storeKey;
  });
}

/** Throws 403 insufficient_scope naming the first alternative unless the principal holds one of them. */
export function requireScope(principal: Principal, projectKey: string, names: readonly string[], storeKey?: string): void {
  if (!hasScope(principal, projectKey, names, storeKey)) {
    throw errors.insufficientScope(`${names[0] ?? 'manage_project'}:${projectKey}`);
  }
}

/** The scopes that allow reading a resource family, e.g. `viewScopes('product_selections')`. */
export function viewScopes(family: string): string[] {
  return [`view_${family}`, `manage_${family}`];
}

/** The scopes that allow changing a resource family. */
export function manageScopes(family: string): string[] {
  return [`manage_${family}`];
}
