import type { ChangeJournal } from '../storage/journal.js';
import { DigestKey, KeptSecret } from './kept-secret.js';
import { burnVerification, needsRehash } from './passwords.js';

/** What the customers resource hands over when a customer with a password is created or changed. */
export interface CustomerCredentialsInput {
  customerId: string;
  /** Matched case-insensitively at login. */
  email: string;
  /** Kept only as a keyed digest in memory and a salted scrypt hash (see KeptSecret). */
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

/** A customer's credentials as the store holds them: the password as a {@link KeptSecret}. */
interface CredentialRecord extends Omit<StoredCustomerCredentials, 'passwordHash'> {
  password: KeptSecret;
}

/** The stored form of a record: the scrypt hash of its password, computed now if not known yet. */
function storedForm(record: CredentialRecord): StoredCustomerCredentials {
  return { customerId: record.customerId, email: record.email, passwordHash: record.password.hash(), storeKeys: [...record.storeKeys] };
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Login data of customers for the password flow. The customers resource owns the Customer;
 * this store only knows e-mail, password hash and Stores, indexed by lower-cased e-mail.
 */
export class CustomerCredentialStore {
  private readonly byId = new Map<string, CredentialRecord>();
  /** The key of the passwords' fast digests: random per store, never stored. */
  private readonly digestKey = new DigestKey();
  private readonly byEmail = new Map<string, Set<string>>();
  /**
   * Incremented by {@link clear}: a {@link set} or {@link update} that was hashing when the store
   * was cleared (or restored) belongs to a customer that is gone, so it must not store anything
   * afterwards.
   */
  private generation = 0;

  /** `journal`: told of every customer's credentials set or removed (durable mode); none in memory mode. */
  constructor(private readonly journal?: ChangeJournal) {}

  /**
   * A new password as this store keeps it. In memory, recognised at once and hashed with scrypt
   * only when a snapshot asks; a durable store commits the hash with the customer, so it is made
   * first.
   */
  async prepare(password: string): Promise<KeptSecret> {
    const kept = KeptSecret.of(this.digestKey, password);
    if (this.journal) await kept.slowHash();
    return kept;
  }

  /** {@link prepare} for a write that cannot wait: a durable store blocks for the hash. */
  prepareSync(password: string): KeptSecret {
    const kept = KeptSecret.of(this.digestKey, password);
    if (this.journal) kept.hash();
    return kept;
  }

  private put(record: CredentialRecord): void {
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

  /** Creates or replaces the credentials of a customer whose password is prepared already (made with {@link prepare}). */
  setPrepared(input: Omit<CustomerCredentialsInput, 'password'> & { password: KeptSecret }): void {
    if (input.customerId === '') throw new TypeError('customerId must not be empty');
    if (normaliseEmail(input.email) === '') throw new TypeError('email must not be empty');
    this.put({
      customerId: input.customerId,
      email: normaliseEmail(input.email),
      password: input.password,
      storeKeys: [...new Set(input.storeKeys ?? [])],
    });
  }

  /** Creates or replaces the credentials of a customer, preparing the password first. */
  async set({ password, ...input }: CustomerCredentialsInput): Promise<void> {
    const generation = this.generation;
    const prepared = await this.prepare(password);
    if (generation !== this.generation) return;
    this.setPrepared({ ...input, password: prepared });
  }

  /**
   * Changes some of a customer's credentials (e-mail, password, Stores) and keeps the others.
   * Returns false when the customer has no credentials.
   */
  async update(customerId: string, patch: { email?: string; password?: string; storeKeys?: readonly string[] }): Promise<boolean> {
    const current = this.byId.get(customerId);
    if (!current) return false;
    const generation = this.generation;
    const password = patch.password !== undefined ? await this.prepare(patch.password) : undefined;
    // Another call may have replaced or removed the record while hashing: apply to the latest.
    const latest = this.byId.get(customerId);
    if (!latest || generation !== this.generation) return false;
    this.put({
      customerId,
      email: patch.email !== undefined ? normaliseEmail(patch.email) : latest.email,
      password: password ?? latest.password,
      storeKeys: patch.storeKeys !== undefined ? [...new Set(patch.storeKeys)] : latest.storeKeys,
    });
    return true;
  }

  /**
   * Replaces the password of a customer with credentials (made beforehand with {@link prepare}, so
   * that a write can commit it at once). Returns false when the customer has none.
   */
  setPassword(customerId: string, password: KeptSecret): boolean {
    const current = this.byId.get(customerId);
    if (!current) return false;
    this.put({ ...current, password });
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
    const ok = await record.password.verify(this.digestKey, password);
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
      .filter((r): r is CredentialRecord => r !== undefined)
      .filter((r) => (storeKey === undefined ? r.storeKeys.length === 0 : r.storeKeys.includes(storeKey)));
    if (candidates.length === 0) {
      await burnVerification(password);
      return undefined;
    }
    for (const record of candidates) {
      if (await record.password.verify(this.digestKey, password)) {
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

  /** Every customer's credentials (hashes only, computed now where not known yet), for an emulator snapshot. */
  toSnapshot(): StoredCustomerCredentials[] {
    return [...this.byId.values()].map(storedForm);
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
        password: KeptSecret.hashed(r.passwordHash),
        storeKeys: [...new Set(r.storeKeys)],
      });
  }

  /** One customer's credentials (hashes only), for a durable storage. */
  get(customerId: string): StoredCustomerCredentials | undefined {
    const record = this.byId.get(customerId);
    return record && storedForm(record);
  }

  has(customerId: string): boolean {
    return this.byId.has(customerId);
  }

  /** The stored records (hashes only), for inspection in tests. */
  records(): StoredCustomerCredentials[] {
    return [...this.byId.values()].map(storedForm);
  }

  /** A password restored with a hash of other parameters than today's gets a new one. */
  private async rehashIfNeeded(record: CredentialRecord, password: string): Promise<void> {
    const known = record.password.knownHash();
    if (known === undefined || !needsRehash(known)) return;
    const prepared = await this.prepare(password);
    if (this.byId.get(record.customerId) === record) this.put({ ...record, password: prepared });
  }
}
