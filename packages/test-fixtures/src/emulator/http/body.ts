import type { Context } from 'hono';
import { invalidJson } from '../validation/request-errors.js';
import { errors } from './errors.js';
import { MAX_REQUEST_BODY_BYTES } from './limits.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The client went away (the connection closed) while its request body was being read: there is
 * no one to answer, and nothing to log. The app rethrows it, as it does a cut connection.
 */
export class ClientDisconnected extends Error {
  override readonly name = 'ClientDisconnected';
  constructor(cause: unknown) {
    super('the client disconnected while sending its request body', { cause });
  }
}

/**
 * Bytes as text, or `undefined` when they are not UTF-8 (all text must be UTF-8; a lenient
 * decoding would store U+FFFD in place of the bad bytes instead of refusing).
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The request body's bytes, or `undefined` as soon as it is known to be over `limit`: a
 * `Content-Length` over it is refused before a byte is read, and a body without one (chunked) is
 * read only up to the limit. A connection closed mid-body is {@link ClientDisconnected}.
 *
 * @example
 * const bytes = await readBodyBytes(c, 1024 * 1024);
 * if (bytes === undefined) throw tooLarge();
 */
export async function readBodyBytes(c: Context, limit: number): Promise<Uint8Array | undefined> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limit) return undefined;
  const body = c.req.raw.body;
  if (body === null) return new Uint8Array(0);
  const read = await readUpTo(body, limit);
  if (read.failed) throw new ClientDisconnected(read.error);
  return read.over ? undefined : read.bytes;
}

/** What {@link readUpTo} read. */
export interface BoundedRead {
  /** The bytes read; empty when `over`. */
  bytes: Uint8Array;
  /** Bytes seen, up to the first past the limit. */
  size: number;
  /** The stream went past the limit: reading stopped there. */
  over: boolean;
  /** The stream failed midway (a client that went away): `bytes` holds what came before. */
  failed: boolean;
  error?: unknown;
}

/**
 * Reads a stream up to `limit` bytes. Past it, reading stops and the rest is cancelled, not
 * awaited: cancelling one copy of a teed body settles only once the other is read too.
 */
export async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<BoundedRead> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        reader.cancel().catch(() => undefined);
        return { bytes: new Uint8Array(0), size, over: true, failed: false };
      }
      chunks.push(value);
    }
  } catch (error) {
    return { bytes: Buffer.concat(chunks, size), size, over: false, failed: true, error };
  }
  return { bytes: Buffer.concat(chunks, size), size, over: false, failed: false };
}

/**
 * How deep JSON may nest (objects and arrays): no real document comes near it, and every recursion
 * over a value (validation, copies, history diffs, GraphQL) stays far from the stack's end at it.
 * Checked on the text before parsing.
 */
export const MAX_JSON_DEPTH = 200;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects and arrays deeper than `max`: one pass over the text, brackets
 * inside strings not counted. Text that is no JSON gives some answer; the parser refuses it after.
 *
 * @example
 * nestedDeeperThan('[[[1]]]', 2); // true
 */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) depth--;
  }
  return false;
}

/**
 * Reads a JSON request body; anything that is not JSON (or not UTF-8), or nested deeper than
 * {@link MAX_JSON_DEPTH}, is 400 InvalidJsonInput, and a body over `limit` (default
 * {@link MAX_REQUEST_BODY_BYTES}) 413 before it is read whole.
 */
export async function readJsonBody(c: Context, limit = MAX_REQUEST_BODY_BYTES): Promise<unknown> {
  const bytes = await readBodyBytes(c, limit);
  if (bytes === undefined) throw errors.payloadTooLarge(limit);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw invalidJson('The request body is not valid UTF-8.');
  if (text.trim() === '') throw invalidJson('No content to map due to end-of-input.');
  return parseJson(text);
}

/** JSON text parsed; 400 InvalidJsonInput when it is no JSON or nests deeper than {@link MAX_JSON_DEPTH}. */
export function parseJson(text: string): unknown {
  if (nestedDeeperThan(text)) {
    throw invalidJson(`The JSON nests objects and arrays deeper than the limit of ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
}

/** A JSON response with the service's content type. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
