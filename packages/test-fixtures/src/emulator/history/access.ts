import { hasScope, type Principal } from '../auth/principal.js';
import { historyErrors } from './errors.js';
import type { HistoryResourceType } from './resource-types.js';

/**
 * Scopes of the Change History (history.yaml `oauth2`): `view_audit_log` always,
 * plus the view scope of each queried type. `manage_project` implies both; the matching
 * `manage_<name>` satisfies `view_<name>`; a store-restricted form counts only where its endpoint
 * accepts it (STORE_SCOPED_TYPES), and then only for Records of its Stores.
 */

/** How a token may read one type's Records: all of them, or those of some Stores only. */
export type TypeAccess = { kind: 'all' } | { kind: 'stores'; keys: ReadonlySet<string> };

/** 403 unless the token holds `view_audit_log` for the project. */
export function requireAuditLog(principal: Principal, projectKey: string): void {
  if (!hasScope(principal, projectKey, ['view_audit_log'])) throw historyErrors.forbidden(`view_audit_log:${projectKey}`);
}

const manageOf = (scope: string) => scope.replace(/^view_/, 'manage_');

/** The token's access to one type's Records; undefined when it has none. */
export function accessTo(principal: Principal, projectKey: string, type: HistoryResourceType, storeForms: boolean): TypeAccess | undefined {
  const names = [type.scope, manageOf(type.scope)];
  if (hasScope(principal, projectKey, names)) return { kind: 'all' };
  if (!storeForms) return undefined;
  const keys = new Set<string>();
  for (const scope of principal.scopes) {
    if (scope.kind === 'permission' && scope.projectKey === projectKey && scope.storeKey !== undefined && names.includes(scope.name))
      keys.add(scope.storeKey);
  }
  return keys.size > 0 ? { kind: 'stores', keys } : undefined;
}

/** Like {@link accessTo}, but 403 naming the type's view scope when there is none. */
export function requireAccess(principal: Principal, projectKey: string, type: HistoryResourceType, storeForms: boolean): TypeAccess {
  const access = accessTo(principal, projectKey, type, storeForms);
  if (!access) throw historyErrors.forbidden(`${type.scope}:${projectKey}`);
  return access;
}
