/**
 * Scopes of the commerce service: `<name>:<projectKey>` and the store-restricted
 * `<name>:<projectKey>:<storeKey>`, plus the identity scopes a token may carry: `customer_id:<id>`,
 * `anonymous_id:<id>` and `external_user_id:<id>`, and the spellings `customer:<id>` and
 * `anonymous_id=<id>` some documents use for the authorization service's own tokens.
 */

/** A permission scope, e.g. `view_products:my-project` or `manage_my_orders:my-project:eu-store`. */
export interface PermissionScope {
  kind: 'permission';
  name: string;
  projectKey: string;
  storeKey?: string;
}

/** An identity scope carried by customer, anonymous and external tokens. */
export interface IdentityScope {
  kind: 'customer_id' | 'anonymous_id' | 'external_user_id';
  value: string;
}

/** Any scope a token may carry: a permission, or an identity (`customer_id:`, `anonymous_id:`, `external_user_id:`). */
export type Scope = PermissionScope | IdentityScope;

/** A scope name: lower-case letters, digits and `_`, starting with a letter. */
const NAME = /^[a-z][a-z0-9_]*$/;
/** A project or store key: letters, digits, `_` and `-`. */
const KEY = /^[\w-]+$/;

/**
 * Builds a permission scope string.
 * @example
 * permissionScope('view_products', 'my-project') // 'view_products:my-project'
 * permissionScope('manage_my_orders', 'my-project', 'eu') // 'manage_my_orders:my-project:eu'
 */
export function permissionScope(name: string, projectKey: string, storeKey?: string): string {
  if (!NAME.test(name)) throw new TypeError(`not a scope name: ${JSON.stringify(name)}`);
  if (!KEY.test(projectKey)) throw new TypeError(`not a project key: ${JSON.stringify(projectKey)}`);
  if (storeKey !== undefined && !KEY.test(storeKey)) throw new TypeError(`not a store key: ${JSON.stringify(storeKey)}`);
  return storeKey === undefined ? `${name}:${projectKey}` : `${name}:${projectKey}:${storeKey}`;
}

/**
 * Builds an identity scope string.
 * @example
 * identityScope('customer_id', '7f6c…') // 'customer_id:7f6c…'
 */
export function identityScope(kind: IdentityScope['kind'], value: string): string {
  if (!/^\S+$/.test(value)) throw new TypeError(`not a valid ${kind} value`);
  return `${kind}:${value}`;
}

/**
 * Parses one scope string; returns `undefined` for a string that is not a scope of this service
 * (the service ignores such scopes rather than failing). The identity spellings
 * (`customer:<id>`, `anonymous_id=<id>`) are read as `customer_id` and `anonymous_id`;
 * {@link formatScope} writes them back as `customer_id:<id>` and `anonymous_id:<id>`.
 * @example
 * parseScope('view_products:p:s') // { kind: 'permission', name: 'view_products', projectKey: 'p', storeKey: 's' }
 * parseScope('customer:7f6c') // { kind: 'customer_id', value: '7f6c' }
 */
export function parseScope(scope: string): Scope | undefined {
  const identity = IDENTITY.exec(scope);
  if (identity) return { kind: IDENTITY_KINDS[identity[1]![0] as 'c' | 'a' | 'e'], value: identity[2]! };
  const match = /^([a-z][a-z0-9_]*):([\w-]+)(?::([\w-]+))?$/.exec(scope);
  if (!match) return undefined;
  const [, name, projectKey, storeKey] = match;
  return { kind: 'permission', name: name!, projectKey: projectKey!, ...(storeKey === undefined ? {} : { storeKey }) };
}

/** An identity scope, also in the spellings `customer:<id>` and `anonymous_id=<id>` of the service's own tokens. */
const IDENTITY = /^(customer_id:|customer:|anonymous_id[:=]|external_user_id:)(.+)$/s;
/** The kind of an identity scope, by the first letter of its spelling. */
const IDENTITY_KINDS = { c: 'customer_id', a: 'anonymous_id', e: 'external_user_id' } as const;

/**
 * Parses a space-separated scope list (the `scope` of a token response or form).
 * Unknown entries are dropped.
 * @example
 * parseScopes('manage_project:p customer_id:42 foo') // [{ kind: 'permission', name: 'manage_project', projectKey: 'p' }, { kind: 'customer_id', value: '42' }]
 */
export function parseScopes(scopeList: string | undefined): Scope[] {
  return (scopeList ?? '').split(/\s+/).flatMap((part) => parseScope(part) ?? []);
}

/**
 * Writes a scope back in its string form.
 * @example
 * formatScope({ kind: 'permission', name: 'view_products', projectKey: 'p', storeKey: 's' }) // 'view_products:p:s'
 */
export function formatScope(scope: Scope): string {
  return scope.kind === 'permission' ? permissionScope(scope.name, scope.projectKey, scope.storeKey) : `${scope.kind}:${scope.value}`;
}

/**
 * Joins scopes into the space-separated form of a token request. Accepts a ready string too, so
 * options can take either.
 * @example
 * joinScopes(['view_products:p', 'manage_my_orders:p']) // 'view_products:p manage_my_orders:p'
 * joinScopes('view_products:p') // 'view_products:p'
 */
export function joinScopes(scopes: string | readonly string[]): string {
  if (typeof scopes === 'string') return scopes.split(/\s+/).filter(Boolean).join(' ');
  for (const scope of scopes) if (!/^\S+$/.test(scope)) throw new TypeError(`not a single scope: ${JSON.stringify(scope)}`);
  return scopes.join(' ');
}

const IDENTITY_MEMBERS = { customer_id: 'customerId', anonymous_id: 'anonymousId', external_user_id: 'externalUserId' } as const;

/** Who a token speaks for, as its scope says. */
export interface TokenIdentity {
  customerId?: string;
  anonymousId?: string;
  externalUserId?: string;
}

/**
 * Reads the identity scopes of a token's scope list. Both spellings are understood:
 * `customer_id:<id>` and `anonymous_id:<id>` (the live service), and
 * `customer:<id>` and `anonymous_id=<id>`.
 * @example
 * tokenIdentity('manage_my_orders:p anonymous_id:4d2a') // { anonymousId: '4d2a' }
 */
export function tokenIdentity(scopeList: string | undefined): TokenIdentity {
  const identity: TokenIdentity = {};
  for (const scope of parseScopes(scopeList)) if (scope.kind !== 'permission') identity[IDENTITY_MEMBERS[scope.kind]] ??= scope.value;
  return identity;
}
