/**
 * When a request may be sent again, and how long to wait first. Pure functions, so the rules
 * read in one place and are tested on their own.
 */

/**
 * Whether sending the request twice cannot apply it twice:
 * - GET, HEAD and OPTIONS read;
 * - DELETE with a `version` query parameter: a second delete of the same version finds the
 *   resource gone or its version moved on, and fails;
 * - POST whose JSON body carries a numeric `version`: an update. If the first attempt
 *   was applied, the second is refused with 409 ConcurrentModification: never a double apply.
 * @param body The request body as text, if any.
 * @internal
 */
export function isIdempotentRequest(method: string, url: URL, body: string | undefined): boolean {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
    case 'OPTIONS':
      return true;
    case 'DELETE':
      return /^\d+$/.test(url.searchParams.get('version') ?? '');
    case 'POST':
      return body !== undefined && hasNumericVersion(body);
    default:
      return false;
  }
}

function hasNumericVersion(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
    const version = (parsed as { version?: unknown }).version;
    return typeof version === 'number' && Number.isInteger(version) && version >= 0;
  } catch {
    return false;
  }
}

/**
 * Milliseconds a `Retry-After` header asks to wait: delay-seconds or an HTTP date (RFC 9110
 * 10.2.3). `undefined` when absent or unreadable; a date in the past is 0.
 * @internal
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Exponential backoff with FULL jitter (AWS architecture blog, "Exponential Backoff And Jitter"): a
 * uniform draw in `[0, min(maxDelayMs, baseDelayMs * 2^retry))`.
 * @param retry 0 for the first retry.
 * @param random A source of numbers in [0, 1).
 * @internal
 */
export function fullJitterDelay(retry: number, options: { baseDelayMs: number; maxDelayMs: number }, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  const draw = Math.min(Math.max(random(), 0), 1);
  return Math.floor(draw * ceiling);
}
