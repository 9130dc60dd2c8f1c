import type { Context } from 'hono';
import { errors } from './errors.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes as text, or `undefined` when they are not UTF-8 (spec 8: all text is UTF-8; a lenient
 * decoding would store U+FFFD in place of the bad bytes instead of refusing).
 */
export function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The request body as text, or `undefined` when its bytes are not UTF-8 ({@link decodeUtf8}). */
export async function readUtf8(c: Context): Promise<string | undefined> {
  return decodeUtf8(await c.req.arrayBuffer());
}

/** Reads a JSON request body; anything that is not JSON (or not UTF-8) is 400 InvalidJsonInput. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await readUtf8(c);
  if (text === undefined) throw errors.invalidJsonInput('Request body does not contain valid JSON.', 'The request body is not valid UTF-8.');
  if (text.trim() === '') throw errors.invalidJsonInput('Request body does not contain valid JSON.', 'No content to map due to end-of-input.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw errors.invalidJsonInput('Request body does not contain valid JSON.', (error as Error).message);
  }
}

/** A JSON response with the service's content type. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
