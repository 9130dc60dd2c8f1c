import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSecret, hashSecretSync, verifySecret } from './passwords.js';

/** The key of a registry's fast digests (HMAC-SHA256): random, held in memory only, never stored. */
export class DigestKey {
  private readonly key = randomBytes(32);

  digest(secret: string): Uint8Array {
    return createHmac('sha256', this.key).update(secret.normalize('NFC'), 'utf8').digest();
  }
}

/**
 * One secret (an API client's secret, a customer's password) as the emulator keeps it. A secret
 * registered or verified in this process is recognised by its keyed digest, in microseconds; the
 * salted scrypt hash, the only form a snapshot or a durable store holds, is computed when one asks
 * for it, or verified the first time for a secret restored from one.
 */
export class KeptSecret {
  /** Keyed digest of the secret under the owner's {@link DigestKey}; never in a snapshot. */
  private fast?: Uint8Array;
  /** The salted scrypt hash, once known (at once for a restored secret). */
  private settledHash?: string;
  /** The scrypt hash being computed. */
  private hashing?: Promise<string>;
  /**
   * Hashes the secret while its hash is not known. A closure, not a field holding the secret:
   * nothing walking the records can read it. Dropped once the hash is known.
   */
  private hashLater?: { async: () => Promise<string>; sync: () => string };

  private constructor() {}

  /** A secret at hand: recognised at once, hashed with scrypt only when asked. */
  static of(key: DigestKey, secret: string): KeptSecret {
    const kept = new KeptSecret();
    kept.fast = key.digest(secret);
    kept.hashLater = { async: () => hashSecret(secret), sync: () => hashSecretSync(secret) };
    return kept;
  }

  /** A secret known only by its scrypt hash (restored): the first right secret is verified with scrypt. */
  static hashed(hash: string): KeptSecret {
    const kept = new KeptSecret();
    kept.settledHash = hash;
    return kept;
  }

  /** True when `secret` is recognised by its digest, without a slow hash. */
  recognises(key: DigestKey, secret: string): boolean {
    return this.fast !== undefined && timingSafeEqual(this.fast, key.digest(secret));
  }

  /** Notes a secret found right by {@link verifySecret}: recognised by its digest from now on. */
  learn(key: DigestKey, secret: string): void {
    this.fast = key.digest(secret);
  }

  /** True when `secret` is this one: by its digest, else by scrypt (a wrong secret costs a slow hash, as ever). */
  async verify(key: DigestKey, secret: string): Promise<boolean> {
    if (this.recognises(key, secret)) return true;
    if (!(await verifySecret(secret, await this.slowHash()))) return false;
    this.learn(key, secret);
    return true;
  }

  /** The scrypt hash when known, without computing it. */
  knownHash(): string | undefined {
    return this.settledHash;
  }

  /** The scrypt hash: the known one, or the one being computed, or a new computation. */
  slowHash(): Promise<string> {
    if (this.settledHash !== undefined) return Promise.resolve(this.settledHash);
    if (this.hashing === undefined) {
      const hashLater = this.hashLater;
      if (hashLater === undefined) return Promise.reject(new Error('the secret could not be hashed'));
      this.hashing = hashLater.async().then((hash) => this.settle(hash));
    }
    return this.hashing;
  }

  /** The scrypt hash: the known one, else computed now, synchronously (a snapshot). */
  hash(): string {
    if (this.settledHash === undefined) {
      if (this.hashLater === undefined) throw new Error('the secret could not be hashed');
      this.settle(this.hashLater.sync());
    }
    return this.settledHash!;
  }

  /** Notes the hash once known, and forgets the secret. The first hash known stays (both match the secret). */
  private settle(hash: string): string {
    this.settledHash ??= hash;
    delete this.hashLater;
    return this.settledHash;
  }
}
