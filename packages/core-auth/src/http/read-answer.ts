/**
 * An answer read into a {@link ServiceResult} by openapi-fetch's rules: the data of a 2xx answer
 * as `parseAs` says, or the error body typed by the client's `toError`.
 */
import type { ServiceResult } from './service-errors.js';
import { correlationIdOf } from './correlation-id.js';

/** Makes the typed error of an error answer from its body (parsed JSON, text, or `undefined`). */
export type ToError<E> = (body: unknown, response: Response) => E;

/**
 * Reads an answer as openapi-fetch does: no data for 204, for HEAD or for an empty body; else the
 * body as `parseAs` says (`json` by default, `text`, `blob`, `arrayBuffer`, or `stream` for the
 * unread body itself).
 * @internal
 */
export async function readAnswer<E>(
  response: Response,
  method: string,
  parseAs: unknown,
  toError: ToError<E>,
): Promise<ServiceResult<unknown, E>> {
  const correlationId = correlationIdOf(response);
  const { ok } = response;
  const json = parseAs === undefined || parseAs === 'json';
  if (
    response.status === 204 ||
    method === 'HEAD' ||
    // An empty JSON body is told by its text below; other readings would make an empty value of it.
    (!json && response.headers.get('content-length') === '0' && !response.headers.get('transfer-encoding')?.includes('chunked'))
  ) {
    return ok ? { data: undefined, response, correlationId } : { error: toError(undefined, response), response, correlationId };
  }
  if (ok && !json) {
    const data =
      parseAs === 'stream' ? response.body : await (response as unknown as Record<string, () => Promise<unknown>>)[parseAs as string]!();
    return { data, response, correlationId };
  }
  const text = await response.text();
  if (ok) return { data: text === '' ? undefined : JSON.parse(text), response, correlationId };
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the error body.
  }
  return { error: toError(body, response), response, correlationId };
}
