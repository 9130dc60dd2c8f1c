import { afterEach, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/app.js';
import { RESOURCE_QUERIES } from '../../src/emulator/storage/sqlite/schema.js';
import { newDataDir, readDatabase, removeDataDirs } from './data-dir.js';

/** The database answers get by id, get by key and the `id > last` iteration from its indexes, never by a scan. */

afterEach(removeDataDirs);

it.each([
  [
    'get by id',
    RESOURCE_QUERIES.byId,
    ['p', 'product-selection', 'some-id'],
    /SEARCH resources USING PRIMARY KEY \(project=\? AND type=\? AND id=\?\)/,
  ],
  [
    'get by key',
    RESOURCE_QUERIES.byKey,
    ['p', 'product-selection', 'some-key'],
    /SEARCH resources USING INDEX resources_by_key \(project=\? AND type=\? AND key=\?\)/,
  ],
  [
    'the page after an id',
    RESOURCE_QUERIES.after,
    ['p', 'product-selection', 'last-id', 500],
    /SEARCH resources USING PRIMARY KEY \(project=\? AND type=\? AND id>\?\)/,
  ],
  [
    'a delete by id',
    RESOURCE_QUERIES.delete,
    ['p', 'product-selection', 'some-id'],
    /SEARCH resources USING PRIMARY KEY \(project=\? AND type=\? AND id=\?\)/,
  ],
])('%s is an index search', (_name, sql, params, plan) => {
  const dir = newDataDir();
  createEmulator({ dataDir: dir }).close();
  const db = readDatabase(dir);
  try {
    const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((step) => step.detail);
    expect(steps.join('\n')).toMatch(plan);
    expect(steps.filter((detail) => /^SCAN|TEMP B-TREE/.test(detail))).toEqual([]);
  } finally {
    db.close();
  }
});
