/** Random identifiers from Web Crypto, available in Node 20+, browsers (also without TLS) and edge runtimes. */

/** Random bytes are drawn in batches: one `getRandomValues` call costs as much as hundreds of bytes. */
let pool: Uint8Array | undefined;
let used = 0;

/**
 * `bytes` random bytes as lower-case hex. `crypto.getRandomValues` rather than `randomUUID`,
 * because browsers offer the latter on secure origins only.
 *
 * @example
 * randomHex(16) // 'f3a9…' (32 characters)
 */
export function randomHex(bytes: number): string {
  let hex = '';
  for (let i = 0; i < bytes; i++) {
    if (pool === undefined || used === pool.length) {
      pool = globalThis.crypto.getRandomValues(new Uint8Array(4096));
      used = 0;
    }
    hex += pool[used++]!.toString(16).padStart(2, '0');
  }
  return hex;
}
