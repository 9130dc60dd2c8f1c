import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newOpaqueToken } from '../ids.js';
import type { ChangeJournal } from '../storage/journal.js';

/** Whom a token was issued for. */
export interface TokenSubject {
  clientId: string;
  /** Space-separated scope string exactly as returned in the token response. */
  scope: string;
  customerId?: string;
  anonymousId?: string;
  /** In-store password flow: the token is valid only for this Store. */
  storeKey?: string;
}

export interface AccessTokenRecord extends TokenSubject {
  kind: 'access';
  /** Hash of the token value; the value itself is never stored. */
  hash: string;
  issuedAt: number;
  expiresAt: number;
  /** The refresh token this access token was issued with or from, if any. */
  refreshHash?: string;
}

export interface RefreshTokenRecord extends TokenSubject {
  kind: 'refresh';
  hash: string;
  issuedAt: number;
  /** Last issue or use; the token expires `validityMs` after it. */
  lastUsedAt: number;
  validityMs: number;
  /** Hashes of access tokens issued with this refresh token (revoked with it, RFC 7009 2.1). */
  derived: Set<string>;
}

export type TokenRecord = AccessTokenRecord | RefreshTokenRecord;

/** An access token as an emulator snapshot holds it: the record without `kind` (hash only). */
export type AccessTokenSnapshot = Omit<AccessTokenRecord, 'kind'>;
/** A refresh token as an emulator snapshot holds it: `derived` as an array. */
export type RefreshTokenSnapshot = Omit<RefreshTokenRecord, 'kind' | 'derived'> & { derived: string[] };

/** The tokens of a project as plain JSON: access tokens in issue order, refresh tokens least recently used first. */
export interface TokenStoreSnapshot {
  access: AccessTokenSnapshot[];
  refresh: RefreshTokenSnapshot[];
}

/** How tokens are looked up: by a hash of their value, so a memory dump reveals no usable token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * When a refresh token expires: `validityMs` after its last use (each refresh restarts the clock).
 *
 * @example
 * refreshExpiresAt({ ...record, lastUsedAt: Date.parse('2026-01-01T00:00:00Z'), validityMs: 200 * 86_400_000 });
 * // 2026-07-20T00:00:00.000Z in ms
 */
export function refreshExpiresAt(record: RefreshTokenRecord): number {
  return record.lastUsedAt + record.validityMs;
}

/**
 * How often, in the emulator's time, every expired token is removed: at the first token operation
 * this long after the last sweep, so the store holds at most the tokens alive a minute ago plus
 * those issued since (a manual clock sweeps when moved past it).
 */
export const TOKEN_SWEEP_INTERVAL_MS = 60_000;
const DERIVED_PRUNE_THRESHOLD = 16;

/**
 * Access and refresh tokens of the project.
 *
 * Refresh tokens live in a Map kept in least-recently-used order (a use re-inserts the entry),
 * so evicting the least recently used one beyond the cap, and sweeping expired ones from the
 * front, are O(1) (refresh tokens expire after 200 days without use, at most 10 million, LRU first).
 */
export class TokenStore {
  private readonly access = new Map<string, AccessTokenRecord>();
  private readonly refresh = new Map<string, RefreshTokenRecord>();
  /** Token hashes (both kinds) per client, so deleting a client kills its tokens at once. */
  private readonly byClient = new Map<string, Set<string>>();
  /** Token hashes (both kinds) per anonymous id: an id is in use while one of them lives. */
  private readonly byAnonymousId = new Map<string, Set<string>>();
  private nextSweepAt: number;

  /** `journal`: told of every token issued, used or removed (durable mode); none in memory mode. */
  constructor(
    private readonly clock: Clock,
    private readonly refreshTokenCap: number,
    private readonly journal?: ChangeJournal,
  ) {
    if (!Number.isSafeInteger(refreshTokenCap) || refreshTokenCap < 1) throw new RangeError('refreshTokenCap must be a positive integer');
    this.nextSweepAt = clock.now() + TOKEN_SWEEP_INTERVAL_MS;
  }

  /** Number of stored tokens (expired ones may linger until looked at or swept). */
  counts(): { access: number; refresh: number } {
    return { access: this.access.size, refresh: this.refresh.size };
  }

  private index(record: TokenRecord): void {
    addTo(this.byClient, record.clientId, record.hash);
    if (record.anonymousId !== undefined) addTo(this.byAnonymousId, record.anonymousId, record.hash);
  }

  private unindex(record: TokenRecord): void {
    removeFrom(this.byClient, record.clientId, record.hash);
    if (record.anonymousId !== undefined) removeFrom(this.byAnonymousId, record.anonymousId, record.hash);
  }

  private dropAccess(record: AccessTokenRecord): void {
    this.access.delete(record.hash);
    this.unindex(record);
    this.journal?.token(record.hash, false);
  }

  private dropRefresh(record: RefreshTokenRecord): void {
    this.refresh.delete(record.hash);
    this.unindex(record);
    this.journal?.token(record.hash, false);
  }

  /** Removes every expired token, once per {@link TOKEN_SWEEP_INTERVAL_MS} of the emulator's time. */
  private sweep(): void {
    const now = this.clock.now();
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + TOKEN_SWEEP_INTERVAL_MS;
    for (const record of [...this.access.values()]) if (record.expiresAt <= now) this.dropAccess(record);
    for (const record of [...this.refresh.values()]) if (refreshExpiresAt(record) <= now) this.dropRefresh(record);
    this.pruneDerived();
  }

  /** True while a token (access or refresh) of this anonymous session lives. */
  anonymousIdInUse(anonymousId: string): boolean {
    this.sweep();
    const now = this.clock.now();
    for (const hash of this.byAnonymousId.get(anonymousId) ?? []) {
      const access = this.access.get(hash);
      if (access && access.expiresAt > now) return true;
      const refresh = this.refresh.get(hash);
      if (refresh && refreshExpiresAt(refresh) > now) return true;
    }
    return false;
  }

  /** The anonymous ids that hold a token (expired ones may linger until the next sweep). */
  anonymousIds(): string[] {
    return [...this.byAnonymousId.keys()];
  }

  issueAccess(subject: TokenSubject, validitySeconds: number, refresh?: RefreshTokenRecord): { token: string; record: AccessTokenRecord } {
    this.sweep();
    const token = newOpaqueToken();
    const now = this.clock.now();
    const record: AccessTokenRecord = {
      ...copySubject(subject),
      kind: 'access',
      hash: tokenHash(token),
      issuedAt: now,
      expiresAt: now + validitySeconds * 1000,
    };
    if (refresh) {
      record.refreshHash = refresh.hash;
      if (refresh.derived.size >= DERIVED_PRUNE_THRESHOLD) {
        for (const hash of refresh.derived) if (!this.access.has(hash)) refresh.derived.delete(hash);
      }
      refresh.derived.add(record.hash);
      this.journal?.token(refresh.hash, false);
    }
    this.access.set(record.hash, record);
    this.index(record);
    this.journal?.token(record.hash, true);
    return { token, record };
  }

  /** Issues a refresh token; beyond the cap the least recently used ones are evicted first. */
  issueRefresh(subject: TokenSubject, validitySeconds: number): { token: string; record: RefreshTokenRecord } {
    this.sweep();
    while (this.refresh.size >= this.refreshTokenCap) {
      const lru = this.refresh.values().next();
      if (lru.done) break;
      this.dropRefresh(lru.value);
    }
    const token = newOpaqueToken();
    const now = this.clock.now();
    const record: RefreshTokenRecord = {
      ...copySubject(subject),
      kind: 'refresh',
      hash: tokenHash(token),
      issuedAt: now,
      lastUsedAt: now,
      validityMs: validitySeconds * 1000,
      derived: new Set(),
    };
    this.refresh.set(record.hash, record);
    this.index(record);
    this.journal?.token(record.hash, true);
    return { token, record };
  }

  /** The active access token with this value; expired ones are dropped on sight. */
  findAccess(token: string): AccessTokenRecord | undefined {
    this.sweep();
    const record = this.access.get(tokenHash(token));
    if (!record) return undefined;
    if (record.expiresAt <= this.clock.now()) {
      this.dropAccess(record);
      return undefined;
    }
    return record;
  }

  /** The valid refresh token with this value (not counted as a use). */
  findRefresh(token: string): RefreshTokenRecord | undefined {
    this.sweep();
    const record = this.refresh.get(tokenHash(token));
    if (!record) return undefined;
    if (refreshExpiresAt(record) <= this.clock.now()) {
      this.dropRefresh(record);
      return undefined;
    }
    return record;
  }

  /** Looks a token up in both stores, the hinted kind first (RFC 7009 `token_type_hint`). */
  find(token: string, hint?: 'access_token' | 'refresh_token'): TokenRecord | undefined {
    if (hint === 'refresh_token') return this.findRefresh(token) ?? this.findAccess(token);
    return this.findAccess(token) ?? this.findRefresh(token);
  }

  /** Records a use of a refresh token: resets its expiry timer and makes it the most recently used. */
  touchRefresh(record: RefreshTokenRecord): void {
    record.lastUsedAt = this.clock.now();
    this.refresh.delete(record.hash);
    this.refresh.set(record.hash, record);
    this.journal?.token(record.hash, true);
  }

  /** Revokes one token; a refresh token takes the access tokens issued with it along. */
  revoke(record: TokenRecord): void {
    if (record.kind === 'access') {
      this.dropAccess(record);
      return;
    }
    this.dropRefresh(record);
    for (const hash of record.derived) {
      const derived = this.access.get(hash);
      if (derived) this.dropAccess(derived);
    }
    record.derived.clear();
  }

  /**
   * Keeps only the tokens `keep` accepts and removes every other one (an emulator reset keeps
   * the plain client tokens of the kept clients). The per-client index follows, and a kept
   * refresh token forgets the access tokens removed here. Returns how many were removed.
   */
  retainOnly(keep: (record: TokenRecord) => boolean): number {
    let removed = 0;
    for (const record of [...this.access.values()]) {
      if (keep(record)) continue;
      this.dropAccess(record);
      removed++;
    }
    for (const record of [...this.refresh.values()]) {
      if (keep(record)) continue;
      this.dropRefresh(record);
      removed++;
    }
    this.pruneDerived();
    return removed;
  }

  /** One token record as a snapshot holds it, by its hash, for a durable storage. */
  snapshotOf(hash: string): { kind: 'access'; token: AccessTokenSnapshot } | { kind: 'refresh'; token: RefreshTokenSnapshot } | undefined {
    const access = this.access.get(hash);
    if (access) {
      const { kind: _kind, ...token } = access;
      return { kind: 'access', token };
    }
    const refresh = this.refresh.get(hash);
    if (!refresh) return undefined;
    const { kind: _kind, derived, ...token } = refresh;
    return { kind: 'refresh', token: { ...token, derived: [...derived] } };
  }

  /** Every token record (hashes, never values), for an emulator snapshot; expired ones too. */
  toSnapshot(): TokenStoreSnapshot {
    return {
      access: [...this.access.values()].map(({ kind: _kind, ...record }) => ({ ...record })),
      refresh: [...this.refresh.values()].map(({ kind: _kind, derived, ...record }) => ({ ...record, derived: [...derived] })),
    };
  }

  /**
   * Adds a snapshot's tokens beside those {@link retainOnly} kept (an emulator reset runs it
   * first). A hash known already is not added twice; beyond the cap, the least recently used
   * refresh tokens go. The snapshot is assumed checked; its records are copied.
   */
  restoreFrom(snapshot: TokenStoreSnapshot): void {
    for (const token of snapshot.access) {
      if (this.access.has(token.hash)) continue;
      const record: AccessTokenRecord = {
        ...copySubject(token),
        kind: 'access',
        hash: token.hash,
        issuedAt: token.issuedAt,
        expiresAt: token.expiresAt,
      };
      if (token.refreshHash !== undefined) record.refreshHash = token.refreshHash;
      this.access.set(record.hash, record);
      this.index(record);
    }
    for (const token of snapshot.refresh) {
      if (this.refresh.has(token.hash)) continue;
      const { hash, issuedAt, lastUsedAt, validityMs } = token;
      const record: RefreshTokenRecord = {
        ...copySubject(token),
        kind: 'refresh',
        hash,
        issuedAt,
        lastUsedAt,
        validityMs,
        derived: new Set(token.derived),
      };
      this.refresh.set(record.hash, record);
      this.index(record);
    }
    while (this.refresh.size > this.refreshTokenCap) this.dropRefresh(this.refresh.values().next().value!);
    this.pruneDerived();
  }

  /** Refresh tokens forget the access tokens derived from them that are gone. */
  private pruneDerived(): void {
    for (const record of this.refresh.values()) {
      for (const hash of record.derived) if (!this.access.has(hash)) record.derived.delete(hash);
    }
  }

  /** Removes every token issued to a client (client deletion). Returns how many were removed. */
  revokeAllOfClient(clientId: string): number {
    const hashes = this.byClient.get(clientId);
    if (!hashes) return 0;
    let removed = 0;
    for (const hash of [...hashes]) {
      const record = this.access.get(hash) ?? this.refresh.get(hash);
      if (record?.kind === 'access') this.dropAccess(record);
      else if (record?.kind === 'refresh') this.dropRefresh(record);
      if (record) removed++;
    }
    this.byClient.delete(clientId);
    return removed;
  }
}

function addTo(index: Map<string, Set<string>>, key: string, hash: string): void {
  let hashes = index.get(key);
  if (!hashes) index.set(key, (hashes = new Set()));
  hashes.add(hash);
}

function removeFrom(index: Map<string, Set<string>>, key: string, hash: string): void {
  const hashes = index.get(key);
  if (!hashes) return;
  hashes.delete(hash);
  if (hashes.size === 0) index.delete(key);
}

function copySubject(subject: TokenSubject): TokenSubject {
  const copy: TokenSubject = { clientId: subject.clientId, scope: subject.scope };
  if (subject.customerId !== undefined) copy.customerId = subject.customerId;
  if (subject.anonymousId !== undefined) copy.anonymousId = subject.anonymousId;
  if (subject.storeKey !== undefined) copy.storeKey = subject.storeKey;
  return copy;
}
