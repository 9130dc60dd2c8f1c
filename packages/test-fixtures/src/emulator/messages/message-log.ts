import { newId } from '../ids.js';
import type { MessageDraft, Initiator } from '../resources/kit/write-context.js';
import type { EmulatorState } from '../state.js';
import type { Collection, StoredResource } from '../store/collection.js';

const DAY_MS = 24 * 3600 * 1000;

/** A stored message: the envelope (sequenceNumber, resource, resourceVersion, type) plus the payload. */
export interface StoredMessage extends StoredResource {
  sequenceNumber: number;
  resource: { typeId: string; id: string };
  resourceVersion: number;
  type: string;
}

/** What a snapshot holds besides the messages themselves (those are in the state's `message` collection). */
export interface MessageLogSnapshot {
  /** The last sequence number given per resource id (also for messages not stored or dropped since). */
  sequenceNumbers: Record<string, number>;
  /** Ids of the stored messages, oldest first (retention drops from the front). */
  ageOrder: string[];
}

/**
 * Messages of the project: stored only while the project's messages configuration is enabled,
 * numbered 1, 2, 3 per resource, and dropped `deleteDaysAfterCreation` days after creation.
 */
export class MessageLog {
  private readonly sequence = new Map<string, number>();
  private readonly messages: Collection<StoredMessage>;
  /** Creation order, for retention: oldest first. */
  private readonly byAge: StoredMessage[] = [];

  constructor(private readonly state: EmulatorState) {
    this.messages = state.collection<StoredMessage>('message');
  }

  /** Appends the messages of one committed write. */
  append(
    resource: { typeId: string; id: string },
    resourceVersion: number,
    drafts: readonly MessageDraft[],
    initiator: Initiator,
    at: string,
  ): void {
    if (drafts.length === 0) return;
    this.purgeExpired();
    for (const draft of drafts) {
      const sequenceNumber = (this.sequence.get(resource.id) ?? 0) + 1;
      this.sequence.set(resource.id, sequenceNumber);
      this.state.journal?.messageSequence(resource.id);
      if (!this.state.project.messages.enabled) continue;
      const message: StoredMessage = {
        id: newId(),
        version: 1,
        sequenceNumber,
        resource: { typeId: resource.typeId, id: resource.id },
        resourceVersion,
        type: draft.type,
        createdAt: at,
        lastModifiedAt: at,
        createdBy: initiator,
        lastModifiedBy: initiator,
        ...draft.payload,
      };
      this.messages.insert(message);
      this.byAge.push(message);
    }
  }

  /**
   * Forgets every message and every per-resource sequence number (an emulator reset), so the
   * next message of a resource is number 1 again. The collection is the state's and is emptied
   * in place: it is the one this log holds.
   */
  reset(): void {
    this.messages.clear();
    this.byAge.length = 0;
    this.sequence.clear();
  }

  /** Writes the sequence numbers and the age order into an emulator snapshot. */
  saveTo(snapshot: { messages?: MessageLogSnapshot }): void {
    snapshot.messages = { sequenceNumbers: Object.fromEntries(this.sequence), ageOrder: this.byAge.map((m) => m.id) };
  }

  /**
   * Takes a snapshot's sequence numbers and age order, after {@link reset} emptied them. Call it
   * after the state's collections were restored: the messages are the `message` collection's,
   * which must hold exactly the ids of `ageOrder` (the caller has checked that).
   */
  restoreFrom({ messages }: { messages: MessageLogSnapshot }): void {
    for (const [resourceId, last] of Object.entries(messages.sequenceNumbers)) this.sequence.set(resourceId, last);
    for (const id of messages.ageOrder) this.byAge.push(this.messages.get(id)!);
  }

  /** The last sequence number given to a message of this resource, if any. */
  lastSequenceNumber(resourceId: string): number | undefined {
    return this.sequence.get(resourceId);
  }

  /** Drops messages older than the configured retention. Cheap: messages are kept in age order. */
  purgeExpired(): void {
    const cutoff = this.state.clock.now() - this.state.project.messages.deleteDaysAfterCreation * DAY_MS;
    let drop = 0;
    while (drop < this.byAge.length && Date.parse(this.byAge[drop]!.createdAt) < cutoff) {
      this.messages.delete(this.byAge[drop]!.id);
      drop++;
    }
    if (drop > 0) this.byAge.splice(0, drop);
  }

  get collection(): Collection<StoredMessage> {
    this.purgeExpired();
    return this.messages;
  }
}
