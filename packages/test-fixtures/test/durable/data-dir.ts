import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/emulator/storage/sqlite/binding.js';
import { DATABASE_FILE } from '../../src/emulator/storage/sqlite/data-dir.js';

/** Empty data dirs for the durable tests, removed by {@link removeDataDirs} (call it in `afterEach`). */
const made: string[] = [];

export function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-durable-'));
  made.push(dir);
  return dir;
}

export function removeDataDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The data dir's database opened by the test itself, read-only (beside the emulator's connection:
 * what it sees is what is committed).
 */
export function readDatabase(dir: string): Database {
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options: { readonly: boolean }) => Database;
  return new Sqlite(join(dir, DATABASE_FILE), { readonly: true });
}

/** The rows of one table of a project, as the test reads them from the database. */
export function rows(dir: string, sql: string, ...params: unknown[]): Record<string, unknown>[] {
  const db = readDatabase(dir);
  try {
    return db.prepare(sql).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
