import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sqliteDatabase, type Database } from './binding.js';
import { APPLICATION_ID, FORMAT_VERSION, SCHEMA } from './schema.js';

/** The database file in a data dir. */
export const DATABASE_FILE = 'emulator.sqlite';
/** The bytes a checkpoint leaves of the write-ahead log at most. */
const WAL_SIZE_LIMIT = 16 * 1024 * 1024;
/** The lock file in a data dir: the process id of the emulator using it. */
export const LOCK_FILE = 'emulator.lock';

/**
 * A data dir the emulator cannot use: it cannot be created or written, its database is of
 * another format version or no emulator database, or another running emulator holds it. Nothing
 * in it was changed. The `commerce-emulator` command exits with code 2.
 */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

/** True while a process of this id runs (a signal 0 reaches it, or it exists but is not ours). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !zombie(pid);
}

/** A killed process its parent has not reaped yet still answers signal 0, but runs no more (Linux `/proc`). */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * Takes the data dir's lock: a file holding this process's id, created exclusively. A lock left
 * by a process that no longer runs (killed) is taken over; one of a running process, this one
 * included, is a {@link DataDirError}.
 */
function lock(dir: string): string {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw new DataDirError(`cannot write in the data dir ${dir}: ${(error as Error).message}`);
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isSafeInteger(holder) && holder > 0 && running(holder)) {
        throw new DataDirError(
          `the data dir ${dir} is in use by another running emulator (process ${holder}${holder === process.pid ? ', this one' : ''}): ` +
            `stop it, or choose another data dir (if no emulator uses it, delete ${path})`,
        );
      }
      unlinkSync(path);
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return path;
  }
  throw new DataDirError(`cannot take the lock ${path} of the data dir ${dir}: another process keeps creating it`);
}

/**
 * Checks an existing database read-only before anything may write to it (opened read-write, a
 * damaged database would be checkpointed and its write-ahead log deleted on close): SQLite's
 * `quick_check` must find it intact. The `-wal` and `-shm` files the check made are removed.
 */
function checkIntact(path: string): void {
  if (!existsSync(path)) return;
  const made = ['-wal', '-shm'].map((suffix) => `${path}${suffix}`).filter((file) => !existsSync(file));
  try {
    const db = sqliteDatabase()(path, { readonly: true });
    let problems: string;
    try {
      problems = db.pragma('quick_check', { simple: true }) as string;
    } finally {
      db.close();
    }
    if (problems !== 'ok')
      throw new DataDirError(
        `the database ${path} is damaged (SQLite's quick_check: ${problems.replace(/\s*\n\s*/g, '; ')}); it was left as it is: restore it from a copy, or choose another data dir`,
      );
  } catch (error) {
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(`cannot use the database ${path}: ${(error as Error).message}; it was left as it is`);
  } finally {
    for (const file of made) rmSync(file, { force: true });
  }
}

/** Opens the database of a data dir, creating it when new; a database of another format is refused untouched. */
function openDatabase(dir: string): Database {
  const path = join(dir, DATABASE_FILE);
  checkIntact(path);
  let db: Database;
  try {
    db = sqliteDatabase()(path);
  } catch (error) {
    throw new DataDirError(`cannot open the database ${path}: ${(error as Error).message}`);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const application = db.pragma('application_id', { simple: true }) as number;
    const tables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n;
    if (tables === 0 && version === 0 && application === 0) {
      db.pragma('journal_mode = WAL');
      db.transaction(() => {
        db.exec(SCHEMA);
        db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${FORMAT_VERSION}`);
      })();
    } else if (application !== APPLICATION_ID) {
      throw new DataDirError(`${path} is no database of the commerce emulator; it was left as it is: choose another data dir`);
    } else if (version !== FORMAT_VERSION) {
      throw new DataDirError(
        `${path} has format version ${version}; this emulator reads version ${FORMAT_VERSION} only. It was left as it is: ` +
          `use the emulator version that wrote it, or another data dir`,
      );
    }
    // WAL with NORMAL: a commit is in the operating system's hands when it returns, so a killed
    // process loses nothing; only a power loss may take the last commits.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // A checkpoint (every 1 000 pages, and after a failed commit) cuts the WAL back to this size.
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(`cannot use the database ${path}: ${(error as Error).message}`);
  }
}

/**
 * A data dir in use: its lock taken and its database open. {@link close} gives both back.
 *
 * @example
 * const dir = openDataDir('.emulator-data'); // DataDirError when it cannot be used
 * dir.db.prepare('SELECT key FROM projects').all();
 * dir.close();
 */
export function openDataDir(path: string): { dir: string; db: Database; close: () => void } {
  const dir = resolve(path);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new DataDirError(`cannot create the data dir ${dir}: ${(error as Error).message}`);
  }
  // The binding first: without it, no lock is left behind.
  sqliteDatabase();
  const lockPath = lock(dir);
  let db: Database;
  try {
    db = openDatabase(dir);
  } catch (error) {
    unlinkSync(lockPath);
    throw error;
  }
  let open = true;
  return {
    dir,
    db,
    close: () => {
      if (!open) return;
      open = false;
      db.close();
      unlinkSync(lockPath);
    },
  };
}
