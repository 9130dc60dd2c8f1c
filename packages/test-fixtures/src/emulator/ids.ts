import { randomBytes, randomUUID } from 'node:crypto';

/** A new resource id (UUID v4, as the service generates). */
export function newId(): string {
  return randomUUID();
}

/** An opaque random token value: 32 bytes, base64url. Never derived from anything guessable. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new client secret: 24 bytes, base64url. */
export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}
