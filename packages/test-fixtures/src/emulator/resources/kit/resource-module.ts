import type { Hono } from 'hono';
import type { EmulatorContext } from '../../context.js';
import type { ResolverMap } from '../../graphql/resolver-types.js';
import type { ResourceHistory } from '../../history/records.js';
import type { AppEnv } from '../../http/env.js';
import type { StoredResource } from '../../store/collection.js';
import type { AnyResourceType } from './resource-type.js';
import type { RestOptions } from './rest-routes.js';

/**
 * One entry of the registry (resources/registry.ts): everything the emulator serves of one resource
 * type or one group of endpoints. From the list come the REST routes, the project's resource types,
 * the Change History's knowledge of each type, the GraphQL resolvers and the console's list.
 */
export interface ResourceModule {
  /** The name it is listed by: the path segment under `/{projectKey}` (`tax-categories`). */
  name: string;
  /**
   * The resource type, served with the standard routes (create, query, get, update, delete by id
   * and by key) and known to expansion, GraphQL and the shared write operations. A function when
   * the type needs the project's services (customers keep credentials in the authorization service).
   */
  type?: AnyResourceType | ((context: EmulatorContext) => AnyResourceType);
  /** The typeId of a `type` made per project (the Change History knows it before the project's services exist). */
  typeId?: string;
  /** How the standard routes answer, the in-store routes, and the extra routes of the type. */
  rest?: RestOptions;
  /** False when `routes` serve the type instead of the standard routes (Custom Objects: by container and key). */
  standardRoutes?: boolean;
  /** The routes of a module without a type (`/me`, `/messages`, the project). */
  routes?(api: Hono<AppEnv>, context: EmulatorContext): void;
  /** The Change History's knowledge of the type: its label and the names of its Changes. */
  history?: ResourceHistory;
  /** The GraphQL fields the module answers (Query, Mutation, InStore, object fields). */
  graphql?: ResolverMap;
  /** Listed in the console's resource list (default: a module with a type is). */
  console?: boolean;
}

/** The typeId of a module's resource type, if it has one. */
export function typeIdOf(module: ResourceModule): string | undefined {
  if (typeof module.type !== 'function') return module.type?.typeId;
  if (module.typeId === undefined) throw new Error(`module ${module.name}: a type made per project needs its typeId`);
  return module.typeId;
}

/** The resource type of a module in a project, if it has one. */
export function typeOfModule(module: ResourceModule, context: EmulatorContext): AnyResourceType | undefined {
  return typeof module.type === 'function' ? module.type(context) : module.type;
}

/** The resource type of the project with this typeId, as the registry made it (an Error when none). */
export function registeredType<T extends StoredResource>(context: EmulatorContext, typeId: string): AnyResourceType<T> {
  const type = context.resourceTypes.get(typeId);
  if (!type) throw new Error(`no resource type ${typeId} is registered`);
  return type as AnyResourceType<T>;
}
