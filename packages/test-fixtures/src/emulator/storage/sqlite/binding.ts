import { createRequire } from 'node:module';

/** The part of better-sqlite3's statement the emulator uses. */
export interface Statement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** The part of better-sqlite3's database the emulator uses. */
export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<A extends unknown[]>(run: (...args: A) => void): (...args: A) => void;
  close(): void;
}

type DatabaseConstructor = new (path: string, options?: { fileMustExist?: boolean }) => Database;

/** The package of the durable mode: an optional dependency, loaded only when a data dir is asked for. */
export const SQLITE_PACKAGE = 'better-sqlite3';

/** Why the durable mode cannot run: its package is not installed (or does not load). */
export class SqliteMissingError extends Error {
  override readonly name = 'SqliteMissingError';
}

let loaded: DatabaseConstructor | undefined;

/**
 * better-sqlite3's `Database`, required on first use: the memory mode, and the browser and edge
 * builds of the clients, never load it. A clear error naming the package when it is missing.
 */
export function sqliteDatabase(): DatabaseConstructor {
  if (loaded) return loaded;
  try {
    loaded = createRequire(import.meta.url)(SQLITE_PACKAGE) as DatabaseConstructor;
  } catch (error) {
    throw new SqliteMissingError(
      `the durable mode (a data dir) needs the package '${SQLITE_PACKAGE}' (version 12), an optional dependency of @commerce-kit/test-fixtures ` +
        `that is not installed or did not build: npm install ${SQLITE_PACKAGE}@12 (${(error as Error).message.split('\n')[0]})`,
    );
  }
  return loaded;
}
