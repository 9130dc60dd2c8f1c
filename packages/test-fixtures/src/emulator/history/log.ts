import type { ResolvedEmulatorOptions } from '../options.js';
import type { ChangeEvent, EmulatorState } from '../state.js';
import { recordOf, type HistoryKnowledge, type StoredRecord } from './records.js';
import { HISTORY_TYPES } from './resource-types.js';

const DAY_MS = 24 * 3600 * 1000;

/** The Change History of a project as plain JSON. */
export interface HistoryLogSnapshot {
  /** The last sequence number given; the next Record gets the one after. */
  sequence: number;
  /** The Records kept, oldest first. */
  records: StoredRecord[];
}

/**
 * The Records of one project, oldest first. It listens to every write (REST and GraphQL alike)
 * and keeps a Record of each change to a tracked resource type:
 * - offering `basic` keeps only changes made through the admin console, `premium`
 *   (the default) API changes too;
 * - Records older than `retentionDays` are dropped, and beyond `maxRecords` the oldest go.
 *
 * @example
 * const log = new HistoryLog(state, options.history, historyKnowledge()); // from now on every write is recorded
 * log.records(); // StoredRecord[], oldest first
 */
export class HistoryLog {
  private readonly stored: StoredRecord[] = [];
  private sequence = 0;
  readonly stop: () => void;

  constructor(
    private readonly state: EmulatorState,
    private readonly options: ResolvedEmulatorOptions['history'],
    private readonly knowledge: HistoryKnowledge = new Map(),
  ) {
    this.stop = state.onChange((event) => this.add(event));
  }

  private add(event: ChangeEvent): void {
    if (!HISTORY_TYPES.has(event.typeId)) return;
    if (this.options.offering === 'basic' && event.source !== 'AdminConsole') return;
    this.stored.push({
      sequence: ++this.sequence,
      at: event.at,
      source: event.source,
      record: recordOf(event, this.state, this.knowledge),
    });
    this.state.journal?.history();
    this.purge();
  }

  /** Drops what retention and the maximum count no longer allow. Records are in time order, so it trims the front. */
  private purge(): void {
    const { retentionDays, maxRecords } = this.options;
    const cutoff = this.state.clock.now() - retentionDays * DAY_MS;
    let drop = 0;
    while (drop < this.stored.length && this.stored[drop]!.at < cutoff) drop++;
    drop = Math.max(drop, this.stored.length - maxRecords);
    if (drop > 0) {
      this.stored.splice(0, drop);
      this.state.journal?.history();
    }
  }

  /**
   * Forgets every Record and restarts the sequence (an emulator reset). The log stays subscribed
   * to the state's changes, so writes after the reset are recorded as on a new emulator.
   */
  reset(): void {
    this.stored.length = 0;
    this.sequence = 0;
  }

  /** Writes deep copies of the Records kept and the sequence into an emulator snapshot. */
  saveTo(snapshot: { history?: HistoryLogSnapshot }): void {
    snapshot.history = { sequence: this.sequence, records: structuredClone(this.stored) };
  }

  /**
   * Takes deep copies of a snapshot's Records and its sequence, after {@link reset} emptied the
   * log (the caller has checked the snapshot). Retention and the maximum count of this emulator
   * apply from the next read.
   */
  restoreFrom({ history }: { history: HistoryLogSnapshot }): void {
    for (const record of structuredClone(history.records)) this.stored.push(record);
    this.sequence = history.sequence;
  }

  /** The last sequence number given, and the Records kept (oldest first, none dropped here), for a durable storage. */
  kept(): { sequence: number; records: readonly StoredRecord[] } {
    return { sequence: this.sequence, records: this.stored };
  }

  /** The Records kept now, oldest first. */
  records(): readonly StoredRecord[] {
    this.purge();
    return this.stored;
  }
}
