import type { ChangeJournal } from '../storage/journal.js';
import { burnVerification, hashSecret, needsRehash, verifySecret } from './passwords.js';

/** What the customers resource hands over when a customer with a password is created or changed. */
export interface CustomerCredentialsInput {
  customerId: string;
  /** Matched case-insensitively at login. */
  email: string;
  /** Kept only as a salted scrypt hash. */
  password: string;
  /** The Stores the customer belongs to; empty or absent for a global customer. */
  storeKeys?: readonly string[];
}

/** The stored form, as tests may inspect it: no password, only its hash. */
export interface StoredCustomerCredentials {
  customerId: string;
  /** Lower-cased e-mail. */
  email: string;
  passwordHash: string;
  storeKeys: readonly string[];
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Login data of customers for the password flow. The customers resource owns the Customer;
 * this store only knows e-mail, password hash and Stores, indexed by lower-cased e-mail.
 */
export class CustomerCredentialStore {
  private readonly byId = new Map<string, StoredCustomerCredentials>();
  private readonly byEmail = new Map<string, Set<string>>();
  /**
   * Incremented by {@link clear}: a {@link set} or {@link update} that was hashing when the store
   * was cleared (or restored) belongs to a customer that is gone, so it must not store anything
   * afterwards.
   */
  private generation = 0;

  /** `journal`: told of every customer's credentials set or removed (durable mode); none in memory mode. */
  constructor(private readonly journal?: ChangeJournal) {}

  private put(record: StoredCustomerCredentials): void {
    this.remove(record.customerId);
    this.journal?.customer(record.customerId);
    this.byId.set(record.customerId, record);
    let ids = this.byEmail.get(record.email);
    if (!ids) {
      ids = new Set();
      this.byEmail.set(record.email, ids);
    }
    ids.add(record.customerId);
  }

  /** Creates or replaces the credentials of a customer whose password is hashed already (made with hashSecret). */
  setHashed(input: Omit<CustomerCredentialsInput, 'password'> & { passwordHash: string }): void {
    if (input.customerId === '') throw new TypeError('customerId must not be empty');
    if (normaliseEmail(input.email) === '') throw new TypeError('email must not be empty');
    this.put({
      customerId: input.customerId,
      email: normaliseEmail(input.email),
      passwordHash: input.passwordHash,
      storeKeys: [...new Set(input.storeKeys ?? [])],
    });
  }

  /** Creates or replaces the credentials of a customer, hashing the password first. */
  async set({ password, ...input }: CustomerCredentialsInput): Promise<void> {
    const generation = this.generation;
    const passwordHash = await hashSecret(password);
    if (generation !== this.generation) return;
    this.setHashed({ ...input, passwordHash });
  }

  /**
   * Changes some of a customer's credentials (e-mail, password, Stores) and keeps the others.
   * Returns false when the customer has no credentials.
   */
  async update(customerId: string, patch: { email?: string; password?: string; storeKeys?: readonly string[] }): Promise<boolean> {
    const current = this.byId.get(customerId);
    if (!current) return false;
    const generation = this.generation;
    const passwordHash = patch.password !== undefined ? await hashSecret(patch.password) : current.passwordHash;
    // Another call may have replaced or removed the record while hashing: apply to the latest.
    const latest = this.byId.get(customerId);
    if (!latest || generation !== this.generation) return false;
    this.put({
      customerId,
      email: patch.email !== undefined ? normaliseEmail(patch.email) : latest.email,
      passwordHash: patch.password !== undefined ? passwordHash : latest.passwordHash,
      storeKeys: patch.storeKeys !== undefined ? [...new Set(patch.storeKeys)] : latest.storeKeys,
    });
    return true;
  }

  /**
   * Replaces the password hash of a customer with credentials (made beforehand with hashSecret, so
   * that a write can commit it at once). Returns false when the customer has none.
   */
  setPasswordHash(customerId: string, passwordHash: string): boolean {
    const current = this.byId.get(customerId);
    if (!current) return false;
    this.put({ ...current, passwordHash });
    return true;
  }

  /** Forgets a customer's credentials (customer deleted). Returns whether there were any. */
  remove(customerId: string): boolean {
    const record = this.byId.get(customerId);
    if (!record) return false;
    this.byId.delete(customerId);
    const ids = this.byEmail.get(record.email);
    ids?.delete(customerId);
    if (ids?.size === 0) this.byEmail.delete(record.email);
    this.journal?.customer(customerId);
    return true;
  }

  /** True when `password` is the customer's current password (e.g. for a change-password action). */
  async verifyPassword(customerId: string, password: string): Promise<boolean> {
    const record = this.byId.get(customerId);
    if (!record) return burnVerification(password);
    const ok = await verifySecret(password, record.passwordHash);
    if (ok) await this.rehashIfNeeded(record, password);
    return ok;
  }

  /**
   * The customer id for a login, or undefined. Global login (`storeKey` undefined) finds only
   * customers without Stores; an in-store login only customers of that Store.
   */
  async login(email: string, password: string, storeKey: string | undefined): Promise<string | undefined> {
    const ids = this.byEmail.get(normaliseEmail(email));
    const candidates = [...(ids ?? [])]
      .map((id) => this.byId.get(id))
      .filter((r): r is StoredCustomerCredentials => r !== undefined)
      .filter((r) => (storeKey === undefined ? r.storeKeys.length === 0 : r.storeKeys.includes(storeKey)));
    if (candidates.length === 0) {
      await burnVerification(password);
      return undefined;
    }
    for (const record of candidates) {
      if (await verifySecret(password, record.passwordHash)) {
        // Removed or replaced while we were hashing: that login no longer counts.
        if (this.byId.get(record.customerId) !== record) return undefined;
        await this.rehashIfNeeded(record, password);
        return record.customerId;
      }
    }
    return undefined;
  }

  /**
   * Forgets every customer's credentials (an emulator reset: the customers are gone, and their
   * e-mails may sign up again). Hashing still under way for them is discarded when it ends.
   */
  clear(): void {
    this.byId.clear();
    this.byEmail.clear();
    this.generation++;
  }

  /** Every customer's credentials (hashes only), for an emulator snapshot. */
  toSnapshot(): StoredCustomerCredentials[] {
    return [...this.byId.values()].map((r) => ({ ...r, storeKeys: [...r.storeKeys] }));
  }

  /**
   * Adds a snapshot's customers' credentials after {@link clear} emptied the store (and made
   * hashing under way be discarded). The records are assumed checked; they are copied.
   */
  restoreFrom(records: readonly StoredCustomerCredentials[]): void {
    for (const r of records)
      this.put({
        customerId: r.customerId,
        email: normaliseEmail(r.email),
        passwordHash: r.passwordHash,
        storeKeys: [...new Set(r.storeKeys)],
      });
  }

  /** One customer's credentials (hashes only), for a durable storage. */
  get(customerId: string): StoredCustomerCredentials | undefined {
    const record = this.byId.get(customerId);
    return record && { ...record, storeKeys: [...record.storeKeys] };
  }

  has(customerId: string): boolean {
    return this.byId.has(customerId);
  }

  /** The stored records (hashes only), for inspection in tests. */
  records(): StoredCustomerCredentials[] {
    return [...this.byId.values()].map((r) => ({ ...r }));
  }

  private async rehashIfNeeded(record: StoredCustomerCredentials, password: string): Promise<void> {
    if (!needsRehash(record.passwordHash)) return;
    const passwordHash = await hashSecret(password);
    if (this.byId.get(record.customerId) === record) this.put({ ...record, passwordHash });
  }
}
