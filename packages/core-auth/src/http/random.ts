/** Random identifiers from Web Crypto, available in Node 20+, browsers (also without TLS) and edge runtimes. */

/** Random bytes are drawn in batches: one `getRandomValues` call costs as much as hundreds of bytes. */
let pool = new Uint8Array(0);
let used = 0;
/** Two hex digits per byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => (byte < 16 ? '0' : '') + byte.toString(16));

/**
 * `bytes` random bytes as lower-case hex. `crypto.getRandomValues` rather than `randomUUID`,
 * because browsers offer the latter on secure origins only.
 */
export function randomHex(bytes: number): string {
  let hex = '';
  for (let i = 0; i < bytes; i++) {
    if (used === pool.length) {
      pool = globalThis.crypto.getRandomValues(new Uint8Array(4096));
      used = 0;
    }
    hex += HEX[pool[used++]!];
  }
  return hex;
}
