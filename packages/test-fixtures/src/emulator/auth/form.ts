import type { Context } from 'hono';
import { decodeUtf8, readBodyBytes } from '../http/body.js';
import type { AppEnv } from '../http/env.js';
import { MAX_REQUEST_BODY_BYTES } from '../http/limits.js';
import { oauthErrors } from './oauth-errors.js';

const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** True when the request's content type is a form (parameters such as `charset` allowed). */
export function isFormRequest(c: Context): boolean {
  const type = c.req.header('content-type');
  return type !== undefined && type.split(';')[0]!.trim().toLowerCase() === FORM_MEDIA_TYPE;
}

/** The parameters of one source; a parameter given twice in it is 400 invalid_request (RFC 6749 3.2). */
function parameters(params: URLSearchParams): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of params) {
    if (found.has(name))
      throw oauthErrors.invalidRequest(`The parameter ${JSON.stringify(name.slice(0, 64))} must not be given more than once.`);
    found.set(name, value);
  }
  return found;
}

/**
 * Reads the parameters of an authorization service request from the query string and the form
 * body, as the live service does (`POST /oauth/token?grant_type=client_credentials` with no body
 * works); where both give a parameter, the body's wins. A non-empty body of another content type,
 * or one that is not UTF-8, is 400 invalid_request; a body over 16 MiB is 413 before it is read whole.
 */
export async function readForm(c: Context<AppEnv>): Promise<Map<string, string>> {
  const fromQuery = parameters(new URL(c.req.url).searchParams);
  let body = c.get('formBody');
  if (body === undefined) {
    body = readBodyBytes(c, MAX_REQUEST_BODY_BYTES);
    c.set('formBody', body);
  }
  const bytes = await body;
  if (bytes === undefined) throw oauthErrors.payloadTooLarge(MAX_REQUEST_BODY_BYTES);
  const text = decodeUtf8(bytes);
  if (text === undefined) throw oauthErrors.invalidRequest('The request body is not valid UTF-8.');
  if (text === '') return fromQuery;
  if (!isFormRequest(c)) throw oauthErrors.invalidRequest(`The request body must be of content type ${FORM_MEDIA_TYPE}.`);
  return new Map([...fromQuery, ...parameters(new URLSearchParams(text))]);
}

/** A required, non-empty form parameter; 400 invalid_request when missing. */
export function requiredParam(form: Map<string, string>, name: string): string {
  const value = form.get(name);
  if (value === undefined || value === '') throw oauthErrors.invalidRequest(`Missing required parameter: ${name}.`);
  return value;
}
