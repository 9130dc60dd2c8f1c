import type { StoredResource } from '../../store/collection.js';
import type { WriteContext, MessageDraft } from './write-context.js';

/** The fields the framework sets on every resource; a draft builder returns the rest. */
export type CommonFields = 'id' | 'version' | 'createdAt' | 'lastModifiedAt';

/**
 * Everything that makes one resource type: its paths, scopes, schemas, draft builder, update
 * actions and messages. The shared operations (create, query, get, update, delete) and the REST
 * routes are written once and driven by these definitions.
 */
export interface ResourceType<T extends StoredResource> {
  /** Reference type id, e.g. `product-selection`. */
  typeId: string;
  /** Path segment under `/{projectKey}`, e.g. `product-selections`. */
  path: string;
  /** Scope names (without project key) that allow reading and writing. */
  scopes: { view: readonly string[]; manage: readonly string[] };
  /** Component schema names in commerce.yaml. */
  schemas: { resource: string; draft: string; updateAction?: string };
  /** Builds the resource from a schema-valid draft; key uniqueness is checked by the framework. */
  create(draft: Record<string, unknown>, ctx: WriteContext): Omit<T, CommonFields>;
  /** Update actions: each mutates the working copy in place or throws an ApiError. */
  actions?: Record<string, (working: T, action: Record<string, unknown>, ctx: WriteContext) => void>;
  /** Throws (e.g. ReferenceExists) when the resource may not be deleted. */
  beforeDelete?(resource: T, ctx: WriteContext): void;
  /** Runs after the resource was deleted (e.g. clean up secondary indexes). */
  afterDelete?(resource: T, ctx: WriteContext): void;
  createdMessages?(resource: T): MessageDraft[];
  deletedMessages?(resource: T): MessageDraft[];
  /** The public representation (drops internal fields). Default: the stored object. */
  present?(resource: T): Record<string, unknown>;
}
