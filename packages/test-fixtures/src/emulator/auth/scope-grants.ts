import { formatScope, parseScope, parseScopes, type PermissionScope } from '@commerce-kit/core-auth';
import { oauthErrors } from './oauth-errors.js';

/** The permission scopes of a scope string (identity scopes and foreign strings dropped). */
export function permissionScopesOf(scope: string): PermissionScope[] {
  return parseScopes(scope).filter((s): s is PermissionScope => s.kind === 'permission');
}

/**
 * True when holding the scope name `held` allows asking for `wanted`: the same name,
 * `manage_project` (which implies every scope of its project), or `manage_<x>` for `view_<x>`.
 */
function implies(held: string, wanted: string): boolean {
  return held === wanted || held === 'manage_project' || (wanted.startsWith('view_') && held === `manage_${wanted.slice('view_'.length)}`);
}

/** True when `held` allows granting `wanted`: an implied scope, at most narrowed to one Store. */
function covers(held: PermissionScope, wanted: PermissionScope): boolean {
  if (!implies(held.name, wanted.name) || held.projectKey !== wanted.projectKey) return false;
  return held.storeKey === wanted.storeKey || (held.storeKey === undefined && wanted.storeKey !== undefined);
}

function short(value: string): string {
  return value.length > 100 ? `${value.slice(0, 100)}…` : value;
}

/**
 * The permission scopes a token gets, as strings.
 *
 * - `requested` omitted or blank: every scope the client (or the refresh token) holds.
 * - otherwise each requested scope must be held or implied by a held one (`manage_project` implies
 *   every scope of its project, `manage_<x>` implies `view_<x>`), possibly narrowed to one Store; anything else (another project, an identity scope, not a scope at all) is
 *   400 invalid_scope.
 * - `storeKey` (in-store password flow): project-wide scopes get their store-restricted form
 *   `<name>:<project>:<store>`; a requested scope of another Store is invalid_scope, and when
 *   nothing was requested, held scopes of other Stores are left out.
 */
export function grantScopes(held: string, requested: string | undefined, projectKey: string, storeKey?: string): string[] {
  const heldScopes = permissionScopesOf(held);
  let granted: PermissionScope[];
  const explicit = requested !== undefined && requested.trim() !== '';
  if (!explicit) {
    granted = heldScopes;
  } else {
    granted = [];
    for (const part of requested.split(/\s+/)) {
      if (part === '') continue;
      const wanted = parseScope(part);
      if (!wanted || wanted.kind !== 'permission' || wanted.projectKey !== projectKey || !heldScopes.some((h) => covers(h, wanted))) {
        throw oauthErrors.invalidScope(`The scope '${short(part)}' is not allowed for this client.`);
      }
      granted.push(wanted);
    }
  }
  if (storeKey !== undefined) {
    const inStore: PermissionScope[] = [];
    for (const scope of granted) {
      if (scope.storeKey === undefined) inStore.push({ ...scope, storeKey });
      else if (scope.storeKey === storeKey) inStore.push(scope);
      else if (explicit)
        throw oauthErrors.invalidScope(`The scope '${short(formatScope(scope))}' is not valid in the Store '${storeKey}'.`);
    }
    granted = inStore;
  }
  return [...new Set(granted.map(formatScope))];
}
