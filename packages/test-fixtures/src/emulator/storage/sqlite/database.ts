import type { ProjectStore } from '../../project/store.js';
import type { Database } from './binding.js';
import { openDataDir } from './data-dir.js';
import { SqliteProjectStorage, type DatabaseShared } from './project-storage.js';

/**
 * The durable mode's database: every project of an emulator in one SQLite database in its data
 * dir, each written through by its {@link SqliteProjectStorage}. Opening takes the data dir's
 * lock (see data-dir.ts); {@link close} gives it back.
 *
 * @example
 * const database = new DurableDatabase('.emulator-data');
 * database.projects(); // the projects stored, in creation order
 */
export class DurableDatabase implements DatabaseShared {
  readonly dir: string;
  readonly db: Database;
  private readonly closeDir: () => void;
  private position: number;
  /** The projects with changes not committed yet. */
  private readonly pending = new Set<SqliteProjectStorage>();

  constructor(path: string) {
    const opened = openDataDir(path);
    this.dir = opened.dir;
    this.db = opened.db;
    this.closeDir = opened.close;
    const positions = ['projects', 'resources', 'memberships', 'clients', 'tokens'].map(
      (table) => (this.db.prepare(`SELECT max(position) AS last FROM ${table}`).get() as { last: number | null }).last ?? 0,
    );
    this.position = Math.max(...positions) + 1;
  }

  nextPosition(): number {
    return this.position++;
  }

  changed(storage: SqliteProjectStorage): void {
    this.pending.add(storage);
  }

  /**
   * A commit failed: the project stays pending (its changes are written by the next commit), and
   * the request fails. The WAL is checkpointed and truncated, so that a full disk does not keep
   * it growing.
   */
  private failed(storage: SqliteProjectStorage, error: unknown): never {
    this.pending.add(storage);
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // The checkpoint waits for the next failure or the close.
    }
    throw error;
  }

  /** The projects stored, in creation order, with their bootstrap client's id. */
  projects(): { key: string; bootstrapClientId: string }[] {
    const stored = this.db.prepare('SELECT key, bootstrap_client_id FROM projects ORDER BY position').all() as {
      key: string;
      bootstrap_client_id: string;
    }[];
    return stored.map((row) => ({ key: row.key, bootstrapClientId: row.bootstrap_client_id }));
  }

  /** The storage of one project (added to the database when its store loads and finds nothing). */
  storage(projectKey: string): SqliteProjectStorage {
    return new SqliteProjectStorage(this, projectKey);
  }

  /**
   * Commits every project with changes (each in one transaction); a promise when one must wait
   * first (see `ProjectStorage.commit`).
   */
  commitAll(storeOf: (projectKey: string) => ProjectStore | undefined): Promise<void> | undefined {
    if (this.pending.size === 0) return undefined;
    const waits: Promise<void>[] = [];
    for (const storage of [...this.pending]) {
      this.pending.delete(storage);
      const store = storeOf(storage.projectKey);
      if (store?.storage !== storage) continue;
      try {
        const wait = store.commit();
        if (wait) waits.push(wait.catch((error: unknown) => this.failed(storage, error)));
      } catch (error) {
        this.failed(storage, error);
      }
    }
    return waits.length === 0 ? undefined : Promise.all(waits).then(() => undefined);
  }

  /** Closes the database and gives the data dir's lock back. */
  close(): void {
    this.closeDir();
  }
}
