import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';
import { tokenHash } from './tokens.js';

/** The two kinds of customer token: password reset and e-mail verification. */
export type CustomerTokenKind = 'password' | 'email';

/** A customer token as stored: its value only as a SHA-256 hash. */
interface StoredCustomerToken {
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

  constructor(private readonly clock: Clock) {}

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
    this.byHash.delete(record.hash);
  }

  /** Forgets every token of a customer (customer deleted). */
  removeCustomer(customerId: string): void {
    this.removeWhere((t) => t.customerId === customerId);
  }

  clear(): void {
    this.byHash.clear();
  }

  /** Number of stored tokens, for tests. */
  size(): number {
    return this.byHash.size;
  }

  private removeWhere(test: (token: StoredCustomerToken) => boolean): void {
    for (const [hash, token] of this.byHash) if (test(token)) this.byHash.delete(hash);
  }
}
