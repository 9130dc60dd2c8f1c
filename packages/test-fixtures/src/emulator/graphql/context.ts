import { scopesFor } from '@commerce-kit/core-auth';
import { hasScope, requireScope, type Principal } from '../auth/principal.js';
import type { EmulatorContext } from '../context.js';
import type { EmulatorState } from '../state.js';
import { errors } from '../http/errors.js';
import type { Address, Caller } from '../resources/kit/operations.js';

/** What every resolver gets: the emulator, and who is calling. */
export interface GraphqlContext {
  emulator: EmulatorContext;
  principal: Principal;
  /** For the shared write operations, so GraphQL writes are attributed like REST ones. */
  caller: Caller;
  projectKey: string;
}

/**
 * The scopes that let a token into `POST /{projectKey}/graphql` at all: the `security` list of the
 * operation in the Commerce schema, as generated. Each field then checks the scope its REST
 * counterpart needs.
 */
export const ENTRY_SCOPES: readonly string[] = scopesFor('POST /graphql', 'project')
  .flat()
  .map((scope) => scope.slice(0, scope.indexOf(':')));

/**
 * 403 insufficient_scope unless the token holds one of {@link ENTRY_SCOPES} for this project.
 * A store-restricted scope counts here (unlike on a global REST endpoint), because the
 * `inStore` field serves exactly those tokens; the field itself checks the Store.
 */
export function requireEntryScope(principal: Principal, projectKey: string): void {
  const ok = principal.scopes.some(
    (scope) =>
      scope.kind === 'permission' &&
      scope.projectKey === projectKey &&
      (scope.name === 'manage_project' || ENTRY_SCOPES.includes(scope.name)),
  );
  if (!ok) throw errors.insufficientScope(`view_product_selections:${projectKey}`);
}

/** A field's scope check: the same rule and the same 403 error as the REST endpoint. */
export function need(ctx: GraphqlContext, names: readonly string[], storeKey?: string): void {
  requireScope(ctx.principal, ctx.projectKey, names, storeKey);
}

/** True when the caller holds one of `names` (no error). */
export function holds(ctx: GraphqlContext, names: readonly string[], storeKey?: string): boolean {
  return hasScope(ctx.principal, ctx.projectKey, names, storeKey);
}

/** Arguments `id` and `key`: exactly one must be given (schema convention), else InvalidInput. */
export function addressOf(args: { id?: string | null; key?: string | null }, field: string): Address {
  const { id, key } = args;
  if ((id == null) === (key == null)) {
    throw errors.invalidInput(
      `${field}: exactly one of the arguments 'id' and 'key' must be given, got ${id == null ? 'neither' : 'both'}.`,
    );
  }
  return id != null ? { id } : { key: key! };
}

/** The single non-null argument among `names`; InvalidInput when none or several are given. */
export function exactlyOne<K extends string>(args: Partial<Record<K, string | null>>, names: readonly K[], field: string): [K, string] {
  const given = names.filter((name) => args[name] != null);
  if (given.length !== 1) {
    throw errors.invalidInput(
      `${field}: exactly one of the arguments ${names.map((n) => `'${n}'`).join(', ')} must be given, got ${given.length === 0 ? 'none' : given.join(', ')}.`,
    );
  }
  return [given[0]!, args[given[0]!]!];
}

/** A resource by id or key, null when there is none (GraphQL answers null, not 404). */
export function lookup<T extends { id: string }>(state: EmulatorState, typeId: string, address: Address): T | null {
  const collection = state.collection(typeId);
  return (('id' in address ? collection.get(address.id) : collection.getByKey(address.key)) as T | undefined) ?? null;
}

/** The arguments of a lookup by id or key. */
export type IdOrKey = { id?: string | null; key?: string | null };
