import type { Context } from 'hono';
import { errors } from './errors.js';

/** Reads a JSON request body; anything that is not JSON is 400 InvalidJsonInput. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
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
