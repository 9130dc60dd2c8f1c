/**
 * The tables of a data dir's database. Every project's rows carry its key; each table's primary
 * key starts with it, so a project's rows, a row by id and the rows after an id are index
 * searches, never scans. `position` orders what a part keeps in an order of its own (messages by
 * age, memberships by joining, clients by creation, refresh tokens by use).
 */

/** `PRAGMA user_version` of the databases this emulator writes; any other is refused. */
export const FORMAT_VERSION = 1;
/** `PRAGMA application_id` of the emulator's databases ('CKEM'): a SQLite file of anything else is refused. */
export const APPLICATION_ID = 0x434b454d;

export const SCHEMA = `
CREATE TABLE projects (
  key TEXT NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL,
  bootstrap_client_id TEXT NOT NULL,
  settings TEXT NOT NULL,
  history_sequence INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE resources (
  project TEXT NOT NULL,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  key TEXT,
  position INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, type, id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX resources_by_key ON resources (project, type, key) WHERE key IS NOT NULL;
CREATE TABLE memberships (
  project TEXT NOT NULL,
  selection_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, selection_id, product_id)
) WITHOUT ROWID;
CREATE TABLE message_sequences (
  project TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  last INTEGER NOT NULL,
  PRIMARY KEY (project, resource_id)
) WITHOUT ROWID;
CREATE TABLE history (
  project TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, sequence)
) WITHOUT ROWID;
CREATE TABLE clients (
  project TEXT NOT NULL,
  id TEXT NOT NULL,
  position INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, id)
) WITHOUT ROWID;
CREATE TABLE tokens (
  project TEXT NOT NULL,
  hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  position INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, hash)
) WITHOUT ROWID;
CREATE TABLE customers (
  project TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (project, customer_id)
) WITHOUT ROWID;
`;

/** The tables holding a project's data (all but `projects`). */
export const DATA_TABLES = ['resources', 'memberships', 'message_sequences', 'history', 'clients', 'tokens', 'customers'] as const;

/**
 * The resource queries, each answered from an index: by id (primary key), by key (the unique
 * key index), and the next page after an id (primary key range, the `id > last` iteration the
 * loading uses too).
 */
export const RESOURCE_QUERIES = {
  byId: 'SELECT body FROM resources WHERE project = ? AND type = ? AND id = ?',
  byKey: 'SELECT body FROM resources WHERE project = ? AND type = ? AND key = ?',
  after: 'SELECT id, position, body FROM resources WHERE project = ? AND type = ? AND id > ? ORDER BY id LIMIT ?',
  types: 'SELECT DISTINCT type FROM resources WHERE project = ?',
  insert: 'INSERT INTO resources (project, type, id, key, position, body) VALUES (?, ?, ?, ?, ?, ?)',
  delete: 'DELETE FROM resources WHERE project = ? AND type = ? AND id = ?',
} as const;
