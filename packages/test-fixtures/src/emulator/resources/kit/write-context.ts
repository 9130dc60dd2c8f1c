import type { Principal } from '../../auth/principal.js';
import { errors } from '../../http/errors.js';
import type { ChangeSource, EmulatorState } from '../../state.js';
import type { StoredResource } from '../../store/collection.js';
import { invalidJson } from '../../validation/request-errors.js';
import type { Schemas } from './schemas.js';

/** A message to emit once the write commits (payload without the envelope). */
export interface MessageDraft {
  type: string;
  payload: Record<string, unknown>;
}

/** Who made a change, as `createdBy` / `lastModifiedBy`: no personal data. */
export type Initiator = Schemas['CreatedBy'];

/**
 * A ResourceIdentifier as sent by clients: `{ typeId?, id }` or `{ typeId?, key }`. Wider than the
 * generated `ResourceIdentifier` union, which every `…ResourceIdentifier` of the schema fits, so
 * that {@link WriteContext.resolveIdentifier} can refuse both or neither of `id` and `key` itself.
 */
export interface ResourceIdentifier {
  typeId?: string;
  id?: string;
  key?: string;
}

/** Everything a draft builder or update action may use; messages are collected, not sent. */
export class WriteContext {
  readonly messages: MessageDraft[] = [];
  readonly now: string;
  /** Side effects on secondary indexes, run only once the write commits (all or nothing). */
  readonly commitHooks: ((committed: StoredResource) => void)[] = [];
  private readonly scratchpad = new Map<string, unknown>();
  /** Change History Changes of what the resource diff cannot see (assignments kept outside the resource). */
  readonly extraChanges: Record<string, unknown>[] = [];

  constructor(
    readonly state: EmulatorState,
    readonly principal: Principal,
    readonly externalUserId: string | undefined,
  ) {
    this.now = new Date(state.clock.now()).toISOString();
  }

  initiator(): Initiator {
    const initiator: Initiator = {};
    if (!this.principal.external || this.principal.clientId) initiator.clientId = this.principal.clientId;
    if (this.externalUserId !== undefined) initiator.externalUserId = this.externalUserId;
    if (this.principal.customerId !== undefined) initiator.customer = { typeId: 'customer', id: this.principal.customerId };
    if (this.principal.anonymousId !== undefined) initiator.anonymousId = this.principal.anonymousId;
    return initiator;
  }

  /** Registers a side effect that runs only if the whole write commits; it gets the committed resource. */
  onCommit(hook: (committed: StoredResource) => void): void {
    this.commitHooks.push(hook);
  }

  /**
   * Working data of this one write under `name`, made by `create` on first use: e.g. changes that
   * later actions of the same request must see before they commit. Gone with the write.
   */
  scratch<T>(name: string, create: () => T): T {
    if (!this.scratchpad.has(name)) this.scratchpad.set(name, create());
    return this.scratchpad.get(name) as T;
  }

  /** Records a Change History Change that the difference of the resource's versions cannot show. */
  recordExtraChange(change: Record<string, unknown>): void {
    this.extraChanges.push(change);
  }

  emit(type: string, payload: Record<string, unknown> = {}): void {
    this.messages.push({ type, payload });
  }

  /**
   * Tells the state's change listeners (the Change History) that this write changed a resource:
   * `before` and/or `after` it, by `actions` when an update's, with the Changes the difference
   * of the two cannot show (`extraChanges`); `background` when the platform made the change as a
   * consequence of this write, not the caller.
   */
  recordChange(
    typeId: string,
    kind: 'created' | 'updated' | 'deleted',
    before?: StoredResource,
    after?: StoredResource,
    actions?: readonly Record<string, unknown>[],
    { background = false, extraChanges = [] }: { background?: boolean; extraChanges?: readonly Record<string, unknown>[] } = {},
  ): void {
    this.state.emitChange({
      typeId,
      kind,
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      ...(actions ? { actions } : {}),
      ...(background ? { background } : {}),
      ...(extraChanges.length > 0 ? { extraChanges: structuredClone(extraChanges) } : {}),
      principal: this.principal,
      ...(this.externalUserId !== undefined ? { externalUserId: this.externalUserId } : {}),
      ...changeOrigin(this.principal),
      at: this.state.clock.now(),
    });
  }

  /**
   * Finds the resource a ResourceIdentifier names; 400 InvalidJsonInput when it has both or
   * neither of id and key, 400 ReferencedResourceNotFound when it does not exist.
   */
  resolveIdentifier<T extends StoredResource>(typeId: string, identifier: ResourceIdentifier, field: string): T {
    if (identifier.typeId !== undefined && identifier.typeId !== typeId) {
      throw errors.invalidField(`${field}.typeId`, identifier.typeId, undefined, [typeId]);
    }
    const hasId = identifier.id !== undefined;
    const hasKey = identifier.key !== undefined;
    if (hasId === hasKey) {
      throw invalidJson(`${field}: a ResourceIdentifier needs either 'id' or 'key', not ${hasId ? 'both' : 'neither'}.`);
    }
    const collection = this.state.collection<T>(typeId);
    const found = hasId ? collection.get(identifier.id!) : collection.getByKey(identifier.key!);
    if (!found) throw errors.referencedResourceNotFound(typeId, hasId ? { id: identifier.id! } : { key: identifier.key! });
    return found;
  }
}

/**
 * Where a write came from, for its ChangeEvent: the admin console, with its user (marked on the
 * principal by the admin console middleware, see auth/admin-console.ts), or an API client.
 */
function changeOrigin(principal: Principal): { source: ChangeSource; userId?: string } {
  return principal.adminUserId === undefined ? { source: 'ApiClient' } : { source: 'AdminConsole', userId: principal.adminUserId };
}

/** A Reference `{ typeId, id }` to a stored resource. */
export function referenceTo(typeId: string, resource: { id: string }): { typeId: string; id: string } {
  return { typeId, id: resource.id };
}
