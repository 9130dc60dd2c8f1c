import { endpointScopes, type GeneratedEndpoint } from './generated/endpoint-scopes.js';
import { parseScopes, permissionScope, type PermissionScope } from './scopes.js';

/** A REST endpoint as the schema names it, e.g. `'GET /product-selections/{ID}'`. */
export type Endpoint = GeneratedEndpoint;

/**
 * The scope alternatives an endpoint accepts, read from the `security` requirements of
 * `schemas/openapi/commerce/`: a token needs all scopes of any one alternative.
 * @example
 * scopesFor('POST /product-selections', 'my-project')
 * // [['manage_product_selections:my-project'], ['manage_project:my-project']]
 */
export function scopesFor(endpoint: Endpoint, projectKey: string, storeKey?: string): string[][] {
  const entry = endpointScopes[endpoint];
  const store = entry.storeScoped ? storeKey : undefined;
  return entry.anyOf.map((names) => names.map((name) => permissionScope(name, projectKey, store)));
}

/**
 * True when a token's scope (the space-separated `scope` of a token response) allows the endpoint:
 * for each required scope the token holds the project-wide form, or, where the endpoint accepts
 * store-restricted scopes, the form for `storeKey`.
 * @example
 * allowsEndpoint(token.scope, 'GET /product-selections', 'my-project') // true or false
 */
export function allowsEndpoint(tokenScope: string, endpoint: Endpoint, projectKey: string, storeKey?: string): boolean {
  const entry = endpointScopes[endpoint];
  const held = parseScopes(tokenScope).filter((s): s is PermissionScope => s.kind === 'permission' && s.projectKey === projectKey);
  const holds = (name: string) =>
    held.some(
      (s) => s.name === name && (s.storeKey === undefined || (entry.storeScoped && storeKey !== undefined && s.storeKey === storeKey)),
    );
  return entry.anyOf.some((names) => names.every(holds));
}
