import type { AuthService } from '../auth/service.js';
import type { HistoryLog } from '../history/log.js';
import type { MessageLog } from '../messages/message-log.js';
import type { EmulatorSnapshot } from '../snapshot.js';
import type { EmulatorState } from '../state.js';
import type { ChangeJournal } from './journal.js';

/** The parts of a project's store a storage reads what it writes from. */
export interface StoredParts {
  readonly state: EmulatorState;
  readonly messages: MessageLog;
  readonly history: HistoryLog;
  readonly auth: AuthService;
  readonly bootstrapClientId: string;
}

/**
 * Where a project's store keeps its data beyond memory. The store's parts always hold the whole
 * project in memory (every read is served from there); a storage makes their changes durable:
 *
 * - memory ({@link memoryStorage}, the default): nothing to do, so nothing costs anything;
 * - SQLite (`dataDir`, see sqlite/): the parts tell it what they change (its {@link journal}),
 *   and {@link commit} writes those rows in one transaction before the answer is sent.
 */
export interface ProjectStorage {
  /** What the store's parts tell of their changes; undefined when there is nothing to keep. */
  readonly journal: ChangeJournal | undefined;
  /** Fills a new store with the project's stored data, if there is any (`fill` restores a checked snapshot). */
  load(fill: (saved: EmulatorSnapshot) => void, store: StoredParts): void;
  /**
   * Makes every change told since the last commit durable, in one transaction. A promise only
   * when it must wait first (for the hash of a new API client's secret), else undefined.
   */
  commit(store: StoredParts): Promise<void> | undefined;
  /** Writes the whole project anew, in one transaction (after a reset or a restore). */
  rewrite(store: StoredParts): void;
  /** Forgets the project's data (the project is deleted). */
  drop(): void;
}

/** The default storage: memory only. */
export const memoryStorage: ProjectStorage = {
  journal: undefined,
  load: () => undefined,
  commit: () => undefined,
  rewrite: () => undefined,
  drop: () => undefined,
};
