import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Salted scrypt hashes for client secrets and customer passwords. Nothing in the emulator keeps
 * a secret in clear: only the string this module produces, `scrypt$<N>$<r>$<p>$<salt>$<hash>`.
 * The parameters travel with the hash, so a stored hash stays verifiable when the defaults
 * change (a rehash can happen on the next successful verification).
 */

/** Cost parameters. N = 2^14 keeps a token request near 40 ms in tests while staying memory-hard. */
const DEFAULT_PARAMS = { N: 1 << 14, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

function scryptOptions(params: { N: number; r: number; p: number }): ScryptOptions {
  return { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
}

function derive(secret: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, KEY_BYTES, scryptOptions(params), (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The stored form of a derived key. */
function formatHash(salt: Buffer, key: Buffer): string {
  const { N, r, p } = DEFAULT_PARAMS;
  return [PREFIX, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Hashes a secret with a fresh random salt. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return formatHash(salt, await derive(secret, salt, DEFAULT_PARAMS));
}

/**
 * {@link hashSecret}, blocking the thread for the hashing time (some 40 ms). Only for the rare
 * caller that cannot wait, e.g. a snapshot taken while a client's secret is still being hashed.
 */
export function hashSecretSync(secret: string): string {
  const salt = randomBytes(SALT_BYTES);
  return formatHash(salt, scryptSync(secret.normalize('NFC'), salt, KEY_BYTES, scryptOptions(DEFAULT_PARAMS)));
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length === 0 || key.length !== KEY_BYTES) return undefined;
  return { params: { N, r, p }, salt, key };
}

/** True when `secret` matches `stored`; compares in constant time. A malformed hash never matches. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(secret, parsed.salt, parsed.params);
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash was made with other parameters than today's defaults. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.params.N !== DEFAULT_PARAMS.N || parsed.params.r !== DEFAULT_PARAMS.r || parsed.params.p !== DEFAULT_PARAMS.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification without a real hash, so an unknown user name costs as
 * much as a wrong password and response times do not reveal which accounts exist.
 */
export async function burnVerification(secret: string): Promise<false> {
  dummyHash ??= hashSecret(randomBytes(16).toString('base64url'));
  await verifySecret(secret, await dummyHash);
  return false;
}
