import { randomInt } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newSecret } from '../ids.js';
import type { Schemas } from '../resources/kit/schemas.js';
import type { ChangeJournal } from '../storage/journal.js';
import type { BasicCredentials } from './basic.js';
import { DigestKey, KeptSecret } from './kept-secret.js';
import { burnVerification, verifySecret } from './passwords.js';

/** An API client as the API-clients endpoints show it (never with its secret, never with a hash). */
export interface ApiClient {
  id: string;
  name: string;
  /** Space-separated permission scopes, `<name>:<projectKey>[:<storeKey>]`. */
  scope: string;
  createdAt: string;
  /** Day of the last use (`YYYY-MM-DD`, as the live service reports it); absent until first used. */
  lastUsedAt?: string;
  accessTokenValiditySeconds: number;
  refreshTokenValiditySeconds: number;
}

/** An API client draft as the schema has it (expiring clients are refused before the registry). */
export type ApiClientDraft = Schemas['ApiClientDraft'];

/** An API client as an emulator snapshot holds it: with the salted hash of its secret, never the secret. */
export interface ClientSnapshot extends ApiClient {
  secretHash: string;
}

interface ClientRecord {
  client: ApiClient;
  /** A token request with the right secret costs microseconds, not a slow hash (see KeptSecret). */
  secret: KeptSecret;
}

/** A copy of the client's own fields, nothing else (a snapshot's record may carry more). */
function copyClient(client: ApiClient): ApiClient {
  const copy: ApiClient = {
    id: client.id,
    name: client.name,
    scope: client.scope,
    createdAt: client.createdAt,
    accessTokenValiditySeconds: client.accessTokenValiditySeconds,
    refreshTokenValiditySeconds: client.refreshTokenValiditySeconds,
  };
  if (client.lastUsedAt !== undefined) copy.lastUsedAt = client.lastUsedAt;
  return copy;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A client id like the live service's: 24 alphanumerics. */
function newClientId(): string {
  let id = '';
  for (let i = 0; i < 24; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Normalises a scope list: single spaces, no duplicates, order kept. */
export function normaliseScopeList(scope: string): string {
  return [...new Set(scope.split(/\s+/).filter((s) => s !== ''))].join(' ');
}

/** The API clients of the project, keyed by id, in creation order. */
export class ClientRegistry {
  private readonly records = new Map<string, ClientRecord>();

  /** `journal`: told of every client added, changed or removed (durable mode); none in memory mode. */
  constructor(
    private readonly clock: Clock,
    private readonly defaults: { accessTokenValiditySeconds: number; refreshTokenValiditySeconds: number },
    private readonly journal?: ChangeJournal,
  ) {}

  /** The key of the fast digests: random per registry, never stored. */
  private readonly digestKey = new DigestKey();

  /**
   * Registers a client. `eager`: its secret is hashed with scrypt at once, in the background (a
   * client created through the API: its secret is not kept, so it is hashed while at hand);
   * otherwise only when a snapshot asks for the hash (a client whose secret the emulator holds
   * anyway, so a new emulator or project spends no slow hash).
   */
  private add(id: string, draft: ApiClientDraft, secret: string, eager: boolean): ApiClient {
    if (this.records.has(id)) throw new Error(`an API client with id ${id} exists already`);
    const client: ApiClient = {
      id,
      name: draft.name,
      scope: normaliseScopeList(draft.scope),
      createdAt: new Date(this.clock.now()).toISOString(),
      accessTokenValiditySeconds: draft.accessTokenValiditySeconds ?? this.defaults.accessTokenValiditySeconds,
      refreshTokenValiditySeconds: draft.refreshTokenValiditySeconds ?? this.defaults.refreshTokenValiditySeconds,
    };
    const record: ClientRecord = { client, secret: KeptSecret.of(this.digestKey, secret) };
    if (eager) void record.secret.slowHash().catch(() => undefined);
    this.records.set(id, record);
    this.journal?.client(id, true);
    return { ...client };
  }

  /**
   * Registers a client with a chosen id and secret (the bootstrap and admin console clients):
   * synchronous, and no slow hash until a snapshot needs it (the caller keeps the secret anyway).
   */
  createWithId(id: string, secret: string, draft: ApiClientDraft): ApiClient {
    if (id === '' || id.includes(':')) throw new TypeError('an API client id must be non-empty and must not contain ":"');
    if (secret === '') throw new TypeError('an API client secret must not be empty');
    return this.add(id, draft, secret, false);
  }

  /** Creates a client with a generated id and secret; the secret is returned only here. */
  create(draft: ApiClientDraft): { client: ApiClient; secret: string } {
    let id = newClientId();
    while (this.records.has(id)) id = newClientId();
    const secret = newSecret();
    return { client: this.add(id, draft, secret, true), secret };
  }

  get(id: string): ApiClient | undefined {
    const record = this.records.get(id);
    return record ? { ...record.client } : undefined;
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  list(): ApiClient[] {
    return [...this.records.values()].map((r) => ({ ...r.client }));
  }

  get size(): number {
    return this.records.size;
  }

  /** Removes a client; returns what it was. */
  delete(id: string): ApiClient | undefined {
    const record = this.records.get(id);
    if (!record) return undefined;
    this.records.delete(id);
    this.journal?.client(id, false);
    return { ...record.client };
  }

  /**
   * Removes every client whose id is not in `keep` (an emulator reset keeps the bootstrap and
   * admin console clients). The kept ones stay as they are, secret included. Returns the removed.
   */
  retainOnly(keep: ReadonlySet<string>): ApiClient[] {
    const removed: ApiClient[] = [];
    for (const [id, record] of [...this.records]) {
      if (keep.has(id)) continue;
      this.records.delete(id);
      this.journal?.client(id, false);
      removed.push({ ...record.client });
    }
    return removed;
  }

  /**
   * Every client with its secret's hash, in creation order, for an emulator snapshot. A secret
   * still being hashed (a client registered a moment ago) is hashed here, synchronously.
   */
  toSnapshot(): ClientSnapshot[] {
    return [...this.records.values()].map((record) => ({ ...copyClient(record.client), secretHash: record.secret.hash() }));
  }

  /**
   * Adds a snapshot's clients after {@link retainOnly} left only those whose id is in `keep`:
   * these stay as they are (the snapshot's record of that id is ignored either way), at their
   * place in the snapshot's order, or first when the snapshot does not name them. The snapshot
   * is assumed checked; its records are copied.
   */
  restoreFrom(clients: readonly ClientSnapshot[], keep: ReadonlySet<string>): void {
    const kept = new Map(this.records);
    this.records.clear();
    const named = new Set(clients.map((c) => c.id));
    for (const [id, record] of kept) if (!named.has(id)) this.records.set(id, record);
    for (const { secretHash, ...client } of clients) {
      if (!keep.has(client.id)) {
        this.records.set(client.id, { client: copyClient(client), secret: KeptSecret.hashed(secretHash) });
      } else if (kept.has(client.id)) {
        this.records.set(client.id, kept.get(client.id)!);
      }
    }
  }

  /**
   * Checks Basic credentials; the client when one id and secret pair matches. The right secret is
   * recognised by its fast digest once it has been verified (or registered) in this process; any
   * other is checked against the scrypt hash, so a wrong one costs as much as ever, and unknown ids
   * as much as known ones.
   */
  async authenticate(credentials: BasicCredentials): Promise<ApiClient | undefined> {
    for (const id of credentials.clientIds) {
      const record = this.records.get(id);
      if (!record) continue;
      for (const secret of credentials.secrets) {
        if (record.secret.recognises(this.digestKey, secret)) {
          this.markUsed(id);
          return { ...record.client };
        }
      }
      const stored = await record.secret.slowHash();
      for (const secret of credentials.secrets) {
        // The client may have been deleted while we were hashing.
        if ((await verifySecret(secret, stored)) && this.records.get(id) === record) {
          record.secret.learn(this.digestKey, secret);
          this.markUsed(id);
          return { ...record.client };
        }
      }
      return undefined;
    }
    await burnVerification(credentials.secrets[0] ?? '');
    return undefined;
  }

  /** Notes that the client was used today. */
  markUsed(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    const today = new Date(this.clock.now()).toISOString().slice(0, 10);
    if (record.client.lastUsedAt === today) return;
    record.client.lastUsedAt = today;
    this.journal?.client(id, false);
  }

  /**
   * Resolves once the client's secret hash is known (a durable storage keeps only the hash):
   * undefined when it is known already or there is no such client.
   */
  hashed(id: string): Promise<unknown> | undefined {
    const record = this.records.get(id);
    return record === undefined || record.secret.knownHash() !== undefined ? undefined : record.secret.slowHash();
  }

  /** The client with its secret's hash when that is known (see {@link hashed}), for a durable storage. */
  withKnownHash(id: string): ClientSnapshot | undefined {
    const record = this.records.get(id);
    const secretHash = record?.secret.knownHash();
    return secretHash === undefined ? undefined : { ...copyClient(record!.client), secretHash };
  }
}
