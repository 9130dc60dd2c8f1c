import type { StoredResource } from '../../store/collection.js';
import type { WriteContext, MessageDraft } from './write-context.js';

export type { Schemas } from './schemas.js';

/** The fields the framework sets on every resource; a draft builder returns the rest. */
export type CommonFields = 'id' | 'version' | 'createdAt' | 'lastModifiedAt';

/** An update action: a member of a resource's `…UpdateAction` union, named by `action`. */
export interface UpdateAction {
  action: string;
}

/**
 * The handlers of a resource's update actions, one per member of the action union `A`, each
 * receiving exactly its own action's generated type. A handler mutates the working copy in place
 * or throws an ApiError. An action of the union without a handler is refused with 501 NotEmulated.
 */
export type ActionHandlers<T, A extends UpdateAction> = {
  [K in A['action']]?: (working: T, action: Extract<A, { action: K }>, ctx: WriteContext) => void;
};

/**
 * Everything that makes one resource type: its paths, scopes, schemas, draft builder, update
 * actions and messages. The shared operations (create, query, get, update, delete) and the REST
 * routes are written once and driven by these definitions. `T` is the stored resource, `D` its
 * draft and `A` the union of its update actions, all from the generated schema: the request body
 * is validated against the schema before `create` or an action handler sees it.
 */
export interface ResourceType<T extends StoredResource, D, A extends UpdateAction> {
  /** Reference type id, e.g. `product-selection`. */
  typeId: string;
  /** Path segment under `/{projectKey}`, e.g. `product-selections`. */
  path: string;
  /** Scope names (without project key) that allow reading and writing. */
  scopes: { view: readonly string[]; manage: readonly string[] };
  /** Component schema names of the Commerce schema (`schemas/openapi/commerce/`). */
  schemas: { resource: string; draft: string; updateAction?: string };
  /** Builds the resource from a schema-valid draft; key uniqueness is checked by the framework. */
  create(draft: D, ctx: WriteContext): Omit<T, CommonFields>;
  /** Update actions by name (see {@link ActionHandlers}). */
  actions?: ActionHandlers<T, A>;
  /**
   * Runs on the resource a create or an update is about to store (with its id), after the draft
   * builder or the actions: keeps derived fields in step (a Product's discounted Prices).
   */
  beforeStore?(resource: T, ctx: WriteContext): void;
  /** Throws (e.g. ReferenceExists) when the resource may not be deleted. */
  beforeDelete?(resource: T, ctx: WriteContext): void;
  /** Runs after the resource was deleted (e.g. clean up secondary indexes). */
  afterDelete?(resource: T, ctx: WriteContext): void;
  createdMessages?(resource: T): MessageDraft[];
  deletedMessages?(resource: T): MessageDraft[];
  /** The public representation (drops internal fields). Default: the stored object. */
  present?(resource: T): Record<string, unknown>;
}

/**
 * A resource type with its draft and action types erased, as the shared operations and the
 * registry hold it (the registry's `T` is erased too: handlers make `T` invariant).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erasure point of the typed definitions
export type AnyResourceType<T extends StoredResource = any> = ResourceType<T, any, any>;

/** The handler of one action by its name, or undefined when the type has none: the one place an action's type is erased. */
export function actionHandler<T extends StoredResource>(
  type: AnyResourceType<T>,
  name: string,
): ((working: T, action: unknown, ctx: WriteContext) => void) | undefined {
  return (type.actions as Record<string, ((working: T, action: unknown, ctx: WriteContext) => void) | undefined> | undefined)?.[name];
}
