import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import type { ChangeJournal } from '../storage/journal.js';
import { tokenHash } from './tokens.js';

/** The two kinds of customer token: password reset and e-mail verification. */
export type CustomerTokenKind = 'password' | 'email';

/** A customer token as stored (and in snapshots): its value only as a SHA-256 hash. */
export interface StoredCustomerToken {
  id: string;
  kind: CustomerTokenKind;
  customerId: string;
  hash: string;
  createdAt: number;
  expiresAt: number;
  invalidateOlderTokens: boolean;
}

/** A new token as the API answers it (CustomerToken): the only time its value is shown. */
export interface IssuedCustomerToken {
  id: string;
  customerId: string;
  value: string;
  expiresAt: string;
  invalidateOlderTokens: boolean;
  createdAt: string;
  lastModifiedAt: string;
}

/** Why a token cannot be used: none such (unknown, used or invalidated), or expired. */
export type TokenLookup = { customerId: string; id: string } | { problem: 'unknown' | 'expired' };

/**
 * Password reset and e-mail verification tokens of customers, on the emulator's clock. Tokens are
 * single-use: redeeming one removes it and the customer's older tokens of its kind; creating one
 * with `invalidateOlderTokens` removes the older ones at once. Only hashes are kept.
 */
export class CustomerTokenStore {
  private readonly byHash = new Map<string, StoredCustomerToken>();

  /** `journal`: told of every token issued or removed (durable mode); none in memory mode. */
  constructor(
    private readonly clock: Clock,
    private readonly journal?: ChangeJournal,
  ) {}

  issue(kind: CustomerTokenKind, customerId: string, ttlMinutes: number, invalidateOlderTokens: boolean): IssuedCustomerToken {
    if (invalidateOlderTokens) this.removeWhere((t) => t.kind === kind && t.customerId === customerId);
    const value = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    const record: StoredCustomerToken = {
      id: newId(),
      kind,
      customerId,
      hash: tokenHash(value),
      createdAt: now,
      expiresAt: now + ttlMinutes * 60_000,
      invalidateOlderTokens,
    };
    this.byHash.set(record.hash, record);
    this.journal?.customerToken(record.hash, true);
    const at = new Date(now).toISOString();
    return {
      id: record.id,
      customerId,
      value,
      expiresAt: new Date(record.expiresAt).toISOString(),
      invalidateOlderTokens,
      createdAt: at,
      lastModifiedAt: at,
    };
  }

  /** The customer of a token of this kind, without using it up; expired at the clock's now or later. */
  find(kind: CustomerTokenKind, value: string): TokenLookup {
    const record = this.byHash.get(tokenHash(value));
    if (!record || record.kind !== kind) return { problem: 'unknown' };
    if (this.clock.now() >= record.expiresAt) return { problem: 'expired' };
    return { customerId: record.customerId, id: record.id };
  }

  /** Uses a token up (found with {@link find}): it and the customer's tokens of its kind created before it go. */
  redeem(kind: CustomerTokenKind, value: string): void {
    const record = this.byHash.get(tokenHash(value));
    if (!record || record.kind !== kind) return;
    this.removeWhere((t) => t.kind === kind && t.customerId === record.customerId && t.createdAt <= record.createdAt);
    this.delete(record.hash);
  }

  /** Forgets every token of a customer (customer deleted). */
  removeCustomer(customerId: string): void {
    this.removeWhere((t) => t.customerId === customerId);
  }

  /** Forgets every token (an emulator reset, or before a restore). */
  clear(): void {
    this.byHash.clear();
  }

  /** Every token (hashes only), for an emulator snapshot. */
  toSnapshot(): StoredCustomerToken[] {
    return [...this.byHash.values()].map((t) => ({ ...t }));
  }

  /** Adds a snapshot's tokens after {@link clear}; the records are assumed checked; they are copied. */
  restoreFrom(records: readonly StoredCustomerToken[]): void {
    for (const record of records) {
      this.byHash.set(record.hash, { ...record });
      this.journal?.customerToken(record.hash, true);
    }
  }

  /** One token by its hash, for a durable storage. */
  get(hash: string): StoredCustomerToken | undefined {
    const record = this.byHash.get(hash);
    return record && { ...record };
  }

  /** Number of stored tokens, for tests. */
  size(): number {
    return this.byHash.size;
  }

  private removeWhere(test: (token: StoredCustomerToken) => boolean): void {
    for (const [hash, token] of this.byHash) if (test(token)) this.delete(hash);
  }

  private delete(hash: string): void {
    this.byHash.delete(hash);
    this.journal?.customerToken(hash, false);
  }
}
