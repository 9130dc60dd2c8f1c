/** Random identifiers from Web Crypto, available in Node 20+, browsers (also without TLS) and edge runtimes. */

/**
 * `bytes` random bytes as lower-case hex. `crypto.getRandomValues` rather than `randomUUID`,
 * because browsers offer the latter on secure origins only.
 *
 * @example
 * randomHex(16) // 'f3a9…' (32 characters)
 */
export function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  let hex = '';
  for (const byte of buffer) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
