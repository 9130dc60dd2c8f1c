import type { Principal } from '../auth/principal.js';
import { AuthService } from '../auth/service.js';
import { isoTimestamp } from '../clock.js';
import { HistoryLog } from '../history/log.js';
import type { HistoryKnowledge } from '../history/records.js';
import { MessageLog } from '../messages/message-log.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { checkSnapshot } from '../snapshot-check.js';
import { SNAPSHOT_FORMAT, type EmulatorSnapshot } from '../snapshot.js';
import { EmulatorState } from '../state.js';
import { memoryStorage, type ProjectStorage } from '../storage/storage.js';

/**
 * One part of a project's store. Reset, snapshot and restore go over the parts, in their order,
 * and never name one: a new kind of project data is a new part, nothing else changes.
 */
export interface ProjectPart {
  /** Empties the part in place, as on a new project (objects that others hold stay the same). */
  reset(): void;
  /** Writes the part's data, as plain JSON owned by the snapshot, into a snapshot being taken. */
  saveTo(snapshot: Partial<EmulatorSnapshot>): void;
  /** Fills the part, emptied by {@link reset}, from a checked snapshot; earlier parts are filled already. */
  restoreFrom(snapshot: EmulatorSnapshot): void;
}

/** What a project's store is made from: the emulator's options, and the project's own key and bootstrap client. */
export interface ProjectStoreOptions {
  projectKey: string;
  /** The project's bootstrap client: reserved (a reset keeps it), scope `manage_project:<projectKey>`. */
  bootstrap: { id: string; secret: string };
  options: Pick<ResolvedEmulatorOptions, 'clock' | 'auth' | 'fetch' | 'history'>;
  /** The principal of another project's access token (that project's scopes), for a token used on the wrong project. */
  elsewhere?: (token: string) => Principal | undefined;
  /** Where the data is kept beyond memory (the SQLite of `dataDir`); default memory only. */
  storage?: ProjectStorage;
  /** The Change History's knowledge of each resource type (from the registry); default none. */
  historyKnowledge?: HistoryKnowledge;
}

/**
 * Everything of one emulated project, owned by one object: the collections and their indexes
 * (selection membership included) and the project settings, the messages and their sequence
 * numbers, the Change History records, and the authorization service's API clients, tokens,
 * customer credentials, anonymous ids and external OAuth cache. Nothing of a project lives
 * anywhere else, so two stores never see each other's data; only the clock is shared.
 *
 * @example
 * const store = new ProjectStore({ projectKey: 'shop', bootstrap: { id: 'ci', secret: 's3cret' }, options });
 * const seeded = store.snapshot();
 * store.reset(); // empty, bootstrap client kept
 * store.restore(seeded);
 */
export class ProjectStore {
  readonly projectKey: string;
  readonly state: EmulatorState;
  readonly messages: MessageLog;
  readonly history: HistoryLog;
  readonly auth: AuthService;
  readonly storage: ProjectStorage;
  /** In restore order: the messages refer to the state's `message` collection. */
  private readonly parts: readonly ProjectPart[];

  /** A new store holds the project's stored data, if its storage has any. */
  constructor({ projectKey, bootstrap, options, elsewhere, storage = memoryStorage, historyKnowledge = new Map() }: ProjectStoreOptions) {
    this.projectKey = projectKey;
    this.storage = storage;
    this.state = new EmulatorState(projectKey, options.clock, storage.journal);
    this.messages = new MessageLog(this.state);
    this.history = new HistoryLog(this.state, options.history, historyKnowledge);
    this.auth = new AuthService(this.state, options, bootstrap, elsewhere);
    this.parts = [this.state, this.messages, this.history, this.auth];
    storage.load((saved) => this.fill(saved), this);
  }

  /** The bootstrap client's id (`manage_project:<projectKey>`). */
  get bootstrapClientId(): string {
    return this.auth.bootstrapClientId;
  }

  /**
   * Empties the project in place, as new: every resource, message and sequence number, Change
   * History record, the settings (`createdAt` kept), every API client but the reserved ones
   * (bootstrap, admin console: registered again if deleted), every token but their plain client
   * tokens, customer credentials, anonymous ids, cached external OAuth answers. Synchronous.
   */
  reset(): void {
    for (const part of this.parts) part.reset();
    this.storage.rewrite(this);
  }

  /**
   * Makes the changes since the last commit durable (durable mode: one SQLite transaction; memory
   * mode: nothing). A promise only when it must wait first, else undefined.
   */
  commit(): Promise<void> | undefined {
    return this.storage.commit(this);
  }

  /** The project's data as plain JSON (see {@link EmulatorSnapshot}); changes nothing. */
  snapshot(): EmulatorSnapshot {
    const snapshot: Partial<EmulatorSnapshot> = {
      format: SNAPSHOT_FORMAT,
      version: 1,
      projectKey: this.projectKey,
      takenAt: isoTimestamp(this.state.clock),
      bootstrapClientId: this.bootstrapClientId,
    };
    for (const part of this.parts) part.saveTo(snapshot);
    return snapshot as EmulatorSnapshot;
  }

  /**
   * Checks a snapshot (an {@link InvalidSnapshotError} naming the first problem, and nothing
   * changed), then resets the project and fills every part from it.
   */
  restore(snapshot: unknown): void {
    this.fill(snapshot);
    this.storage.rewrite(this);
  }

  /** Checks a snapshot, then resets every part and fills it from the snapshot (nothing is stored). */
  private fill(snapshot: unknown): void {
    checkSnapshot(snapshot, this.projectKey);
    for (const part of this.parts) part.reset();
    for (const part of this.parts) part.restoreFrom(snapshot);
  }
}
