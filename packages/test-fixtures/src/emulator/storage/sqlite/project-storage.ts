import type { ClientSnapshot } from '../../auth/clients.js';
import type { StoredCustomerCredentials } from '../../auth/customer-credentials.js';
import type { StoredCustomerToken } from '../../auth/customer-tokens.js';
import type { AccessTokenSnapshot, RefreshTokenSnapshot } from '../../auth/tokens.js';
import type { StoredRecord } from '../../history/records.js';
import type { MembershipSnapshot } from '../../resources/product-selections/membership.js';
import { SNAPSHOT_FORMAT, type EmulatorSnapshot } from '../../snapshot.js';
import type { ProjectSettings, StateSnapshot } from '../../state.js';
import { indexKeyOf, type StoredResource } from '../../store/collection.js';
import type { ChangeJournal } from '../journal.js';
import type { ProjectStorage, StoredParts } from '../storage.js';
import type { Database, Statement } from './binding.js';
import { DATA_TABLES, RESOURCE_QUERIES } from './schema.js';

/** What a project's storage shares with the others of its database. */
export interface DatabaseShared {
  readonly db: Database;
  /** The next `position`: one counter for the database, so every order is the order of the changes. */
  nextPosition(): number;
  /** Notes that a project has changes to commit. */
  changed(storage: SqliteProjectStorage): void;
}

/** Rows loaded per query when a project is read: the `id > last` iteration. */
const PAGE = 1_000;

/** Rows told of since the last commit, each with its new position when it took a new place. */
class Changed {
  readonly rows = new Map<string, number | undefined>();
  note(key: string, position: () => number, placed: boolean): void {
    if (placed) this.rows.set(key, position());
    else if (!this.rows.has(key)) this.rows.set(key, undefined);
  }
}

const SEPARATOR = '\u0000';

/** The `tokens` table's kind of a customer's password reset or e-mail verification token. */
const CUSTOMER_TOKEN = 'customer';

/** What a commit wrote of the rows it may leave for the next one. */
interface Written {
  clients: string[];
  historySequence?: number;
}

/**
 * One project's data in a data dir's SQLite database (see schema.ts): written through on every
 * commit, read back when the emulator starts. The journal collects which rows changed; a commit
 * reads their values from the store's parts and writes them in one transaction.
 */
export class SqliteProjectStorage implements ProjectStorage {
  readonly journal: ChangeJournal;
  private readonly resources = new Changed();
  private readonly memberships = new Changed();
  private readonly sequences = new Set<string>();
  private readonly clients = new Changed();
  private readonly tokens = new Changed();
  private readonly customers = new Set<string>();
  private readonly customerTokens = new Changed();
  private history = false;
  private settings = false;
  /** The highest Change History sequence stored. */
  private historyStored = 0;
  /** Loading: the parts are filled from the database, which already holds what they tell. */
  private muted = false;
  private dropped = false;
  private readonly statements: Record<string, Statement>;

  constructor(
    private readonly shared: DatabaseShared,
    readonly projectKey: string,
  ) {
    const { db } = shared;
    const p = (sql: string) => db.prepare(sql);
    this.statements = {
      project: p('SELECT bootstrap_client_id, settings, history_sequence FROM projects WHERE key = ?'),
      addProject: p(
        'INSERT INTO projects (key, position, bootstrap_client_id, settings, history_sequence) VALUES (?, ?, ?, ?, 0) ON CONFLICT (key) DO NOTHING',
      ),
      bootstrap: p('UPDATE projects SET bootstrap_client_id = ? WHERE key = ?'),
      settings: p('UPDATE projects SET settings = ? WHERE key = ?'),
      historySequence: p('UPDATE projects SET history_sequence = ? WHERE key = ?'),
      dropProject: p('DELETE FROM projects WHERE key = ?'),
      ...Object.fromEntries(DATA_TABLES.map((table) => [`clear_${table}`, p(`DELETE FROM ${table} WHERE project = ?`)])),
      types: p(RESOURCE_QUERIES.types),
      after: p(RESOURCE_QUERIES.after),
      insertResource: p(RESOURCE_QUERIES.insert),
      deleteResource: p(RESOURCE_QUERIES.delete),
      memberships: p('SELECT selection_id, product_id, body FROM memberships WHERE project = ? ORDER BY position'),
      placeMembership: p('INSERT OR REPLACE INTO memberships (project, selection_id, product_id, position, body) VALUES (?, ?, ?, ?, ?)'),
      updateMembership: p(
        'INSERT INTO memberships (project, selection_id, product_id, position, body) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET body = excluded.body',
      ),
      deleteMembership: p('DELETE FROM memberships WHERE project = ? AND selection_id = ? AND product_id = ?'),
      sequences: p('SELECT resource_id, last FROM message_sequences WHERE project = ?'),
      putSequence: p('INSERT OR REPLACE INTO message_sequences (project, resource_id, last) VALUES (?, ?, ?)'),
      deleteSequence: p('DELETE FROM message_sequences WHERE project = ? AND resource_id = ?'),
      history: p('SELECT body FROM history WHERE project = ? ORDER BY sequence'),
      addHistory: p('INSERT OR REPLACE INTO history (project, sequence, body) VALUES (?, ?, ?)'),
      dropHistory: p('DELETE FROM history WHERE project = ? AND sequence < ?'),
      clients: p('SELECT body FROM clients WHERE project = ? ORDER BY position'),
      placeClient: p('INSERT OR REPLACE INTO clients (project, id, position, body) VALUES (?, ?, ?, ?)'),
      updateClient: p(
        'INSERT INTO clients (project, id, position, body) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET body = excluded.body',
      ),
      deleteClient: p('DELETE FROM clients WHERE project = ? AND id = ?'),
      tokens: p('SELECT kind, body FROM tokens WHERE project = ? ORDER BY position'),
      placeToken: p('INSERT OR REPLACE INTO tokens (project, hash, kind, position, body) VALUES (?, ?, ?, ?, ?)'),
      updateToken: p(
        'INSERT INTO tokens (project, hash, kind, position, body) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET body = excluded.body',
      ),
      deleteToken: p('DELETE FROM tokens WHERE project = ? AND hash = ?'),
      customers: p('SELECT body FROM customers WHERE project = ?'),
      putCustomer: p('INSERT OR REPLACE INTO customers (project, customer_id, body) VALUES (?, ?, ?)'),
      deleteCustomer: p('DELETE FROM customers WHERE project = ? AND customer_id = ?'),
    };
    const position = () => shared.nextPosition();
    const note = () => {
      if (!this.muted) shared.changed(this);
      return !this.muted;
    };
    this.journal = {
      resource: (typeId, id, placed) => note() && this.resources.note(`${typeId}${SEPARATOR}${id}`, position, placed),
      membership: (selectionId, productId, placed) =>
        note() && this.memberships.note(`${selectionId}${SEPARATOR}${productId}`, position, placed),
      messageSequence: (resourceId) => note() && this.sequences.add(resourceId),
      history: () => note() && (this.history = true),
      settings: () => note() && (this.settings = true),
      client: (id, placed) => note() && this.clients.note(id, position, placed),
      token: (hash, placed) => note() && this.tokens.note(hash, position, placed),
      customer: (customerId) => note() && this.customers.add(customerId),
      customerToken: (hash, placed) => note() && this.customerTokens.note(hash, position, placed),
    };
  }

  private run(name: string, ...params: unknown[]): void {
    this.statements[name]!.run(this.projectKey, ...params);
  }

  private all<T>(name: string, ...params: unknown[]): T[] {
    return this.statements[name]!.all(this.projectKey, ...params) as T[];
  }

  /** The project's data as a snapshot, read with index searches only (resources page by page, by id). */
  private read(): EmulatorSnapshot | undefined {
    const row = this.statements['project']!.get(this.projectKey) as
      { bootstrap_client_id: string; settings: string; history_sequence: number } | undefined;
    if (!row) return undefined;
    const resources: Record<string, StoredResource[]> = {};
    const messageAge: { id: string; position: number }[] = [];
    for (const { type } of this.all<{ type: string }>('types')) {
      const list: StoredResource[] = (resources[type] = []);
      let last = '';
      for (;;) {
        const page = this.all<{ id: string; position: number; body: string }>('after', type, last, PAGE);
        for (const { id, position, body } of page) {
          list.push(JSON.parse(body) as StoredResource);
          if (type === 'message') messageAge.push({ id, position });
        }
        if (page.length < PAGE) break;
        last = page.at(-1)!.id;
      }
    }
    const access: AccessTokenSnapshot[] = [];
    const refresh: RefreshTokenSnapshot[] = [];
    const customerTokens: StoredCustomerToken[] = [];
    for (const { kind, body } of this.all<{ kind: string; body: string }>('tokens')) {
      if (kind === 'access') access.push(JSON.parse(body) as AccessTokenSnapshot);
      else if (kind === CUSTOMER_TOKEN) customerTokens.push(JSON.parse(body) as StoredCustomerToken);
      else refresh.push(JSON.parse(body) as RefreshTokenSnapshot);
    }
    const history = this.all<{ body: string }>('history').map((r) => JSON.parse(r.body) as StoredRecord);
    this.historyStored = history.at(-1)?.sequence ?? 0;
    return {
      format: SNAPSHOT_FORMAT,
      version: 1,
      projectKey: this.projectKey,
      takenAt: new Date().toISOString(),
      bootstrapClientId: row.bootstrap_client_id,
      project: JSON.parse(row.settings) as ProjectSettings,
      resources,
      selectionMembership: this.all<{ selection_id: string; product_id: string; body: string }>('memberships').map((m) => ({
        selectionId: m.selection_id,
        productId: m.product_id,
        ...(JSON.parse(m.body) as Omit<MembershipSnapshot, 'selectionId' | 'productId'>),
      })),
      messages: {
        sequenceNumbers: Object.fromEntries(
          this.all<{ resource_id: string; last: number }>('sequences').map((s) => [s.resource_id, s.last]),
        ),
        ageOrder: messageAge.sort((a, b) => a.position - b.position).map((m) => m.id),
      },
      history: { sequence: row.history_sequence, records: history },
      clients: this.all<{ body: string }>('clients').map((c) => JSON.parse(c.body) as ClientSnapshot),
      tokens: { access, refresh },
      customers: this.all<{ body: string }>('customers').map((c) => JSON.parse(c.body) as StoredCustomerCredentials),
      customerTokens,
      anonymousIds: [],
    };
  }

  /** Fills a new store from the database, or adds the project to it when it is new there. */
  load(fill: (saved: EmulatorSnapshot) => void, store: StoredParts): void {
    const saved = this.read();
    if (!saved) {
      this.statements['addProject']!.run(
        this.projectKey,
        this.shared.nextPosition(),
        store.bootstrapClientId,
        JSON.stringify(store.state.project),
      );
      return;
    }
    this.muted = true;
    try {
      fill(saved);
    } finally {
      this.muted = false;
    }
    // What the restore left out (another bootstrap client's tokens, as a state file's) goes for good.
    for (const token of [...saved.tokens.access, ...saved.tokens.refresh])
      if (!store.auth.tokens.snapshotOf(token.hash)) this.journal.token(token.hash, false);
    this.statements['bootstrap']!.run(store.bootstrapClientId, this.projectKey);
    void this.commit(store);
  }

  commit(store: StoredParts): Promise<void> | undefined {
    if (this.dropped) return undefined;
    // Reserved clients are never stored, so their secrets are never hashed for it.
    const waits = [...this.clients.rows.keys()]
      .filter((id) => !store.auth.isReserved(id))
      .map((id) => store.auth.clients.hashed(id))
      .filter((wait) => wait !== undefined);
    if (waits.length > 0) return Promise.all(waits).then(() => this.commit(store));
    let written: Written | undefined;
    this.shared.db.transaction(() => (written = this.write(store)))();
    // Forgotten only once committed: after a failed commit the next one writes them again.
    this.resources.rows.clear();
    this.memberships.rows.clear();
    this.sequences.clear();
    this.tokens.rows.clear();
    this.customers.clear();
    this.customerTokens.rows.clear();
    for (const id of written!.clients) this.clients.rows.delete(id);
    if (written!.historySequence !== undefined) {
      this.historyStored = written!.historySequence;
      this.history = false;
    }
    this.settings = false;
    return undefined;
  }

  /** Writes every row told of, as the parts hold it now; what it wrote of what it does not always write. */
  private write(store: StoredParts): Written {
    const written: Written = { clients: [] };
    const { state, messages, history, auth } = store;
    const present: [string, StoredResource][] = [];
    for (const key of this.resources.rows.keys()) {
      const [typeId, id] = key.split(SEPARATOR) as [string, string];
      this.run('deleteResource', typeId, id);
      const resource = state.resolve(typeId, id);
      if (resource) present.push([typeId, resource]);
    }
    // Deleted first: a key a resource gave up may be taken by another in the same commit.
    for (const [typeId, resource] of present) this.putResource(typeId, resource);

    for (const [key, position] of this.memberships.rows) {
      const [selectionId, productId] = key.split(SEPARATOR) as [string, string];
      const membership = state.membership.get(selectionId, productId);
      if (!membership) this.run('deleteMembership', selectionId, productId);
      else
        this.run(
          position === undefined ? 'updateMembership' : 'placeMembership',
          selectionId,
          productId,
          position ?? this.shared.nextPosition(),
          JSON.stringify(membership),
        );
    }

    for (const resourceId of this.sequences) {
      const last = messages.lastSequenceNumber(resourceId);
      if (last === undefined) this.run('deleteSequence', resourceId);
      else this.run('putSequence', resourceId, last);
    }

    if (this.history) {
      const { sequence, records } = history.kept();
      this.run('dropHistory', records[0]?.sequence ?? sequence + 1);
      for (const record of records)
        if (record.sequence > this.historyStored) this.run('addHistory', record.sequence, JSON.stringify(record));
      this.statements['historySequence']!.run(sequence, this.projectKey);
      written.historySequence = sequence;
    }
    if (this.settings) this.statements['settings']!.run(JSON.stringify(state.project), this.projectKey);

    for (const [id, position] of [...this.clients.rows]) {
      if (auth.isReserved(id)) {
        written.clients.push(id);
        continue;
      }
      const client = auth.clients.withKnownHash(id);
      // Registered while this commit waited for the others: its hash comes with the next commit.
      if (!client && auth.clients.has(id)) continue;
      if (!client) this.run('deleteClient', id);
      else
        this.run(
          position === undefined ? 'updateClient' : 'placeClient',
          id,
          position ?? this.shared.nextPosition(),
          JSON.stringify(client),
        );
      written.clients.push(id);
    }

    for (const [hash, position] of this.tokens.rows) {
      const found = auth.tokens.snapshotOf(hash);
      if (!found) this.run('deleteToken', hash);
      else
        this.run(
          position === undefined ? 'updateToken' : 'placeToken',
          hash,
          found.kind,
          position ?? this.shared.nextPosition(),
          JSON.stringify(found.token),
        );
    }

    for (const customerId of this.customers) {
      const credentials = auth.customers.get(customerId);
      if (!credentials) this.run('deleteCustomer', customerId);
      else this.run('putCustomer', customerId, JSON.stringify(credentials));
    }

    for (const [hash, position] of this.customerTokens.rows) {
      const token = auth.customerTokens.get(hash);
      if (!token) this.run('deleteToken', hash);
      else
        this.run(
          position === undefined ? 'updateToken' : 'placeToken',
          hash,
          CUSTOMER_TOKEN,
          position ?? this.shared.nextPosition(),
          JSON.stringify(token),
        );
    }
    return written;
  }

  private putResource(typeId: string, resource: StoredResource): void {
    this.run(
      'insertResource',
      typeId,
      resource.id,
      indexKeyOf(typeId)(resource) ?? null,
      this.shared.nextPosition(),
      JSON.stringify(resource),
    );
  }

  rewrite(store: StoredParts): void {
    if (this.dropped) return;
    this.shared.db.transaction(() => {
      for (const table of DATA_TABLES) this.run(`clear_${table}`);
      const saved: Partial<StateSnapshot> & Partial<Pick<EmulatorSnapshot, 'messages' | 'history'>> = {};
      store.state.saveTo(saved);
      store.messages.saveTo(saved);
      store.history.saveTo(saved);
      const { resources, selectionMembership, project, messages, history } = saved as Required<typeof saved>;
      for (const [typeId, list] of Object.entries(resources)) {
        if (typeId === 'message') continue;
        for (const resource of list) this.putResource(typeId, resource);
      }
      const byId = new Map((resources['message'] ?? []).map((m) => [m.id, m]));
      for (const id of messages.ageOrder) this.putResource('message', byId.get(id)!);
      for (const { selectionId, productId, ...membership } of selectionMembership)
        this.run('placeMembership', selectionId, productId, this.shared.nextPosition(), JSON.stringify(membership));
      for (const [resourceId, last] of Object.entries(messages.sequenceNumbers)) this.run('putSequence', resourceId, last);
      for (const record of history.records) this.run('addHistory', record.sequence, JSON.stringify(record));
      this.historyStored = history.sequence;
      this.statements['historySequence']!.run(history.sequence, this.projectKey);
      this.statements['settings']!.run(JSON.stringify(project), this.projectKey);
      this.statements['bootstrap']!.run(store.bootstrapClientId, this.projectKey);
      const { auth } = store;
      this.clients.rows.clear();
      for (const { id } of auth.clients.list()) {
        if (auth.isReserved(id)) continue;
        const client = auth.clients.withKnownHash(id);
        if (client) this.run('placeClient', id, this.shared.nextPosition(), JSON.stringify(client));
        else this.clients.note(id, () => this.shared.nextPosition(), true);
      }
      const tokens = auth.tokens.toSnapshot();
      for (const token of tokens.access) this.run('placeToken', token.hash, 'access', this.shared.nextPosition(), JSON.stringify(token));
      for (const token of tokens.refresh) this.run('placeToken', token.hash, 'refresh', this.shared.nextPosition(), JSON.stringify(token));
      for (const credentials of auth.customers.toSnapshot()) this.run('putCustomer', credentials.customerId, JSON.stringify(credentials));
      for (const token of auth.customerTokens.toSnapshot())
        this.run('placeToken', token.hash, CUSTOMER_TOKEN, this.shared.nextPosition(), JSON.stringify(token));
    })();
    this.resources.rows.clear();
    this.memberships.rows.clear();
    this.sequences.clear();
    this.tokens.rows.clear();
    this.customers.clear();
    this.customerTokens.rows.clear();
    this.history = false;
    this.settings = false;
    if (this.clients.rows.size > 0) this.shared.changed(this);
  }

  drop(): void {
    if (this.dropped) return;
    this.dropped = true;
    this.shared.db.transaction(() => {
      for (const table of DATA_TABLES) this.run(`clear_${table}`);
      this.statements['dropProject']!.run(this.projectKey);
    })();
  }
}
