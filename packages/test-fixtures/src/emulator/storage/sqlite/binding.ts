import { createRequire } from 'node:module';

/** The part of a SQLite statement the emulator uses (better-sqlite3's and node:sqlite's alike). */
export interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** The part of better-sqlite3's database the emulator uses; node:sqlite's is adapted to it. */
export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void;
  close(): void;
}

/** Opens (creating when missing) the SQLite database file at a path; `readonly`: an existing file, never written. */
export type OpenDatabase = (path: string, options?: { readonly?: boolean }) => Database;

/** The package of the durable mode where Node has no `node:sqlite`: an optional peer dependency, loaded only when a data dir is asked for. */
export const SQLITE_PACKAGE = 'better-sqlite3';

/** Why the durable mode cannot run: its package is not installed (or does not load). */
export class SqliteMissingError extends Error {
  override readonly name = 'SqliteMissingError';
}

/** The part of node:sqlite's `DatabaseSync` the adapter uses (Node 22.13+ unflagged; @types/node 20 has no types for it). */
interface DatabaseSync {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  close(): void;
}

/** node:sqlite's database with better-sqlite3's `pragma` and `transaction` (not nested: the emulator never nests them). */
function adaptNodeSqlite(db: DatabaseSync): Database {
  return {
    prepare: (sql) => db.prepare(sql),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    // A simple pragma reads one value; any other sets one (the emulator reads no pragma's rows).
    pragma(source, options) {
      if (!options?.simple) return db.exec(`PRAGMA ${source}`);
      const row = db.prepare(`PRAGMA ${source}`).get() as Record<string, unknown> | undefined;
      return row === undefined ? undefined : Object.values(row)[0];
    },
    transaction:
      (run) =>
      (...args) => {
        db.exec('BEGIN');
        try {
          run(...args);
          db.exec('COMMIT');
        } catch (error) {
          try {
            db.exec('ROLLBACK');
          } catch {
            // "no transaction is active": SQLite ended it itself when the statement failed.
          }
          throw error;
        }
      },
  };
}

/** node:sqlite's `DatabaseSync` when the running Node has it unflagged, else undefined. */
function nodeSqlite(require: NodeJS.Require): OpenDatabase | undefined {
  let sqlite: { DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => DatabaseSync };
  try {
    sqlite = require('node:sqlite') as typeof sqlite;
  } catch {
    return undefined;
  }
  return (path, options) => adaptNodeSqlite(new sqlite.DatabaseSync(path, { readOnly: options?.readonly === true }));
}

let loaded: OpenDatabase | undefined;

/**
 * The opener of the durable mode's databases, loaded on first use: `node:sqlite` where the running
 * Node has it, else better-sqlite3. The memory mode, and the browser and edge builds of the
 * clients, never load either. A clear error naming the package when neither is there.
 */
export function sqliteDatabase(): OpenDatabase {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  loaded = nodeSqlite(require);
  if (loaded) return loaded;
  try {
    const BetterSqlite = require(SQLITE_PACKAGE) as new (path: string, options: { readonly: boolean; fileMustExist: boolean }) => Database;
    loaded = (path, options) => new BetterSqlite(path, { readonly: options?.readonly === true, fileMustExist: options?.readonly === true });
  } catch (error) {
    throw new SqliteMissingError(
      `the durable mode (a data dir) needs the package '${SQLITE_PACKAGE}' (version 12), an optional peer dependency of ` +
        `@commerce-kit/test-fixtures, on a Node without node:sqlite (before 22.13); it is not installed or did not build: ` +
        `npm install ${SQLITE_PACKAGE}@12 (${(error as Error).message.split('\n')[0]})`,
    );
  }
  return loaded;
}
